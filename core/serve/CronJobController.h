#pragma once
// The CronJob controller of `tessera serve`, after upstream's
// pkg/controller/cronjob/cronjob_controllerv2.go: driven by the store's changes to CronJobs and
// to the Jobs they own, it keeps status.active, lastScheduleTime and lastSuccessfulTime, creates
// the Job of each scheduled time (named NAME-<minutes since the epoch>, owned by the CronJob,
// annotated batch.kubernetes.io/cronjob-scheduled-timestamp), applies concurrencyPolicy,
// startingDeadlineSeconds and suspend, prunes finished Jobs to the history limits and records
// upstream's Events (SuccessfulCreate, SawCompletedJob, SuccessfulDelete, MissSchedule,
// JobAlreadyActive, ...).
//
// No polling: each CronJob has a single-shot timer set to its next scheduled time (plus
// upstream's 100 ms), re-armed by every sync. The controller's clock is injectable
// (ServeOptions::cronClockOffset / cronClockRate) so tests need not wait real minutes.
#include "CronJobSchedule.h"
#include "JobEvents.h"
#include "ServeOptions.h"
#include "ServeTypes.h"
#include "engine/Time.h"

#include <QObject>
#include <QSet>
#include <QTimer>
#include <functional>
#include <map>
#include <memory>

namespace tessera::serve {

class ObjectStore;

class CronJobController : public QObject {
    Q_OBJECT
public:
    // How Jobs are made and removed: through the API server's admission (defaults, validation)
    // and its deletion with Background propagation, as the upstream controller calls the API.
    struct JobActions {
        std::function<ApiOutcome<ObjectPtr>(const QString& namespace_, const QJsonObject& job)>
            create;
        std::function<bool(const QString& namespace_, const QString& name)> remove;
    };

    CronJobController(ObjectStore& store, JobActions actions, const ServeOptions& options,
                      QObject* parent = nullptr);
    ~CronJobController() override;

    // Syncs the CronJobs stored and follows the store from now on.
    void start();

    // The controller's "now" (the wall clock, moved and sped up as ServeOptions says).
    engine::TimePoint now() const;
    // A time of the store's (the wall clock: a creationTimestamp) on the controller's clock.
    engine::TimePoint onOurClock(engine::TimePoint wall) const;

private:
    void onChange(const Change& change);
    void enqueue(const QString& key);
    void syncQueued();
    struct Sync;
    // One sync of the CronJob "ns/name"; returns when to sync it again (nullopt: on change only).
    std::optional<engine::TimePoint> sync(const QString& key);
    // Its parts, in order: what the Jobs say (status.active, lastSuccessfulTime); the Job due
    // now, if any (returns the next time to look); the history past its limits.
    void observeJobs(Sync& s);
    std::optional<engine::TimePoint> startDueJob(Sync& s);
    void pruneHistory(Sync& s);
    void record(const Sync& s, const char* type, const char* reason, const QString& message);
    void rearm(const QString& key, std::optional<engine::TimePoint> at);

    ObjectStore& m_store;
    JobActions m_actions;
    ServeOptions m_options;
    JobEvents m_events;
    int m_listener = 0;
    engine::TimePoint m_realStart, m_virtualStart;
    QSet<QString> m_queued;
    QTimer m_batch; // runs the queued syncs once the current store change has been published
    std::map<QString, std::unique_ptr<QTimer>> m_timers; // "ns/name" -> next scheduled time
    QSet<QString> m_unexpectedReported;                  // Job uids told of once
};

} // namespace tessera::serve
