#include "CronJobController.h"

#include "ObjectStore.h"
#include "PodObject.h"
#include "codec/Rfc3339.h"
#include "engine/Clock.h"

#include <QDateTime>
#include <QJsonArray>
#include <QLocale>
#include <QTimeZone>
#include <algorithm>

namespace tessera::serve {

using engine::TimePoint;

namespace {

const QString kCronJobs = QStringLiteral("cronjobs");
const QString kJobs = QStringLiteral("jobs");
const QString kMetadata = QStringLiteral("metadata");
const QString kStatus = QStringLiteral("status");
const QString kActive = QStringLiteral("active");
constexpr const char* kScheduledTimestamp = "batch.kubernetes.io/cronjob-scheduled-timestamp";
// Upstream's nextScheduleDelta: wake a little after the scheduled time, never just before it.
constexpr engine::Duration kNextScheduleDelta{100};
// A failed create is retried after this long (upstream: the work queue's rate limiter).
constexpr engine::Duration kRetryAfter{10000};

QString key(const QString& ns, const QString& name) {
    return ns + QLatin1Char('/') + name;
}

QString uidOf(const QJsonObject& object) {
    return object.value(kMetadata).toObject().value(QStringLiteral("uid")).toString();
}

int64_t unixSeconds(TimePoint t) {
    return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}
TimePoint fromUnixSeconds(int64_t s) {
    return engine::fromUnixMillis(s * 1000);
}

std::optional<int64_t> secondsOf(const QJsonValue& rfc3339) {
    if (!rfc3339.isString())
        return std::nullopt;
    const auto t = codec::parseRfc3339(rfc3339.toString().toStdString());
    return t ? std::optional<int64_t>(unixSeconds(*t)) : std::nullopt;
}

// The CronJob that controls `job` (its controller ownerReference of kind CronJob): its name.
QString controllingCronJob(const QJsonObject& job) {
    for (const QJsonValue& v :
         job.value(kMetadata).toObject().value(QStringLiteral("ownerReferences")).toArray()) {
        const QJsonObject ref = v.toObject();
        if (ref.value(QStringLiteral("controller")).toBool() &&
            ref.value(QStringLiteral("kind")).toString() == QLatin1String("CronJob"))
            return ref.value(QStringLiteral("name")).toString();
    }
    return {};
}

bool controlledBy(const QJsonObject& job, const QString& uid) {
    for (const QJsonValue& v :
         job.value(kMetadata).toObject().value(QStringLiteral("ownerReferences")).toArray())
        if (v.toObject().value(QStringLiteral("controller")).toBool() &&
            v.toObject().value(QStringLiteral("uid")).toString() == uid)
            return true;
    return false;
}

// Upstream's FinishedCondition: "Complete" or "Failed" when that condition is True, else "".
QString finishedCondition(const QJsonObject& job) {
    for (const QJsonValue& v :
         job.value(kStatus).toObject().value(QStringLiteral("conditions")).toArray()) {
        const QJsonObject c = v.toObject();
        QString type = c.value(QStringLiteral("type")).toString();
        if ((type == QLatin1String("Complete") || type == QLatin1String("Failed")) &&
            c.value(QStringLiteral("status")).toString() == QLatin1String("True"))
            return type;
    }
    return {};
}

// Go's RFC1123Z, in UTC, as upstream's MissSchedule event prints the time.
QString rfc1123z(int64_t seconds) {
    return QLocale::c().toString(QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC),
                                 QStringLiteral("ddd, dd MMM yyyy HH:mm:ss '+0000'"));
}

// RFC 3339 in the CronJob's zone (UTC without one), as the scheduled-timestamp annotation shows.
QString scheduledTimestamp(int64_t seconds, const QJsonObject& spec) {
    const QDateTime utc = QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC);
    const QString zone = spec.value(QStringLiteral("timeZone")).toString();
    const QTimeZone tz(zone.toUtf8());
    if (zone.isEmpty() || !tz.isValid() || tz.offsetFromUtc(utc) == 0)
        return utc.toString(Qt::ISODate);
    return utc.toTimeZone(tz).toOffsetFromUtc(tz.offsetFromUtc(utc)).toString(Qt::ISODate);
}

// A reference in status.active to `job`.
QJsonObject referenceTo(const ObjectPtr& job) {
    return QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                       {QStringLiteral("kind"), QStringLiteral("Job")},
                       {QStringLiteral("name"), job->name},
                       {QStringLiteral("namespace"), job->namespace_},
                       {QStringLiteral("resourceVersion"), QString::number(job->resourceVersion)},
                       {QStringLiteral("uid"), uidOf(job->json)}};
}

// The Job for `scheduled` from the CronJob's jobTemplate: upstream's getJobFromTemplate2.
QJsonObject jobFor(const ObjectPtr& cronJob, int64_t scheduled) {
    const QJsonObject spec = cronJob->json.value(QStringLiteral("spec")).toObject();
    const QJsonObject jobTemplate = spec.value(QStringLiteral("jobTemplate")).toObject();
    const QJsonObject templateMeta = jobTemplate.value(kMetadata).toObject();
    QJsonObject annotations = templateMeta.value(QStringLiteral("annotations")).toObject();
    annotations.insert(QLatin1String(kScheduledTimestamp), scheduledTimestamp(scheduled, spec));
    QJsonObject meta{
        {QStringLiteral("name"), QStringLiteral("%1-%2").arg(cronJob->name).arg(scheduled / 60)},
        {QStringLiteral("namespace"), cronJob->namespace_},
        {QStringLiteral("annotations"), annotations},
        {QStringLiteral("ownerReferences"),
         QJsonArray{QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                                {QStringLiteral("kind"), QStringLiteral("CronJob")},
                                {QStringLiteral("name"), cronJob->name},
                                {QStringLiteral("uid"), uidOf(cronJob->json)},
                                {QStringLiteral("controller"), true},
                                {QStringLiteral("blockOwnerDeletion"), true}}}},
    };
    if (templateMeta.contains(QStringLiteral("labels")))
        meta.insert(QStringLiteral("labels"), templateMeta.value(QStringLiteral("labels")));
    return QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                       {QStringLiteral("kind"), QStringLiteral("Job")},
                       {kMetadata, meta},
                       {QStringLiteral("spec"), jobTemplate.value(QStringLiteral("spec"))}};
}

} // namespace

CronJobController::CronJobController(ObjectStore& store, JobActions actions,
                                     const ServeOptions& options, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_actions(std::move(actions))
    , m_options(options)
    , m_events(store, options.maxEvents, 0x27a0000000ULL)
    , m_realStart(engine::SystemClock().now())
    , m_virtualStart(m_realStart + options.cronClockOffset) {
    m_batch.setSingleShot(true);
    m_batch.setInterval(0);
    connect(&m_batch, &QTimer::timeout, this, &CronJobController::syncQueued);
}

CronJobController::~CronJobController() {
    if (m_listener)
        m_store.removeListener(m_listener);
}

TimePoint CronJobController::now() const {
    return onOurClock(engine::SystemClock().now());
}

TimePoint CronJobController::onOurClock(TimePoint wall) const {
    const auto elapsed = wall - m_realStart;
    return m_virtualStart + engine::Duration(static_cast<int64_t>(
                                static_cast<double>(elapsed.count()) * m_options.cronClockRate));
}

void CronJobController::start() {
    m_listener = m_store.addListener([this](const Change& c) { onChange(c); });
    for (const ObjectPtr& cronJob : m_store.list(kCronJobs, QString()))
        enqueue(key(cronJob->namespace_, cronJob->name));
}

void CronJobController::onChange(const Change& change) {
    const StoredObject& object = *change.object;
    if (object.resource == kCronJobs) {
        const QString k = key(object.namespace_, object.name);
        if (change.type == ChangeType::Deleted) {
            m_timers.erase(k);
            m_queued.remove(k);
            return;
        }
        enqueue(k);
    } else if (object.resource == kJobs) {
        if (change.type == ChangeType::Deleted)
            m_unexpectedReported.remove(uidOf(object.json));
        const QString owner = controllingCronJob(object.json);
        if (!owner.isEmpty())
            enqueue(key(object.namespace_, owner));
    }
}

void CronJobController::enqueue(const QString& k) {
    // Synced after the change that asked for it has reached every listener (the store is not
    // re-entered from inside its own publication), and once per burst of changes.
    m_queued.insert(k);
    m_batch.start();
}

void CronJobController::syncQueued() {
    const QSet<QString> queued = std::exchange(m_queued, {});
    for (const QString& k : queued)
        rearm(k, sync(k));
}

void CronJobController::rearm(const QString& k, std::optional<TimePoint> at) {
    if (!at || !m_store.get(kCronJobs, k.section(QLatin1Char('/'), 0, 0),
                            k.section(QLatin1Char('/'), 1))) {
        m_timers.erase(k);
        return;
    }
    auto& timer = m_timers[k];
    if (!timer) {
        timer = std::make_unique<QTimer>();
        timer->setSingleShot(true);
        connect(timer.get(), &QTimer::timeout, this, [this, k] { rearm(k, sync(k)); });
    }
    // Virtual time to wall time: the clock may run faster than the wall clock.
    const double wait = static_cast<double>((*at - now()).count()) / m_options.cronClockRate;
    timer->start(static_cast<int>(std::clamp(wait, 0.0, 24.0 * 3600 * 1000)));
}

// One sync's view of a CronJob: the stored object and the status being computed.
struct CronJobController::Sync {
    ObjectPtr cronJob;
    QString ns, name, uid;
    QJsonObject spec, status;
    QJsonArray active;               // status.active as it will be written
    std::vector<ObjectPtr> children; // the Jobs it controls
    TimePoint now;

    qsizetype activeIndex(const QString& jobUid, const QString& jobName = QString()) const {
        for (qsizetype i = 0; i < active.size(); ++i) {
            const QJsonObject ref = active[i].toObject();
            if (ref.value(QStringLiteral("uid")).toString() == jobUid ||
                (jobUid.isEmpty() && ref.value(QStringLiteral("name")).toString() == jobName))
                return i;
        }
        return -1;
    }
};

void CronJobController::record(const Sync& s, const char* type, const char* reason,
                               const QString& message) {
    m_events.record(
        InvolvedObject{QStringLiteral("batch/v1"), QStringLiteral("CronJob"), s.ns, s.name, s.uid},
        QStringLiteral("cronjob-controller"), QLatin1String(type), QLatin1String(reason), message,
        engine::SystemClock().now());
}

std::optional<TimePoint> CronJobController::sync(const QString& k) {
    Sync s;
    s.ns = k.section(QLatin1Char('/'), 0, 0);
    s.name = k.section(QLatin1Char('/'), 1);
    s.cronJob = m_store.get(kCronJobs, s.ns, s.name);
    if (!s.cronJob)
        return std::nullopt;
    s.now = now();
    s.uid = uidOf(s.cronJob->json);
    s.spec = s.cronJob->json.value(QStringLiteral("spec")).toObject();
    const QJsonObject oldStatus = s.cronJob->json.value(kStatus).toObject();
    s.status = oldStatus;
    s.active = s.status.value(kActive).toArray();
    for (const ObjectPtr& job : m_store.list(kJobs, s.ns))
        if (controlledBy(job->json, s.uid))
            s.children.push_back(job);

    observeJobs(s);
    const std::optional<TimePoint> requeue = startDueJob(s);
    pruneHistory(s);

    if (s.active.isEmpty())
        s.status.remove(kActive);
    else
        s.status.insert(kActive, s.active);
    if (s.status != oldStatus) {
        QJsonObject json = s.cronJob->json;
        json.insert(kStatus, s.status);
        m_store.update(kCronJobs, s.ns, s.name, json);
    }
    return requeue;
}

void CronJobController::observeJobs(Sync& s) {
    // Finished Jobs leave status.active; a successful one may move lastSuccessfulTime.
    QSet<QString> childUids;
    for (const ObjectPtr& job : s.children) {
        const QString jobUid = uidOf(job->json);
        childUids.insert(jobUid);
        const QString condition = finishedCondition(job->json);
        const qsizetype at = s.activeIndex(jobUid);
        if (at < 0 && condition.isEmpty() && !m_unexpectedReported.contains(jobUid)) {
            m_unexpectedReported.insert(jobUid);
            record(s, "Warning", "UnexpectedJob",
                   QStringLiteral("Saw a job that the controller did not create or forgot: %1")
                       .arg(job->name));
        } else if (at >= 0 && !condition.isEmpty()) {
            s.active.removeAt(at);
            record(
                s, "Normal", "SawCompletedJob",
                QStringLiteral("Saw completed job: %1, condition: %2").arg(job->name, condition));
        }
        if (condition == QLatin1String("Complete")) {
            const QJsonValue completed =
                job->json.value(kStatus).toObject().value(QStringLiteral("completionTime"));
            const auto last = secondsOf(s.status.value(QStringLiteral("lastSuccessfulTime")));
            const auto done = secondsOf(completed);
            if (done && (!last || *done > *last))
                s.status.insert(QStringLiteral("lastSuccessfulTime"), completed);
        }
    }
    // Active Jobs that are gone (deleted from outside).
    for (qsizetype i = s.active.size() - 1; i >= 0; --i) {
        const QJsonObject ref = s.active[i].toObject();
        if (childUids.contains(ref.value(QStringLiteral("uid")).toString()) ||
            m_store.get(kJobs, s.ns, ref.value(QStringLiteral("name")).toString()))
            continue;
        record(s, "Normal", "MissingJob",
               QStringLiteral("Active job went missing: %1")
                   .arg(ref.value(QStringLiteral("name")).toString()));
        s.active.removeAt(i);
    }
}

std::optional<TimePoint> CronJobController::startDueJob(Sync& s) {
    const QJsonObject meta = s.cronJob->json.value(kMetadata).toObject();
    if (meta.contains(QStringLiteral("deletionTimestamp")) ||
        s.spec.value(QStringLiteral("suspend")).toBool())
        return std::nullopt; // woken again by the change that resumes it
    const auto schedule = cronJobSchedule(s.spec);
    if (!schedule) {
        record(s, "Warning",
               schedule.error().startsWith(QLatin1String("invalid timeZone"))
                   ? "UnknownTimeZone"
                   : "UnparseableSchedule",
               schedule.error());
        return std::nullopt;
    }
    const int64_t nowSeconds = unixSeconds(s.now);
    const NextActivation next = [&](int64_t after) {
        return schedule->next(after);
    };
    const auto createdAt = codec::parseRfc3339(
        meta.value(QStringLiteral("creationTimestamp")).toString().toStdString());
    const int64_t created = createdAt ? unixSeconds(onOurClock(*createdAt)) : nowSeconds;
    const auto lastScheduled = secondsOf(s.status.value(QStringLiteral("lastScheduleTime")));
    const QJsonValue deadlineValue = s.spec.value(QStringLiteral("startingDeadlineSeconds"));
    const std::optional<int64_t> deadline =
        deadlineValue.isDouble() ? std::optional<int64_t>(deadlineValue.toInteger()) : std::nullopt;
    // When to look again: the activation after the most recent one (upstream's
    // nextScheduleTimeDuration, which leaves the deadline out).
    const auto nextWake = [&]() -> std::optional<TimePoint> {
        const ScheduleLookup l =
            mostRecentScheduleTime(next, created, lastScheduled, std::nullopt, nowSeconds);
        const auto after = next(l.mostRecent.value_or(l.earliest));
        if (!after)
            return std::nullopt;
        return fromUnixSeconds(*after) + kNextScheduleDelta;
    };
    const ScheduleLookup due =
        mostRecentScheduleTime(next, created, lastScheduled, deadline, nowSeconds);
    if (!due.error.empty()) {
        record(s, "Warning", "InvalidSchedule",
               QStringLiteral("invalid schedule: %1 : %2")
                   .arg(s.spec.value(QStringLiteral("schedule")).toString(),
                        QString::fromStdString(due.error)));
        return std::nullopt;
    }
    if (!due.mostRecent)
        return nextWake();
    const int64_t scheduled = *due.mostRecent;
    if (due.tooManyMissed())
        record(s, "Warning", "TooManyMissedTimes",
               QStringLiteral("too many missed start times: %1. Set or decrease "
                              ".spec.startingDeadlineSeconds or check clock skew")
                   .arg(due.missed));
    const QString jobName = QStringLiteral("%1-%2").arg(s.name).arg(scheduled / 60);
    const QString policy = s.spec.value(QStringLiteral("concurrencyPolicy")).toString();
    if (deadline && scheduled + *deadline < nowSeconds) {
        record(s, "Warning", "MissSchedule",
               QStringLiteral("Missed scheduled time to start a job: %1").arg(rfc1123z(scheduled)));
        return nextWake();
    }
    if (s.activeIndex(QString(), jobName) >= 0 || lastScheduled == scheduled)
        return nextWake(); // already started for this time
    if (policy == QLatin1String("Forbid") && !s.active.isEmpty()) {
        record(s, "Normal", "JobAlreadyActive",
               QStringLiteral("Not starting job because prior execution is running and "
                              "concurrency policy is Forbid"));
        return nextWake();
    }
    if (policy == QLatin1String("Replace")) {
        for (const QJsonValue& v : std::exchange(s.active, {})) {
            const QString old = v.toObject().value(QStringLiteral("name")).toString();
            if (m_actions.remove(s.ns, old))
                record(s, "Normal", "SuccessfulDelete", QStringLiteral("Deleted job %1").arg(old));
        }
    }
    auto made = m_actions.create(s.ns, jobFor(s.cronJob, scheduled));
    ObjectPtr job = made ? *made : nullptr;
    if (!made && made.error().reason == QLatin1String("AlreadyExists")) {
        // Made before (a restart between create and status): adopted if it is ours.
        job = m_store.get(kJobs, s.ns, jobName);
        if (!job || !controlledBy(job->json, s.uid))
            return nextWake();
    } else if (!made) {
        record(s, "Warning", "FailedCreate",
               QStringLiteral("Error creating job: %1").arg(made.error().message));
        return s.now + kRetryAfter;
    } else {
        record(s, "Normal", "SuccessfulCreate", QStringLiteral("Created job %1").arg(job->name));
    }
    if (s.activeIndex(uidOf(job->json)) < 0)
        s.active.append(referenceTo(job));
    s.status.insert(QStringLiteral("lastScheduleTime"), timeText(fromUnixSeconds(scheduled)));
    return nextWake();
}

void CronJobController::pruneHistory(Sync& s) {
    // Finished Jobs past the limits go, oldest start first (upstream's cleanupFinishedJobs).
    for (const bool succeeded : {true, false}) {
        const QJsonValue limit =
            s.spec.value(succeeded ? QStringLiteral("successfulJobsHistoryLimit")
                                   : QStringLiteral("failedJobsHistoryLimit"));
        if (!limit.isDouble())
            continue;
        std::vector<ObjectPtr> finished;
        for (const ObjectPtr& job : s.children)
            if (finishedCondition(job->json) ==
                (succeeded ? QLatin1String("Complete") : QLatin1String("Failed")))
                finished.push_back(job);
        const auto excess = static_cast<qsizetype>(finished.size()) - limit.toInteger();
        if (excess <= 0)
            continue;
        // Upstream's byJobStartTime: Jobs without a start time last, then by name.
        std::sort(finished.begin(), finished.end(), [](const ObjectPtr& a, const ObjectPtr& b) {
            const auto sa =
                secondsOf(a->json.value(kStatus).toObject().value(QStringLiteral("startTime")));
            const auto sb =
                secondsOf(b->json.value(kStatus).toObject().value(QStringLiteral("startTime")));
            if (sa.has_value() != sb.has_value())
                return sa.has_value();
            return sa == sb ? a->name < b->name : *sa < *sb;
        });
        for (qsizetype i = 0; i < excess; ++i) {
            const ObjectPtr& job = finished[static_cast<std::size_t>(i)];
            if (!m_actions.remove(s.ns, job->name))
                continue;
            record(s, "Normal", "SuccessfulDelete",
                   QStringLiteral("Deleted job %1").arg(job->name));
            if (const qsizetype at = s.activeIndex(uidOf(job->json)); at >= 0)
                s.active.removeAt(at);
        }
    }
}

} // namespace tessera::serve
