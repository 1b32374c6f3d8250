#include "JobSnapshot.h"

#include "engine/PodIndex.h"

#include <algorithm>

namespace tessera::store {

std::vector<IndexAttempt> JobSnapshot::attemptsOf(int index) const {
    const auto lo = std::lower_bound(attempts.begin(), attempts.end(), index,
                                     [](const IndexAttempt& a, int i) { return a.index < i; });
    std::vector<IndexAttempt> out;
    for (auto it = lo; it != attempts.end() && it->index == index; ++it)
        out.push_back(*it);
    return out;
}

void JobSnapshot::markChangedSince(std::optional<engine::IndexStateMap>& previous) {
    if (!previous) {
        dirtyFirst = 0;
        dirtyLast = states.size() - 1;
    } else if (const auto changed = engine::IndexStateMap::differingRange(*previous, states)) {
        dirtyFirst = changed->first;
        dirtyLast = changed->last;
    }
    previous = states;
}

QString toString(ConnectionState s) {
    switch (s) {
    case ConnectionState::Connecting:
        return QStringLiteral("connecting");
    case ConnectionState::Connected:
        return QStringLiteral("connected");
    case ConnectionState::Retrying:
        return QStringLiteral("retrying");
    case ConnectionState::Unauthorized:
        return QStringLiteral("unauthorized");
    case ConnectionState::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

QString podHostname(const QString& jobName, int index, const QString& subdomain) {
    QString h = QString::fromStdString(engine::podHostname(jobName.toStdString(), index));
    if (!subdomain.isEmpty())
        h += QLatin1Char('.') + subdomain;
    return h;
}

void JobSnapshot::fillFromJob(const engine::Job& job) {
    const auto qs = [](const std::string& text) {
        return QString::fromStdString(text);
    };
    const auto time = [](const std::optional<engine::TimePoint>& t) {
        return t ? QDateTime::fromMSecsSinceEpoch(engine::toUnixMillis(*t), Qt::UTC) : QDateTime();
    };
    jobName = qs(job.metadata.name);
    subdomain = qs(job.spec.podTemplate.subdomain);
    backoffLimit = job.spec.backoffLimit.value_or(6);
    backoffLimitPerIndex = job.spec.backoffLimitPerIndex.value_or(-1);
    maxFailedIndexes = job.spec.maxFailedIndexes.value_or(-1);
    if (job.spec.activeDeadlineSeconds)
        activeDeadlineSeconds = static_cast<int>(*job.spec.activeDeadlineSeconds);
    completedIndexes = qs(job.status.completedIndexes);
    failedIndexes = qs(job.status.failedIndexes.value_or(std::string()));
    for (const auto& c : job.status.conditions)
        conditions.push_back({qs(c.type), QLatin1String(engine::toString(c.status)), qs(c.reason),
                              qs(c.message), time(c.lastProbeTime), time(c.lastTransitionTime)});
}

void registerMetaTypes() {
    qRegisterMetaType<JobSummary>();
    qRegisterMetaType<JobListDiff>();
    qRegisterMetaType<JobSnapshotPtr>();
    qRegisterMetaType<ConnectionState>();
}

void appendProgressSample(std::vector<ProgressSample>& timeline, const ProgressSample& sample,
                          qint64 stepMillis, std::size_t maxSamples) {
    if (!timeline.empty()) {
        ProgressSample& last = timeline.back();
        if (last.succeeded == sample.succeeded && last.failed == sample.failed &&
            last.active == sample.active && last.parallelism == sample.parallelism)
            return;
        const ProgressSample& before = timeline.size() > 1 ? timeline[timeline.size() - 2] : last;
        if (timeline.size() > 1 && before.t.msecsTo(sample.t) < stepMillis &&
            before.parallelism == last.parallelism) {
            last = sample;
            return;
        }
    }
    timeline.push_back(sample);
    if (timeline.size() <= maxSamples)
        return;
    std::vector<ProgressSample> kept;
    const std::size_t half = timeline.size() / 2;
    for (std::size_t i = 0; i < timeline.size(); ++i)
        if (i >= half || i % 2 == 0)
            kept.push_back(timeline[i]);
    timeline = std::move(kept);
}

} // namespace tessera::store

namespace tessera::store {

QString cronJobRowKey(const QString& source, const QString& namespace_, const QString& name) {
    return source + QLatin1Char('/') + namespace_ + QStringLiteral("/cronjob:") + name;
}

} // namespace tessera::store
