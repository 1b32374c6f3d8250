#pragma once
// What every view of one run shows, as (view, quantity, value) triples, and the one comparison:
// every view that names a quantity must show the value the first view that named it shows (the
// collectors add the source's own record first: the engine's result, the journal, the Job).
// Values are text, so a state, an index set and a count compare alike.
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace tessera::agreement {

// The quantities, by the name both sides of a comparison use.
namespace quantity {
inline const QString state = QStringLiteral("job state");
inline const QString reason = QStringLiteral("job reason");
inline const QString succeededIndexes = QStringLiteral("succeeded indexes");
inline const QString failedIndexes = QStringLiteral("failed indexes");
inline const QString completedIndexSet = QStringLiteral("completed index set");
inline const QString failedIndexSet = QStringLiteral("failed index set");
inline const QString failedAttempts = QStringLiteral("failed attempts");
inline const QString statusFailed = QStringLiteral("Job status.failed");
inline const QString active = QStringLiteral("active");
inline const QString attempts = QStringLiteral("attempts");
inline const QString attemptsEnded = QStringLiteral("attempts whose end was recorded");
inline const QString indexesWithFailures = QStringLiteral("indexes with failed attempts");
inline const QString parallelismHistory = QStringLiteral("parallelism values over the run");
inline QString ofIndex(const char* what, int index) {
    return QStringLiteral("%1 of index %2").arg(QLatin1String(what)).arg(index);
}
inline QString attemptsOf(int index) {
    return ofIndex("attempts", index);
}
inline QString failuresOf(int index) {
    return ofIndex("failed attempts", index);
}
inline QString lastExitCodeOf(int index) {
    return ofIndex("last attempt's exit code", index);
}
inline QString hostnameOf(int index) {
    return ofIndex("hostname", index);
}
inline QString stateOf(int index) {
    return ofIndex("state", index);
}
inline QString failureCountsOf(int index) {
    return ofIndex("failure counts of the attempts", index);
}
} // namespace quantity

struct Observation {
    QString view;     // "job list (live)", "report JSON (reload)", ...
    QString quantity; // one of quantity::*
    QString value;
};

struct Disagreement {
    QString quantity;
    QString referenceView, referenceValue;
    QString view, value;
    QString text() const;
};

class Observations {
public:
    void add(const QString& view, const QString& quantity, const QString& value);
    void add(const QString& view, const QString& quantity, long long value) {
        add(view, quantity, QString::number(value));
    }
    const std::vector<Observation>& all() const { return m_all; }
    // What `view` showed of `quantity` ("" when it showed nothing).
    QString valueOf(const QString& view, const QString& quantity) const;
    // Views that named `quantity`, in the order they were added.
    std::vector<Observation> of(const QString& quantity) const;
    // Every observation that differs from the first one of its quantity.
    std::vector<Disagreement> disagreements() const;
    // Every view seen (for the report of what was compared).
    QStringList views() const;

private:
    std::vector<Observation> m_all;
};

} // namespace tessera::agreement
