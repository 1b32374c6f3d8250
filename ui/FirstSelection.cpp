#include "FirstSelection.h"

#include "JobListModel.h"

#include <QSettings>
#include <tuple>

namespace tessera::ui {

namespace {

QString settingOf(const QString& sourceId) {
    QString flat = sourceId;
    flat.replace(QLatin1Char('/'), QLatin1Char('|'));
    return QStringLiteral("selectedJob/") + flat;
}

// Running first, then pending or suspended, then the jobs that stopped.
int liveness(engine::JobState s) {
    switch (s) {
    case engine::JobState::Running:
        return 3;
    case engine::JobState::Pending:
        return 2;
    case engine::JobState::Suspended:
        return 1;
    case engine::JobState::Complete:
    case engine::JobState::Failed:
    case engine::JobState::Interrupted:
        break;
    }
    return 0;
}

} // namespace

QString FirstSelection::choose(const JobListModel& model, const QString& sourceId) {
    const QString last = remembered(sourceId);
    if (!last.isEmpty() && model.rowOf(last) >= 0)
        return last;
    return mostActive(model);
}

QString FirstSelection::mostActive(const JobListModel& model) {
    int best = -1;
    auto rank = [&](int row) {
        const store::JobSummary& j = model.job(row);
        const QDateTime started = j.started.isValid() ? j.started : j.created;
        return std::make_tuple(j.active, liveness(j.status), started.toMSecsSinceEpoch());
    };
    for (int row = 0; row < model.rowCount(); ++row)
        if (!model.job(row).cron && (best < 0 || rank(row) > rank(best)))
            best = row; // a Job, not a CronJob's row
    return best < 0 ? QString() : model.job(best).key;
}

QString FirstSelection::remembered(const QString& sourceId) {
    return QSettings().value(settingOf(sourceId)).toString();
}

void FirstSelection::remember(const QString& sourceId, const QString& key) {
    if (!sourceId.isEmpty() && !key.isEmpty())
        QSettings().setValue(settingOf(sourceId), key);
}

} // namespace tessera::ui
