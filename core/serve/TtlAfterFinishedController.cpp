#include "TtlAfterFinishedController.h"

#include "Deletion.h"
#include "ObjectStore.h"
#include "codec/Rfc3339.h"
#include "engine/Clock.h"

#include <QJsonArray>
#include <algorithm>

namespace tessera::serve {

namespace {

const QString kJobs = QStringLiteral("jobs");

// QTimer takes an int of milliseconds: a far expiry is re-armed when this much has passed.
constexpr engine::Duration kLongestWait = std::chrono::hours(24);

QString keyOf(const QString& namespace_, const QString& name) {
    return namespace_ + QLatin1Char('/') + name;
}

} // namespace

TtlAfterFinishedController::TtlAfterFinishedController(ObjectStore& store, QObject* parent)
    : QObject(parent)
    , m_store(store)
    , m_timer(this) {
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &TtlAfterFinishedController::expire);
}

TtlAfterFinishedController::~TtlAfterFinishedController() {
    if (m_listener)
        m_store.removeListener(m_listener);
}

void TtlAfterFinishedController::start() {
    m_listener = m_store.addListener([this](const Change& change) {
        if (change.object->resource != kJobs)
            return;
        if (change.type == ChangeType::Deleted)
            untrack(keyOf(change.object->namespace_, change.object->name));
        else
            track(*change.object);
        arm();
    });
    for (const ObjectPtr& job : m_store.list(kJobs, QString()))
        track(*job);
    arm();
}

std::optional<engine::TimePoint> TtlAfterFinishedController::expiryOf(const QJsonObject& job) {
    const QJsonValue ttl = job.value(QStringLiteral("spec"))
                               .toObject()
                               .value(QStringLiteral("ttlSecondsAfterFinished"));
    if (!ttl.isDouble() || isBeingDeleted(job))
        return std::nullopt;
    const QJsonArray conditions = job.value(QStringLiteral("status"))
                                      .toObject()
                                      .value(QStringLiteral("conditions"))
                                      .toArray();
    for (const QJsonValue& value : conditions) {
        const QJsonObject c = value.toObject();
        const QString type = c.value(QStringLiteral("type")).toString();
        if ((type != QLatin1String("Complete") && type != QLatin1String("Failed")) ||
            c.value(QStringLiteral("status")).toString() != QLatin1String("True"))
            continue;
        const auto finishedAt = codec::parseRfc3339(
            c.value(QStringLiteral("lastTransitionTime")).toString().toStdString());
        if (!finishedAt)
            return std::nullopt;
        return *finishedAt + std::chrono::seconds(ttl.toInteger());
    }
    return std::nullopt;
}

void TtlAfterFinishedController::track(const StoredObject& job) {
    const QString key = keyOf(job.namespace_, job.name);
    const auto expiry = expiryOf(job.json);
    const auto known = m_expiry.constFind(key);
    if (known != m_expiry.constEnd() && expiry && *known == *expiry)
        return;
    untrack(key);
    if (!expiry)
        return;
    m_expiry.insert(key, *expiry);
    m_due.emplace(*expiry, key);
}

void TtlAfterFinishedController::untrack(const QString& key) {
    const auto it = m_expiry.find(key);
    if (it == m_expiry.end())
        return;
    m_due.erase({*it, key});
    m_expiry.erase(it);
}

void TtlAfterFinishedController::arm() {
    if (m_due.empty()) {
        m_timer.stop();
        return;
    }
    const engine::Duration wait = std::clamp(m_due.begin()->first - engine::SystemClock().now(),
                                             engine::Duration::zero(), kLongestWait);
    m_timer.start(std::chrono::duration_cast<std::chrono::milliseconds>(wait));
}

void TtlAfterFinishedController::expire() {
    const engine::TimePoint now = engine::SystemClock().now();
    std::vector<QString> due;
    for (auto it = m_due.begin(); it != m_due.end() && it->first <= now; ++it)
        due.push_back(it->second);
    for (const QString& key : due) {
        untrack(key);
        const ObjectPtr job = m_store.get(kJobs, key.section(QLatin1Char('/'), 0, 0),
                                          key.section(QLatin1Char('/'), 1));
        // The stored Job decides (its TTL may have changed since it was tracked).
        if (!job)
            continue;
        const auto expiry = expiryOf(job->json);
        if (!expiry)
            continue;
        if (*expiry > now) {
            track(*job);
            continue;
        }
        auto deleted = deleteStoredObject(m_store, job, Propagation::Foreground);
        if (!deleted)
            qWarning("tessera serve: ttl-after-finished: deleting job %s failed: %s",
                     qUtf8Printable(key), qUtf8Printable(deleted.error().message));
    }
    arm();
}

} // namespace tessera::serve
