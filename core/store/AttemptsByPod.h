#pragma once
// A source's attempts of one job, by pod name, and in a snapshot's order (index, then
// engine::attemptBefore) kept from one snapshot to the next: a snapshot of 270,000 attempts
// then costs copying their pointers plus sorting the few hundred that changed since the previous
// one, not a sort of all of them, ten times a second (at 200,000 attempts 9.3 ms a snapshot
// against 95.7 ms for copying and sorting them in the same run: tessera_bench_jobview,
// docs/PERFORMANCE.md).
//
// Bounded: it keeps the newest `limit` pods by first sighting, plus any older pod still live (the
// API has it), and forgets the rest. The History keeps its newest `limit` rows by first record,
// so what the window shows of a long job live is what it shows after a restart (the live pods
// come back from the API), and its memory stops growing there.
#include "AttemptList.h"

#include <QSet>
#include <QString>
#include <deque>
#include <limits>
#include <map>
#include <vector>

namespace tessera::store {

class AttemptsByPod {
public:
    using ByPod = std::map<QString, AttemptList::Ptr>;

    explicit AttemptsByPod(std::size_t limit = std::numeric_limits<std::size_t>::max())
        : m_limit(limit) {}

    // The record of `pod`; null when none.
    const IndexAttempt* find(const QString& pod) const;
    // Makes `a` the record of its pod (a.pod), replacing any other; past the limit, forgets
    // the oldest pods that are not live.
    const IndexAttempt& put(IndexAttempt a);
    // Forgets the records `drop` says so of.
    template <typename Pred> void eraseIf(Pred drop) {
        for (auto it = m_byPod.begin(); it != m_byPod.end();) {
            if (drop(*it->second)) {
                m_replaced.push_back(it->second);
                m_changed.insert(it->first);
                it = m_byPod.erase(it);
            } else {
                ++it;
            }
        }
        std::erase_if(m_arrival, [&](const QString& pod) { return !m_byPod.count(pod); });
        m_liveBeyond.removeIf([&](const QString& pod) { return !m_byPod.count(pod); });
    }
    void clear();

    std::size_t size() const { return m_byPod.size(); }
    std::size_t limit() const { return m_limit; }
    // Records forgotten for the limit so far.
    std::size_t forgotten() const { return m_forgotten; }
    ByPod::const_iterator begin() const { return m_byPod.cbegin(); }
    ByPod::const_iterator end() const { return m_byPod.cend(); }

    // Every record in the snapshot's order: by index, attempt, creation (an invalid time
    // first), then pod name.
    AttemptList inOrder();

    // A record with its place in the order beside it: merging compares these without reading
    // the records (each a cache miss at 200,000 attempts).
    struct Ordered {
        int index = 0, attempt = 0;
        qint64 created = 0; // ms; an invalid time sorts first, as an invalid QDateTime does
        AttemptList::Ptr record;
    };

private:
    void forget(const QString& pod);

    std::size_t m_limit;
    std::size_t m_forgotten = 0;
    ByPod m_byPod;
    std::deque<QString> m_arrival;  // the newest `limit` pods, first seen first
    QSet<QString> m_liveBeyond;     // older pods kept while they are live
    std::vector<Ordered> m_ordered; // as of the last inOrder()
    bool m_orderedValid = false;
    // Since the last inOrder(): the records replaced or erased (kept alive, so no new record
    // can take the address of one still listed in m_ordered), and the pods put or erased.
    std::vector<AttemptList::Ptr> m_replaced;
    QSet<QString> m_changed;
};

} // namespace tessera::store
