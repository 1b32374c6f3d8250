#include "JobListProxy.h"

#include "JobListModel.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QMouseEvent>

namespace tessera::ui {

namespace {

// The arrows drawn before a group head's name: closed, open.
const QString kCollapsedArrow = QStringLiteral("▸ ");
const QString kExpandedArrow = QStringLiteral("▾ ");

} // namespace

JobListProxy::JobListProxy(JobListModel* model, QObject* parent)
    : QSortFilterProxyModel(parent)
    , m_model(model) {
    setSourceModel(model);
    setSortRole(JobListModel::SortRole);
    setFilterRole(JobListModel::FilterRole);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
    // A new run heads its group now: the old head moves under it (or out of sight).
    connect(model, &JobListModel::groupsChanged, this, [this] { invalidate(); });
}

void JobListProxy::setGroupExpanded(const QString& group, bool expanded) {
    if (group.isEmpty() || expanded == m_expanded.contains(group))
        return;
    if (expanded)
        m_expanded.insert(group);
    else
        m_expanded.remove(group);
    invalidateFilter();
    if (rowCount() == 0)
        return;
    // The head's arrow changed.
    emit dataChanged(index(0, JobListModel::Name), index(rowCount() - 1, JobListModel::Name),
                     {Qt::DisplayRole});
}

bool JobListProxy::toggleGroupAt(const QModelIndex& proxyIndex) {
    if (!proxyIndex.isValid() || !proxyIndex.data(JobListModel::GroupHeadRole).toBool())
        return false;
    const QString group = proxyIndex.data(JobListModel::GroupRole).toString();
    setGroupExpanded(group, !isGroupExpanded(group));
    return true;
}

QVariant JobListProxy::data(const QModelIndex& index, int role) const {
    QVariant value = QSortFilterProxyModel::data(index, role);
    if (role == Qt::DisplayRole && index.column() == JobListModel::Name &&
        index.data(JobListModel::GroupHeadRole).toBool())
        return (isGroupExpanded(index.data(JobListModel::GroupRole).toString()) ? kExpandedArrow
                                                                                : kCollapsedArrow) +
               value.toString();
    return value;
}

bool JobListProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex row = m_model->index(sourceRow, 0, sourceParent);
    const QString group = row.data(JobListModel::GroupRole).toString();
    const bool hiddenRun = !group.isEmpty() && !row.data(JobListModel::GroupHeadRole).toBool() &&
                           !m_expanded.contains(group);
    // A search finds the runs of a closed group too.
    if (hiddenRun && filterRegularExpression().pattern().isEmpty())
        return false;
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

QModelIndex JobListProxy::representative(const QModelIndex& sourceIndex) const {
    const QString group = sourceIndex.data(JobListModel::GroupRole).toString();
    if (group.isEmpty() || sourceIndex.data(JobListModel::GroupHeadRole).toBool())
        return sourceIndex;
    const int head = m_model->groupHeadRow(group);
    return head >= 0 ? m_model->index(head, sourceIndex.column()) : sourceIndex;
}

bool JobListProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QString leftGroup = left.data(JobListModel::GroupRole).toString();
    const QString rightGroup = right.data(JobListModel::GroupRole).toString();
    if (!leftGroup.isEmpty() && leftGroup == rightGroup) {
        // One group: its head (the CronJob's row, or the newest run where it has none) first,
        // then the runs newest first, in either direction (the proxy reverses for descending,
        // so the test is reversed with it).
        const auto before = [](const QModelIndex& a, const QModelIndex& b) {
            const bool headA = a.data(JobListModel::GroupHeadRole).toBool();
            const bool headB = b.data(JobListModel::GroupHeadRole).toBool();
            if (headA != headB)
                return headA;
            const QDateTime ta = a.data(JobListModel::CreatedRole).toDateTime();
            const QDateTime tb = b.data(JobListModel::CreatedRole).toDateTime();
            if (ta != tb)
                return ta > tb;
            return a.data(JobListModel::KeyRole).toString() >
                   b.data(JobListModel::KeyRole).toString();
        };
        return sortOrder() == Qt::AscendingOrder ? before(left, right) : before(right, left);
    }
    // Different groups (or Jobs on their own): by the rows that stand for them, ties broken by
    // key so a group's rows never interleave with another's.
    const QModelIndex a = representative(left);
    const QModelIndex b = representative(right);
    if (QSortFilterProxyModel::lessThan(a, b))
        return true;
    if (QSortFilterProxyModel::lessThan(b, a))
        return false;
    return a.data(JobListModel::KeyRole).toString() < b.data(JobListModel::KeyRole).toString();
}

void JobListProxy::attachTo(QAbstractItemView* view) {
    m_view = view;
    view->viewport()->installEventFilter(this);
    view->installEventFilter(this);
}

bool JobListProxy::eventFilter(QObject* watched, QEvent* event) {
    if (!m_view)
        return false;
    if (watched == m_view->viewport() && event->type() == QEvent::MouseButtonPress) {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        const QModelIndex at = m_view->indexAt(mouse->position().toPoint());
        if (at.isValid() && at.column() == JobListModel::Name &&
            at.data(JobListModel::GroupHeadRole).toBool()) {
            // The arrow: the start of the cell, as wide as the arrow and its space.
            const QRect cell = m_view->visualRect(at);
            const int arrow = m_view->fontMetrics().horizontalAdvance(kCollapsedArrow) + 8;
            if (mouse->position().x() - cell.left() <= arrow) {
                toggleGroupAt(at);
                return false; // the click selects the row too
            }
        }
    }
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        const QModelIndex current = m_view->currentIndex();
        const QString group = current.data(JobListModel::GroupRole).toString();
        if (current.data(JobListModel::GroupHeadRole).toBool() &&
            (key->key() == Qt::Key_Plus || key->key() == Qt::Key_Minus)) {
            setGroupExpanded(group, key->key() == Qt::Key_Plus);
            return true;
        }
    }
    return false;
}

} // namespace tessera::ui
