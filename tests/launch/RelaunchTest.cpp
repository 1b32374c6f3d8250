// Relaunch: a generated Job and ConfigMap (as JSON, as the API server returns them) read back
// into the same items and settings, so a cluster job's indexes can be launched again.
#include "launch/Relaunch.h"

#include "launch/LaunchGenerator.h"
#include "worklist/WorkListFormats.h"

#include <gtest/gtest.h>

using namespace tessera;

namespace {

worklist::WorkList csvList(std::string_view text) {
    auto list = worklist::parseCsv(text, "test.csv");
    EXPECT_TRUE(list.ok()) << (list.ok() ? "" : list.error().describe());
    return std::move(list.value());
}

launch::LaunchManifests generated(const launch::LaunchSpec& spec, const worklist::WorkList& list) {
    auto m = launch::LaunchGenerator::generate(spec, list);
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().describe());
    return std::move(m.value());
}

void expectSameItems(const worklist::WorkList& a, const worklist::WorkList& b,
                     const std::vector<int32_t>& indexesOfA) {
    ASSERT_EQ(static_cast<std::size_t>(b.size()), indexesOfA.size());
    ASSERT_EQ(a.envNames(), b.envNames());
    for (int32_t i = 0; i < b.size(); ++i) {
        const int32_t from = indexesOfA[static_cast<std::size_t>(i)];
        EXPECT_EQ(a.command(from), b.command(i)) << "index " << i;
        for (std::size_t c = 0; c < a.envNames().size(); ++c)
            EXPECT_EQ(a.envValue(from, c), b.envValue(i, c)) << "index " << i << " " << c;
    }
}

} // namespace

TEST(Relaunch, ReadsBackTemplateItemsVariablesAndSettings) {
    const worklist::WorkList list =
        csvList("FRAME,SCENE\n1,\"a b\"\n2,'$HOME'\n3,\"line\nbreak\"\n");
    ASSERT_EQ(list.size(), 3);
    worklist::WorkList withTemplate = list;
    withTemplate.setCommandTemplate("render --frame $FRAME --scene \"$SCENE\"");
    launch::LaunchSpec spec;
    spec.name = "frames";
    spec.namespace_ = "render";
    spec.image = "registry.example/render:2";
    spec.parallelism = 7;
    spec.backoffLimitPerIndex = 2;
    spec.maxFailedIndexes = 1;
    spec.activeDeadlineSeconds = 3600;
    const launch::LaunchManifests m = generated(spec, withTemplate);

    auto r = launch::relaunchFrom(m.job.toJson(), m.configMap.toJson());
    ASSERT_TRUE(r.ok()) << r.error().describe();
    expectSameItems(withTemplate, r->list, {0, 1, 2});
    EXPECT_FALSE(r->list.hasItemCommands());
    EXPECT_EQ(r->list.commandTemplate(), withTemplate.commandTemplate());
    EXPECT_EQ(r->spec.name, "frames");
    EXPECT_EQ(r->spec.namespace_, "render");
    EXPECT_EQ(r->spec.image, "registry.example/render:2");
    EXPECT_EQ(r->spec.parallelism, 7);
    EXPECT_EQ(r->spec.backoffLimitPerIndex, 2);
    EXPECT_EQ(r->spec.maxFailedIndexes, 1);
    EXPECT_EQ(r->spec.activeDeadlineSeconds, 3600);
    EXPECT_TRUE(r->originalIndexes.empty());

    // Launching a subset of what was read back gives the same items as a subset of the original.
    launch::LaunchSpec again = r->spec;
    again.name = "frames-rerun";
    again.subset = {0, 2};
    const launch::LaunchManifests rerun = generated(again, r->list);
    auto r2 = launch::relaunchFrom(rerun.job.toJson(), rerun.configMap.toJson());
    ASSERT_TRUE(r2.ok()) << r2.error().describe();
    expectSameItems(withTemplate, r2->list, {0, 2});
    EXPECT_EQ(r2->originalIndexes, (std::map<int32_t, int32_t>{{0, 0}, {1, 2}}));

    // A re-run of that re-run maps its index back to the first job, not to the re-run: its
    // index 0 ran the re-run's item 1, which was the first job's index 2.
    launch::LaunchSpec third = r2->spec;
    third.name = "frames-rerun-2";
    third.subset = {1};
    third.itemOrigins = r2->originalIndexes;
    const launch::LaunchManifests twice = generated(third, r2->list);
    EXPECT_EQ(twice.originalIndexes, (std::map<int32_t, int32_t>{{0, 2}}));
    EXPECT_NE(twice.job.toJson().find(R"("tessera.io/original-indexes":"2")"), std::string::npos)
        << twice.job.toJson();
    auto r3 = launch::relaunchFrom(twice.job.toJson(), twice.configMap.toJson());
    ASSERT_TRUE(r3.ok()) << r3.error().describe();
    expectSameItems(withTemplate, r3->list, {2});
    EXPECT_EQ(r3->originalIndexes, (std::map<int32_t, int32_t>{{0, 2}}));
}

TEST(Relaunch, OriginsThatAreNotAscendingAreNotComposed) {
    launch::LaunchSpec spec;
    spec.subset = {0, 1, 3};
    spec.itemOrigins = {{0, 10}, {1, 20}, {3, 30}};
    EXPECT_EQ(launch::LaunchGenerator::originalIndexesOf(spec), (std::vector<int32_t>{10, 20, 30}));
    spec.itemOrigins = {{0, 10}, {1, 5}}; // hand-edited: the map would not be ascending
    EXPECT_EQ(launch::LaunchGenerator::originalIndexesOf(spec), spec.subset);
    spec.itemOrigins.clear(); // a first re-run: the subset itself
    EXPECT_EQ(launch::LaunchGenerator::originalIndexesOf(spec), spec.subset);
}

TEST(Relaunch, ReadsBackItemCommands) {
    auto parsed = worklist::parseLines("echo one\nprintf '%s' \"two words\"\nexit 3\n", "w.txt");
    ASSERT_TRUE(parsed.ok());
    launch::LaunchSpec spec;
    spec.name = "cmds";
    spec.image = "busybox:1.36";
    const launch::LaunchManifests m = generated(spec, *parsed);
    auto r = launch::relaunchFrom(m.job.toJson(), m.configMap.toJson());
    ASSERT_TRUE(r.ok()) << r.error().describe();
    EXPECT_TRUE(r->list.hasItemCommands());
    expectSameItems(*parsed, r->list, {0, 1, 2});
    EXPECT_EQ(r->spec.namespace_, "");
}

TEST(Relaunch, AJobNotLaunchedByTesseraOrAMissingItemIsAClearError) {
    const std::string plainJob =
        R"({"metadata":{"name":"pi"},"spec":{"completions":3,"template":{"spec":{"containers":[{"name":"c","image":"perl"}]}}}})";
    auto none = launch::itemsConfigMapOf(plainJob);
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().field, "Job pi");
    EXPECT_NE(none.error().message.find("not launched by Tessera"), std::string::npos);

    auto parsed = worklist::parseLines("true\ntrue\n", "w.txt");
    ASSERT_TRUE(parsed.ok());
    launch::LaunchSpec spec;
    spec.name = "two";
    spec.image = "busybox:1.36";
    const launch::LaunchManifests m = generated(spec, *parsed);
    auto name = launch::itemsConfigMapOf(m.job.toJson());
    ASSERT_TRUE(name.ok());
    EXPECT_EQ(*name, "two-items");
    const std::string truncated = R"({"metadata":{"name":"two-items"},"data":{"0.cmd":"true"}})";
    auto broken = launch::relaunchFrom(m.job.toJson(), truncated);
    ASSERT_FALSE(broken.ok());
    EXPECT_EQ(broken.error().field, "ConfigMap two-items: data");
    EXPECT_NE(broken.error().message.find("no command for index 1 (key 1.cmd)"), std::string::npos)
        << broken.error().message;
    EXPECT_FALSE(launch::relaunchFrom(m.job.toJson(), "{not json").ok());
}
