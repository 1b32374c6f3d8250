#pragma once
// A JobStore on its own thread, as the window runs one, watching one job: keeps the newest
// snapshot and row it sent, and loads the job's report input as the window's Export does.
#include "report/ReportBuilder.h"
#include "store/JobStore.h"
#include "store/StoreThread.h"

#include <QObject>
#include <functional>
#include <memory>

namespace tessera::agreement {

class WatchedStore : public QObject {
public:
    WatchedStore(std::unique_ptr<store::StoreThread> thread, QString key);
    ~WatchedStore() override;

    store::JobStore* store() const { return m_thread->store(); }
    const QString& key() const { return m_key; }
    store::JobSnapshotPtr snapshot() const { return m_snapshot; }
    QStringList actionFailures() const { return m_failures; }
    // Runs `fn` in the store's thread.
    void call(std::function<void(store::JobStore*)> fn);
    // Waits (event loop running) until the newest snapshot satisfies `done`.
    bool waitFor(const std::function<bool(const store::JobSnapshot&)>& done, int ms = 30000);
    // The report input as the window's Export loads it; null (and a test failure) on error.
    store::ReportInputPtr loadReportInput();

private:
    std::unique_ptr<store::StoreThread> m_thread;
    QString m_key;
    store::JobSnapshotPtr m_snapshot;
    QStringList m_failures;
    bool m_watchedListed = false;
};

// A finished job: Complete or Failed, with its end known.
bool finished(const store::JobSnapshot& s);

} // namespace tessera::agreement
