#include "JobRunner.h"

#include "Deletion.h"
#include "JobEvents.h"
#include "JobRunnerParts.h"
#include "LocalPods.h"
#include "Metrics.h"
#include "ObjectStore.h"
#include "PodObject.h"
#include "SimSettings.h"
#include "codec/Decode.h"
#include "codec/Encode.h"
#include "codec/JsonWriter.h"
#include "engine/Clock.h"
#include "engine/Defaults.h"
#include "engine/JobController.h"
#include "engine/PodClassification.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

namespace tessera::serve {

using engine::TimePoint;
using namespace runner;

JobRunner::JobRunner(ObjectStore& store, Metrics& metrics, const ServeOptions& options,
                     QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_metrics(metrics)
    , m_options(options)
    , m_timer(this)
    , m_events(store, options.maxEvents)
    , m_random(options.seed) {
    connect(&m_timer, &QTimer::timeout, this, &JobRunner::tick);
    if (m_options.localProcesses)
        m_local = std::make_unique<LocalPods>(
            m_store, m_logs,
            [this](const QString& jobKey, const QString& pod, const local::ExitOutcome& outcome) {
                processEnded(jobKey, pod, outcome);
            });
    if (m_local)
        m_local->setOnProgress([this](const QString& jobKey, const QString& pod,
                                      const std::vector<ContainerRun>& init,
                                      bool started) { podProgressed(jobKey, pod, init, started); });
}

JobRunner::~JobRunner() {
    if (m_listener)
        m_store.removeListener(m_listener);
    m_local.reset(); // kills the pods' processes before the jobs they report to go
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
        if (change.type == ChangeType::Deleted || isBeingDeleted(object.json)) {
            // Dropped by the next tick (we may be inside this job's sync). A Job being deleted gets
            // no new pods, as upstream's; the garbage collector deletes or orphans those it has.
            job.removed = true;
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
        // Its Job's, or (orphaned, or its Job being deleted) a Job's no longer controlled.
        if (RunningJob* found = findJob(key(object.namespace_, owner), object.name)) {
            RunningJob& job = *found;
            const auto pod = job.pods.find(object.name);
            const TimePoint now = engine::SystemClock().now();
            if (pod->second.processRunning) {
                // As the kubelet does for a deleted pod: SIGTERM, SIGKILL after the grace
                // period; the controller learns how the process ended (143 for SIGTERM), which
                // a podFailurePolicy rule may act on.
                m_local->terminate(job.ns, object.name, now + gracePeriodOf(job.podTemplate));
            } else if (!job.orphaned && !job.removed) {
                job.pods.erase(pod);
                job.controller->podDeleted(object.name.toStdString(), now);
                job.dirty = true;
            }
        }
        if (m_local)
            m_local->forget(object.namespace_, object.name);
        m_logs.remove(key(object.namespace_, object.name));
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
    running->sim = SimSettings::of(stored->json.value(QStringLiteral("metadata"))
                                       .toObject()
                                       .value(QStringLiteral("annotations"))
                                       .toObject(),
                                   m_options);
    running->controller =
        std::make_unique<engine::JobController>(std::move(job), *running, running->sim.sync);
    m_jobs[key(running->ns, running->name)] = std::move(running);
}

void JobRunner::tick() {
    if (m_inTick)
        return;
    m_inTick = true;
    const TimePoint now = engine::SystemClock().now();
    if (m_local)
        m_local->tick(now);
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        if (it->second->removed) {
            // Pods still stored after their Job went were orphaned (the API server removed their
            // ownerReference): they keep running to their end, as kubelet would keep them.
            std::unique_ptr<RunningJob> job = std::move(it->second);
            it = m_jobs.erase(it);
            for (auto pod = job->pods.begin(); pod != job->pods.end();) {
                if (pod->second.state.stage == SimPod::Stage::Finished ||
                    !m_store.get(kPods, job->ns, pod->first)) {
                    m_logs.end(key(job->ns, pod->first));
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
        Stage& stage = pod.state.stage;
        bool changed = false;
        if (stage == Stage::Created && now >= pod.scheduleAt) {
            stage = Stage::Scheduled;
            pod.state.node = pickNode();
            if (!job.orphaned)
                job.controller->podScheduled(name.toStdString(), pod.state.node.toStdString(), now);
            changed = true;
        }
        if (stage == Stage::Scheduled && now >= pod.startAt) {
            if (pod.local) {
                startProcess(job, pod, now);
            } else {
                stage = Stage::Running;
                pod.state.startedAt = now;
                pod.nextLogAt = now + std::chrono::seconds(1);
                m_logs.append(logKey,
                              QStringLiteral("%1 tessera-sim: pod %2 (index %3) started on %4\n")
                                  .arg(timeText(now), name)
                                  .arg(pod.index)
                                  .arg(pod.state.node)
                                  .toUtf8());
            }
            if (stage == Stage::Running && !job.orphaned)
                job.controller->podStarted(name.toStdString(), now);
            changed = stage == Stage::Running; // a pod left waiting wrote its own status
        }
        if (!pod.local && stage == Stage::Running && now >= pod.nextLogAt && now < pod.finishAt) {
            ++pod.logStep;
            pod.nextLogAt += std::chrono::seconds(1);
            const auto total = std::max<int64_t>(1, (pod.finishAt - pod.startAt).count());
            const auto done = (now - pod.startAt).count();
            m_logs.append(logKey, QStringLiteral("%1 step %2: %3% done\n")
                                      .arg(timeText(now))
                                      .arg(pod.logStep)
                                      .arg(done * 100 / total)
                                      .toUtf8());
        }
        if (stage == Stage::Running && now >= pod.finishAt) {
            stage = Stage::Finished;
            pod.state.finishedAt = now;
            if (!pod.local)
                pod.state.exitCode = pod.failed ? job.sim.exitCode : 0;
            const int exitCode = pod.state.exitCode;
            if (!job.orphaned)
                job.controller->podFinished(name.toStdString(), exitCode, pod.state.signal,
                                            exitCode != 0 ? "Error" : "Completed", "", now);
            if (!pod.local)
                m_logs.append(
                    logKey, pod.failed ? QStringLiteral("%1 error: index %2 failed, exit code %3\n")
                                             .arg(timeText(now))
                                             .arg(pod.index)
                                             .arg(exitCode)
                                             .toUtf8()
                                       : QStringLiteral("%1 index %2 done\n")
                                             .arg(timeText(now))
                                             .arg(pod.index)
                                             .toUtf8());
            m_logs.end(logKey);
            changed = true;
        }
        if (stage == Stage::Deleting && now >= pod.goneAt) {
            gone.push_back(name);
            continue;
        }
        if (changed) {
            writePod(job, pod);
            job.dirty = true;
        }
    }
    if (job.orphaned) {
        // No controller: a finished orphan is left in the store as it ended; one deleted from
        // outside is forgotten.
        for (auto& [name, pod] : job.pods)
            if (pod.state.stage == Stage::Finished || !m_store.get(kPods, job.ns, name))
                gone.push_back(name);
        for (const QString& name : gone) {
            const auto pod = job.pods.find(name);
            if (pod == job.pods.end())
                continue;
            const bool deleting = pod->second.state.stage == Stage::Deleting;
            job.pods.erase(pod);
            m_logs.end(key(job.ns, name));
            if (deleting)
                m_store.remove(kPods, job.ns, name);
        }
        return;
    }
    for (const QString& name : gone) {
        job.pods.erase(name); // before the store delete, so onChange does not report it again
        job.controller->podDeleted(name.toStdString(), now);
        m_logs.end(key(job.ns, name));
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
        m_events.record(InvolvedObject{QStringLiteral("batch/v1"), QStringLiteral("Job"), job.ns,
                                       job.name, job.uid},
                        QStringLiteral("job-controller"), QString::fromStdString(e.type),
                        QString::fromStdString(e.reason), QString::fromStdString(e.message), now);
    // Pods the controller has let go of (finalizer removed): drop the finalizer in the store.
    std::vector<QString> released;
    for (const auto& [name, pod] : job.pods)
        if (pod.state.stage == SimPod::Stage::Finished &&
            !job.controller->findPod(name.toStdString()))
            released.push_back(name);
    for (const QString& name : released) {
        job.pods.erase(name);
        if (ObjectPtr stored = m_store.get(kPods, job.ns, name)) {
            QJsonObject json = stored->json;
            QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
            if (dropTrackingFinalizer(meta)) {
                json.insert(QStringLiteral("metadata"), meta);
                m_store.update(kPods, job.ns, name, json);
            }
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
    sim.state.scheduledAt = sim.scheduleAt;
    sim.startAt = sim.scheduleAt + m_options.startLatency + engine::Duration(spread(m_random));
    std::uniform_real_distribution<double> jitter(0.75, 1.25);
    sim.finishAt =
        sim.startAt + engine::Duration(static_cast<int64_t>(
                          static_cast<double>(job.sim.duration.count()) * jitter(m_random)));
    std::uniform_real_distribution<double> coin(0, 1);
    sim.failed = job.sim.failIndexes.contains(sim.index) || coin(m_random) < job.sim.failRate;
    if (m_local) {
        // The real thing decides how long it runs and how it ends.
        sim.local = true;
        sim.failed = false;
        sim.finishAt = TimePoint::max();
    }
    sim.state.podIp = QStringLiteral("10.244.%1.%2")
                          .arg((m_events.recorded() / 250) % 250 + 1)
                          .arg(static_cast<int>(m_random() % 250) + 2);
    if (!m_store.create(kPods, job.ns,
                        newPodObject(job.podTemplate, job.ns, job.name, job.uid, pod)))
        return false;
    m_logs.open(key(job.ns, name));
    job.pods.emplace(name, std::move(sim));
    return true;
}

void JobRunner::deletePod(RunningJob& job, const engine::Pod& pod) {
    const QString name = QString::fromStdString(pod.metadata.name);
    const auto it = job.pods.find(name);
    if (it == job.pods.end())
        return;
    const TimePoint now = engine::SystemClock().now();
    SimPod& sim = it->second;
    sim.state.stage = SimPod::Stage::Deleting;
    sim.goneAt = now + std::chrono::seconds(1);
    if (sim.processRunning) {
        // Gone once its process has ended (processEnded): SIGTERM now, SIGKILL after the grace.
        m_local->terminate(job.ns, name, now + gracePeriodOf(job.podTemplate));
        sim.goneAt = TimePoint::max();
    }
    if (ObjectPtr stored = m_store.get(kPods, job.ns, name)) {
        QJsonObject json = stored->json;
        QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
        // A controller's own deletion (scale-down, suspend, duplicate index) patches the
        // job-tracking finalizer away before the DELETE (upstream's deleteJobPods), so watchers
        // never see the pod tracked while it goes and status.failed never counts it.
        if (!pod.hasTrackingFinalizer && dropTrackingFinalizer(meta)) {
            json.insert(QStringLiteral("metadata"), meta);
            m_store.update(kPods, job.ns, name, json);
        }
        meta.insert(QStringLiteral("deletionTimestamp"), timeText(now));
        const auto grace =
            sim.processRunning ? gracePeriodOf(job.podTemplate) : std::chrono::seconds(1);
        meta.insert(
            QStringLiteral("deletionGracePeriodSeconds"),
            static_cast<int>(std::chrono::duration_cast<std::chrono::seconds>(grace).count()));
        json.insert(QStringLiteral("metadata"), meta);
        m_store.update(kPods, job.ns, name, json);
    }
}

void JobRunner::writePod(RunningJob& job, const SimPod& pod) {
    if (ObjectPtr stored = m_store.get(kPods, job.ns, pod.name))
        m_store.update(kPods, job.ns, pod.name, podWithStatus(stored->json, pod.name, pod.state));
}

QString JobRunner::pickNode() {
    const std::vector<ObjectPtr> nodes = m_store.list(QStringLiteral("nodes"), QString());
    if (nodes.empty())
        return QStringLiteral("tessera-node-1");
    return nodes[m_nextNode++ % nodes.size()]->name;
}

} // namespace tessera::serve
