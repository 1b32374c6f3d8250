// The job list's columns, one row each: title, header tooltip, alignment, what a Job's row shows
// and sorts by, what a CronJob's row shows, and the widest text the first width is made for.
// Adding a column is one row here and one name in JobListModel::Column.
#include "Format.h"
#include "JobListModel.h"

namespace tessera::ui {

using store::JobSummary;

namespace {

// A count column: a Job's own (kubectl's) number, right-aligned.
QString widestCount() {
    return QStringLiteral("100000");
}

QString widestTime() {
    return QStringLiteral("23h 59m");
}

} // namespace

// Titles and tooltips are marked for translation in the model's context and translated where
// they are shown (JobListModel::headerData).
const std::array<JobListModel::ColumnSpec, JobListModel::ColumnCount> JobListModel::kColumns = {{
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Name"),
     .show = [](const JobListModel& m, const JobSummary& job) -> QVariant {
         if (job.cronJob.isEmpty())
             return job.name;
         // Where its CronJob is not listed, the newest run stands for it; the other runs
         // are indented under the head.
         if (const Group group = m.m_groups.value(groupOf(job)); group.head == job.key)
             return tr("%1 · %n run(s)", "a CronJob and how many of its Jobs are listed",
                       group.runs)
                 .arg(job.cronJob);
         return QStringLiteral("    ") + job.name;
     },
     .showCronJob = [](const JobListModel& m, const JobSummary& cronJob) -> QVariant {
         return tr("%1 · %n run(s)", "a CronJob and how many of its Jobs are listed",
                   m.m_groups.value(groupOf(cronJob)).runs)
             .arg(cronJob.name);
     }},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Namespace"),
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant { return job.namespace_; },
     .showCronJob = [](const JobListModel&, const JobSummary& cronJob) -> QVariant {
         return cronJob.namespace_;
     },
     .widest =
         [] {
             return QStringLiteral("namespace-a");
         }},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Mode"),
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant {
         return job.indexed ? tr("Indexed") : tr("NonIndexed");
     },
     // A CronJob's schedule stands where its runs say how they complete.
     .showCronJob = [](const JobListModel&, const JobSummary& cronJob) -> QVariant {
         return cronJob.cron->schedule;
     },
     .widest =
         [] {
             return tr("NonIndexed");
         }},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Completions"),
     .alignRight = true,
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant { return job.completions; },
     .widest = widestCount},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Parallelism"),
     .alignRight = true,
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant { return job.parallelism; },
     .widest = widestCount},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Active"),
     .headerToolTip =
         QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Active pods (the Job's status.active)"),
     .alignRight = true,
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant { return job.active; },
     .showCronJob = [](const JobListModel&, const JobSummary& cronJob) -> QVariant {
         return cronJob.cron->active;
     },
     .widest = widestCount},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Succeeded"),
     .headerToolTip = QT_TRANSLATE_NOOP("tessera::ui::JobListModel",
                                        "Succeeded pods (the Job's status.succeeded)"),
     .alignRight = true,
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant { return job.succeeded; },
     .widest = widestCount},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Failed"),
     .headerToolTip = QT_TRANSLATE_NOOP("tessera::ui::JobListModel",
                                        "Failed pods (the Job's status.failed: deleted pods that "
                                        "had not finished count too)"),
     .alignRight = true,
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant { return job.failed; },
     .widest = widestCount},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Progress"),
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant {
         return job.completions > 0 ? tr("%1 / %2").arg(job.succeeded).arg(job.completions)
                                    : QString::number(job.succeeded);
     },
     .sortKey = [](const JobListModel&, const JobSummary& job) -> QVariant {
         return job.completions > 0 ? double(job.succeeded) / job.completions : 0.0;
     },
     .widest =
         [] {
             return tr("%1 / %2").arg(99999).arg(100000);
         }},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Age"),
     .show = [](const JobListModel& m, const JobSummary& job) -> QVariant {
         return Format::between(job.created, m.m_now());
     },
     // Older first when ascending: the age grows as the creation time shrinks. CronJobs' rows
     // sort by it too.
     .sortKey = [](const JobListModel&, const JobSummary& job) -> QVariant {
         return job.created.isValid() ? -job.created.toSecsSinceEpoch() : qint64{0};
     },
     .showCronJob = [](const JobListModel& m, const JobSummary& cronJob) -> QVariant {
         return Format::between(cronJob.created, m.m_now());
     },
     .cronJobSortsByKey = true,
     .widest = widestTime},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Duration"),
     .show = [](const JobListModel& m, const JobSummary& job) -> QVariant {
         if (!job.started.isValid())
             return QString();
         return Format::between(job.started, job.finished.isValid() ? job.finished : m.m_now());
     },
     .sortKey = [](const JobListModel& m, const JobSummary& job) -> QVariant {
         if (!job.started.isValid())
             return qint64{-1};
         return job.started.secsTo(job.finished.isValid() ? job.finished : m.m_now());
     },
     .widest = widestTime},
    {.title = QT_TRANSLATE_NOOP("tessera::ui::JobListModel", "Status"),
     // The state word; the reason is in the tooltip.
     .show = [](const JobListModel&, const JobSummary& job) -> QVariant {
         return statusWord(job.status);
     },
     .showCronJob = [](const JobListModel& m, const JobSummary& cronJob) -> QVariant {
         const store::CronJobInfo& info = *cronJob.cron;
         if (info.suspend)
             return statusWord(engine::JobState::Suspended);
         if (info.lastScheduleTime.isValid())
             return tr("Scheduled %1 ago", "a CronJob's last run started this long ago")
                 .arg(Format::between(info.lastScheduleTime, m.m_now()));
         return tr("Not scheduled yet");
     },
     .widest =
         [] {
             QString widest;
             for (auto state : {engine::JobState::Pending, engine::JobState::Running,
                                engine::JobState::Suspended, engine::JobState::Complete,
                                engine::JobState::Failed, engine::JobState::Interrupted})
                 if (statusWord(state).size() > widest.size())
                     widest = statusWord(state);
             return widest;
         }},
}};

} // namespace tessera::ui
