// ClusterSource: the final states of pods the pods informer does not show (succeeded pods),
// listed from the API when a job is first watched and after running pods left the informer.
#include "ClusterSource.h"
#include "ClusterSourceSupport.h"
#include "History.h"
#include "codec/Decode.h"

#include <QTimer>

namespace tessera::store {

using cluster_source::isActivePhase;
using cluster_source::qs;

namespace {

constexpr int kBackfillPageSize = 500;

struct BackfillState {
    QString key, uid, ns, jobName;
    bool succeededOnly = false;
    std::vector<codec::PodObject> pods;
};

} // namespace

void ClusterSource::scheduleBackfill(const QString& key, Watched& w) {
    if (w.backfillQueued)
        return;
    w.backfillQueued = true;
    // A big job's list is big: the more attempts, the rarer (2 s at 2,000, 12 s at 10,000).
    const auto delay = m_options.backfillDelay * (1 + static_cast<int>(w.attempts.size() / 2000));
    QTimer::singleShot(delay, this, [this, key] {
        auto it = m_watched.find(key);
        if (it == m_watched.end())
            return;
        it->second->backfillQueued = false;
        backfillPods(key, true);
    });
}

void ClusterSource::backfillPods(const QString& key, bool succeededOnly) {
    auto wit = m_watched.find(key);
    auto jit = m_jobs.find(key);
    if (wit == m_watched.end() || jit == m_jobs.end())
        return;
    Watched& w = *wit->second;
    if (w.backfillRunning) {
        scheduleBackfill(key, w); // once more after this one, for what it may miss
        return;
    }
    w.backfillRunning = true;
    auto state = std::make_shared<BackfillState>();
    state->key = key;
    state->uid = w.uid;
    state->ns = qs(jit->job.metadata.namespace_);
    state->jobName = qs(jit->job.metadata.name);
    state->succeededOnly = succeededOnly;
    const kube::Informer::Options selectors = kube::Informer::podsOfJob(*jit);

    // One page at a time (continue tokens), then one merge.
    auto page = std::make_shared<std::function<void(const QString&)>>();
    *page = [this, state, selectors, page](const QString& continueToken) {
        kube::ApiClient::Request req;
        req.path = kube::ApiClient::podsPath(state->ns);
        req.query.addQueryItem(QStringLiteral("labelSelector"), selectors.labelSelector);
        if (state->succeededOnly)
            req.query.addQueryItem(QStringLiteral("fieldSelector"),
                                   QStringLiteral("status.phase=Succeeded"));
        req.query.addQueryItem(QStringLiteral("limit"), QString::number(kBackfillPageSize));
        if (!continueToken.isEmpty())
            req.query.addQueryItem(QStringLiteral("continue"), continueToken);
        m_client->send(req, this, [this, state, page](const kube::ApiResult<kube::ApiResponse>& r) {
            auto it = m_watched.find(state->key);
            const bool current = it != m_watched.end() && it->second->uid == state->uid;
            const auto finish = [&] {
                if (current)
                    it->second->backfillRunning = false;
                *page = nullptr; // break the cycle
            };
            if (!current || !r) {
                if (current && !r)
                    emit actionFailed(state->key,
                                      tr("pods of %1: %2").arg(state->jobName, r.error().message));
                return finish();
            }
            auto list = codec::decodePodList(
                std::string_view(r->body.constData(), static_cast<std::size_t>(r->body.size())));
            if (!list) {
                emit actionFailed(
                    state->key,
                    tr("pods of %1: %2")
                        .arg(state->jobName, QString::fromStdString(list.error().describe())));
                return finish();
            }
            for (codec::PodObject& p : list->items) {
                const bool owned =
                    p.meta.ownerReferences.empty() ||
                    std::any_of(
                        p.meta.ownerReferences.begin(), p.meta.ownerReferences.end(),
                        [&](const codec::OwnerReference& o) { return qs(o.uid) == state->uid; });
                if (owned)
                    state->pods.push_back(std::move(p));
            }
            if (!list->metadata.continueToken.empty()) {
                (*page)(QString::fromStdString(list->metadata.continueToken));
                return;
            }
            Watched& watched = *it->second;
            ++watched.backfills;
            mergeListedPods(state->key, watched, state->pods);
            finish();
        });
    };
    (*page)(QString());
}

void ClusterSource::mergeListedPods(const QString& key, Watched& w,
                                    const std::vector<codec::PodObject>& pods) {
    bool changed = false;
    QSet<QString> listed; // every succeeded pod of the job the API has (both lists have them all)
    for (const codec::PodObject& p : pods) {
        listed.insert(qs(p.pod.metadata.name));
        if (w.livePods.contains(qs(p.pod.metadata.name)))
            continue; // the informer's copy is as new or newer
        IndexAttempt a = attemptOf(p);
        // Active pods are the informer's business; a listed one it has not delivered yet is
        // taken only when nothing is known of it.
        const IndexAttempt* known = w.attempts.find(a.pod);
        if (isActivePhase(a.outcome) && known)
            continue;
        // It exists in the API (its log can still be read), but the informer does not follow it.
        a.live = true;
        if (known && *known == a)
            continue;
        const IndexAttempt& kept = keepAttempt(w, std::move(a));
        changed = true;
        if (m_history)
            m_history->record(clusterKey(), w.uid, qs(m_jobs.value(key).job.metadata.name), kept);
    }
    // Succeeded pods listed before and gone now (a TTL, the pod garbage collector): no longer
    // live, so their log is the History's and the attempts' limit may forget them.
    std::vector<IndexAttempt> gone;
    for (const auto& [pod, a] : w.attempts)
        if (a->live && a->outcome == engine::AttemptOutcome::Succeeded && !listed.contains(pod) &&
            !w.livePods.contains(pod))
            gone.push_back(*a);
    for (IndexAttempt& a : gone) {
        a.live = false;
        keepAttempt(w, std::move(a));
        changed = true;
    }
    if (changed)
        markSnapshotDirty(key);
}

} // namespace tessera::store
