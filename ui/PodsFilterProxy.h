#pragma once
// Filters and sorts a PodsModel: a text (case-insensitive, over name, node, zone, reason and
// phase), values per column (phases, nodes, zones, exit codes: a pod passes when its value is one
// of the chosen, any when none is chosen), the indexes of a grid selection and a set of pods by
// name (a failure group's). Every test reads the attempt record itself, never a QVariant, and
// sorting compares raw values, so 200,000 pods filter and sort in a few tens of milliseconds
// (tests/bench UiBench: PodsFilter).
#include "engine/Attempt.h"
#include "engine/IndexSet.h"

#include <QSet>
#include <QSortFilterProxyModel>
#include <optional>
#include <set>

namespace tessera::ui {

class PodsModel;

class PodsFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    struct Filter {
        QString text;
        std::set<engine::AttemptOutcome> phases;
        QSet<QString> nodes, zones;
        std::set<int> exitCodes;
        std::optional<engine::IndexSet> indexes; // nullopt: any index
        std::optional<QSet<QString>> pods;       // nullopt: any pod
        bool operator==(const Filter&) const = default;
        bool empty() const { return *this == Filter{}; }
    };

    explicit PodsFilterProxy(PodsModel* model, QObject* parent = nullptr);

    const Filter& filter() const { return m_filter; }
    // Applies `filter` (one invalidation, whatever changed).
    void setFilter(Filter filter);
    PodsModel* podsModel() const { return m_model; }
    // Whether the pod in `sourceRow` passes the filter.
    bool accepts(int sourceRow) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    PodsModel* m_model;
    Filter m_filter;
};

} // namespace tessera::ui
