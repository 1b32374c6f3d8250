// LaunchGenerator: the generated YAML is read back with the codec (as kubectl would read it) and
// must describe exactly the Job and the items that were asked for.
#include "launch/LaunchGenerator.h"

#include "codec/Decode.h"
#include "codec/Manifests.h"
#include "engine/Defaults.h"
#include "engine/Validation.h"
#include "launch/ItemWrapper.h"
#include "report/ReportBuilder.h"
#include "worklist/WorkListFormats.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace tessera;
using launch::LaunchGenerator;

namespace {

worklist::WorkList csvList(std::string_view text) {
    auto list = worklist::parseCsv(text, "test.csv");
    EXPECT_TRUE(list.ok()) << (list.ok() ? "" : list.error().describe());
    return std::move(list.value());
}

launch::LaunchSpec spec() {
    launch::LaunchSpec s;
    s.name = "frames";
    s.namespace_ = "render";
    s.image = "busybox:1.36";
    s.parallelism = 3;
    s.backoffLimitPerIndex = 2;
    s.maxFailedIndexes = 1;
    s.activeDeadlineSeconds = 3600;
    engine::SuccessPolicyRule rule;
    rule.succeededIndexes = "0-1";
    rule.succeededCount = 2;
    s.successPolicy = engine::SuccessPolicy{{rule}};
    return s;
}

QJsonObject object(const std::string& json) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

} // namespace

TEST(LaunchGenerator, YamlParsesBackIntoTheJobAndItsItems) {
    worklist::WorkList list =
        csvList("ITEM,N\n\"it's $HOME\",1\n\"a  b \"\"q\"\"\",2\nyes,3\n123,4\n");
    list.setCommandTemplate("printf '%s' \"$ITEM\"");
    const auto m = LaunchGenerator::generate(spec(), list);
    ASSERT_TRUE(m.ok()) << m.error().message;
    const auto docs = codec::parseManifests(m->yaml(), "generated.yaml");
    ASSERT_TRUE(docs.ok()) << docs.error().message;
    ASSERT_EQ(docs->size(), 2u);
    EXPECT_EQ((*docs)[0].kind, "ConfigMap");
    EXPECT_EQ((*docs)[0].apiVersion, "v1");
    EXPECT_EQ((*docs)[1].kind, "Job");
    EXPECT_EQ((*docs)[1].apiVersion, "batch/v1");

    // The Job, decoded as the engine reads it, then defaulted and validated as the API server
    // would.
    auto job = codec::decodeJob((*docs)[1].json);
    ASSERT_TRUE(job.ok()) << job.error().describe();
    engine::Job j = job->job;
    EXPECT_EQ(j.metadata.name, "frames");
    EXPECT_EQ(j.metadata.namespace_, "render");
    EXPECT_EQ(j.spec.completionMode, engine::CompletionMode::Indexed);
    EXPECT_EQ(j.spec.completions, 4);
    EXPECT_EQ(j.spec.parallelism, 3);
    EXPECT_EQ(j.spec.backoffLimitPerIndex, 2);
    EXPECT_EQ(j.spec.maxFailedIndexes, 1);
    EXPECT_EQ(j.spec.activeDeadlineSeconds, 3600);
    ASSERT_TRUE(j.spec.successPolicy.has_value());
    EXPECT_EQ(j.spec.successPolicy->rules.at(0).succeededIndexes, "0-1");
    EXPECT_EQ(j.spec.successPolicy->rules.at(0).succeededCount, 2);
    EXPECT_EQ(j.spec.podTemplate.restartPolicy, engine::RestartPolicy::Never);
    ASSERT_EQ(job->containers.size(), 1u);
    EXPECT_EQ(job->containers[0].image, "busybox:1.36");
    engine::applyDefaults(j.spec);
    const auto problems = engine::validateJob(j);
    for (const engine::Error& e : problems)
        ADD_FAILURE() << e.describe();

    // The same document as JSON (what the API server gets) says the same.
    EXPECT_EQ(object(m->job.toJson()), object((*docs)[1].json));

    // The items, byte for byte, strings staying strings ("yes", "123").
    const QJsonObject data = object((*docs)[0].json)[u"data"].toObject();
    EXPECT_EQ(data.size(), 8);
    EXPECT_EQ(data[u"0.env.ITEM"].toString(), QStringLiteral("it's $HOME"));
    EXPECT_EQ(data[u"1.env.ITEM"].toString(), QStringLiteral("a  b \"q\""));
    EXPECT_EQ(data[u"2.env.ITEM"].toString(), QStringLiteral("yes"));
    EXPECT_EQ(data[u"3.env.ITEM"].toString(), QStringLiteral("123"));
    EXPECT_EQ(data[u"3.env.N"].toString(), QStringLiteral("4"));
    // The pod template mounts the ConfigMap and carries the command template.
    const QJsonObject tmpl = object((*docs)[1].json)[u"spec"][u"template"][u"spec"].toObject();
    EXPECT_EQ(tmpl[u"volumes"][0][u"configMap"][u"name"].toString(),
              QStringLiteral("frames-items"));
    EXPECT_EQ(tmpl[u"containers"][0][u"env"][0][u"value"].toString(),
              QStringLiteral("printf '%s' \"$ITEM\""));
    EXPECT_EQ(tmpl[u"containers"][0][u"command"][2].toString().toStdString(),
              launch::ItemWrapper::script());
}

TEST(LaunchGenerator, ItemCommandsGetOneKeyEach) {
    auto list = worklist::parseLines("echo one\nprintf '%s\\n' \"it's $HOME\"\n", "items.txt");
    ASSERT_TRUE(list.ok());
    launch::LaunchSpec s;
    s.name = "cmds";
    s.image = "busybox";
    const auto m = LaunchGenerator::generate(s, *list);
    ASSERT_TRUE(m.ok()) << m.error().message;
    const QJsonObject cm = object(m->configMap.toJson());
    EXPECT_EQ(cm[u"data"][u"0.cmd"].toString(), QStringLiteral("echo one"));
    EXPECT_EQ(cm[u"data"][u"1.cmd"].toString(), QStringLiteral("printf '%s\\n' \"it's $HOME\""));
    EXPECT_FALSE(cm[u"metadata"].toObject().contains(u"namespace"));
    // No template: no TESSERA_COMMAND variable.
    EXPECT_FALSE(object(m->job.toJson())[u"spec"][u"template"][u"spec"][u"containers"][0]
                     .toObject()
                     .contains(u"env"));
}

TEST(LaunchGenerator, ReRunKeepsTheOriginalIndexes) {
    auto list = worklist::parseLines("echo 0\necho 1\necho 2\necho 3\necho 4\n", "items.txt");
    ASSERT_TRUE(list.ok());
    launch::LaunchSpec s;
    s.name = "retry";
    s.image = "busybox";
    s.subset = {1, 3, 4};
    const auto m = LaunchGenerator::generate(s, *list);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->completions, 3);
    EXPECT_EQ(m->originalIndexes, (std::map<int32_t, int32_t>{{0, 1}, {1, 3}, {2, 4}}));
    const QJsonObject job = object(m->job.toJson());
    const QString annotation =
        job[u"metadata"][u"annotations"][QLatin1String(LaunchGenerator::kOriginalIndexesAnnotation)]
            .toString();
    EXPECT_EQ(annotation, QStringLiteral("1,3,4"));
    // The report reads the same annotation back into the same map.
    EXPECT_STREQ(LaunchGenerator::kOriginalIndexesAnnotation,
                 report::ReportBuilder::kOriginalIndexesAnnotation);
    EXPECT_EQ(report::ReportBuilder::originalIndexesFromAnnotation(annotation.toStdString()),
              m->originalIndexes);
    const QJsonObject data = object(m->configMap.toJson())[u"data"].toObject();
    EXPECT_EQ(data[u"1.cmd"].toString(), QStringLiteral("echo 3"));
    EXPECT_EQ(data[u"1.index"].toString(), QStringLiteral("3"));
}

TEST(LaunchGenerator, RefusesListsBeyondOneMebibyteWithTheReason) {
    std::string text;
    const std::string payload(1000, 'x');
    for (int i = 0; i < 1100; ++i)
        text += "echo " + payload + "\n";
    auto list = worklist::parseLines(text, "big.txt");
    ASSERT_TRUE(list.ok());
    launch::LaunchSpec s;
    s.name = "big";
    s.image = "busybox";
    const auto m = LaunchGenerator::generate(s, *list);
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.error().message.find("1 MiB"), std::string::npos) << m.error().message;
    EXPECT_NE(m.error().message.find("ConfigMap"), std::string::npos);
    // 1000 of them fit.
    text.clear();
    for (int i = 0; i < 1000; ++i)
        text += "echo " + payload + "\n";
    auto fits = worklist::parseLines(text, "fits.txt");
    ASSERT_TRUE(fits.ok());
    EXPECT_TRUE(LaunchGenerator::generate(s, *fits).ok());
}

TEST(LaunchGenerator, ChecksTheJobNameAndSettings) {
    EXPECT_EQ(LaunchGenerator::checkName("render-frames-2"), "");
    EXPECT_NE(LaunchGenerator::checkName("Render"), "");
    EXPECT_NE(LaunchGenerator::checkName("-a"), "");
    EXPECT_NE(LaunchGenerator::checkName("a_b"), "");
    EXPECT_NE(LaunchGenerator::checkName(std::string(64, 'a')), "");
    EXPECT_EQ(LaunchGenerator::checkName(std::string(63, 'a')), "");
    EXPECT_EQ(LaunchGenerator::nameFromFile("/x/Render Frames.v2.txt"), "render-frames");
    EXPECT_EQ(LaunchGenerator::nameFromFile("___.csv"), "job");

    auto list = worklist::parseLines("echo 1\n", "items.txt");
    ASSERT_TRUE(list.ok());
    launch::LaunchSpec s;
    s.name = "Bad_Name";
    s.image = "busybox";
    auto bad = LaunchGenerator::generate(s, *list);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "metadata.name");
    s.name = "ok";
    s.maxFailedIndexes = 1;
    bad = LaunchGenerator::generate(s, *list);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "spec.maxFailedIndexes");
    s.maxFailedIndexes.reset();
    s.subset = {0, 5};
    bad = LaunchGenerator::generate(s, *list);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("5"), std::string::npos);
}

TEST(LaunchGenerator, PicksIndexesToRerun) {
    engine::Job job;
    job.spec.completionMode = engine::CompletionMode::Indexed;
    job.spec.completions = 6;
    job.spec.backoffLimitPerIndex = 1;
    job.status.completedIndexes = "0,2-3";
    job.status.failedIndexes = "1,5";
    using R = LaunchGenerator::Rerun;
    EXPECT_EQ(LaunchGenerator::rerunIndexes(job, {}, R::Failed), (std::vector<int32_t>{1, 5}));
    EXPECT_EQ(LaunchGenerator::rerunIndexes(job, {}, R::NotSucceeded),
              (std::vector<int32_t>{1, 4, 5}));
    // Without backoffLimitPerIndex: the indexes whose last attempt failed.
    job.spec.backoffLimitPerIndex.reset();
    job.status.failedIndexes.reset();
    std::vector<engine::Attempt> attempts(3);
    attempts[0].index = 4;
    attempts[0].outcome = engine::AttemptOutcome::Failed;
    attempts[1].index = 1;
    attempts[1].outcome = engine::AttemptOutcome::Failed;
    attempts[2].index = 1;
    attempts[2].outcome = engine::AttemptOutcome::Succeeded;
    EXPECT_EQ(LaunchGenerator::rerunIndexes(job, attempts, R::Failed), (std::vector<int32_t>{4}));
}

TEST(LaunchGenerator, ReRunNamesCountUpInsteadOfGrowing) {
    using tessera::launch::LaunchGenerator;
    EXPECT_EQ(LaunchGenerator::rerunName("render", {}), "render-rerun");
    EXPECT_EQ(LaunchGenerator::rerunName("render", {"render-rerun"}), "render-rerun-2");
    EXPECT_EQ(LaunchGenerator::rerunName("render", {"render-rerun", "render-rerun-2"}),
              "render-rerun-3");
    // A re-run of a re-run is the next number, not "render-rerun-rerun".
    EXPECT_EQ(LaunchGenerator::rerunName("render-rerun", {"render", "render-rerun"}),
              "render-rerun-2");
    EXPECT_EQ(LaunchGenerator::rerunName("render-rerun-2", {"render-rerun", "render-rerun-2"}),
              "render-rerun-3");
    // "-rerunner" is part of the name, not a suffix.
    EXPECT_EQ(LaunchGenerator::rerunName("job-rerunner", {}), "job-rerunner-rerun");
    // Long names are shortened to stay a valid DNS label.
    const std::string longName(63, 'a');
    const std::string name = LaunchGenerator::rerunName(longName, {});
    EXPECT_EQ(name.size(), 63u);
    EXPECT_EQ(LaunchGenerator::checkName(name), "");
    EXPECT_TRUE(name.ends_with("-rerun"));
}
