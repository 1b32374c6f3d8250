// gc_bench: what the garbage collector costs the store (not a test; the figures in
// docs/PERFORMANCE.md). J Jobs own P pods each; measured: storing every pod with and without the
// collector following the store (it indexes each and checks its owner), then deleting the Jobs
// in the background until the collector has deleted every pod.
// Usage: gc_bench [JOBS=10] [PODS_PER_JOB=10000]
#include "serve/Deletion.h"
#include "serve/GarbageCollector.h"
#include "serve/ObjectStore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTest>
#include <cstdio>
#include <vector>

using namespace tessera::serve;

namespace {

const QString kDefault = QStringLiteral("default");

QJsonObject pod(const QString& name, const ObjectPtr& job) {
    const QJsonObject owner{{QStringLiteral("apiVersion"), QStringLiteral("batch/v1")},
                            {QStringLiteral("kind"), QStringLiteral("Job")},
                            {QStringLiteral("name"), job->name},
                            {QStringLiteral("uid"), uidOf(job->json)},
                            {QStringLiteral("controller"), true},
                            {QStringLiteral("blockOwnerDeletion"), true}};
    return QJsonObject{{QStringLiteral("metadata"),
                        QJsonObject{{QStringLiteral("name"), name},
                                    {QStringLiteral("ownerReferences"), QJsonArray{owner}}}}};
}

// Stores `jobs` Jobs and their pods; returns the seconds it took, the collector's checks of the
// new pods included when `collect`.
double fill(ObjectStore& store, std::vector<ObjectPtr>& jobs, int jobCount, int podsPerJob,
            GarbageCollector* collector) {
    store.create(
        QStringLiteral("namespaces"), QString(),
        QJsonObject{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), kDefault}}}});
    QElapsedTimer timer;
    timer.start();
    for (int j = 0; j < jobCount; ++j) {
        const ObjectPtr job = *store.create(
            QStringLiteral("jobs"), kDefault,
            QJsonObject{{QStringLiteral("metadata"),
                         QJsonObject{{QStringLiteral("name"), QStringLiteral("job-%1").arg(j)}}}});
        jobs.push_back(job);
        for (int p = 0; p < podsPerJob; ++p)
            store.create(QStringLiteral("pods"), kDefault,
                         pod(QStringLiteral("job-%1-%2").arg(j).arg(p), job));
    }
    if (collector) {
        // Its checks run from the event loop, first in first out: once a ConfigMap stored last,
        // with an owner that never existed, is gone, every pod has been checked.
        const ObjectPtr ghost = *store.create(
            QStringLiteral("jobs"), kDefault,
            QJsonObject{{QStringLiteral("metadata"),
                         QJsonObject{{QStringLiteral("name"), QStringLiteral("ghost")}}}});
        store.remove(QStringLiteral("jobs"), kDefault, QStringLiteral("ghost"));
        store.create(QStringLiteral("configmaps"), kDefault, pod(QStringLiteral("last"), ghost));
        if (!QTest::qWaitFor([&] { return store.count(QStringLiteral("configmaps")) == 0; },
                             600000))
            std::printf("gc_bench: the collector did not catch up\n");
    }
    return static_cast<double>(timer.nsecsElapsed()) / 1e9;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int jobCount = argc > 1 ? std::atoi(argv[1]) : 10;
    const int podsPerJob = argc > 2 ? std::atoi(argv[2]) : 10000;
    const int total = jobCount * podsPerJob;

    ObjectStore plain(10);
    std::vector<ObjectPtr> plainJobs;
    const double without = fill(plain, plainJobs, jobCount, podsPerJob, nullptr);

    ObjectStore store(10);
    GarbageCollector collector(store);
    collector.start();
    std::vector<ObjectPtr> jobs;
    const double with = fill(store, jobs, jobCount, podsPerJob, &collector);

    QElapsedTimer timer;
    timer.start();
    for (const ObjectPtr& job : jobs)
        deleteStoredObject(store, job, Propagation::Background);
    const bool gone =
        QTest::qWaitFor([&] { return store.count(QStringLiteral("pods")) == 0; }, 600000);
    const double collect = static_cast<double>(timer.nsecsElapsed()) / 1e9;

    std::printf("gc_bench: %d Jobs x %d pods (%d)\n", jobCount, podsPerJob, total);
    std::printf("  store the pods, no collector:     %.3f s (%.1f us/pod)\n", without,
                without * 1e6 / total);
    std::printf("  store the pods, collector checks: %.3f s (%.1f us/pod)\n", with,
                with * 1e6 / total);
    std::printf("  delete the Jobs, collector deletes every pod: %.3f s (%.1f us/pod)%s\n", collect,
                collect * 1e6 / total, gone ? "" : "  NOT ALL GONE");
    return gone ? 0 : 1;
}
