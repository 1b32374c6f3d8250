#include "LocalRunner.h"

#include "ProcessExecutor.h"
#include "Recovery.h"
#include "codec/BoundedFile.h"
#include "engine/IndexSet.h"
#include "engine/JobState.h"

#include <QSocketNotifier>
#include <QTimer>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::local {

namespace {

bool parseHalt(const std::string& halt, bool& now, int& failures) {
    if (halt.empty() || halt == "never") {
        failures = 0;
        return true;
    }
    const auto comma = halt.find(',');
    if (comma == std::string::npos)
        return false;
    const std::string when = halt.substr(0, comma);
    const std::string what = halt.substr(comma + 1);
    if ((when != "now" && when != "soon") || what.rfind("fail=", 0) != 0)
        return false;
    try {
        failures = std::stoi(what.substr(5));
    } catch (...) {
        return false;
    }
    now = when == "now";
    return failures > 0;
}

} // namespace

LocalRunner::LocalRunner(RunOptions options, QObject* parent)
    : QObject(parent)
    , m_options(std::move(options)) {}

LocalRunner::~LocalRunner() {
    // The notifier watches the supervisor's socket, which the executor closes: it goes first, or
    // (as a child, deleted only in ~QObject) it would stay registered for a closed descriptor
    // that another thread may already have been given again.
    delete m_notifier;
    m_notifier = nullptr;
    // The executor kills and reaps whatever still runs; the controller refers to it.
    m_controller.reset();
    m_executor.reset();
    m_journal.close();
}

engine::Result<bool> LocalRunner::prepare() {
    if (m_prepared)
        return true;
    auto error = [](std::string field, std::string message) {
        engine::Error e;
        e.field = std::move(field);
        e.message = std::move(message);
        return e;
    };
    if (m_options.resume) {
        m_runDir = m_options.runDir;
        if (m_runDir.empty())
            return error("--resume", "needs a run directory");
        const RunDirectory dir(m_runDir);
        // Read as every reader reads a run, except that the journal is locked before its records
        // are read (nothing else may append to it from then on) and the attempts the previous
        // runner left open are settled before the run is rebuilt from them.
        auto run = RunDirectory::load(
            m_runDir,
            [&](const RunConfig& config,
                int32_t itemCount) -> engine::Result<std::vector<JournalRecord>> {
                auto opened = m_journal.open(dir.journalPath());
                if (!opened.ok())
                    return opened.error();
                // A corrupt journal is not guessed at: which items finished is what a resume
                // must know.
                auto records = Journal::read(dir.journalPath(), itemCount);
                if (!records.ok())
                    return records.error();
                auto settled =
                    Recovery::settle(dir, config.name, *records, m_journal, m_options.killSurvivors,
                                     config.graceMillis, [this](const std::string& line) {
                                         emit noticed(QString::fromStdString(line));
                                     });
                if (!settled.ok())
                    return settled.error();
                // Settling writes to the journal: a full disk stops the resume here.
                if (!m_journal.problem().empty())
                    return error(std::string(), m_journal.problem());
                return records;
            });
        if (!run.ok())
            return run.error();
        m_config = std::move(run->config);
        m_list = std::move(run->workList);
        m_initialJob = std::move(run->job);
        m_priorAttempts = std::move(run->attempts);
        // Only what the controller needs to continue: finished indexes and counts; the run
        // itself starts again (conditions and completion time go).
        m_initialJob.status.conditions.clear();
        m_initialJob.status.completionTime.reset();
        m_lastAttempts.assign(static_cast<std::size_t>(m_list.size()), 0);
        for (const engine::Attempt& a : m_priorAttempts)
            if (a.index >= 0 && a.index < m_list.size())
                m_lastAttempts[static_cast<std::size_t>(a.index)] =
                    std::max(m_lastAttempts[static_cast<std::size_t>(a.index)], a.number);
        if (m_options.config.parallelism > 0 &&
            m_options.config.parallelism != m_config.parallelism)
            m_initialJob.spec.parallelism = m_options.config.parallelism;
        m_lastFailedIndexes = m_initialJob.status.failedIndexes.value_or("");
    } else {
        auto created = createRun(m_options, m_journal);
        if (!created.ok())
            return created.error();
        m_runDir = std::move(created->runDir);
        m_config = std::move(created->config);
        m_list = std::move(created->list);
        m_initialJob =
            makeJob(m_config, m_list.size(), created->manifest ? &*created->manifest : nullptr);
    }
    if (!parseHalt(m_config.halt, m_haltNow, m_haltFailures))
        return error("--halt",
                     "expected never, now,fail=N or soon,fail=N (got '" + m_config.halt + "')");
    ::mkdir(RunDirectory(m_runDir).controlDir().c_str(), 0755);
    m_desired = std::max(0, m_initialJob.spec.parallelism.value_or(1));
    m_prepared = true;
    return true;
}

void LocalRunner::fail(const std::string& message) {
    m_done = true;
    emit errorOccurred(QString::fromStdString(message));
}

void LocalRunner::start() {
    if (m_started)
        return;
    m_started = true;
    auto prepared = prepare();
    if (!prepared.ok()) {
        fail(prepared.error().describe());
        return;
    }
    const auto scale = std::max(m_config.backoffScale, 0.0);
    engine::SyncOptions sync;
    sync.podFailureBackoff = engine::Duration(
        static_cast<int64_t>(static_cast<double>(sync.podFailureBackoff.count()) * scale));
    sync.maxPodFailureBackoff = engine::Duration(
        static_cast<int64_t>(static_cast<double>(sync.maxPodFailureBackoff.count()) * scale));
    m_executor = std::make_unique<ProcessExecutor>(RunDirectory(m_runDir), m_list, m_config,
                                                   m_journal, m_clock);
    if (!m_lastAttempts.empty())
        m_executor->setLastAttempts(m_lastAttempts);
    // The supervisor is forked once, before any item, so an item's cost never depends on the
    // runner's memory and a killed runner's items keep a parent that records how they ended.
    if (const std::string error = m_executor->start(); !error.empty()) {
        m_executor.reset();
        fail("cannot start the item supervisor: " + error);
        return;
    }
    m_controller = std::make_unique<engine::JobController>(m_initialJob, *m_executor, sync);
    m_executor->attach(m_controller.get());

    m_startedAt = m_clock.now();
    m_succeededAtStart = m_initialJob.status.succeeded;
    m_journal.runnerStarted(engine::toUnixMillis(m_startedAt));
    m_journal.parallelismChanged(engine::toUnixMillis(m_startedAt), m_desired);

    if (m_executor->pollFd() >= 0) {
        m_notifier = new QSocketNotifier(m_executor->pollFd(), QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, &LocalRunner::onChildEvent);
    }
    // Also a slow poll: covers the no-pidfd fallback and is cheap otherwise.
    m_pollTimer = new QTimer(this);
    connect(m_pollTimer, &QTimer::timeout, this, &LocalRunner::onChildEvent);
    m_pollTimer->start(m_executor->pollFd() >= 0 ? 250 : 10);
    m_tick = new QTimer(this);
    connect(m_tick, &QTimer::timeout, this, &LocalRunner::onTick);
    m_tick->start(100);
    m_syncTimer = new QTimer(this);
    m_syncTimer->setSingleShot(true);
    connect(m_syncTimer, &QTimer::timeout, this, &LocalRunner::doSync);
    doSync();
}

void LocalRunner::onChildEvent() {
    if (!m_executor)
        return;
    if (m_executor->reap() > 0 || m_cancelling)
        doSync();
}

std::string LocalRunner::recordingProblem() const {
    if (!m_journal.problem().empty())
        return m_journal.problem();
    return m_executor ? m_executor->recordingProblem() : std::string();
}

bool LocalRunner::stoppingToRecord() {
    if (!m_unrecordable.empty())
        return true;
    m_unrecordable = recordingProblem();
    if (m_unrecordable.empty())
        return false;
    const int32_t running = m_executor->running();
    emit noticed(QString::fromStdString(
        m_unrecordable + ": starting no new items" +
        (running > 0 ? ", waiting for the " + std::to_string(running) + " running" : "")));
    return true;
}

void LocalRunner::doSync() {
    if (m_done || !m_controller)
        return;
    if (m_cancelling || m_halting || stoppingToRecord()) {
        maybeFinish();
        return;
    }
    // Scale-down without killing: the controller never sees a parallelism below what still runs,
    // so it deletes nothing and starts nothing until enough items have ended on their own.
    int32_t target = m_desired;
    if (!m_killExcess)
        target = std::max(target, m_executor->runningNotTerminating());
    if (m_controller->job().spec.parallelism.value_or(-1) != target)
        m_controller->setParallelism(target);
    const engine::TimePoint now = m_clock.now();
    m_controller->sync(now);
    m_executor->flushStarted();
    const std::string failed = m_controller->job().status.failedIndexes.value_or("");
    if (failed != m_lastFailedIndexes) {
        m_lastFailedIndexes = failed;
        m_journal.failedIndexesChanged(engine::toUnixMillis(now), failed);
    }
    if (stoppingToRecord()) {
        maybeFinish();
        return;
    }
    checkHalt();
    scheduleSync();
    maybeFinish();
}

void LocalRunner::scheduleSync() {
    if (!m_syncTimer)
        return;
    if (const auto next = m_controller->nextSyncAt()) {
        const auto delay = std::max<int64_t>(0, (*next - m_clock.now()).count());
        m_syncTimer->start(static_cast<int>(std::min<int64_t>(delay + 1, 24LL * 3600 * 1000)));
    }
}

void LocalRunner::checkHalt() {
    if (m_haltFailures <= 0 || m_halting || m_cancelling)
        return;
    if (m_controller->job().status.failed < m_haltFailures)
        return;
    m_haltOutcome = "Halted";
    if (m_haltNow) {
        cancel();
        return;
    }
    m_halting = true; // soon: no new items, running ones finish
    emit noticed(QStringLiteral("halting: no new items, waiting for the running ones"));
}

void LocalRunner::maybeFinish() {
    if (m_done || m_executor->running() > 0)
        return;
    if (stoppingToRecord()) {
        stopUnrecorded();
        return;
    }
    if (m_cancelling) {
        finishRun(engine::JobState::Failed, m_haltOutcome.empty() ? "Cancelled" : m_haltOutcome,
                  m_haltOutcome.empty() ? "Cancelled" : "HaltOnFailure", "");
        return;
    }
    if (m_halting) {
        finishRun(engine::JobState::Failed, "Halted", "HaltOnFailure", "");
        return;
    }
    if (const engine::JobStateInfo state = engine::jobStateOf(m_controller->job());
        engine::isFinished(state.state))
        finishRun(state.state, engine::toString(state.state), state.reason, state.message);
}

void LocalRunner::finishRun(engine::JobState state, const std::string& outcome,
                            const std::string& reason, const std::string& message) {
    m_done = true;
    m_journal.jobEnded(engine::toUnixMillis(m_clock.now()), outcome, reason);
    m_journal.close(); // nothing runs any more: `tessera run --resume` may take over
    for (QTimer* t : {m_tick, m_syncTimer, m_pollTimer})
        if (t)
            t->stop();
    if (m_notifier)
        m_notifier->setEnabled(false);
    LocalProgress p = progress();
    p.finished = true;
    p.state = state;
    p.outcome = outcome;
    p.reason = reason;
    p.message = message;
    m_lastEmitted = p;
    emit progressed(p);
    emit finished(p);
}

void LocalRunner::stopUnrecorded() {
    // Not an end of the job (no X record): the run is interrupted, and a resume continues it
    // once the cause is gone. Every attempt that ran is in the journal or the spawn ledger.
    // The status counts the items that ended since the stop (nothing can start any more).
    m_controller->sync(m_clock.now());
    m_done = true;
    m_journal.close();
    for (QTimer* t : {m_tick, m_syncTimer, m_pollTimer})
        if (t)
            t->stop();
    if (m_notifier)
        m_notifier->setEnabled(false);
    const LocalProgress p = progress();
    emit errorOccurred(QString::fromStdString(
        m_unrecordable + "\nthe run stopped there, with " + std::to_string(p.succeeded) + " of " +
        std::to_string(p.completions) + " indexes done: make room, then continue it with " +
        "tessera run --resume " + m_runDir));
}

void LocalRunner::onTick() {
    if (m_done || !m_executor)
        return;
    ++m_ticks;
    m_executor->tick();
    if (m_ticks % 2 == 0)
        readControl();
    if (m_ticks % 10 == 0)
        m_journal.sync();
    if (m_unrecordable.empty() && !recordingProblem().empty())
        doSync();
    if (m_done)
        return;
    LocalProgress p = progress();
    if (p.succeeded != m_lastEmitted.succeeded || p.active != m_lastEmitted.active ||
        p.failedAttempts != m_lastEmitted.failedAttempts ||
        p.parallelism != m_lastEmitted.parallelism || m_ticks % 10 == 0) {
        m_lastEmitted = p;
        emit progressed(p);
    }
    if (m_cancelling)
        maybeFinish();
}

void LocalRunner::readControl() {
    const std::string dirPath = RunDirectory(m_runDir).controlDir();
    DIR* d = ::opendir(dirPath.c_str());
    if (!d)
        return;
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d)) {
        const std::string n = e->d_name;
        if (n.size() > 4 && n.substr(n.size() - 4) == ".cmd")
            names.push_back(n);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    for (const std::string& n : names) {
        const std::string path = dirPath + "/" + n;
        // Bounded like every file read: a command file replaced by a FIFO or a device is
        // dropped (and said), not read without end on the runner's thread.
        auto text = codec::readBoundedFile(path, codec::FileKind::RunControl);
        ::unlink(path.c_str());
        if (!text.ok()) {
            emit noticed(
                QString::fromStdString("ignored a control command: " + text.error().message));
            continue;
        }
        std::istringstream in(*text);
        std::string verb;
        in >> verb;
        if (verb == "parallelism") {
            int value = -1;
            std::string mode;
            in >> value >> mode;
            if (value >= 0)
                setParallelism(value, mode == "kill");
        } else if (verb == "cancel") {
            cancel();
        }
    }
}

void LocalRunner::setParallelism(int parallelism, bool killExcess) {
    if (parallelism < 0 || m_done)
        return;
    m_desired = parallelism;
    m_killExcess = killExcess;
    m_journal.parallelismChanged(engine::toUnixMillis(m_clock.now()), parallelism);
    if (m_started)
        doSync();
}

void LocalRunner::cancel() {
    if (m_done || m_cancelling)
        return;
    m_cancelling = true;
    if (!m_executor) {
        finishRun(engine::JobState::Failed, "Cancelled", "Cancelled", "");
        return;
    }
    m_executor->terminateAll();
    maybeFinish();
}

void LocalRunner::kill() {
    cancel();
    if (m_executor)
        m_executor->killAll();
}

const std::vector<engine::Attempt>& LocalRunner::attempts() const {
    static const std::vector<engine::Attempt> none;
    return m_controller ? m_controller->attempts() : none;
}

LocalProgress LocalRunner::progress() const {
    LocalProgress p;
    if (!m_controller)
        return p;
    const engine::JobStatus& s = m_controller->job().status;
    p.completions = m_list.size();
    p.succeeded = s.succeeded;
    p.failedAttempts = s.failed;
    p.completedIndexes = s.completedIndexes;
    p.failedIndexesText = s.failedIndexes.value_or("");
    p.failedIndexes = static_cast<int32_t>(
        engine::IndexSet::parseLenient(p.failedIndexesText, p.completions).count());
    p.active = m_executor->running();
    p.parallelism = m_desired;
    p.elapsedSeconds = engine::toSeconds(m_clock.now() - m_startedAt);
    const int32_t doneHere = p.succeeded - m_succeededAtStart;
    const int32_t left = p.completions - p.succeeded - p.failedIndexes;
    if (doneHere > 0 && p.elapsedSeconds > 0.5)
        p.etaSeconds = p.elapsedSeconds / doneHere * left;
    p.finished = m_done;
    p.state = m_lastEmitted.state;
    p.outcome = m_lastEmitted.outcome;
    return p;
}

} // namespace tessera::local
