#include "LocalPods.h"

#include "ObjectStore.h"
#include "engine/Clock.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QSocketNotifier>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::serve {

namespace {

// A pod's log file keeps this much (the server keeps the last 256 KiB in memory for `kubectl
// logs`).
constexpr int64_t kLogCapBytes = 8 << 20;

std::vector<std::string> toStd(const QStringList& list) {
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(list.size()));
    for (const QString& s : list)
        out.push_back(s.toStdString());
    return out;
}

LocalPods::Started notStarted(const QString& message) {
    return {false, false, LocalPodProblem{false, QStringLiteral("StartError"), message}};
}

} // namespace

LocalPods::LocalPods(const ObjectStore& store, PodLogs& logs, Ended onEnded, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_logs(logs)
    , m_onEnded(std::move(onEnded))
    , m_dir(QDir::tempPath() + QStringLiteral("/tessera-serve-XXXXXX")) {}

LocalPods::~LocalPods() {
    for (auto& [key, r] : m_running)
        close(r);
    delete m_exits; // before m_groups closes the socket it watches
    // m_groups kills every pod's group; m_dir is removed after it.
}

QString LocalPods::ensureStarted() {
    if (m_startError)
        return *m_startError;
    if (!m_dir.isValid()) {
        m_startError = QStringLiteral("cannot create a directory for the pods in %1: %2")
                           .arg(QDir::tempPath(), m_dir.errorString());
        return *m_startError;
    }
    m_startError = QString::fromStdString(
        m_groups.start(QFile::encodeName(m_dir.filePath(QStringLiteral("spawns"))).toStdString()));
    if (m_startError->isEmpty() && m_groups.pollFd() >= 0) {
        m_exits = new QSocketNotifier(m_groups.pollFd(), QSocketNotifier::Read, this);
        connect(m_exits, &QSocketNotifier::activated, this, &LocalPods::reap);
    }
    return *m_startError;
}

QString LocalPods::podDir(const QString& namespace_, const QString& pod) const {
    return m_dir.filePath(QStringLiteral("pods/%1/%2").arg(namespace_, pod));
}

LocalPods::Started LocalPods::start(const QString& owner, const QJsonObject& pod) {
    if (const QString error = ensureStarted(); !error.isEmpty())
        return notStarted(error);
    const QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
    Running r;
    r.owner = owner;
    r.ns = meta.value(QStringLiteral("namespace")).toString();
    r.pod = meta.value(QStringLiteral("name")).toString();
    r.object = pod;
    const std::string key = PodLogs::keyOf(r.ns, r.pod).toStdString();
    if (auto started = startNext(r, key); !started) {
        QDir(podDir(r.ns, r.pod)).removeRecursively();
        return {false, false, started.error()};
    }
    const bool initializing = !r.containerStarted;
    m_running[key] = std::move(r);
    return {true, initializing, {}};
}

tl::expected<void, LocalPodProblem> LocalPods::startNext(Running& r, const std::string& key) {
    const QJsonArray inits = r.object.value(QStringLiteral("spec"))
                                 .toObject()
                                 .value(QStringLiteral("initContainers"))
                                 .toArray();
    const qsizetype index = static_cast<qsizetype>(r.init.size());
    const bool init = index < inits.size();
    const QJsonObject container = init ? inits[index].toObject() : QJsonObject();
    const QString dir = podDir(r.ns, r.pod);
    auto prepared = prepareLocalPod(m_store, r.object, dir, container);
    if (!prepared)
        return tl::unexpected(prepared.error());

    // The output: the supervisor copies it into a file (capped), read as it grows. Not a FIFO:
    // the supervisor would block on a full one while this thread may be waiting for it in spawn().
    // One file per container, so each has its own log.
    const QByteArray logPath = QFile::encodeName(
        dir + (init ? QStringLiteral("/log-init-%1").arg(index) : QStringLiteral("/log")));
    local::SpawnRequest request;
    request.argv = toStd(prepared->argv);
    request.env = toStd(prepared->env);
    request.inheritEnv = false;
    request.logPath = logPath.toStdString();
    request.logCapBytes = kLogCapBytes;
    const local::SpawnResult spawned = m_groups.spawn(key, request);
    if (spawned.pid <= 0)
        return tl::unexpected(LocalPodProblem{false, QStringLiteral("StartError"),
                                              QString::fromStdString(spawned.error)});
    // Opened once it exists: the supervisor has created it before answering.
    r.output = ::open(logPath.constData(), O_RDONLY | O_CLOEXEC);
    if (init) {
        r.logKey = initLogKey(r.ns, r.pod, container.value(QStringLiteral("name")).toString());
        m_logs.open(r.logKey);
        m_initLogs[PodLogs::keyOf(r.ns, r.pod)].append(r.logKey);
        r.init.push_back(ContainerRun{engine::SystemClock().now(), std::nullopt, 0, std::nullopt});
    } else {
        r.logKey = PodLogs::keyOf(r.ns, r.pod);
        r.containerStarted = true;
    }
    return {};
}

void LocalPods::drain(Running& r) {
    if (r.output < 0)
        return;
    const QString& key = r.logKey;
    char buffer[65536];
    while (true) {
        const ssize_t n = ::read(r.output, buffer, sizeof buffer);
        if (n > 0) {
            m_logs.append(key, QByteArray(buffer, static_cast<qsizetype>(n)));
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        return;
    }
}

void LocalPods::close(Running& r) {
    if (r.output >= 0)
        ::close(r.output);
    r.output = -1;
}

void LocalPods::reap() {
    for (const local::ProcessEnd& end : m_groups.reap()) {
        const auto it = m_running.find(end.key);
        if (it == m_running.end())
            continue;
        Running& r = it->second;
        // The supervisor has copied everything the process wrote before telling its end.
        drain(r);
        close(r);
        if (r.containerStarted) {
            podEnded(it, end.outcome);
            continue;
        }
        // An init container ended: the next one (or the pod's container) starts if it
        // succeeded; its failure is the pod's.
        ContainerRun& run = r.init.back();
        run.finishedAt = engine::SystemClock().now();
        run.exitCode = end.outcome.exitCode;
        run.signal = end.outcome.signal;
        m_logs.end(r.logKey);
        local::ExitOutcome outcome = end.outcome;
        if (outcome.exitCode == 0 && !r.terminating) {
            auto next = startNext(r, end.key);
            if (next) {
                if (m_onProgress)
                    m_onProgress(r.owner, r.pod, r.init, r.containerStarted);
                continue;
            }
            m_logs.append(
                PodLogs::keyOf(r.ns, r.pod),
                QStringLiteral("tessera serve --local: %1\n").arg(next.error().message).toUtf8());
            outcome = local::ExitOutcome{local::kStartErrorExitCode, std::nullopt};
        }
        if (m_onProgress)
            m_onProgress(r.owner, r.pod, r.init, r.containerStarted);
        podEnded(it, outcome);
    }
}

void LocalPods::podEnded(std::map<std::string, Running>::iterator it,
                         const local::ExitOutcome& outcome) {
    Running r = std::move(it->second);
    m_running.erase(it);
    QDir(podDir(r.ns, r.pod)).removeRecursively();
    m_onEnded(r.owner, r.pod, outcome);
}

bool LocalPods::terminate(const QString& namespace_, const QString& pod, engine::TimePoint killAt) {
    const std::string key = PodLogs::keyOf(namespace_, pod).toStdString();
    if (const auto it = m_running.find(key); it != m_running.end())
        it->second.terminating = true;
    return m_groups.terminate(key, killAt);
}

void LocalPods::tick(engine::TimePoint now) {
    m_groups.tick(now);
    for (auto& [key, r] : m_running)
        drain(r);
    if (m_groups.hasPendingEnds())
        reap();
}

void LocalPods::forget(const QString& namespace_, const QString& pod) {
    if (!m_groups.isRunning(PodLogs::keyOf(namespace_, pod).toStdString()))
        QDir(podDir(namespace_, pod)).removeRecursively();
    if (const auto logs = m_initLogs.find(PodLogs::keyOf(namespace_, pod));
        logs != m_initLogs.end()) {
        for (const QString& key : logs->second)
            m_logs.remove(key);
        m_initLogs.erase(logs);
    }
}

} // namespace tessera::serve
