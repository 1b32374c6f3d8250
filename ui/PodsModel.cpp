#include "PodsModel.h"

#include "Format.h"

namespace tessera::ui {

using store::IndexAttempt;

namespace {

QDateTime startOf(const IndexAttempt& a) {
    return a.started.isValid() ? a.started : a.created;
}

} // namespace

PodsModel::PodsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

store::JobSnapshotPtr PodsModel::setSnapshot(store::JobSnapshotPtr snapshot) {
    const int before = rowCount();
    const int after = snapshot ? static_cast<int>(snapshot->attempts.size()) : 0;
    m_now = QDateTime::currentDateTimeUtc();
    if (before == after && after > 0) {
        auto previous = std::exchange(m_snapshot, std::move(snapshot));
        emit dataChanged(index(0, 0), index(after - 1, ColumnCount - 1));
        return previous;
    }
    beginResetModel();
    auto previous = std::exchange(m_snapshot, std::move(snapshot));
    endResetModel();
    return previous;
}

qint64 PodsModel::durationAt(int row) const {
    const IndexAttempt& a = attemptAt(row);
    const QDateTime start = startOf(a);
    if (!start.isValid())
        return -1;
    if (a.finished.isValid())
        return start.secsTo(a.finished);
    return engine::isUnderWay(a.outcome) ? start.secsTo(m_now) : -1;
}

int PodsModel::rowOfPod(const QString& pod) const {
    for (int row = 0; row < rowCount(); ++row)
        if (attemptAt(row).pod == pod)
            return row;
    return -1;
}

int PodsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_snapshot ? 0 : static_cast<int>(m_snapshot->attempts.size());
}

int PodsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PodsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const IndexAttempt& a = attemptAt(row);
    const auto column = static_cast<Column>(index.column());
    if (role == Qt::TextAlignmentRole) {
        switch (column) {
        case IndexColumn:
        case AttemptColumn:
        case ExitCodeColumn:
        case DurationColumn:
        case RestartsColumn:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        if (column == NameColumn && !a.live)
            return tr("Recorded in the history; the pod is gone");
        if (column == ReasonColumn && !a.message.isEmpty())
            return a.message;
        return {};
    }
    const bool sort = role == SortRole;
    if (role != Qt::DisplayRole && !sort)
        return {};
    switch (column) {
    case NameColumn:
        return a.pod;
    case IndexColumn:
        return a.index;
    case AttemptColumn:
        return a.attempt + 1; // 1 for the first attempt, as the details panel counts
    case PhaseColumn:
        return sort ? QVariant(static_cast<int>(a.outcome)) : QVariant(Format::outcome(a.outcome));
    case NodeColumn:
        return a.node;
    case ZoneColumn:
        return zoneAt(row);
    case ExitCodeColumn:
        return sort ? QVariant(a.exitCode) : QVariant(Format::exitCode(a.exitCode, a.signal));
    case ReasonColumn:
        return a.reason;
    case StartedColumn: {
        const QDateTime start = startOf(a);
        return sort ? QVariant(start) : QVariant(Format::time(start));
    }
    case DurationColumn: {
        const qint64 seconds = durationAt(row);
        return sort ? QVariant(seconds) : QVariant(Format::duration(seconds));
    }
    case RestartsColumn:
        return a.restarts;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant PodsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case NameColumn:
        return tr("Pod");
    case IndexColumn:
        return tr("Index");
    case AttemptColumn:
        return tr("Attempt");
    case PhaseColumn:
        return tr("Phase");
    case NodeColumn:
        return tr("Node");
    case ZoneColumn:
        return tr("Zone");
    case ExitCodeColumn:
        return tr("Exit code");
    case ReasonColumn:
        return tr("Reason");
    case StartedColumn:
        return tr("Started");
    case DurationColumn:
        return tr("Duration");
    case RestartsColumn:
        return tr("Restarts");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace tessera::ui
