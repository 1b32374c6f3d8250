#include "JobEndWatcher.h"

#include "Format.h"

#include <QLocale>
#include <QSettings>

namespace tessera::ui {

namespace {

QString settingOf(const QString& key) {
    // QSettings keys treat '/' as groups: one group per job key would do, but a flat key reads
    // better in the file and cannot clash with another setting.
    QString flat = key;
    flat.replace(QLatin1Char('/'), QLatin1Char('|'));
    return QStringLiteral("notifyWhenEnded/") + flat;
}

} // namespace

JobEndWatcher::JobEndWatcher(DesktopNotifier* notifier, QObject* parent)
    : QObject(parent)
    , m_notifier(notifier) {}

bool JobEndWatcher::isEnabled(const QString& key) const {
    return !key.isEmpty() && QSettings().value(settingOf(key), false).toBool();
}

void JobEndWatcher::setEnabled(const QString& key, bool on) {
    if (key.isEmpty())
        return;
    if (on)
        QSettings().setValue(settingOf(key), true);
    else
        QSettings().remove(settingOf(key)); // off is the default: nothing to keep
}

void JobEndWatcher::launched(const QString& key) {
    setEnabled(key, true);
    const auto it = m_seen.constFind(key);
    if (it != m_seen.constEnd() && engine::isFinished(it->status))
        announce(*it);
}

void JobEndWatcher::clear() {
    m_seen.clear();
    m_announced.clear();
}

void JobEndWatcher::observe(const store::JobListDiff& diff) {
    if (diff.reset) {
        // A relist: jobs gone are forgotten; the others compare with what was seen before.
        QSet<QString> listed;
        for (const store::JobSummary& job : diff.upserted)
            listed.insert(job.key);
        for (auto it = m_seen.begin(); it != m_seen.end();)
            it = listed.contains(it.key()) ? std::next(it) : m_seen.erase(it);
    }
    for (const QString& key : diff.removed)
        m_seen.remove(key);
    for (const store::JobSummary& job : diff.upserted)
        see(job);
}

void JobEndWatcher::see(const store::JobSummary& job) {
    const auto before = m_seen.constFind(job.key);
    const bool wasRunning = before != m_seen.constEnd() && !engine::isFinished(before->status);
    m_seen.insert(job.key, job);
    if (wasRunning && engine::isFinished(job.status) && isEnabled(job.key))
        announce(job);
    else if (!engine::isFinished(job.status))
        m_announced.remove(job.key); // it runs again (a resumed or re-created job): a new end
}

void JobEndWatcher::announce(const store::JobSummary& job) {
    if (m_announced.contains(job.key) || !m_notifier)
        return;
    m_announced.insert(job.key);
    m_notifier->notify(summaryOf(job), bodyOf(job),
                       job.status == engine::JobState::Failed ? DesktopNotifier::Urgency::Critical
                                                              : DesktopNotifier::Urgency::Normal);
    emit notified(job.key);
}

QString JobEndWatcher::summaryOf(const store::JobSummary& job) {
    return job.status == engine::JobState::Failed ? tr("%1 failed").arg(job.name)
                                                  : tr("%1 completed").arg(job.name);
}

QString JobEndWatcher::bodyOf(const store::JobSummary& job) {
    const QLocale locale;
    QString body = tr("%1 of %2 indexes succeeded, %3 failed pods")
                       .arg(locale.toString(job.succeeded), locale.toString(job.completions),
                            locale.toString(job.failed));
    if (job.status == engine::JobState::Failed && !job.statusReason.isEmpty())
        body = tr("%1 (%2)").arg(body, job.statusReason);
    const QString took = Format::between(job.started, job.finished);
    if (!took.isEmpty())
        body += QLatin1Char('\n') + tr("Took %1").arg(took);
    return body;
}

} // namespace tessera::ui
