#pragma once
// A snapshot's attempts: a sequence of shared, immutable IndexAttempt records. A source keeps
// each attempt once (a shared pointer) and every snapshot it emits (up to ten a second) holds
// pointers to the same records, so a snapshot of 270,000 attempts costs 16 bytes per attempt,
// not a copy of every attempt and its strings (the soak in docs/RELIABILITY.md).
//
// Reads like a std::vector<IndexAttempt>: size(), operator[], range-for and the standard
// algorithms see `const IndexAttempt&`. Changing an attempt means replacing its record.
#include "engine/Attempt.h"

#include <QDateTime>
#include <QString>
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <optional>
#include <vector>

namespace tessera::store {

// One pod of one index: a live pod, a failed pod still in the API, or a row of the history.
struct IndexAttempt {
    int index = -1;
    int attempt = 0; // 0-based: the pod's failure-count annotation when it was created
    QString pod, node, reason, message;
    // engine::attemptOutcomeOf for a pod seen; the journal's for a local run. A Deleted attempt
    // ended when its deletion was seen (`finished`).
    engine::AttemptOutcome outcome = engine::AttemptOutcome::Pending;
    QDateTime created, started, finished;
    int exitCode = -1; // -1 while no container has terminated
    std::optional<int> signal;
    // The pod's container restarts (engine::podRestartCount) as last seen; 0 for a row read back
    // from the History, which does not record them.
    int restarts = 0;
    // The last lines of a failed pod's log, in History rows only: a snapshot's attempts leave it
    // empty (about 0.5 KB per failed pod); the source reads it back when the pod is gone.
    QString logTail;
    bool live = false; // the pod exists in the API now (false: known only from history)

    bool operator==(const IndexAttempt&) const = default;
};

class AttemptList {
public:
    using Ptr = std::shared_ptr<const IndexAttempt>;
    using Items = std::vector<Ptr>;

    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using iterator_concept = std::random_access_iterator_tag;
        using value_type = IndexAttempt;
        using difference_type = std::ptrdiff_t;
        using pointer = const IndexAttempt*;
        using reference = const IndexAttempt&;

        const_iterator() = default;
        explicit const_iterator(Items::const_iterator it)
            : m_it(it) {}

        reference operator*() const { return **m_it; }
        pointer operator->() const { return m_it->get(); }
        reference operator[](difference_type n) const { return *m_it[n]; }
        const_iterator& operator++() { return ++m_it, *this; }
        const_iterator operator++(int) { return const_iterator(m_it++); }
        const_iterator& operator--() { return --m_it, *this; }
        const_iterator operator--(int) { return const_iterator(m_it--); }
        const_iterator& operator+=(difference_type n) { return m_it += n, *this; }
        const_iterator& operator-=(difference_type n) { return m_it -= n, *this; }
        friend const_iterator operator+(const_iterator i, difference_type n) { return i += n; }
        friend const_iterator operator+(difference_type n, const_iterator i) { return i += n; }
        friend const_iterator operator-(const_iterator i, difference_type n) { return i -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
            return a.m_it - b.m_it;
        }
        friend bool operator==(const const_iterator&, const const_iterator&) = default;
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) {
            return a.m_it <=> b.m_it;
        }

    private:
        Items::const_iterator m_it;
    };
    using iterator = const_iterator;
    using value_type = IndexAttempt;
    using size_type = std::size_t;

    AttemptList() = default;
    explicit AttemptList(Items items)
        : m_items(std::move(items)) {}

    const_iterator begin() const { return const_iterator(m_items.cbegin()); }
    const_iterator end() const { return const_iterator(m_items.cend()); }
    std::size_t size() const { return m_items.size(); }
    bool empty() const { return m_items.empty(); }
    const IndexAttempt& operator[](std::size_t i) const { return *m_items[i]; }
    const IndexAttempt& front() const { return *m_items.front(); }
    const Ptr& shared(std::size_t i) const { return m_items[i]; }

    void reserve(std::size_t n) { m_items.reserve(n); }
    void push_back(IndexAttempt a) {
        m_items.push_back(std::make_shared<const IndexAttempt>(std::move(a)));
    }
    // Replaces record i (the others, shared with other snapshots, are untouched).
    void replace(std::size_t i, IndexAttempt a) {
        m_items[i] = std::make_shared<const IndexAttempt>(std::move(a));
    }
    // Stable sort of the records by `less` on the attempts.
    template <typename Less> void stableSort(Less less) {
        std::stable_sort(m_items.begin(), m_items.end(),
                         [&](const Ptr& a, const Ptr& b) { return less(*a, *b); });
    }

private:
    Items m_items;
};

} // namespace tessera::store
