#include "AttemptIndex.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

namespace tessera::store {

namespace {

// The order's key beside the record: comparing keys side by side does not chase a pointer per
// comparison.
struct OrderKey {
    int index = 0, attempt = 0;
    qint64 created = 0; // ms; an invalid time sorts first, as an invalid QDateTime does
    const AttemptList::Ptr* record = nullptr;
};

OrderKey keyOf(const AttemptList::Ptr& p) {
    const IndexAttempt& a = *p;
    return {a.index, a.attempt,
            a.created.isValid() ? a.created.toMSecsSinceEpoch()
                                : std::numeric_limits<qint64>::min(),
            &p};
}

bool keyBefore(const OrderKey& a, const OrderKey& b) {
    if (a.index != b.index)
        return a.index < b.index;
    if (a.attempt != b.attempt)
        return a.attempt < b.attempt;
    if (a.created != b.created)
        return a.created < b.created;
    return (*a.record)->pod < (*b.record)->pod;
}

// `records` sorted by their keys (the records themselves are not moved while sorting).
AttemptList::Items sorted(const std::vector<const AttemptList::Ptr*>& records) {
    std::vector<OrderKey> keys;
    keys.reserve(records.size());
    for (const AttemptList::Ptr* p : records)
        keys.push_back(keyOf(*p));
    std::sort(keys.begin(), keys.end(), keyBefore);
    AttemptList::Items out;
    out.reserve(keys.size());
    for (const OrderKey& k : keys)
        out.push_back(*k.record);
    return out;
}

} // namespace

const IndexAttempt* AttemptIndex::find(const QString& pod) const {
    const auto it = m_byPod.find(pod);
    return it == m_byPod.end() ? nullptr : it->second.get();
}

const IndexAttempt& AttemptIndex::put(IndexAttempt a) {
    const QString pod = a.pod;
    auto& slot = m_byPod[pod];
    if (slot)
        m_replaced.push_back(std::move(slot));
    slot = std::make_shared<const IndexAttempt>(std::move(a));
    m_changed.insert(pod);
    return *slot;
}

void AttemptIndex::clear() {
    m_byPod.clear();
    m_ordered.clear();
    m_orderedValid = false;
    m_replaced.clear();
    m_changed.clear();
}

AttemptList AttemptIndex::inOrder() {
    if (!m_orderedValid) {
        std::vector<const AttemptList::Ptr*> all;
        all.reserve(m_byPod.size());
        for (const auto& [pod, p] : m_byPod)
            all.push_back(&p);
        m_ordered = sorted(all);
        m_orderedValid = true;
    } else if (!m_changed.isEmpty()) {
        // The previous order without the records replaced or erased since, merged with the
        // current records of the pods that changed (sorted: a few hundred).
        std::unordered_set<const IndexAttempt*> gone;
        for (const auto& p : m_replaced)
            gone.insert(p.get());
        std::vector<const AttemptList::Ptr*> changed;
        for (const QString& pod : std::as_const(m_changed))
            if (const auto it = m_byPod.find(pod); it != m_byPod.end())
                changed.push_back(&it->second);
        const AttemptList::Items added = sorted(changed);
        AttemptList::Items merged;
        merged.reserve(m_byPod.size());
        auto next = added.begin();
        for (AttemptList::Ptr& p : m_ordered) {
            if (gone.count(p.get()))
                continue;
            const OrderKey kept = keyOf(p);
            for (; next != added.end() && keyBefore(keyOf(*next), kept); ++next)
                merged.push_back(*next);
            merged.push_back(std::move(p));
        }
        merged.insert(merged.end(), next, added.end());
        m_ordered = std::move(merged);
    }
    m_replaced.clear();
    m_changed.clear();
    return AttemptList(m_ordered);
}

} // namespace tessera::store
