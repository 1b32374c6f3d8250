#pragma once
// "Tell me when it ends": watches the job list of one source and, when a job whose notification
// is on goes from not finished to Complete or Failed (the typed JobSummary::status, which
// engine::jobStateOf decides, or a local run's overlay over it), sends a desktop notification with
// its outcome. Off by default for each job; on for the jobs launched from the window (launched());
// the choice is remembered per job (QSettings "notifyWhenEnded/<key>").
//
// A job seen for the first time already finished is not announced (opening a source must not
// report every old job), unless it was launched from here and finished before it was listed.
#include "DesktopNotifier.h"
#include "store/JobSnapshot.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

namespace tessera::ui {

class JobEndWatcher : public QObject {
    Q_OBJECT
public:
    explicit JobEndWatcher(DesktopNotifier* notifier, QObject* parent = nullptr);

    // The notifier used from now on (the watcher does not own it).
    void setNotifier(DesktopNotifier* notifier) { m_notifier = notifier; }
    DesktopNotifier* notifier() const { return m_notifier; }

    bool isEnabled(const QString& key) const;
    void setEnabled(const QString& key, bool on);
    // A job launched from the window: notification on, and announced even when its first listing
    // already shows it finished.
    void launched(const QString& key);
    // Forgets the states seen (another source opens); the per-job choices stay.
    void clear();

    // The notification's text for a finished job (its outcome in words, counts and duration).
    static QString summaryOf(const store::JobSummary& job);
    static QString bodyOf(const store::JobSummary& job);

public slots:
    void observe(const tessera::store::JobListDiff& diff);

signals:
    // A notification was sent for this job (tests, and the status bar).
    void notified(QString key);

private:
    void see(const store::JobSummary& job);
    void announce(const store::JobSummary& job);

    QPointer<DesktopNotifier> m_notifier;
    QHash<QString, store::JobSummary> m_seen;
    QSet<QString> m_announced; // each end once, also when a finished job is listed again
};

} // namespace tessera::ui
