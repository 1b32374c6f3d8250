// Re-run input from a cluster job: a work list launched (ConfigMap + Job from LaunchGenerator)
// on the in-process Demo endpoint, run by its simulator with two indexes failing for good, then
// read back through the ClusterSource: the same items and settings, and exactly the indexes that
// failed (or did not succeed).
#include "store/RelaunchInput.h"

#include "launch/LaunchGenerator.h"
#include "store/DemoSource.h"
#include "support/Wait.h"
#include "worklist/WorkListFormats.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera;

namespace {

using tessera::test::waitUntil;

// The demo with `yaml` created in it and no built-in jobs; fast simulated pods.
std::unique_ptr<store::StoreThread> demoWith(const std::string& yaml) {
    store::DemoOptions options;
    options.demoJobs = false;
    options.manifest = QByteArray::fromStdString(yaml);
    options.serve.podDuration = std::chrono::milliseconds(60);
    options.serve.startLatency = std::chrono::milliseconds(10);
    options.serve.tick = std::chrono::milliseconds(20);
    options.serve.syncPeriod = std::chrono::milliseconds(50);
    auto demo = store::startDemo(options);
    EXPECT_TRUE(demo.has_value()) << (demo ? QString() : demo.error().describe()).toStdString();
    return demo ? std::move(demo->thread) : nullptr;
}

struct Answer {
    QString key, error;
    store::RelaunchInputPtr input;
};

Answer loadRelaunch(store::JobStore* s, const QString& key) {
    QSignalSpy ready(s, &store::JobStore::relaunchInputReady);
    QMetaObject::invokeMethod(s, [s, key] { s->loadRelaunchInput(key); });
    EXPECT_TRUE(waitUntil([&] { return ready.size() == 1; }));
    if (ready.size() != 1)
        return {};
    return {ready.at(0).at(0).toString(), ready.at(0).at(2).toString(),
            ready.at(0).at(1).value<store::RelaunchInputPtr>()};
}

} // namespace

TEST(RelaunchInput, AClusterJobGivesBackItsItemsSettingsAndFailedIndexes) {
    auto list = worklist::parseCsv("FRAME\n10\n11\n12\n13\n14\n15\n", "frames.csv");
    ASSERT_TRUE(list.ok());
    list->setCommandTemplate("render $FRAME");
    launch::LaunchSpec spec;
    spec.name = "frames";
    spec.namespace_ = "default";
    spec.image = "registry.example/render:2";
    spec.parallelism = 3;
    spec.backoffLimitPerIndex = 0;
    auto manifests = launch::LaunchGenerator::generate(spec, *list);
    ASSERT_TRUE(manifests.ok()) << manifests.error().describe();
    manifests->job["metadata"]["annotations"]["tessera.dev/sim-fail-indexes"] = "1,4";
    auto demo = demoWith(manifests->yaml());
    ASSERT_TRUE(demo);
    store::JobStore* s = demo->store();

    // Wait for the job to finish: Failed, since indexes 1 and 4 failed their only attempt.
    tessera::engine::JobState status{};
    QObject::connect(s, &store::JobStore::jobsChanged, s, [&](const store::JobListDiff& diff) {
        for (const store::JobSummary& j : diff.upserted)
            if (j.name == QStringLiteral("frames"))
                status = j.status;
    });
    ASSERT_TRUE(waitUntil([&] { return status == tessera::engine::JobState::Failed; }))
        << std::string(tessera::engine::toString(status));

    const Answer a = loadRelaunch(s, QStringLiteral("demo/default/frames"));
    ASSERT_TRUE(a.input) << a.error.toStdString();
    EXPECT_EQ(a.key, QStringLiteral("demo/default/frames"));
    const store::RelaunchInput& in = *a.input;
    EXPECT_FALSE(in.local);
    EXPECT_EQ(in.failed, (std::vector<int32_t>{1, 4}));
    EXPECT_EQ(in.notSucceeded, (std::vector<int32_t>{1, 4}));
    ASSERT_EQ(in.relaunch.list.size(), 6);
    EXPECT_EQ(in.relaunch.list.envNames(), (std::vector<std::string>{"FRAME"}));
    EXPECT_EQ(in.relaunch.list.envValue(4, 0), "14");
    EXPECT_EQ(in.relaunch.list.commandTemplate(), "render $FRAME");
    EXPECT_EQ(in.relaunch.spec.image, "registry.example/render:2");
    EXPECT_EQ(in.relaunch.spec.namespace_, "default");
    EXPECT_EQ(in.relaunch.spec.parallelism, 3);
    EXPECT_EQ(in.relaunch.spec.backoffLimitPerIndex, 0);
}

TEST(RelaunchInput, AJobTesseraDidNotLaunchIsRefusedWithTheReason) {
    auto demo = demoWith(R"(apiVersion: batch/v1
kind: Job
metadata: {name: plain, namespace: default}
spec:
  completions: 2
  completionMode: Indexed
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: busybox}]
)");
    ASSERT_TRUE(demo);
    const Answer a = loadRelaunch(demo->store(), QStringLiteral("demo/default/plain"));
    EXPECT_FALSE(a.input);
    EXPECT_TRUE(a.error.contains(QStringLiteral("not launched by Tessera")))
        << a.error.toStdString();
    const Answer missing = loadRelaunch(demo->store(), QStringLiteral("demo/default/nope"));
    EXPECT_FALSE(missing.input);
    EXPECT_TRUE(missing.error.contains(QStringLiteral("nope"))) << missing.error.toStdString();
}
