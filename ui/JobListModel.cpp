#include "JobListModel.h"

#include "Format.h"
#include "StatePalette.h"

#include <QBrush>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QPalette>
#include <QSet>
#include <algorithm>

namespace tessera::ui {

using store::JobSummary;

JobListModel::JobListModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_now([] { return QDateTime::currentDateTimeUtc(); }) {
    m_ageTimer.setInterval(1000);
    connect(&m_ageTimer, &QTimer::timeout, this, &JobListModel::tick);
    m_ageTimer.start();
}

void JobListModel::setClock(std::function<QDateTime()> now) {
    m_now = std::move(now);
}

int JobListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_jobs.size());
}

int JobListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString JobListModel::statusWord(engine::JobState status) {
    switch (status) {
    case engine::JobState::Pending:
        return tr("Pending");
    case engine::JobState::Running:
        return tr("Running");
    case engine::JobState::Suspended:
        return tr("Suspended");
    case engine::JobState::Complete:
        return tr("Complete");
    case engine::JobState::Failed:
        return tr("Failed");
    case engine::JobState::Interrupted:
        return tr("Interrupted");
    }
    return tr("Pending");
}

QString JobListModel::widestText(int column) {
    const auto widest = kColumns.at(static_cast<std::size_t>(column)).widest;
    return widest ? widest() : QString();
}

// The state engine::jobStateOf decided (a finished Job reads finished even when suspended).
QString JobListModel::statusText(const JobSummary& job) {
    QString text = statusWord(job.status);
    if (!job.statusReason.isEmpty())
        text += QStringLiteral(": ") + job.statusReason;
    return text;
}

QString JobListModel::groupOf(const JobSummary& job) {
    return job.cronJob.isEmpty() ? QString() : job.namespace_ + QLatin1Char('/') + job.cronJob;
}

bool JobListModel::isGroupHead(int row) const {
    const JobSummary& job = m_jobs[static_cast<size_t>(row)];
    return !job.cronJob.isEmpty() && m_groups.value(groupOf(job)).head == job.key;
}

QString JobListModel::openKey(const JobSummary& job) const {
    return job.cron ? m_groups.value(groupOf(job)).newestRun : job.key;
}

QString JobListModel::cronJobToolTip(const JobSummary& cronJob) const {
    const store::CronJobInfo& info = *cronJob.cron;
    QStringList lines{tr("CronJob %1/%2").arg(cronJob.namespace_, cronJob.name)};
    lines << (info.timeZone.isEmpty() ? tr("Schedule: %1").arg(info.schedule)
                                      : tr("Schedule: %1 (%2)").arg(info.schedule, info.timeZone));
    if (info.suspend)
        lines << tr("Suspended: no new runs are started");
    lines << (info.lastScheduleTime.isValid()
                  ? tr("Last scheduled %1 ago").arg(Format::between(info.lastScheduleTime, m_now()))
                  : tr("Not scheduled yet"));
    if (info.lastSuccessfulTime.isValid())
        lines << tr("Last successful run %1 ago")
                     .arg(Format::between(info.lastSuccessfulTime, m_now()));
    if (info.active > 0)
        lines << tr("%n run(s) active", "a CronJob's running Jobs", info.active);
    return lines.join(QLatin1Char('\n'));
}

QVariant JobListModel::display(const JobSummary& job, int column) const {
    const ColumnSpec& c = kColumns.at(static_cast<std::size_t>(column));
    if (job.cron)
        return c.showCronJob ? c.showCronJob(*this, job) : QVariant();
    return c.show(*this, job);
}

QVariant JobListModel::sortValue(const JobSummary& job, int column) const {
    const ColumnSpec& c = kColumns.at(static_cast<std::size_t>(column));
    if (c.sortKey && (!job.cron || c.cronJobSortsByKey))
        return c.sortKey(*this, job);
    return display(job, column);
}

QVariant JobListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobSummary& job = m_jobs[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(job, column);
    case Qt::ToolTipRole:
        if (job.cron)
            return cronJobToolTip(job);
        if (column == Status || column == Name)
            return tr("%1/%2: %3").arg(job.namespace_, job.name, statusText(job));
        return {};
    case GroupRole:
        return groupOf(job);
    case GroupHeadRole:
        return isGroupHead(index.row());
    case CreatedRole:
        return job.created;
    case Qt::TextAlignmentRole:
        if (kColumns.at(static_cast<std::size_t>(column)).alignRight)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        // The grid's failed colour for the application's palette now, so the list follows the
        // theme (views ask again when they repaint after a palette change).
        if (job.cron)
            return {};
        if ((column == Status && job.status == engine::JobState::Failed) ||
            (column == Failed && job.failed > 0))
            return QBrush(
                StatePalette(QGuiApplication::palette()).color(engine::IndexState::FailedTerminal));
        return {};
    case SortRole:
        return sortValue(job, column);
    case FilterRole:
        if (job.cron)
            return QStringList{job.name, job.namespace_, job.cron->schedule}.join(QLatin1Char(' '));
        return QStringList{job.name, job.namespace_, statusText(job), job.cronJob}.join(
            QLatin1Char(' '));
    case KeyRole:
        return openKey(job);
    case ProgressRole:
        return !job.cron && job.completions > 0 ? double(job.succeeded) / job.completions : -1.0;
    default:
        return {};
    }
}

QVariant JobListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const ColumnSpec& c = kColumns.at(static_cast<std::size_t>(section));
    if (role == Qt::DisplayRole)
        return QCoreApplication::translate(staticMetaObject.className(), c.title);
    // The counts are the Job's own (kubectl's), in pods: their tooltips say so beside the
    // grid's indexes.
    if (role == Qt::ToolTipRole)
        return c.headerToolTip
                   ? QCoreApplication::translate(staticMetaObject.className(), c.headerToolTip)
                   : QVariant();
    return QAbstractTableModel::headerData(section, orientation, role);
}

void JobListModel::rebuildMap() {
    m_rowByKey.clear();
    m_rowByKey.reserve(static_cast<qsizetype>(m_jobs.size()));
    for (size_t i = 0; i < m_jobs.size(); ++i)
        m_rowByKey.insert(m_jobs[i].key, static_cast<int>(i));
}

QMap<QString, QStringList> JobListModel::labelValues() const {
    QMap<QString, QSet<QString>> seen;
    for (const JobSummary& job : m_jobs)
        for (auto it = job.labels.begin(); it != job.labels.end(); ++it)
            seen[it.key()].insert(it.value());
    QMap<QString, QStringList> values;
    for (auto it = seen.begin(); it != seen.end(); ++it) {
        QStringList known = it.value().values();
        known.sort();
        values.insert(it.key(), known);
    }
    return values;
}

void JobListModel::rebuildGroups() {
    QHash<QString, Group> groups;
    QHash<QString, QString> cronJobRows; // group -> the key of its CronJob's row
    for (const JobSummary& job : m_jobs) {
        if (job.cronJob.isEmpty())
            continue;
        if (job.cron) {
            groups[groupOf(job)]; // a CronJob with no runs is a group too
            cronJobRows.insert(groupOf(job), job.key);
            continue;
        }
        Group& group = groups[groupOf(job)];
        ++group.runs;
        const auto newestAt = m_rowByKey.constFind(group.newestRun);
        // The newest run (the later key on a tie, so the choice is stable).
        if (newestAt == m_rowByKey.constEnd()) {
            group.newestRun = job.key;
        } else {
            const JobSummary& newest = m_jobs[static_cast<size_t>(*newestAt)];
            if (std::tie(job.created, job.key) > std::tie(newest.created, newest.key))
                group.newestRun = job.key;
        }
    }
    for (auto it = groups.begin(); it != groups.end(); ++it)
        it->head = cronJobRows.value(it.key(), it->newestRun);
    if (groups == m_groups)
        return;
    m_groups = std::move(groups);
    emit groupsChanged();
}

void JobListModel::clear() {
    beginResetModel();
    m_jobs.clear();
    m_rowByKey.clear();
    m_groups.clear();
    endResetModel();
}

void JobListModel::applyDiff(const store::JobListDiff& diff) {
    if (diff.reset) {
        beginResetModel();
        m_jobs = diff.upserted;
        rebuildMap();
        m_groups.clear();
        rebuildGroups();
        endResetModel();
        return;
    }
    // Removals: one beginRemoveRows per contiguous block, from the bottom up.
    if (!diff.removed.isEmpty()) {
        std::vector<int> rows;
        for (const QString& key : diff.removed) {
            const int row = m_rowByKey.value(key, -1);
            if (row >= 0)
                rows.push_back(row);
        }
        std::sort(rows.begin(), rows.end(), std::greater<>());
        size_t i = 0;
        while (i < rows.size()) {
            size_t j = i;
            while (j + 1 < rows.size() && rows[j + 1] == rows[j] - 1)
                ++j;
            const int last = rows[i];
            const int first = rows[j];
            beginRemoveRows({}, first, last);
            m_jobs.erase(m_jobs.begin() + first, m_jobs.begin() + last + 1);
            endRemoveRows();
            i = j + 1;
        }
        if (!rows.empty())
            rebuildMap();
    }
    // Updates in place (one dataChanged over the touched rows), new rows appended in one go.
    int firstChanged = -1, lastChanged = -1;
    std::vector<const JobSummary*> added;
    for (const JobSummary& job : diff.upserted) {
        const int row = m_rowByKey.value(job.key, -1);
        if (row < 0) {
            added.push_back(&job);
            continue;
        }
        if (m_jobs[static_cast<size_t>(row)] == job)
            continue;
        m_jobs[static_cast<size_t>(row)] = job;
        firstChanged = firstChanged < 0 ? row : std::min(firstChanged, row);
        lastChanged = std::max(lastChanged, row);
    }
    if (firstChanged >= 0)
        emit dataChanged(index(firstChanged, 0), index(lastChanged, ColumnCount - 1));
    if (!added.empty()) {
        // The same key twice in one batch (should not happen) must not make two rows.
        std::vector<JobSummary> fresh;
        QHash<QString, size_t> seen;
        for (const JobSummary* job : added) {
            auto it = seen.find(job->key);
            if (it != seen.end()) {
                fresh[*it] = *job;
            } else {
                seen.insert(job->key, fresh.size());
                fresh.push_back(*job);
            }
        }
        const int first = static_cast<int>(m_jobs.size());
        beginInsertRows({}, first, first + static_cast<int>(fresh.size()) - 1);
        for (auto& job : fresh) {
            m_rowByKey.insert(job.key, static_cast<int>(m_jobs.size()));
            m_jobs.push_back(std::move(job));
        }
        endInsertRows();
    }
    rebuildGroups();
}

void JobListModel::tick() {
    if (!m_jobs.empty())
        emit dataChanged(index(0, Age), index(static_cast<int>(m_jobs.size()) - 1, Status),
                         {Qt::DisplayRole, SortRole}); // a CronJob's status says how long ago
}

} // namespace tessera::ui
