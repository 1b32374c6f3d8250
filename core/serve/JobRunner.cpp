#include "JobRunner.h"

#include "Metrics.h"
#include "ObjectStore.h"
#include "codec/Decode.h"
#include "codec/Encode.h"
#include "codec/JsonWriter.h"
#include "codec/Rfc3339.h"
#include "engine/Clock.h"
#include "engine/Defaults.h"
#include "engine/JobController.h"
#include "engine/PodClassification.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSet>
#include <csignal>
#include <unistd.h>

namespace tessera::serve {

using engine::TimePoint;

namespace {

const QString kPods = QStringLiteral("pods");
const QString kJobs = QStringLiteral("jobs");

QString timeText(TimePoint t) {
    return QString::fromStdString(codec::formatRfc3339(t));
}

QString key(const QString& ns, const QString& name) {
    return ns + QLatin1Char('/') + name;
}

// "5s", "1500ms", "2m", "0.5s"; nullopt when malformed.
std::optional<engine::Duration> parseDuration(const QString& text) {
    QString t = text.trimmed();
    double factor = 1000;
    if (t.endsWith(QLatin1String("ms"))) {
        factor = 1;
        t.chop(2);
    } else if (t.endsWith(QLatin1Char('s'))) {
        t.chop(1);
    } else if (t.endsWith(QLatin1Char('m'))) {
        factor = 60000;
        t.chop(1);
    }
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || v < 0)
        return std::nullopt;
    return engine::Duration(static_cast<int64_t>(v * factor));
}

QJsonObject condition(const char* type, bool status, TimePoint at, const char* reason = nullptr) {
    QJsonObject c{
        {QStringLiteral("type"), QLatin1String(type)},
        {QStringLiteral("status"), status ? QStringLiteral("True") : QStringLiteral("False")},
        {QStringLiteral("lastProbeTime"), QJsonValue::Null},
        {QStringLiteral("lastTransitionTime"), timeText(at)}};
    if (reason)
        c.insert(QStringLiteral("reason"), QLatin1String(reason));
    return c;
}

} // namespace

struct JobRunner::SimPod {
    enum class Stage { Created, Scheduled, Running, Finished, Deleting };
    QString name;
    int index = -1;
    QString node;
    Stage stage = Stage::Created;
    TimePoint createdAt{}, scheduleAt{}, startAt{}, finishAt{}, goneAt{}, nextLogAt{};
    std::optional<TimePoint> startedAt, finishedAt;
    int exitCode = 0;
    bool failed = false;
    int logStep = 0;
    QString podIp;
    // --local (ServeOptions::localProcesses): the real process behind the pod.
    bool local = false;
    QStringList argv; // program and arguments; empty: the container has no command
    QStringList env;  // KEY=VALUE on top of the server's environment
    std::shared_ptr<QProcess> process;
};

struct JobRunner::RunningJob final : engine::PodExecutor {
    JobRunner* runner = nullptr;
    QString ns, name, uid, mode;
    QJsonObject podTemplate; // spec.template
    std::unique_ptr<engine::JobController> controller;
    std::map<QString, SimPod> pods; // pods not yet released by the controller
    std::deque<QString> finishedPods;
    QByteArray lastStatus;
    bool dirty = true;
    bool removed = false;
    // The Job was deleted with its pods orphaned: they run to their end with no controller.
    bool orphaned = false;
    bool finishedReported = false;
    TimePoint lastSync{};
    engine::Duration duration{3000};
    double failRate = 0;
    QSet<int> failIndexes;
    int exitCode = 1;

    bool createPod(const engine::Pod& pod, engine::PodHandle) override {
        return runner->createPod(*this, pod);
    }
    void deletePod(const engine::Pod& pod, engine::DeletionReason) override {
        runner->deletePod(*this, pod);
    }
};

JobRunner::JobRunner(ObjectStore& store, Metrics& metrics, const ServeOptions& options,
                     QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_metrics(metrics)
    , m_options(options)
    , m_timer(this)
    , m_random(options.seed) {
    connect(&m_timer, &QTimer::timeout, this, &JobRunner::tick);
}

JobRunner::~JobRunner() {
    if (m_listener)
        m_store.removeListener(m_listener);
}

void JobRunner::start() {
    m_listener = m_store.addListener([this](const Change& c) { onChange(c); });
    for (const ObjectPtr& job : m_store.list(kJobs, QString()))
        adopt(job);
    m_timer.start(m_options.tick);
}

int JobRunner::jobsRunning() const {
    int n = 0;
    for (const auto& [k, job] : m_jobs)
        n += job->controller->finished() ? 0 : 1;
    return n;
}

void JobRunner::onChange(const Change& change) {
    const StoredObject& object = *change.object;
    if (object.resource == kJobs) {
        const QString k = key(object.namespace_, object.name);
        if (change.type == ChangeType::Added) {
            adopt(change.object);
            return;
        }
        const auto it = m_jobs.find(k);
        if (it == m_jobs.end())
            return;
        RunningJob& job = *it->second;
        if (change.type == ChangeType::Deleted) {
            job.removed = true; // dropped by the next tick (we may be inside this job's sync)
            return;
        }
        // Live spec changes (kubectl patch): parallelism, suspend, elastic completions.
        const QJsonObject spec = object.json.value(QStringLiteral("spec")).toObject();
        const engine::JobSpec& current = job.controller->job().spec;
        const QJsonValue completions = spec.value(QStringLiteral("completions"));
        if (completions.isDouble() && completions.toInt() != current.completions.value_or(-1)) {
            job.controller->setCompletions(completions.toInt());
            job.dirty = true;
        }
        const QJsonValue parallelism = spec.value(QStringLiteral("parallelism"));
        if (parallelism.isDouble() && parallelism.toInt() != current.parallelism.value_or(-1)) {
            job.controller->setParallelism(parallelism.toInt());
            job.dirty = true;
        }
        const bool suspend = spec.value(QStringLiteral("suspend")).toBool(false);
        if (suspend != current.suspend.value_or(false)) {
            job.controller->setSuspend(suspend);
            job.dirty = true;
        }
        return;
    }
    if (object.resource == kPods && change.type == ChangeType::Deleted) {
        // Deleted from outside (kubectl delete pod): the controller sees it go.
        const QString owner = object.json.value(QStringLiteral("metadata"))
                                  .toObject()
                                  .value(QStringLiteral("labels"))
                                  .toObject()
                                  .value(QLatin1String(engine::kJobNameLabel))
                                  .toString();
        const auto it = m_jobs.find(key(object.namespace_, owner));
        if (it != m_jobs.end()) {
            RunningJob& job = *it->second;
            const auto pod = job.pods.find(object.name);
            if (pod != job.pods.end()) {
                job.pods.erase(pod);
                job.controller->podDeleted(object.name.toStdString(), engine::SystemClock().now());
                job.dirty = true;
            }
        }
        endLog(key(object.namespace_, object.name));
        m_logs.remove(key(object.namespace_, object.name));
        m_logEnded.remove(key(object.namespace_, object.name));
    }
}

void JobRunner::adopt(const ObjectPtr& stored) {
    const std::string text = stored->bytes.toStdString();
    auto decoded = codec::decodeJob(text);
    if (!decoded) {
        qWarning("tessera serve: job %s/%s cannot be run: %s", qUtf8Printable(stored->namespace_),
                 qUtf8Printable(stored->name), decoded.error().describe().c_str());
        return;
    }
    engine::Job job = std::move(decoded->job);
    if (engine::isFinished(job.status))
        return;
    engine::applyDefaults(job.spec);
    auto running = std::make_unique<RunningJob>();
    running->runner = this;
    running->ns = stored->namespace_;
    running->name = stored->name;
    running->uid = QString::fromStdString(job.metadata.uid);
    running->mode = QLatin1String(engine::toString(job.spec.completionMode));
    running->podTemplate = stored->json.value(QStringLiteral("spec"))
                               .toObject()
                               .value(QStringLiteral("template"))
                               .toObject();
    const QJsonObject annotations = stored->json.value(QStringLiteral("metadata"))
                                        .toObject()
                                        .value(QStringLiteral("annotations"))
                                        .toObject();
    running->duration =
        parseDuration(annotations.value(QStringLiteral("tessera.dev/sim-duration")).toString())
            .value_or(m_options.podDuration);
    bool ok = false;
    const double rate =
        annotations.value(QStringLiteral("tessera.dev/sim-fail-rate")).toString().toDouble(&ok);
    running->failRate = ok ? rate : m_options.failRate;
    for (const QString& ix : annotations.value(QStringLiteral("tessera.dev/sim-fail-indexes"))
                                 .toString()
                                 .split(QLatin1Char(','), Qt::SkipEmptyParts))
        running->failIndexes.insert(ix.trimmed().toInt());
    const int code =
        annotations.value(QStringLiteral("tessera.dev/sim-exit-code")).toString().toInt(&ok);
    running->exitCode = ok && code != 0 ? code : 1;
    // Retry delays scaled as `tessera run --backoff-scale` scales them (soak and demo loads that
    // fail often would otherwise spend most of their slots on indexes waiting out 10 s, 20 s, ...).
    engine::SyncOptions sync;
    const double scale =
        annotations.value(QStringLiteral("tessera.dev/sim-backoff-scale")).toString().toDouble(&ok);
    if (ok && scale >= 0) {
        const auto scaled = [scale](engine::Duration d) {
            return engine::Duration(static_cast<int64_t>(static_cast<double>(d.count()) * scale));
        };
        sync.podFailureBackoff = scaled(sync.podFailureBackoff);
        sync.maxPodFailureBackoff = scaled(sync.maxPodFailureBackoff);
    }
    running->controller =
        std::make_unique<engine::JobController>(std::move(job), *running, std::move(sync));
    m_jobs[key(running->ns, running->name)] = std::move(running);
}

void JobRunner::tick() {
    if (m_inTick)
        return;
    m_inTick = true;
    const TimePoint now = engine::SystemClock().now();
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        if (it->second->removed) {
            // Pods still stored after their Job went were orphaned (the API server removed their
            // ownerReference): they keep running to their end, as kubelet would keep them.
            std::unique_ptr<RunningJob> job = std::move(it->second);
            it = m_jobs.erase(it);
            for (auto pod = job->pods.begin(); pod != job->pods.end();) {
                if (pod->second.stage == SimPod::Stage::Finished ||
                    !m_store.get(kPods, job->ns, pod->first)) {
                    endLog(key(job->ns, pod->first));
                    pod = job->pods.erase(pod);
                } else {
                    ++pod;
                }
            }
            if (!job->pods.empty()) {
                job->orphaned = true;
                job->removed = false;
                m_orphans.push_back(std::move(job));
            }
            continue;
        }
        step(*it->second, now);
        ++it;
    }
    for (auto it = m_orphans.begin(); it != m_orphans.end();) {
        step(**it, now);
        it = (*it)->pods.empty() ? m_orphans.erase(it) : std::next(it);
    }
    m_inTick = false;
}

void JobRunner::step(RunningJob& job, TimePoint now) {
    using Stage = SimPod::Stage;
    std::vector<QString> gone;
    for (auto& [name, pod] : job.pods) {
        const QString logKey = key(job.ns, name);
        bool changed = false;
        if (pod.stage == Stage::Created && now >= pod.scheduleAt) {
            pod.stage = Stage::Scheduled;
            pod.node = pickNode();
            if (!job.orphaned)
                job.controller->podScheduled(name.toStdString(), pod.node.toStdString(), now);
            changed = true;
        }
        if (pod.stage == Stage::Scheduled && now >= pod.startAt) {
            pod.stage = Stage::Running;
            pod.startedAt = now;
            pod.nextLogAt = now + std::chrono::seconds(1);
            if (!job.orphaned)
                job.controller->podStarted(name.toStdString(), now);
            if (pod.local)
                startProcess(job, pod);
            else
                appendLog(logKey,
                          QStringLiteral("%1 tessera-sim: pod %2 (index %3) started on %4\n")
                              .arg(timeText(now), name)
                              .arg(pod.index)
                              .arg(pod.node)
                              .toUtf8());
            changed = true;
        }
        if (!pod.local && pod.stage == Stage::Running && now >= pod.nextLogAt &&
            now < pod.finishAt) {
            ++pod.logStep;
            pod.nextLogAt += std::chrono::seconds(1);
            const auto total = std::max<int64_t>(1, (pod.finishAt - pod.startAt).count());
            const auto done = (now - pod.startAt).count();
            appendLog(logKey, QStringLiteral("%1 step %2: %3% done\n")
                                  .arg(timeText(now))
                                  .arg(pod.logStep)
                                  .arg(done * 100 / total)
                                  .toUtf8());
        }
        if (pod.stage == Stage::Running && now >= pod.finishAt) {
            pod.stage = Stage::Finished;
            pod.finishedAt = now;
            const int exitCode = pod.local ? pod.exitCode : pod.failed ? job.exitCode : 0;
            pod.exitCode = exitCode;
            if (!job.orphaned)
                job.controller->podFinished(name.toStdString(), exitCode, std::nullopt,
                                            pod.failed ? "Error" : "Completed", "", now);
            if (!pod.local)
                appendLog(logKey, pod.failed
                                      ? QStringLiteral("%1 error: index %2 failed, exit code %3\n")
                                            .arg(timeText(now))
                                            .arg(pod.index)
                                            .arg(exitCode)
                                            .toUtf8()
                                      : QStringLiteral("%1 index %2 done\n")
                                            .arg(timeText(now))
                                            .arg(pod.index)
                                            .toUtf8());
            endLog(logKey);
            changed = true;
        }
        if (pod.stage == Stage::Deleting && now >= pod.goneAt) {
            if (pod.process && pod.process->state() != QProcess::NotRunning)
                ::kill(-pid_t(pod.process->processId()), SIGKILL); // its whole group
            gone.push_back(name);
            continue;
        }
        if (changed) {
            writePod(job, pod, now);
            job.dirty = true;
        }
    }
    if (job.orphaned) {
        // No controller: a finished orphan is left in the store as it ended; one deleted from
        // outside is forgotten.
        for (auto& [name, pod] : job.pods)
            if (pod.stage == Stage::Finished || !m_store.get(kPods, job.ns, name))
                gone.push_back(name);
        for (const QString& name : gone) {
            const auto pod = job.pods.find(name);
            if (pod == job.pods.end())
                continue;
            const bool deleting = pod->second.stage == Stage::Deleting;
            job.pods.erase(pod);
            endLog(key(job.ns, name));
            if (deleting)
                m_store.remove(kPods, job.ns, name);
        }
        return;
    }
    for (const QString& name : gone) {
        job.pods.erase(name); // before the store delete, so onChange does not report it again
        job.controller->podDeleted(name.toStdString(), now);
        endLog(key(job.ns, name));
        m_store.remove(kPods, job.ns, name);
        job.dirty = true;
    }
    const auto next = job.controller->nextSyncAt();
    const bool due =
        (job.dirty && now - job.lastSync >= m_options.syncPeriod) || (next && now >= *next);
    if (due && !job.controller->finished())
        syncJob(job, now);
    else if (due)
        job.dirty = false;
}

void JobRunner::syncJob(RunningJob& job, TimePoint now) {
    QElapsedTimer timer;
    timer.start();
    const engine::Plan plan = job.controller->sync(now);
    const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    job.dirty = false;
    job.lastSync = now;
    if (plan.skipped)
        return;
    const QString action = !plan.createPods.empty()   ? QStringLiteral("pods_created")
                           : !plan.deletePods.empty() ? QStringLiteral("pods_deleted")
                                                      : QStringLiteral("reconciling");
    m_metrics.observeSync(job.mode, QStringLiteral("success"), action, seconds);
    m_metrics.podsFinished(job.mode, QStringLiteral("succeeded"), plan.counts.podsSucceeded);
    m_metrics.podsFinished(job.mode, QStringLiteral("failed"), plan.counts.podsFailed);
    for (const engine::Event& e : plan.events)
        recordEvent(job, QString::fromStdString(e.type), QString::fromStdString(e.reason),
                    QString::fromStdString(e.message), now);
    // Pods the controller has let go of (finalizer removed): drop the finalizer in the store.
    std::vector<QString> released;
    for (const auto& [name, pod] : job.pods)
        if (pod.stage == SimPod::Stage::Finished && !job.controller->findPod(name.toStdString()))
            released.push_back(name);
    for (const QString& name : released) {
        job.pods.erase(name);
        if (ObjectPtr stored = m_store.get(kPods, job.ns, name)) {
            QJsonObject json = stored->json;
            QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
            meta.remove(QStringLiteral("finalizers"));
            json.insert(QStringLiteral("metadata"), meta);
            m_store.update(kPods, job.ns, name, json);
        }
        job.finishedPods.push_back(name);
    }
    // Terminated-pod garbage collection keeps the store bounded for 100,000-index jobs.
    while (static_cast<int>(job.finishedPods.size()) > m_options.maxFinishedPodsPerJob) {
        const QString old = job.finishedPods.front();
        job.finishedPods.pop_front();
        m_store.remove(kPods, job.ns, old);
    }
    writeJobStatus(job);
    if (job.controller->finished() && !job.finishedReported) {
        job.finishedReported = true;
        const engine::JobStatus& s = job.controller->job().status;
        const bool failed = engine::hasTrueCondition(s, "Failed");
        const engine::Condition* c =
            engine::findCondition(s.conditions, failed ? "Failed" : "Complete");
        m_metrics.jobFinished(job.mode,
                              failed ? QStringLiteral("failed") : QStringLiteral("succeeded"),
                              c ? QString::fromStdString(c->reason) : QString());
    }
}

void JobRunner::writeJobStatus(RunningJob& job) {
    codec::JsonWriter w;
    codec::writeJobStatus(w, job.controller->job().status);
    QByteArray text = QByteArray::fromStdString(w.take());
    if (text == job.lastStatus)
        return;
    ObjectPtr stored = m_store.get(kJobs, job.ns, job.name);
    if (!stored)
        return;
    job.lastStatus = text;
    QJsonObject json = stored->json;
    json.insert(QStringLiteral("status"), QJsonDocument::fromJson(text).object());
    m_store.update(kJobs, job.ns, job.name, json);
}

bool JobRunner::createPod(RunningJob& job, const engine::Pod& pod) {
    const TimePoint now = engine::SystemClock().now();
    const QString name = QString::fromStdString(pod.metadata.name);
    SimPod sim;
    sim.name = name;
    sim.index =
        pod.completionIndexAnnotation ? std::atoi(pod.completionIndexAnnotation->c_str()) : -1;
    sim.createdAt = now;
    std::uniform_int_distribution<int> spread(0, 300);
    sim.scheduleAt = now + engine::Duration(spread(m_random));
    sim.startAt = sim.scheduleAt + m_options.startLatency + engine::Duration(spread(m_random));
    std::uniform_real_distribution<double> jitter(0.75, 1.25);
    sim.finishAt = sim.startAt + engine::Duration(static_cast<int64_t>(
                                     static_cast<double>(job.duration.count()) * jitter(m_random)));
    std::uniform_real_distribution<double> coin(0, 1);
    sim.failed = job.failIndexes.contains(sim.index) || coin(m_random) < job.failRate;
    if (m_options.localProcesses) {
        // The real thing decides how long it runs and how it ends.
        sim.local = true;
        sim.failed = false;
        sim.finishAt = TimePoint::max();
        const QJsonObject container = job.podTemplate.value(QStringLiteral("spec"))
                                          .toObject()
                                          .value(QStringLiteral("containers"))
                                          .toArray()
                                          .at(0)
                                          .toObject();
        for (const char* field : {"command", "args"}) {
            for (const QJsonValue& v : container.value(QLatin1String(field)).toArray())
                sim.argv << v.toString();
        }
        for (const QJsonValue& v : container.value(QStringLiteral("env")).toArray()) {
            const QJsonObject e = v.toObject();
            if (e.contains(QStringLiteral("value")))
                sim.env << e.value(QStringLiteral("name")).toString() + QLatin1Char('=') +
                               e.value(QStringLiteral("value")).toString();
        }
        if (sim.index >= 0)
            sim.env << QStringLiteral("%1=%2")
                           .arg(QLatin1String(engine::kCompletionIndexEnv))
                           .arg(sim.index);
        sim.env << QStringLiteral("TESSERA_POD_HOSTNAME=") + QString::fromStdString(pod.hostname);
    }
    sim.podIp = QStringLiteral("10.244.%1.%2")
                    .arg((m_eventCounter / 250) % 250 + 1)
                    .arg(static_cast<int>(m_random() % 250) + 2);

    // The pod as the job controller would create it from spec.template.
    QJsonObject meta = job.podTemplate.value(QStringLiteral("metadata")).toObject();
    QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
    labels.insert(QLatin1String(engine::kControllerUidLabel), job.uid);
    labels.insert(QLatin1String(engine::kJobNameLabel), job.name);
    labels.insert(QStringLiteral("controller-uid"), job.uid);
    labels.insert(QStringLiteral("job-name"), job.name);
    QJsonObject annotations = meta.value(QStringLiteral("annotations")).toObject();
    if (pod.completionIndexAnnotation) {
        const QString ix = QString::fromStdString(*pod.completionIndexAnnotation);
        labels.insert(QLatin1String(engine::kCompletionIndexKey), ix);
        annotations.insert(QLatin1String(engine::kCompletionIndexKey), ix);
    }
    if (pod.failureCountAnnotation)
        annotations.insert(QLatin1String(engine::kIndexFailureCountKey),
                           QString::fromStdString(*pod.failureCountAnnotation));
    if (pod.ignoredFailureCountAnnotation)
        annotations.insert(QLatin1String(engine::kIndexIgnoredFailureCountKey),
                           QString::fromStdString(*pod.ignoredFailureCountAnnotation));
    meta = QJsonObject{
        {QStringLiteral("name"), name},
        {QStringLiteral("generateName"), name.left(name.size() - 5)},
        {QStringLiteral("namespace"), job.ns},
        {QStringLiteral("labels"), labels},
        {QStringLiteral("annotations"), annotations},
        {QStringLiteral("ownerReferences"),
         QJsonArray{QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                                {QStringLiteral("kind"), QStringLiteral("Job")},
                                {QStringLiteral("name"), job.name},
                                {QStringLiteral("uid"), job.uid},
                                {QStringLiteral("controller"), true},
                                {QStringLiteral("blockOwnerDeletion"), true}}}},
        {QStringLiteral("finalizers"), QJsonArray{QLatin1String(engine::kTrackingFinalizer)}},
    };
    QJsonObject spec = job.podTemplate.value(QStringLiteral("spec")).toObject();
    if (!pod.hostname.empty())
        spec.insert(QStringLiteral("hostname"), QString::fromStdString(pod.hostname));
    // JOB_COMPLETION_INDEX from the annotation, in every container (Indexed jobs).
    if (pod.completionIndexAnnotation) {
        QJsonArray containers = spec.value(QStringLiteral("containers")).toArray();
        for (int i = 0; i < containers.size(); ++i) {
            QJsonObject c = containers[i].toObject();
            QJsonArray env = c.value(QStringLiteral("env")).toArray();
            bool has = false;
            for (const QJsonValue& e : env)
                has = has || e.toObject().value(QStringLiteral("name")) ==
                                 QJsonValue(QLatin1String(engine::kCompletionIndexEnv));
            if (!has)
                env.append(QJsonObject{
                    {QStringLiteral("name"), QLatin1String(engine::kCompletionIndexEnv)},
                    {QStringLiteral("valueFrom"),
                     QJsonObject{
                         {QStringLiteral("fieldRef"),
                          QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                      {QStringLiteral("fieldPath"),
                                       QStringLiteral("metadata.annotations['%1']")
                                           .arg(QLatin1String(engine::kCompletionIndexKey))}}}}}});
            c.insert(QStringLiteral("env"), env);
            if (!c.contains(QStringLiteral("terminationMessagePath")))
                c.insert(QStringLiteral("terminationMessagePath"),
                         QStringLiteral("/dev/termination-log"));
            if (!c.contains(QStringLiteral("imagePullPolicy")))
                c.insert(QStringLiteral("imagePullPolicy"), QStringLiteral("IfNotPresent"));
            containers[i] = c;
        }
        spec.insert(QStringLiteral("containers"), containers);
    }
    for (const auto& [k, v] :
         {std::pair{"dnsPolicy", QJsonValue(QStringLiteral("ClusterFirst"))},
          std::pair{"schedulerName", QJsonValue(QStringLiteral("default-scheduler"))},
          std::pair{"serviceAccountName", QJsonValue(QStringLiteral("default"))},
          std::pair{"terminationGracePeriodSeconds", QJsonValue(30)},
          std::pair{"enableServiceLinks", QJsonValue(true)}, std::pair{"priority", QJsonValue(0)},
          std::pair{"preemptionPolicy", QJsonValue(QStringLiteral("PreemptLowerPriority"))}})
        if (!spec.contains(QLatin1String(k)))
            spec.insert(QLatin1String(k), v);
    QJsonObject object{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("kind"), QStringLiteral("Pod")},
                       {QStringLiteral("metadata"), meta},
                       {QStringLiteral("spec"), spec},
                       {QStringLiteral("status"),
                        QJsonObject{{QStringLiteral("phase"), QStringLiteral("Pending")},
                                    {QStringLiteral("qosClass"), QStringLiteral("BestEffort")}}}};
    auto created = m_store.create(kPods, job.ns, object);
    if (!created)
        return false;
    m_logs.insert(key(job.ns, name), QByteArray());
    m_logEnded.insert(key(job.ns, name), false);
    job.pods.emplace(name, std::move(sim));
    return true;
}

void JobRunner::startProcess(RunningJob& job, SimPod& pod) {
    const QString logKey = key(job.ns, pod.name);
    const QString jobKey = key(job.ns, job.name);
    const QString name = pod.name;
    // Ends the pod at the next step with this exit code (the step writes the status).
    const auto finish = [this, jobKey, name](int exitCode) {
        RunningJob* owner = nullptr;
        if (const auto j = m_jobs.find(jobKey); j != m_jobs.end())
            owner = j->second.get();
        for (const auto& orphan : m_orphans) // an orphaned pod's process ends as well
            if (!owner && key(orphan->ns, orphan->name) == jobKey && orphan->pods.count(name))
                owner = orphan.get();
        if (!owner)
            return;
        const auto p = owner->pods.find(name);
        if (p == owner->pods.end() || p->second.stage != SimPod::Stage::Running)
            return;
        p->second.exitCode = exitCode;
        p->second.failed = exitCode != 0;
        p->second.finishAt = engine::SystemClock().now();
    };
    if (pod.argv.isEmpty()) {
        appendLog(logKey, QByteArrayLiteral("tessera serve --local: the container has no command "
                                            "or args to run\n"));
        finish(127);
        return;
    }
    auto process = std::make_shared<QProcess>();
    process->setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& kv : std::as_const(pod.env))
        env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    process->setProcessEnvironment(env);
    // Its own process group, so deleting the pod stops everything it started.
    process->setChildProcessModifier([] { ::setpgid(0, 0); });
    QProcess* raw = process.get();
    connect(raw, &QProcess::readyRead, this,
            [this, logKey, raw] { appendLog(logKey, raw->readAll()); });
    connect(raw, &QProcess::finished, this,
            [this, logKey, raw, finish](int code, QProcess::ExitStatus how) {
                appendLog(logKey, raw->readAll());
                // A signal ends a container with 128 + signal; QProcess does not say which one.
                finish(how == QProcess::CrashExit ? 137 : code);
            });
    connect(raw, &QProcess::errorOccurred, this,
            [this, logKey, raw, finish](QProcess::ProcessError e) {
                if (e != QProcess::FailedToStart)
                    return;
                appendLog(logKey, QStringLiteral("tessera serve --local: cannot start %1: %2\n")
                                      .arg(raw->program(), raw->errorString())
                                      .toUtf8());
                finish(127);
            });
    pod.process = process;
    process->start(pod.argv.first(), pod.argv.mid(1));
}

void JobRunner::deletePod(RunningJob& job, const engine::Pod& pod) {
    const QString name = QString::fromStdString(pod.metadata.name);
    const auto it = job.pods.find(name);
    if (it == job.pods.end())
        return;
    const TimePoint now = engine::SystemClock().now();
    it->second.stage = SimPod::Stage::Deleting;
    it->second.goneAt = now + std::chrono::seconds(1);
    if (it->second.process && it->second.process->state() != QProcess::NotRunning)
        ::kill(-pid_t(it->second.process->processId()), SIGTERM); // SIGKILL when gone

    if (ObjectPtr stored = m_store.get(kPods, job.ns, name)) {
        QJsonObject json = stored->json;
        QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
        meta.insert(QStringLiteral("deletionTimestamp"), timeText(now));
        meta.insert(QStringLiteral("deletionGracePeriodSeconds"), 1);
        json.insert(QStringLiteral("metadata"), meta);
        m_store.update(kPods, job.ns, name, json);
    }
}

void JobRunner::writePod(RunningJob& job, const SimPod& pod, TimePoint now) {
    using Stage = SimPod::Stage;
    ObjectPtr stored = m_store.get(kPods, job.ns, pod.name);
    if (!stored)
        return;
    QJsonObject json = stored->json;
    QJsonObject spec = json.value(QStringLiteral("spec")).toObject();
    QJsonObject status{{QStringLiteral("qosClass"), QStringLiteral("BestEffort")}};
    if (!pod.node.isEmpty()) {
        spec.insert(QStringLiteral("nodeName"), pod.node);
        status.insert(QStringLiteral("hostIP"),
                      QStringLiteral("192.168.49.%1")
                          .arg(pod.node.section(QLatin1Char('-'), -1).toInt() + 1));
    }
    QJsonArray conditions{condition("PodScheduled", true, pod.scheduleAt)};
    const QString containerName = spec.value(QStringLiteral("containers"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("name"))
                                      .toString(QStringLiteral("main"));
    const QString image = spec.value(QStringLiteral("containers"))
                              .toArray()
                              .at(0)
                              .toObject()
                              .value(QStringLiteral("image"))
                              .toString();
    QJsonObject container{{QStringLiteral("name"), containerName},
                          {QStringLiteral("image"), image},
                          {QStringLiteral("imageID"), QStringLiteral("docker-pullable://") + image},
                          {QStringLiteral("restartCount"), 0},
                          {QStringLiteral("started"), pod.stage == Stage::Running}};
    QString phase = QStringLiteral("Pending");
    if (pod.stage == Stage::Created || pod.stage == Stage::Scheduled) {
        container.insert(QStringLiteral("ready"), false);
        container.insert(QStringLiteral("state"),
                         QJsonObject{{QStringLiteral("waiting"),
                                      QJsonObject{{QStringLiteral("reason"),
                                                   QStringLiteral("ContainerCreating")}}}});
        conditions.append(condition("Initialized", true, pod.scheduleAt));
        conditions.append(condition("Ready", false, pod.scheduleAt, "ContainersNotReady"));
        conditions.append(
            condition("ContainersReady", false, pod.scheduleAt, "ContainersNotReady"));
    } else if (pod.stage == Stage::Running ||
               (pod.stage == Stage::Deleting && !pod.finishedAt && pod.startedAt)) {
        phase = QStringLiteral("Running");
        container.insert(QStringLiteral("ready"), true);
        container.insert(
            QStringLiteral("state"),
            QJsonObject{{QStringLiteral("running"),
                         QJsonObject{{QStringLiteral("startedAt"), timeText(*pod.startedAt)}}}});
        conditions.append(condition("Initialized", true, pod.scheduleAt));
        conditions.append(condition("Ready", true, *pod.startedAt));
        conditions.append(condition("ContainersReady", true, *pod.startedAt));
    } else if (pod.finishedAt) {
        phase = pod.exitCode == 0 ? QStringLiteral("Succeeded") : QStringLiteral("Failed");
        container.insert(QStringLiteral("ready"), false);
        QJsonObject terminated{{QStringLiteral("exitCode"), pod.exitCode},
                               {QStringLiteral("reason"), pod.exitCode == 0
                                                              ? QStringLiteral("Completed")
                                                              : QStringLiteral("Error")},
                               {QStringLiteral("finishedAt"), timeText(*pod.finishedAt)}};
        if (pod.startedAt)
            terminated.insert(QStringLiteral("startedAt"), timeText(*pod.startedAt));
        terminated.insert(QStringLiteral("containerID"),
                          QStringLiteral("containerd://") + QString::number(qHash(pod.name), 16));
        container.insert(QStringLiteral("state"),
                         QJsonObject{{QStringLiteral("terminated"), terminated}});
        conditions.append(condition("Initialized", true, pod.scheduleAt));
        conditions.append(condition("Ready", false, *pod.finishedAt, "PodCompleted"));
        conditions.append(condition("ContainersReady", false, *pod.finishedAt, "PodCompleted"));
    }
    if (pod.startedAt) {
        status.insert(QStringLiteral("startTime"), timeText(*pod.startedAt));
        status.insert(QStringLiteral("podIP"), pod.podIp);
        status.insert(QStringLiteral("podIPs"),
                      QJsonArray{QJsonObject{{QStringLiteral("ip"), pod.podIp}}});
    }
    status.insert(QStringLiteral("phase"), phase);
    status.insert(QStringLiteral("conditions"), conditions);
    if (!pod.node.isEmpty())
        status.insert(QStringLiteral("containerStatuses"), QJsonArray{container});
    json.insert(QStringLiteral("spec"), spec);
    json.insert(QStringLiteral("status"), status);
    Q_UNUSED(now);
    m_store.update(kPods, job.ns, pod.name, json);
}

void JobRunner::recordEvent(const RunningJob& job, const QString& type, const QString& reason,
                            const QString& message, TimePoint now) {
    const QString name =
        QStringLiteral("%1.%2").arg(job.name).arg(++m_eventCounter + 0x17a0000000ULL, 0, 16);
    const QString at = timeText(now);
    QJsonObject event{
        {QStringLiteral("apiVersion"), QStringLiteral("v1")},
        {QStringLiteral("kind"), QStringLiteral("Event")},
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("namespace"), job.ns}}},
        {QStringLiteral("involvedObject"),
         QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                     {QStringLiteral("kind"), QStringLiteral("Job")},
                     {QStringLiteral("name"), job.name},
                     {QStringLiteral("namespace"), job.ns},
                     {QStringLiteral("uid"), job.uid}}},
        {QStringLiteral("reason"), reason},
        {QStringLiteral("message"), message},
        {QStringLiteral("type"), type},
        {QStringLiteral("count"), 1},
        {QStringLiteral("firstTimestamp"), at},
        {QStringLiteral("lastTimestamp"), at},
        {QStringLiteral("eventTime"), QJsonValue::Null},
        {QStringLiteral("source"),
         QJsonObject{{QStringLiteral("component"), QStringLiteral("job-controller")}}},
        {QStringLiteral("reportingComponent"), QStringLiteral("job-controller")},
        {QStringLiteral("reportingInstance"), QString()},
    };
    if (!m_store.create(QStringLiteral("events"), job.ns, event))
        return;
    m_events.emplace_back(job.ns, name);
    while (static_cast<int>(m_events.size()) > m_options.maxEvents) {
        m_store.remove(QStringLiteral("events"), m_events.front().first, m_events.front().second);
        m_events.pop_front();
    }
}

QString JobRunner::pickNode() {
    const std::vector<ObjectPtr> nodes = m_store.list(QStringLiteral("nodes"), QString());
    if (nodes.empty())
        return QStringLiteral("tessera-node-1");
    return nodes[m_nextNode++ % nodes.size()]->name;
}

void JobRunner::appendLog(const QString& k, const QByteArray& text) {
    auto it = m_logs.find(k);
    if (it == m_logs.end())
        return;
    it->append(text);
    if (it->size() > 256 * 1024)
        it->remove(0, it->size() - 192 * 1024);
    for (auto& [id, f] : m_followers)
        if (f.key == k)
            f.onData(text);
}

void JobRunner::endLog(const QString& k) {
    if (m_logEnded.contains(k))
        m_logEnded[k] = true;
    std::vector<int> ended;
    for (auto& [id, f] : m_followers)
        if (f.key == k)
            ended.push_back(id);
    for (const int id : ended) {
        const auto it = m_followers.find(id);
        if (it == m_followers.end())
            continue;
        LogEnd onEnd = std::move(it->second.onEnd);
        m_followers.erase(it);
        if (onEnd)
            onEnd();
    }
}

std::optional<QByteArray> JobRunner::podLog(const QString& namespace_, const QString& pod) const {
    if (!m_store.get(kPods, namespace_, pod))
        return std::nullopt;
    return m_logs.value(key(namespace_, pod));
}

bool JobRunner::podLogEnded(const QString& namespace_, const QString& pod) const {
    return m_logEnded.value(key(namespace_, pod), true);
}

int JobRunner::followLog(const QString& namespace_, const QString& pod, LogData onData,
                         LogEnd onEnd) {
    const int id = m_nextFollower++;
    m_followers.emplace(id, LogFollower{key(namespace_, pod), std::move(onData), std::move(onEnd)});
    return id;
}

void JobRunner::unfollowLog(int id) {
    m_followers.erase(id);
}

} // namespace tessera::serve
