#pragma once
// A JobStore over local runs (core/local): every run directory under a root
// ($XDG_DATA_HOME/tessera/runs by default) is one job, keyed "local/local/<run directory name>".
//
//  - Runs started here (startRun) are driven by a LocalRunner in this store's thread: states and
//    attempts come from its JobController (the engine's own per-index states), progress as the
//    runner reports it.
//  - Runs started elsewhere (`tessera run` in a terminal) or finished earlier are read from their
//    files (RunDirectory::load), again when their journal changes.
//  - Actions: parallelism → the runner (or a control.d command for a runner in another process),
//    delete → cancel (SIGTERM, then SIGKILL after the grace period); suspend is refused (local
//    runs have no suspend). Logs are the attempt's log file, followed while it grows.
#include "JobStore.h"
#include "engine/Attempt.h"
#include "local/LocalRunner.h"
#include "local/RunDirectory.h"

#include <QDateTime>
#include <QHash>
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
        std::chrono::milliseconds rescan{2000}; // new run directories, journals of other runners
        std::chrono::milliseconds logPoll{500};
        qint64 logTailBytes = 256 * 1024; // fetchLog sends at most this much of the file at first
    };
    static QString defaultRunsRoot();
    static QString sourceNameFor() { return QStringLiteral("local"); }

    explicit LocalSource(Options options, QObject* parent = nullptr);
    ~LocalSource() override;

    // Starts a new run (or a resume) here; returns its key, or "" after actionFailed.
    Q_INVOKABLE QString startRun(const tessera::local::RunOptions& options);
    QString keyForRunDir(const QString& dir) const;
    local::LocalRunner* runner(const QString& key) const;

    void start() override;
    void watchJob(const QString& key) override;
    void unwatchJob(const QString& key) override;
    void setNamespace(const QString& ns) override;
    void refresh() override;
    void setParallelism(const QString& key, int parallelism) override;
    void setSuspended(const QString& key, bool suspended) override;
    void deleteJob(const QString& key) override;
    void fetchLog(const QString& key, int index, int attempt, bool follow) override;
    void loadReportInput(const QString& key) override;
    void loadRelaunchInput(const QString& key) override;
    void stopLog(const QString& key, int index) override;

    static IndexAttempt attemptOf(const engine::Attempt& a);

protected:
    JobSnapshotPtr buildSnapshot(const QString& key) override;

private:
    struct Run {
        QString dir;
        local::LocalRunner* runner = nullptr;  // owned; null for runs read from files
        engine::Job job;                       // files: as loaded; runner: spec + last progress
        std::vector<engine::Attempt> attempts; // files only
        QString outcome;
        QDateTime journalTime;
        qint64 journalSize = -1;
        int watchers = 0;
        std::optional<engine::IndexStateMap> lastStates; // unset: a watcher needs the whole grid
        std::vector<ProgressSample> timeline;
        quint64 serial = 0;
    };
    struct LogFollow {
        QString key, path;
        int index = 0, attempt = 0; // attempt: engine number (1-based)
        qint64 offset = 0;
        std::unique_ptr<QTimer> timer;
    };

    void scan();
    bool reload(const QString& key, Run& run); // from files; true when it changed
    JobSummary summaryOf(const QString& key, const Run& run) const;
    void onProgress(const QString& key, const local::LocalProgress& p);
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
