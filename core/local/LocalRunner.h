#pragma once
// Runs a work list as an Indexed Job on this machine: the engine's JobController driven with real
// time, items as processes (ProcessExecutor), every attempt journaled, resumable after a crash.
// Event-loop driven, on the main thread of the `tessera run` process (the window starts that
// process with RunnerLauncher and follows the run directory; it never hosts a runner). Progress
// comes as `progressed` at most ~10 times a second.
//
//   RunOptions o; o.workListPath = "items.txt"; o.config.parallelism = 4;
//   auto* r = new LocalRunner(o);   // or o.resume = true; o.runDir = dir;
//   connect(r, &LocalRunner::finished, ...); r->start();
//   r->setParallelism(8);   tessera ctl RUN_DIR parallelism 8   (the runner watches control.d/)
//   r->cancel();            SIGTERM to every item's group, SIGKILL after the grace period
#include "Journal.h"
#include "LocalProgress.h"
#include "RunDirectory.h"
#include "RunSetup.h"
#include "engine/Clock.h"
#include "engine/JobController.h"
#include "worklist/WorkList.h"
#include "worklist/WorkListFormats.h"

#include <QObject>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QSocketNotifier;
class QTimer;

namespace tessera::local {

class ProcessExecutor;

class LocalRunner : public QObject {
    Q_OBJECT
public:
    explicit LocalRunner(RunOptions options, QObject* parent = nullptr);
    ~LocalRunner() override;

    // Loads the work list, creates or opens the run directory, takes the journal lock and, on
    // resume, settles the previous runner's attempts. start() calls it when not done yet.
    engine::Result<bool> prepare();

    const std::string& runDir() const { return m_runDir; }
    const RunConfig& config() const { return m_config; }
    const worklist::WorkList& workList() const { return m_list; }
    const std::vector<engine::Attempt>& attempts() const; // this runner's attempts
    const std::vector<engine::Attempt>& priorAttempts() const { return m_priorAttempts; }
    LocalProgress progress() const;
    bool isFinished() const { return m_done; }

public slots:
    void start();
    // Scale-down lets running items finish unless killExcess.
    void setParallelism(int parallelism, bool killExcess = false);
    void cancel();
    // cancel() without the grace period: SIGKILL to every item's group now.
    void kill();

signals:
    void progressed(const tessera::local::LocalProgress& progress);
    void finished(const tessera::local::LocalProgress& progress);
    void errorOccurred(const QString& message);
    void noticed(const QString& message); // "waiting for 2 survivors ..." and the like

private:
    void onChildEvent();
    void onTick();
    void doSync();
    void scheduleSync();
    void readControl();
    void checkHalt();
    void maybeFinish();
    // Ends the run as `state` (Complete or Failed); `outcome` is the journal's word for it.
    void finishRun(engine::JobState state, const std::string& outcome, const std::string& reason,
                   const std::string& message);
    void fail(const std::string& message);
    // A journal, ledger or log write that failed (a full disk): no new items; once the running
    // ones have ended (and been recorded from the reserved space), errorOccurred.
    std::string recordingProblem() const;
    bool stoppingToRecord();
    void stopUnrecorded();

    RunOptions m_options;
    RunConfig m_config;
    std::string m_runDir;
    worklist::WorkList m_list;
    engine::SystemClock m_clock;
    Journal m_journal;
    std::unique_ptr<ProcessExecutor> m_executor;
    std::unique_ptr<engine::JobController> m_controller;
    std::vector<engine::Attempt> m_priorAttempts;
    std::vector<int32_t> m_lastAttempts;
    engine::Job m_initialJob;

    QSocketNotifier* m_notifier = nullptr;
    QTimer* m_tick = nullptr;
    QTimer* m_syncTimer = nullptr;
    QTimer* m_pollTimer = nullptr;

    bool m_prepared = false;
    bool m_started = false;
    bool m_done = false;
    bool m_cancelling = false;
    bool m_halting = false;
    std::string m_haltOutcome;
    std::string m_unrecordable; // what could not be recorded: the run is stopping
    int32_t m_desired = 1;
    bool m_killExcess = false;
    int m_haltFailures = 0; // 0 = never
    bool m_haltNow = false;
    std::string m_lastFailedIndexes;
    engine::TimePoint m_startedAt{};
    int32_t m_succeededAtStart = 0;
    int m_ticks = 0;
    LocalProgress m_lastEmitted;
};

} // namespace tessera::local
