#include "LocalSource.h"

#include "ClusterSource.h"
#include "RelaunchInput.h"
#include "RunTimeline.h"
#include "engine/IndexSet.h"
#include "history/IndexStates.h"
#include "local/Journal.h"
#include "local/ProcStat.h"
#include "local/RunDirectory.h"
#include "local/RunStatus.h"
#include "local/RunnerLauncher.h"
#include "report/LocalReportInput.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>

namespace tessera::store {

namespace {

QDateTime toDateTime(const std::optional<engine::TimePoint>& t) {
    if (!t)
        return {};
    return QDateTime::fromMSecsSinceEpoch(engine::toUnixMillis(*t), Qt::UTC);
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

constexpr std::size_t kMaxTimelineSamples = 2000;

} // namespace

QString LocalSource::defaultRunsRoot() {
    // The place RunDirectory::createDefault puts new runs.
    const QByteArray xdg = qgetenv("XDG_DATA_HOME");
    if (!xdg.isEmpty())
        return QString::fromLocal8Bit(xdg) + QStringLiteral("/tessera/runs");
    return QDir::homePath() + QStringLiteral("/.local/share/tessera/runs");
}

LocalSource::LocalSource(Options options, QObject* parent)
    : JobStore(sourceNameFor(), parent)
    , m_options(std::move(options)) {
    if (m_options.runsRoot.isEmpty())
        m_options.runsRoot = defaultRunsRoot();
    if (m_options.runnerProgram.isEmpty())
        m_options.runnerProgram = local::RunnerLauncher::defaultProgram(
            QCoreApplication::instance() ? QCoreApplication::applicationFilePath() : QString());
    setEmitInterval(m_options.emitInterval);
    m_scanTimer.setParent(this);
    connect(&m_scanTimer, &QTimer::timeout, this, &LocalSource::scan);
}

LocalSource::~LocalSource() {
    // Nothing to stop: every run is a process of its own and carries on without this store.
    m_follows.clear();
    m_scanTimer.setParent(nullptr);
}

QString LocalSource::keyForRunDir(const QString& dir) const {
    return makeKey(sourceName(), QStringLiteral("local"), QFileInfo(dir).fileName());
}

IndexAttempt LocalSource::attemptOf(const engine::Attempt& a) {
    IndexAttempt o;
    o.index = a.index;
    o.attempt = a.failureCount; // as a cluster's pod annotation says, not its position
    o.pod = qs(a.podName);
    o.node = qs(a.node);
    o.outcome = a.outcome;
    o.reason = qs(a.reason);
    o.message = qs(a.message);
    o.created = toDateTime(a.createdAt);
    o.started = toDateTime(a.startedAt);
    o.finished = toDateTime(a.finishedAt);
    if (a.finishedAt) {
        o.exitCode = a.exitCode.value_or(-1);
        o.signal = a.signal;
    }
    o.live = engine::isUnderWay(a.outcome);
    return o;
}

void LocalSource::start() {
    QDir().mkpath(m_options.runsRoot);
    scan();
    m_scanTimer.start(m_options.rescan);
    // Said once the first scan is queued, and a tick later: the window connects to this store
    // only after start() returns, and would otherwise keep showing "Connecting…".
    QTimer::singleShot(m_options.emitInterval, this, [this] {
        reportConnection(ConnectionState::Connected, m_options.runsRoot);
    });
}

QString LocalSource::startRun(const local::RunOptions& options) {
    if (options.resume)
        return launch(qs(options.runDir), options.killSurvivors);
    if (!options.runDir.empty())
        QDir().mkpath(QFileInfo(qs(options.runDir)).absolutePath());
    // The directory is written here, so a bad work list is reported at once with its line, and
    // the caller may remove its temporary files when this returns; the journal lock is let go
    // before the runner takes it.
    local::Journal journal;
    auto created = local::createRun(options, journal);
    if (!created) {
        emit actionFailed(QString(), QString::fromStdString(created.error().describe()));
        return {};
    }
    journal.close();
    return launch(qs(created->runDir), false);
}

QString LocalSource::launch(const QString& dir, bool killSurvivors) {
    QString key = keyForRunDir(dir);
    const auto known = m_runs.find(key);
    if ((known != m_runs.end() && known->second.launchedPid != 0) ||
        local::Journal::isLocked(local::RunDirectory(dir.toStdString()).journalPath())) {
        emit actionFailed(key, tr("%1: its runner is already running").arg(dir));
        return {};
    }
    auto pid = local::RunnerLauncher(m_options.runnerProgram).start(dir, killSurvivors);
    if (!pid) {
        emit actionFailed(key, QString::fromStdString(pid.error().describe()));
        return {};
    }
    Run& run = m_runs[key];
    run.dir = dir;
    run.launchedPid = *pid;
    run.launchDeadline = QDeadlineTimer(m_options.launchTimeout);
    run.journalSize = -1; // read it again
    reload(run);
    publish(key, run);
    return key;
}

void LocalSource::resumeJob(const QString& key) {
    const auto it = m_runs.find(key);
    if (it == m_runs.end()) {
        emit actionFailed(key, tr("%1: no such local run").arg(key));
        return;
    }
    launch(it->second.dir, false);
}

void LocalSource::publish(const QString& key, Run& run) {
    const JobSummary s = summaryOf(key, run);
    if (m_namespace.isEmpty() || m_namespace == QLatin1String("local"))
        queueUpsert(s);
    if (run.watchers > 0) {
        sample(run, s);
        markSnapshotDirty(key);
    }
}

bool LocalSource::checkLaunch(const QString& key, Run& run) {
    if (run.launchedPid == 0)
        return false;
    if (run.runnerAlive || !run.outcome.isEmpty()) {
        run.launchedPid = 0; // the runner has taken over
        return true;
    }
    const auto stat = local::readProcStat(static_cast<pid_t>(run.launchedPid));
    const bool gone = !stat || stat->state == 'Z';
    if (!gone && !run.launchDeadline.hasExpired())
        return false;
    run.launchedPid = 0;
    const QString said = local::RunnerLauncher::lastWords(run.dir); // why, as the runner said
    emit actionFailed(key, gone ? tr("the runner of %1 ended before it started: %2")
                                      .arg(run.dir, said.isEmpty() ? tr("(no message)") : said)
                                : tr("the runner of %1 did not start within %2 s (see %3)")
                                      .arg(run.dir)
                                      .arg(m_options.launchTimeout.count() / 1000)
                                      .arg(local::RunnerLauncher::stderrPath(run.dir)));
    return true;
}

void LocalSource::scan() {
    const QDir root(m_options.runsRoot);
    const QStringList dirs = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QSet<QString> present;
    for (const QString& name : dirs) {
        const QString dir = root.filePath(name);
        if (!QFileInfo::exists(dir + QStringLiteral("/run.conf")))
            continue;
        const QString key = keyForRunDir(dir);
        present.insert(key);
        Run& run = m_runs[key];
        run.dir = dir;
        bool changed = reload(run);
        if (!changed && run.outcome.isEmpty()) {
            // A runner can die without a word in its journal (SIGKILL, reboot): its lock goes.
            const bool alive =
                local::Journal::isLocked(local::RunDirectory(dir.toStdString()).journalPath());
            changed = alive != run.runnerAlive;
            run.runnerAlive = alive;
            const int survivors = alive ? 0 : countSurvivors(run);
            changed = changed || survivors != run.survivors;
            run.survivors = survivors;
        }
        changed = checkLaunch(key, run) || changed;
        if (changed)
            publish(key, run);
    }
    for (auto it = m_runs.begin(); it != m_runs.end();) {
        if (!present.contains(it->first) && it->second.launchedPid == 0) {
            queueRemove(it->first);
            it = m_runs.erase(it);
        } else {
            ++it;
        }
    }
}

int LocalSource::countSurvivors(const Run& run) {
    return static_cast<int>(
        std::count_if(run.openAttempts.begin(), run.openAttempts.end(), [](const auto& p) {
            return local::isSameLiveProcess(static_cast<pid_t>(p.first), p.second);
        }));
}

bool LocalSource::reload(Run& run) {
    const QFileInfo journal(run.dir + QStringLiteral("/journal"));
    const QDateTime t = journal.lastModified();
    if (run.journalSize == journal.size() && run.journalTime == t)
        return false;
    auto loaded = local::RunDirectory::load(run.dir.toStdString());
    if (!loaded) {
        // A run being created right now may not be readable yet: try again at the next scan.
        // Still unreadable at the next one: it is listed, saying why, never silently left out.
        const QString error = QString::fromStdString(loaded.error().describe());
        const bool changed = run.loadError != error || run.unreadableScans == 1;
        run.loadError = error;
        ++run.unreadableScans;
        return run.unreadableScans >= 2 && changed;
    }
    run.loadError.clear();
    run.unreadableScans = 0;
    run.journalSize = journal.size();
    run.journalTime = t;
    run.job = std::move(loaded->job);
    run.attempts = std::move(loaded->attempts);
    run.outcome = qs(loaded->outcome);
    run.runnerAlive = loaded->runnerAlive;
    if (!run.originalIndexes && !loaded->config.originalIndexes.empty()) // run.conf is fixed
        run.originalIndexes =
            std::make_shared<const std::map<int32_t, int32_t>>(loaded->config.originalIndexMap());
    // The parallelism it was asked for over time (the journal's P records) is its timeline, so
    // the charts show every change, live and after a restart; live samples follow (sample()).
    run.timeline.clear();
    for (const local::ParallelismChange& c : loaded->parallelismHistory)
        appendProgressSample(run.timeline,
                             {toDateTime(c.at), c.succeeded, c.failed, c.active, c.parallelism}, 0,
                             kMaxTimelineSamples);
    run.openAttempts.clear();
    std::map<std::pair<int32_t, int32_t>, std::pair<qint64, qint64>> open;
    for (const local::JournalRecord& r : loaded->records)
        if (r.kind == 'S')
            open[{r.index, r.attempt}] = {r.pid, r.startTicks};
        else if (r.kind == 'E')
            open.erase({r.index, r.attempt});
    for (const auto& [attempt, process] : open)
        run.openAttempts.push_back(process);
    run.survivors = run.runnerAlive || !run.outcome.isEmpty() ? 0 : countSurvivors(run);
    run.lastRecord = loaded->records.empty()
                         ? QDateTime()
                         : QDateTime::fromMSecsSinceEpoch(loaded->records.back().ms, Qt::UTC);
    return true;
}

JobSummary LocalSource::summaryOf(const QString& key, const Run& run) const {
    codec::JobObject o;
    o.job = run.job;
    o.job.metadata.namespace_ = "local";
    o.job.metadata.name = QFileInfo(run.dir).fileName().toStdString();
    if (o.job.metadata.uid.empty())
        o.job.metadata.uid = run.dir.toStdString(); // a run directory is unique on this machine
    JobSummary s = ClusterSource::summarize(key, o);
    if (!run.loadError.isEmpty()) {
        // Nothing can drive or report it until its files read again; the reason says why.
        s.status = engine::JobState::Interrupted;
        s.statusReason = tr("Unreadable: %1").arg(run.loadError);
        return s;
    }
    // A run's Job has no creationTimestamp (no API server set one): its age counts from its
    // start, so the job list's Age column is not left empty.
    if (!s.created.isValid())
        s.created = s.started;
    // The run's status by the rule its reports follow too (local/RunStatus.h). A run this window
    // has just launched counts as having a runner while that runner starts.
    const local::RunStatus status = local::runStatusOf(
        run.job, run.outcome.toStdString(), run.runnerAlive || run.launchedPid != 0,
        run.lastRecord.isValid() ? std::optional<int64_t>(run.lastRecord.toMSecsSinceEpoch())
                                 : std::nullopt);
    s.status = status.state;
    if (status.state == engine::JobState::Interrupted) {
        // Nothing drives it until it is resumed, and its clock stops where its record ends.
        s.active = run.survivors;
        if (status.end)
            s.finished = toDateTime(status.end);
        return s;
    }
    if (engine::isFinished(status.state)) {
        s.statusReason = qs(status.reason);
        return s;
    }
    // Running (or starting): its open attempts are what runs now.
    s.active = static_cast<int>(
        std::count_if(run.attempts.begin(), run.attempts.end(),
                      [](const engine::Attempt& a) { return engine::isUnderWay(a.outcome); }));
    if (!run.runnerAlive)
        s.status = engine::JobState::Pending; // launched: its runner is starting
    return s;
}

void LocalSource::sample(Run& run, const JobSummary& s) {
    ProgressSample p{QDateTime::currentDateTimeUtc(), s.succeeded, s.failed, s.active,
                     s.parallelism};
    appendProgressSample(run.timeline, p, 1000, kMaxTimelineSamples);
}

JobSnapshotPtr LocalSource::buildSnapshot(const QString& key) {
    auto it = m_runs.find(key);
    if (it == m_runs.end() || it->second.watchers == 0)
        return {};
    Run& run = it->second;
    auto snap = std::make_shared<JobSnapshot>();
    JobSnapshot& s = *snap;
    s.summary = summaryOf(key, run);
    const engine::Job& job = run.job;
    s.fillFromJob(job);
    for (const auto& a : run.attempts)
        s.attempts.push_back(attemptOf(a));
    s.attempts.stableSort([](const IndexAttempt& a, const IndexAttempt& b) {
        if (a.index != b.index)
            return a.index < b.index;
        return engine::attemptBefore(a.created.toMSecsSinceEpoch(), a.attempt, a.pod,
                                     b.created.toMSecsSinceEpoch(), b.attempt, b.pod);
    });
    const int n = std::max(0, s.summary.completions);
    for (const auto& a : s.attempts)
        if (a.index >= 0 && a.index < n && engine::countsAsFailed(a.outcome))
            ++s.failureCount[a.index];

    {
        // From the files: the newest attempt of each index, then the status strings, by the
        // rule the report follows too (history::indexStatesOf).
        std::vector<history::NewestAttempt> newestAttempts;
        for (size_t i = 0; i < s.attempts.size(); ++i) {
            const IndexAttempt& a = s.attempts[i];
            const bool newest = i + 1 == s.attempts.size() || s.attempts[i + 1].index != a.index;
            if (newest && a.index >= 0 && a.index < n)
                newestAttempts.push_back({a.index, a.outcome, s.failuresOf(a.index) > 0});
        }
        s.states = history::indexStatesOf(
            n, newestAttempts, engine::IndexSet::parseLenient(job.status.completedIndexes, n),
            engine::IndexSet::parseLenient(job.status.failedIndexes.value_or(""), n),
            s.summary.status == engine::JobState::Failed);
    }
    for (const auto& a : s.attempts)
        if (a.live && !a.node.isEmpty()) {
            ++s.podsByNode[a.node];
            ++s.podsByZone[QString()];
        }
    s.timeline = run.timeline;
    s.originalIndexes = run.originalIndexes;
    s.markChangedSince(run.lastStates);
    s.serial = ++run.serial;
    return snap;
}

void LocalSource::watchJob(const QString& key) {
    auto it = m_runs.find(key);
    if (it == m_runs.end()) {
        emit actionFailed(key,
                          QStringLiteral("no local run %1 under %2").arg(key, m_options.runsRoot));
        return;
    }
    ++it->second.watchers;
    it->second.lastStates.reset(); // a new watcher needs the whole grid
    sample(it->second, summaryOf(key, it->second));
    markSnapshotDirty(key);
}

void LocalSource::unwatchJob(const QString& key) {
    auto it = m_runs.find(key);
    if (it != m_runs.end() && it->second.watchers > 0)
        --it->second.watchers;
}

void LocalSource::setNamespace(const QString& ns) {
    m_namespace = ns;
    std::vector<JobSummary> all;
    if (ns.isEmpty() || ns == QLatin1String("local"))
        for (const auto& [key, run] : m_runs)
            all.push_back(summaryOf(key, run));
    queueReset(std::move(all));
}

void LocalSource::refresh() {
    for (auto& [key, run] : m_runs)
        run.journalSize = -1; // read every journal again
    scan();
    setNamespace(m_namespace);
}

void LocalSource::writeControl(const Run& run, const QString& command, const QString& key) {
    // The runner in the other process reads control.d/*.cmd on its next poll.
    const QString dir = run.dir + QStringLiteral("/control.d");
    QDir().mkpath(dir);
    QSaveFile f(dir + QStringLiteral("/%1-store.cmd").arg(QDateTime::currentMSecsSinceEpoch()));
    // A short write is a failure too (a full disk takes part of a write without an error).
    const QByteArray line = command.toUtf8() + '\n';
    if (!f.open(QIODevice::WriteOnly) || f.write(line) != line.size() || !f.commit())
        emit actionFailed(key, QStringLiteral("%1: %2").arg(f.fileName(), f.errorString()));
}

void LocalSource::setParallelism(const QString& key, int parallelism) {
    auto it = m_runs.find(key);
    if (it == m_runs.end() || parallelism < 0) {
        emit actionFailed(key,
                          parallelism < 0
                              ? QStringLiteral("parallelism: must be >= 0, got %1").arg(parallelism)
                              : QStringLiteral("no local run %1").arg(key));
        return;
    }
    if (steerable(key, it->second))
        writeControl(it->second, QStringLiteral("parallelism %1").arg(parallelism), key);
}

bool LocalSource::steerable(const QString& key, const Run& run) {
    // control.d/ is read by a live runner (or one starting now); an interrupted run would take a
    // stale command with it into its resume.
    if (run.runnerAlive || run.launchedPid != 0)
        return true;
    emit actionFailed(
        key, run.outcome.isEmpty()
                 ? tr("%1 is interrupted (its runner is gone): resume it first")
                       .arg(QFileInfo(run.dir).fileName())
                 : tr("%1 has finished (%2)").arg(QFileInfo(run.dir).fileName(), run.outcome));
    return false;
}

void LocalSource::setSuspended(const QString& key, bool suspended) {
    Q_UNUSED(suspended);
    emit actionFailed(key,
                      QStringLiteral("%1: local runs cannot be suspended; set parallelism to 0 "
                                     "to pause after the running items finish")
                          .arg(key));
}

void LocalSource::deleteJob(const QString& key) {
    auto it = m_runs.find(key);
    if (it == m_runs.end()) {
        emit actionFailed(key, QStringLiteral("no local run %1").arg(key));
        return;
    }
    // Deleting a local run stops it; its directory (the record) stays.
    if (steerable(key, it->second))
        writeControl(it->second, QStringLiteral("cancel"), key);
}

std::optional<local::RunSnapshot> LocalSource::readRun(const QString& key, QString& dir,
                                                       QString& error) const {
    const auto it = m_runs.find(key);
    if (it == m_runs.end()) {
        error = tr("%1: no such local run").arg(key);
        return std::nullopt;
    }
    dir = it->second.dir;
    // The journal is the record of every attempt, for a running run as for a finished one.
    auto loaded = local::RunDirectory::load(dir.toStdString());
    if (!loaded.ok()) {
        error = QString::fromStdString(loaded.error().describe());
        return std::nullopt;
    }
    return std::move(loaded).value();
}

void LocalSource::loadReportInput(const QString& key) {
    QString dir, error;
    auto loaded = readRun(key, dir, error);
    if (!loaded) {
        emit reportInputReady(key, {}, error);
        return;
    }
    // The builder `tessera report --source local` uses too.
    emit reportInputReady(key,
                          std::make_shared<report::ReportInput>(
                              report::localReportInput(std::move(*loaded), dir.toStdString())),
                          QString());
}

void LocalSource::loadRelaunchInput(const QString& key) {
    QString dir, error;
    auto loaded = readRun(key, dir, error);
    if (!loaded) {
        emit relaunchInputReady(key, {}, error);
        return;
    }
    auto input = std::make_shared<RelaunchInput>();
    input->local = true;
    input->origin = dir;
    input->chooseIndexes(loaded->job, loaded->attempts);
    launch::LaunchSpec& spec = input->relaunch.spec;
    spec.name = loaded->config.name;
    // The parallelism it runs with now (its journal's last P record), not the one it started with.
    spec.parallelism = loaded->job.spec.parallelism.value_or(loaded->config.parallelism);
    spec.backoffLimit = loaded->config.backoffLimit;
    spec.backoffLimitPerIndex = loaded->config.backoffLimitPerIndex;
    spec.maxFailedIndexes = loaded->config.maxFailedIndexes;
    spec.activeDeadlineSeconds = loaded->config.activeDeadlineSeconds;
    input->relaunch.list = std::move(loaded->workList);
    input->relaunch.originalIndexes = loaded->config.originalIndexMap();
    emit relaunchInputReady(key, std::move(input), QString());
}

} // namespace tessera::store
