#pragma once
// The TTL-after-finished controller of `tessera serve`, as kube-controller-manager's
// (pkg/controller/ttlafterfinished): a Job with `spec.ttlSecondsAfterFinished` is deleted that
// many seconds after it finished (the lastTransitionTime of its Complete or Failed condition),
// with Foreground propagation (its pods go first) and its uid as a precondition, as upstream's
// does. A change of the TTL, or of the Job, is honoured; a Job already being deleted is left
// alone. Driven by the store's changes and one timer set to the next expiry: nothing polls.
#include "ServeTypes.h"
#include "engine/Time.h"

#include <QHash>
#include <QObject>
#include <QTimer>
#include <optional>
#include <set>
#include <utility>

namespace tessera::serve {

class ObjectStore;

class TtlAfterFinishedController : public QObject {
    Q_OBJECT
public:
    explicit TtlAfterFinishedController(ObjectStore& store, QObject* parent = nullptr);
    ~TtlAfterFinishedController() override;

    // Tracks the Jobs already stored and follows the store from now on.
    void start();

    // When `job` is to be deleted: nullopt when it has no TTL, has not finished (or its finish
    // time is unknown) or is already being deleted.
    static std::optional<engine::TimePoint> expiryOf(const QJsonObject& job);

private:
    void track(const StoredObject& job);
    void untrack(const QString& key);
    void arm();
    void expire();

    ObjectStore& m_store;
    int m_listener = 0;
    QTimer m_timer;
    QHash<QString, engine::TimePoint> m_expiry;            // "ns/name" -> when
    std::set<std::pair<engine::TimePoint, QString>> m_due; // the same, soonest first
};

} // namespace tessera::serve
