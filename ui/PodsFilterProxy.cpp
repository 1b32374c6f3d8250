#include "PodsFilterProxy.h"

#include "Format.h"
#include "PodsModel.h"

namespace tessera::ui {

using store::IndexAttempt;

PodsFilterProxy::PodsFilterProxy(PodsModel* model, QObject* parent)
    : QSortFilterProxyModel(parent)
    , m_model(model) {
    setSourceModel(model);
    setSortRole(PodsModel::SortRole);
    // The snapshot replaces every row each time: filtering and sorting follow without a
    // re-filter per changed cell (dataChanged covers the whole table).
    setDynamicSortFilter(true);
}

void PodsFilterProxy::setFilter(Filter filter) {
    if (filter == m_filter)
        return;
    m_filter = std::move(filter);
    // invalidate(), not invalidateFilter(): the latter removes and inserts the rows that change
    // in one signal per contiguous run, quadratic when they alternate (a zone's pods among
    // 200,000: seconds); this one re-filters once and maps lazily (one layoutChanged).
    invalidate();
}

bool PodsFilterProxy::accepts(int sourceRow) const {
    const Filter& f = m_filter;
    const IndexAttempt& a = m_model->attemptAt(sourceRow);
    if (f.indexes && !f.indexes->contains(a.index))
        return false;
    if (f.pods && !f.pods->contains(a.pod))
        return false;
    if (!f.phases.empty() && f.phases.count(a.outcome) == 0)
        return false;
    if (!f.exitCodes.empty() && f.exitCodes.count(a.exitCode) == 0)
        return false;
    if (!f.nodes.isEmpty() && !f.nodes.contains(a.node))
        return false;
    const bool zoneNeeded = !f.zones.isEmpty() || !f.text.isEmpty();
    const QString zone = zoneNeeded ? m_model->zoneAt(sourceRow) : QString();
    if (!f.zones.isEmpty() && !f.zones.contains(zone))
        return false;
    if (f.text.isEmpty())
        return true;
    const auto has = [&](const QString& value) {
        return value.contains(f.text, Qt::CaseInsensitive);
    };
    return has(a.pod) || has(a.node) || has(zone) || has(a.reason) ||
           has(Format::outcome(a.outcome)) ||
           (a.exitCode >= 0 && QString::number(a.exitCode) == f.text);
}

bool PodsFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    return !sourceParent.isValid() && accepts(sourceRow);
}

bool PodsFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const IndexAttempt& a = m_model->attemptAt(left.row());
    const IndexAttempt& b = m_model->attemptAt(right.row());
    switch (static_cast<PodsModel::Column>(left.column())) {
    case PodsModel::NameColumn:
        return a.pod < b.pod;
    case PodsModel::IndexColumn:
        return a.index < b.index;
    case PodsModel::AttemptColumn:
        return a.attempt < b.attempt;
    case PodsModel::PhaseColumn:
        return a.outcome < b.outcome;
    case PodsModel::NodeColumn:
        return a.node < b.node;
    case PodsModel::ZoneColumn:
        return m_model->zoneAt(left.row()) < m_model->zoneAt(right.row());
    case PodsModel::ExitCodeColumn:
        return a.exitCode < b.exitCode;
    case PodsModel::ReasonColumn:
        return a.reason < b.reason;
    case PodsModel::DurationColumn:
        return m_model->durationAt(left.row()) < m_model->durationAt(right.row());
    case PodsModel::RestartsColumn:
        return a.restarts < b.restarts;
    default:
        return QSortFilterProxyModel::lessThan(left, right);
    }
}

} // namespace tessera::ui
