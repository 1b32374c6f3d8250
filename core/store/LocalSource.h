#pragma once
// A JobStore over local runs (core/local): every run directory under a root
// ($XDG_DATA_HOME/tessera/runs by default) is one job, keyed "local/local/<run directory name>".
//
//  - Every run is a process of its own, `tessera run`: one started here (startRun) has its
//    directory written here (local::createRun) and is then continued by `tessera run --resume`
//    started detached (local::RunnerLauncher), so it outlives this store and the window. There is
//    no runner in this process: one way to run work locally, in a terminal or from the window.
//  - Every run is read from its files (RunDirectory::load), again when its journal changes or
//    its runner appears or goes. A run without an outcome whose runner is gone (no process holds
//    the journal lock: SIGKILL, reboot) is "Interrupted", its clock stopped at its last record;
//    resumeJob() starts `tessera run --resume` on it, as a terminal would.
//  - Actions go to the runner through control.d/: parallelism, delete → cancel (SIGTERM, then
//    SIGKILL after the grace period); suspend is refused (local runs have no suspend). Logs are
//    the attempt's log file, followed while it grows.
#include "JobStore.h"
#include "engine/Attempt.h"
#include "local/RunDirectory.h"
#include "local/RunSetup.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QHash>
#include <QStringDecoder>
#include <QTimer>
#include <map>
#include <memory>
#include <optional>

namespace tessera::store {

class LocalSource : public JobStore {
    Q_OBJECT
public:
    struct Options {
        QString runsRoot; // "" = defaultRunsRoot()
        std::chrono::milliseconds emitInterval{100};
        std::chrono::milliseconds rescan{1000}; // new run directories, journals, runners' locks
        std::chrono::milliseconds logPoll{500};
        qint64 logTailBytes =
            qint64{256} * 1024; // fetchLog sends at most this much of the file at first
        // The tessera executable that runs the runs ("" = RunnerLauncher::defaultProgram of this
        // executable: itself when it is tessera, else $TESSERA_RUNNER or tessera on the PATH).
        QString runnerProgram;
        // How long a run started here may take to take its journal lock before its start is
        // reported as failed (with the runner's stderr).
        std::chrono::milliseconds launchTimeout{20000};
    };
    static QString defaultRunsRoot();
    static QString sourceNameFor() { return QStringLiteral("local"); }

    explicit LocalSource(Options options, QObject* parent = nullptr);
    ~LocalSource() override;

    // Starts a new run (or a resume) as a detached `tessera run`; returns its key, or "" after
    // actionFailed.
    Q_INVOKABLE QString startRun(const tessera::local::RunOptions& options);
    QString keyForRunDir(const QString& dir) const;
    const QString& runnerProgram() const { return m_options.runnerProgram; }

    void start() override;
    void watchJob(const QString& key) override;
    void unwatchJob(const QString& key) override;
    void setNamespace(const QString& ns) override;
    void refresh() override;
    void setParallelism(const QString& key, int parallelism) override;
    void setSuspended(const QString& key, bool suspended) override;
    void deleteJob(const QString& key) override;
    void resumeJob(const QString& key) override;
    void fetchLog(const QString& key, int index, int attempt, bool follow) override;
    void fetchLogWith(const QString& key, int index, int attempt, LogFetch how) override;
    void saveLog(const QString& key, int index, int attempt, const QString& path,
                 bool timestamps) override;
    void loadReportInput(const QString& key) override;
    void loadRelaunchInput(const QString& key) override;
    void stopLog(const QString& key, int index) override;

    static IndexAttempt attemptOf(const engine::Attempt& a);

protected:
    JobSnapshotPtr buildSnapshot(const QString& key) override;

private:
    struct Run {
        QString dir;
        engine::Job job;                       // as loaded from the files
        std::vector<engine::Attempt> attempts; // every attempt, in start order
        QString outcome;                       // the journal's X record ("" = not finished)
        bool runnerAlive = false;              // a runner holds the journal lock
        QDateTime lastRecord;                  // the newest journal record
        // Attempts started and not ended in the journal (pid, start ticks): after a runner died,
        // those still alive are its survivors, finishing on their own (counted as active).
        std::vector<std::pair<qint64, qint64>> openAttempts;
        int survivors = 0;
        qint64 launchedPid = 0; // started here and not yet seen holding the lock (0: not)
        QDeadlineTimer launchDeadline;
        QDateTime journalTime;
        qint64 journalSize = -1;
        int watchers = 0;
        std::optional<engine::IndexStateMap> lastStates; // unset: a watcher needs the whole grid
        std::vector<ProgressSample> timeline;
        quint64 serial = 0;
        // A re-run's original indexes (run.conf); null for a first run.
        std::shared_ptr<const std::map<int32_t, int32_t>> originalIndexes;
        // Why its files could not be read (the loader's message naming file and line), and for
        // how many scans in a row: a run being created is unreadable for a moment, one that stays
        // so is listed with the reason rather than left out.
        QString loadError;
        int unreadableScans = 0;
    };
    struct LogFollow {
        QString key, path;
        int index = 0, attempt = 0; // attempt: engine number (1-based)
        qint64 offset = 0;
        std::unique_ptr<QTimer> timer;
        // Pieces end anywhere in a long line; the decoder keeps a character cut in two whole.
        std::unique_ptr<QStringDecoder> decoder;
    };
    // The path of the log of index's attempt (-1: newest) and its attempt number, or an error.
    struct LogFile {
        QString path, error;
        int attempt = 0; // engine number (1-based)
    };
    LogFile logFileOf(const QString& key, int index, int attempt) const;

    void scan();
    bool reload(Run& run); // from files; true when it changed
    static int countSurvivors(const Run& run);
    // A run started here: has its runner taken over, or did it fail to? True when it changed.
    bool checkLaunch(const QString& key, Run& run);
    // Starts the detached runner on `dir` (a new run's directory or an interrupted run).
    QString launch(const QString& dir, bool killSurvivors);
    void publish(const QString& key, Run& run);
    bool steerable(const QString& key, const Run& run); // else actionFailed
    JobSummary summaryOf(const QString& key, const Run& run) const;
    void sample(Run& run, const JobSummary& s);
    void writeControl(const Run& run, const QString& command, const QString& key);
    const engine::Attempt* findAttempt(const Run& run, int index, int attempt) const;
    QString mergedLog(const Run& run) const;
    // The run `key` read back from its directory (and that directory), or why not.
    std::optional<local::RunSnapshot> readRun(const QString& key, QString& dir,
                                              QString& error) const;
    void pollLog(const QString& logKey);

    Options m_options;
    QString m_namespace; // "" or "local": anything else shows no runs
    std::map<QString, Run> m_runs;
    QTimer m_scanTimer;
    std::map<QString, LogFollow> m_follows; // key#index
};

} // namespace tessera::store
