#include "AttemptsByPod.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <unordered_set>

namespace tessera::store {

namespace {

using Ordered = AttemptsByPod::Ordered;

Ordered orderedOf(const AttemptList::Ptr& p) {
    const IndexAttempt& a = *p;
    return {a.index, a.attempt,
            a.created.isValid() ? a.created.toMSecsSinceEpoch()
                                : std::numeric_limits<qint64>::min(),
            p};
}

bool before(const Ordered& a, const Ordered& b) {
    if (a.index != b.index)
        return a.index < b.index;
    return engine::attemptBefore(a.created, a.attempt, a.record->pod, b.created, b.attempt,
                                 b.record->pod);
}

} // namespace

const IndexAttempt* AttemptsByPod::find(const QString& pod) const {
    const auto it = m_byPod.find(pod);
    return it == m_byPod.end() ? nullptr : it->second.get();
}

const IndexAttempt& AttemptsByPod::put(IndexAttempt a) {
    const QString pod = a.pod;
    auto& slot = m_byPod[pod];
    const bool seen = slot != nullptr;
    if (seen)
        m_replaced.push_back(std::move(slot));
    slot = std::make_shared<const IndexAttempt>(std::move(a));
    m_changed.insert(pod);
    const IndexAttempt& kept = *slot; // alive until the next inOrder() even if forgotten below
    if (!seen) {
        m_arrival.push_back(pod);
        while (m_arrival.size() > m_limit) {
            QString oldest = std::move(m_arrival.front());
            m_arrival.pop_front();
            if (m_byPod.at(oldest)->live)
                m_liveBeyond.insert(oldest);
            else
                forget(oldest);
        }
    } else if (!kept.live && m_liveBeyond.remove(pod)) {
        forget(pod);
    }
    return kept;
}

void AttemptsByPod::forget(const QString& pod) {
    const auto it = m_byPod.find(pod);
    m_replaced.push_back(std::move(it->second));
    m_byPod.erase(it);
    m_changed.insert(pod);
    ++m_forgotten;
}

void AttemptsByPod::clear() {
    m_byPod.clear();
    m_arrival.clear();
    m_liveBeyond.clear();
    m_ordered.clear();
    m_orderedValid = false;
    m_replaced.clear();
    m_changed.clear();
}

AttemptList AttemptsByPod::inOrder() {
    if (!m_orderedValid) {
        m_ordered.clear();
        m_ordered.reserve(m_byPod.size());
        for (const auto& [pod, p] : m_byPod)
            m_ordered.push_back(orderedOf(p));
        std::sort(m_ordered.begin(), m_ordered.end(), before);
        m_orderedValid = true;
    } else if (!m_changed.isEmpty()) {
        // The previous order without the records replaced or erased since, merged with the
        // current records of the pods that changed (sorted: a few hundred).
        std::unordered_set<const IndexAttempt*> gone;
        for (const auto& p : m_replaced)
            gone.insert(p.get());
        std::vector<Ordered> added;
        for (const QString& pod : std::as_const(m_changed))
            if (const auto it = m_byPod.find(pod); it != m_byPod.end())
                added.push_back(orderedOf(it->second));
        std::sort(added.begin(), added.end(), before);
        std::vector<Ordered> merged;
        merged.reserve(m_byPod.size());
        auto next = added.begin();
        for (Ordered& kept : m_ordered) {
            if (gone.count(kept.record.get()))
                continue;
            for (; next != added.end() && before(*next, kept); ++next)
                merged.push_back(std::move(*next));
            merged.push_back(std::move(kept));
        }
        std::move(next, added.end(), std::back_inserter(merged));
        m_ordered = std::move(merged);
    }
    m_replaced.clear();
    m_changed.clear();
    AttemptList::Items out;
    out.reserve(m_ordered.size());
    for (const Ordered& o : m_ordered)
        out.push_back(o.record);
    return AttemptList(std::move(out));
}

} // namespace tessera::store
