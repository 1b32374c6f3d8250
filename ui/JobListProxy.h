#pragma once
// The job list's sort/filter proxy: Ctrl+F's text filter and the columns' sort, with a
// CronJob's runs (JobListModel::GroupRole) kept together: a group sorts where its head (the
// CronJob's row, else its newest run) sorts, and inside it the head comes first and the runs
// follow newest first whatever the column's direction. The runs
// show when their group is expanded (a click on the head row's arrow, or + and -), or when the
// text filter matches them.
#include <QSet>
#include <QSortFilterProxyModel>

class QAbstractItemView;

namespace tessera::ui {

class JobListModel;

class JobListProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit JobListProxy(JobListModel* model, QObject* parent = nullptr);

    bool isGroupExpanded(const QString& group) const { return m_expanded.contains(group); }
    void setGroupExpanded(const QString& group, bool expanded);
    // Toggles the group of the head row at `proxyIndex`; false when it heads no group.
    bool toggleGroupAt(const QModelIndex& proxyIndex);
    // Lets `view` (showing this proxy) toggle groups: a click on a head row's arrow, + and -.
    void attachTo(QAbstractItemView* view);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The row a group sorts by (its head), or the row itself for a Job on its own.
    QModelIndex representative(const QModelIndex& sourceIndex) const;

    JobListModel* m_model;
    QSet<QString> m_expanded;
    QAbstractItemView* m_view = nullptr;
};

} // namespace tessera::ui
