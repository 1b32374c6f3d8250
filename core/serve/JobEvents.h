#pragma once
// The Events `tessera serve` records (the job controller's SuccessfulCreate, Completed, ...; the
// kubelet's FailedMount for a --local pod), as core/v1 Event objects in the store. The oldest
// are removed past ServeOptions::maxEvents.
#include "engine/Time.h"

#include <QString>
#include <deque>
#include <utility>

namespace tessera::serve {

class ObjectStore;

struct InvolvedObject {
    QString apiVersion; // "batch/v1", "v1"
    QString kind;       // "Job", "Pod"
    QString namespace_;
    QString name;
    QString uid;
};

class JobEvents {
public:
    // nameBase: where the hexadecimal suffix of event names starts (one per recorder, so two
    // recorders never pick the same name for the same object).
    JobEvents(ObjectStore& store, int maxEvents, quint64 nameBase = 0x17a0000000ULL)
        : m_store(store)
        , m_maxEvents(maxEvents)
        , m_nameBase(nameBase) {}

    // component: "job-controller", "kubelet".
    void record(const InvolvedObject& about, const QString& component, const QString& type,
                const QString& reason, const QString& message, engine::TimePoint now);
    quint64 recorded() const { return m_counter; }

private:
    ObjectStore& m_store;
    int m_maxEvents;
    std::deque<std::pair<QString, QString>> m_events; // (namespace, name), oldest first
    quint64 m_counter = 0;
    quint64 m_nameBase;
};

} // namespace tessera::serve
