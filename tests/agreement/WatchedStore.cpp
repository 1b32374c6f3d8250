#include "WatchedStore.h"

#include <QTest>
#include <gtest/gtest.h>

namespace tessera::agreement {

WatchedStore::WatchedStore(std::unique_ptr<store::StoreThread> thread, QString key)
    : m_thread(std::move(thread))
    , m_key(std::move(key)) {
    connect(store(), &store::JobStore::jobSnapshotChanged, this,
            [this](const store::JobSnapshotPtr& s) {
                if (s->summary.key == m_key)
                    m_snapshot = s;
            });
    // A job watched before its source lists it (a run whose directory is not written yet) is
    // watched again once it is listed.
    connect(store(), &store::JobStore::jobsChanged, this, [this](const store::JobListDiff& d) {
        if (m_snapshot || m_watchedListed)
            return;
        for (const store::JobSummary& row : d.upserted)
            if (row.key == m_key) {
                m_watchedListed = true;
                call([k = m_key](store::JobStore* s) { s->watchJob(k); });
            }
    });
    connect(store(), &store::JobStore::actionFailed, this,
            [this](const QString&, const QString& message) { m_failures << message; });
    call([k = m_key](store::JobStore* s) { s->watchJob(k); });
}

WatchedStore::~WatchedStore() = default;

void WatchedStore::call(std::function<void(store::JobStore*)> fn) {
    QMetaObject::invokeMethod(store(), [s = store(), fn = std::move(fn)] { fn(s); });
}

bool WatchedStore::waitFor(const std::function<bool(const store::JobSnapshot&)>& done, int ms) {
    return QTest::qWaitFor([&] { return m_snapshot && done(*m_snapshot); }, ms);
}

store::ReportInputPtr WatchedStore::loadReportInput() {
    store::ReportInputPtr input;
    QString error;
    bool answered = false;
    QObject guard;
    connect(store(), &store::JobStore::reportInputReady, &guard,
            [&](const QString& key, const store::ReportInputPtr& in, const QString& e) {
                if (key != m_key)
                    return;
                input = in;
                error = e;
                answered = true;
            });
    call([k = m_key](store::JobStore* s) { s->loadReportInput(k); });
    if (!QTest::qWaitFor([&] { return answered; }, 30000))
        ADD_FAILURE() << "no report input for " << m_key.toStdString();
    else if (!input)
        ADD_FAILURE() << "report input of " << m_key.toStdString() << ": " << error.toStdString();
    return input;
}

bool finished(const store::JobSnapshot& s) {
    return (s.summary.status == QLatin1String("Complete") ||
            s.summary.status == QLatin1String("Failed")) &&
           s.summary.active == 0;
}

} // namespace tessera::agreement
