// The store, selectors and patches on their own: versions, history window, matching rules.
#include "serve/ObjectStore.h"

#include "serve/FieldSelector.h"
#include "serve/JsonPatch.h"
#include "serve/LabelSelector.h"
#include "serve/proto/KubeSchema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace tessera::serve;

namespace {

QJsonObject obj(const char* json) {
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

QJsonObject configMap(const QString& name, const QJsonObject& labels = {}) {
    return QJsonObject{
        {QStringLiteral("metadata"),
         QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("labels"), labels}}}};
}

ObjectStore storeWithDefault(std::size_t history = 100) {
    ObjectStore s(history);
    s.create(QStringLiteral("namespaces"), QString(), configMap(QStringLiteral("default")));
    return s;
}

} // namespace

TEST(ObjectStore, StampsMetadataAndCountsVersionsUp) {
    ObjectStore s = storeWithDefault();
    const quint64 before = s.resourceVersion();
    auto a = s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
                      configMap(QStringLiteral("a")));
    ASSERT_TRUE(a);
    EXPECT_EQ((*a)->resourceVersion, before + 1);
    const QJsonObject meta = (*a)->json.value(QStringLiteral("metadata")).toObject();
    EXPECT_EQ(meta.value(QStringLiteral("namespace")).toString(), QStringLiteral("default"));
    EXPECT_EQ(meta.value(QStringLiteral("uid")).toString().size(), 36);
    EXPECT_EQ(meta.value(QStringLiteral("resourceVersion")).toString(),
              QString::number(before + 1));
    EXPECT_TRUE((*a)->bytes.contains("\"creationTimestamp\""));

    auto again = s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
                          configMap(QStringLiteral("a")));
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code, 409);
    EXPECT_EQ(again.error().reason, QStringLiteral("AlreadyExists"));

    auto missingNs = s.create(QStringLiteral("configmaps"), QStringLiteral("nope"),
                              configMap(QStringLiteral("b")));
    ASSERT_FALSE(missingNs);
    EXPECT_EQ(missingNs.error().code, 404);
    EXPECT_TRUE(missingNs.error().message.contains(QStringLiteral("nope")));
}

TEST(ObjectStore, UpdateKeepsIdentityAndChecksTheExpectedVersion) {
    ObjectStore s = storeWithDefault();
    auto a = s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
                      configMap(QStringLiteral("a")));
    const QString uid = (*a)->json.value(QStringLiteral("metadata"))
                            .toObject()
                            .value(QStringLiteral("uid"))
                            .toString();
    QJsonObject changed = configMap(QStringLiteral("a"));
    changed.insert(QStringLiteral("data"), QJsonObject{{QStringLiteral("k"), QStringLiteral("v")}});
    auto stale = s.update(QStringLiteral("configmaps"), QStringLiteral("default"),
                          QStringLiteral("a"), changed, (*a)->resourceVersion - 1);
    ASSERT_FALSE(stale);
    EXPECT_EQ(stale.error().code, 409);
    auto b = s.update(QStringLiteral("configmaps"), QStringLiteral("default"), QStringLiteral("a"),
                      changed, (*a)->resourceVersion);
    ASSERT_TRUE(b);
    EXPECT_GT((*b)->resourceVersion, (*a)->resourceVersion);
    EXPECT_EQ((*b)->json.value(QStringLiteral("metadata"))
                  .toObject()
                  .value(QStringLiteral("uid"))
                  .toString(),
              uid);
    EXPECT_EQ(
        (*b)->json.value(QStringLiteral("data")).toObject().value(QStringLiteral("k")).toString(),
        QStringLiteral("v"));
}

TEST(ObjectStore, GenerateNameGivesDistinctNames) {
    ObjectStore s = storeWithDefault();
    QJsonObject o{{QStringLiteral("metadata"),
                   QJsonObject{{QStringLiteral("generateName"), QStringLiteral("job-3-")}}}};
    auto a = s.create(QStringLiteral("pods"), QStringLiteral("default"), o);
    auto b = s.create(QStringLiteral("pods"), QStringLiteral("default"), o);
    ASSERT_TRUE(a && b);
    EXPECT_TRUE((*a)->name.startsWith(QStringLiteral("job-3-")));
    EXPECT_EQ((*a)->name.size(), 11);
    EXPECT_NE((*a)->name, (*b)->name);
}

TEST(ObjectStore, ListsInKeyOrderPerNamespace) {
    ObjectStore s = storeWithDefault();
    s.create(QStringLiteral("namespaces"), QString(), configMap(QStringLiteral("other")));
    for (const char* n : {"c", "a", "b"})
        s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
                 configMap(QLatin1String(n)));
    s.create(QStringLiteral("configmaps"), QStringLiteral("other"), configMap(QStringLiteral("z")));
    const auto inDefault = s.list(QStringLiteral("configmaps"), QStringLiteral("default"));
    ASSERT_EQ(inDefault.size(), 3u);
    EXPECT_EQ(inDefault[0]->name, QStringLiteral("a"));
    EXPECT_EQ(inDefault[2]->name, QStringLiteral("c"));
    EXPECT_EQ(s.list(QStringLiteral("configmaps"), QString()).size(), 4u);
}

TEST(ObjectStore, HistoryReplaysChangesAndForgetsBeyondItsWindow) {
    ObjectStore s = storeWithDefault(5);
    const quint64 start = s.resourceVersion();
    for (int i = 0; i < 3; ++i)
        s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
                 configMap(QString::number(i)));
    std::vector<Change> changes;
    ASSERT_TRUE(s.changesSince(start + 1, QStringLiteral("configmaps"), changes));
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].object->name, QStringLiteral("1"));
    EXPECT_EQ(changes[0].type, ChangeType::Added);

    for (int i = 3; i < 10; ++i)
        s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
                 configMap(QString::number(i)));
    changes.clear();
    EXPECT_FALSE(s.changesSince(start, QStringLiteral("configmaps"), changes)) << "too old: 410";
    EXPECT_TRUE(s.changesSince(s.resourceVersion() - 2, QStringLiteral("configmaps"), changes));
    EXPECT_EQ(changes.size(), 2u);

    s.compact();
    changes.clear();
    EXPECT_FALSE(s.changesSince(s.resourceVersion() - 1, QStringLiteral("configmaps"), changes));
    EXPECT_TRUE(s.changesSince(s.resourceVersion(), QStringLiteral("configmaps"), changes));
}

TEST(ObjectStore, ListenersSeeDeletesWithThePreviousState) {
    ObjectStore s = storeWithDefault();
    std::vector<Change> seen;
    const int id = s.addListener([&](const Change& c) { seen.push_back(c); });
    s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
             configMap(QStringLiteral("a")));
    s.remove(QStringLiteral("configmaps"), QStringLiteral("default"), QStringLiteral("a"));
    s.removeListener(id);
    s.create(QStringLiteral("configmaps"), QStringLiteral("default"),
             configMap(QStringLiteral("b")));
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[1].type, ChangeType::Deleted);
    ASSERT_TRUE(seen[1].previous);
    EXPECT_EQ(seen[1].previous->name, QStringLiteral("a"));
    EXPECT_GT(seen[1].resourceVersion, seen[0].resourceVersion);
    EXPECT_FALSE(
        s.get(QStringLiteral("configmaps"), QStringLiteral("default"), QStringLiteral("a")));
}

TEST(LabelSelector, SupportsEveryOperator) {
    const QJsonObject labels{{QStringLiteral("app"), QStringLiteral("render")},
                             {QStringLiteral("tier"), QStringLiteral("batch")}};
    auto check = [&](const char* text) {
        auto s = LabelSelector::parse(QLatin1String(text));
        EXPECT_TRUE(s) << text;
        return s && s->matches(labels);
    };
    EXPECT_TRUE(check("app=render"));
    EXPECT_TRUE(check("app==render,tier=batch"));
    EXPECT_FALSE(check("app=render,tier=web"));
    EXPECT_TRUE(check("app!=web"));
    EXPECT_FALSE(check("app!=render"));
    EXPECT_TRUE(check("app in (web, render)"));
    EXPECT_FALSE(check("app notin (web,render)"));
    EXPECT_TRUE(check("tier notin (web),app"));
    EXPECT_TRUE(check("!owner"));
    EXPECT_FALSE(check("!app"));
    EXPECT_FALSE(check("owner"));
    EXPECT_TRUE(check(""));
    auto bad = LabelSelector::parse(QStringLiteral("app in (a"));
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, 400);
}

TEST(LabelSelector, ReadsMatchLabelsAndExpressions) {
    auto s = LabelSelector::fromJson(obj(R"({"matchLabels":{"a":"1"},
        "matchExpressions":[{"key":"b","operator":"In","values":["x","y"]},{"key":"c","operator":"DoesNotExist"}]})"));
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->matches(obj(R"({"a":"1","b":"y"})")));
    EXPECT_FALSE(s->matches(obj(R"({"a":"1","b":"z"})")));
    EXPECT_FALSE(s->matches(obj(R"({"a":"1","b":"x","c":""})")));
}

TEST(FieldSelector, MatchesDottedPathsAndNames) {
    const QJsonObject event = obj(
        R"({"metadata":{"name":"e1"},"involvedObject":{"name":"render","uid":"u1"},"count":3})");
    auto s =
        FieldSelector::parse(QStringLiteral("involvedObject.name=render,involvedObject.uid==u1"));
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->matches(event));
    auto n = FieldSelector::parse(QStringLiteral("metadata.name!=e1"));
    ASSERT_TRUE(n);
    EXPECT_FALSE(n->matches(event));
    auto missing = FieldSelector::parse(QStringLiteral("spec.nodeName="));
    ASSERT_TRUE(missing);
    EXPECT_TRUE(missing->matches(event)) << "a missing field compares as empty";
    EXPECT_EQ(FieldSelector::parse(QStringLiteral("metadata.name=x"))->exactName(),
              QStringLiteral("x"));
    EXPECT_FALSE(FieldSelector::parse(QStringLiteral("nonsense")));
}

TEST(JsonPatch, MergePatchReplacesArraysAndDeletesNulls) {
    const QJsonObject target =
        obj(R"({"spec":{"parallelism":2,"suspend":false,"list":[1,2]},"keep":1})");
    const QJsonObject out =
        applyMergePatch(target, obj(R"({"spec":{"parallelism":5,"suspend":null,"list":[3]}})"));
    EXPECT_EQ(out, obj(R"({"spec":{"parallelism":5,"list":[3]},"keep":1})"));
}

TEST(JsonPatch, StrategicPatchMergesContainersByName) {
    const QJsonObject target = obj(R"({"spec":{"containers":[
        {"name":"a","image":"a:1","env":[{"name":"X","value":"1"}]},{"name":"b","image":"b:1"}]}})");
    auto out = applyStrategicMergePatch(target, obj(R"({"spec":{"containers":[
        {"name":"a","image":"a:2","env":[{"name":"Y","value":"2"}]},{"name":"b","$patch":"delete"},{"name":"c","image":"c:1"}]}})"));
    ASSERT_TRUE(out);
    EXPECT_EQ(*out, obj(R"({"spec":{"containers":[
        {"name":"a","image":"a:2","env":[{"name":"X","value":"1"},{"name":"Y","value":"2"}]},{"name":"c","image":"c:1"}]}})"));
    auto labels = applyStrategicMergePatch(obj(R"({"metadata":{"labels":{"a":"1","b":"2"}}})"),
                                           obj(R"({"metadata":{"labels":{"a":null,"c":"3"}}})"));
    ASSERT_TRUE(labels);
    EXPECT_EQ(*labels, obj(R"({"metadata":{"labels":{"b":"2","c":"3"}}})"));
    auto replaced =
        applyStrategicMergePatch(target, obj(R"({"spec":{"$patch":"replace","containers":[]}})"));
    ASSERT_TRUE(replaced);
    EXPECT_EQ(*replaced, obj(R"({"spec":{"containers":[]}})"));
}

TEST(JsonPatch, StrategicPatchTakesItsMergeKeysFromTheServedSchema) {
    // A Service's ports merge by port (a Pod's by containerPort); finalizers are a union; a
    // Pod's containers and a template's containers by name, as the schema declares them.
    const auto* service = schema::messageFor(QStringLiteral("v1"), QStringLiteral("Service"));
    ASSERT_NE(service, nullptr);
    auto ports = applyStrategicMergePatch(
        obj(R"({"metadata":{"finalizers":["a"]},"spec":{"ports":[{"port":80,"name":"http"},{"port":443,"name":"https"}]}})"),
        obj(R"({"metadata":{"finalizers":["b"]},"spec":{"ports":[{"port":443,"name":"tls"}]}})"),
        service);
    ASSERT_TRUE(ports) << ports.error().message.toStdString();
    EXPECT_EQ(
        *ports,
        obj(R"({"metadata":{"finalizers":["a","b"]},"spec":{"ports":[{"port":80,"name":"http"},{"port":443,"name":"tls"}]}})"));

    const auto* job = schema::messageFor(QStringLiteral("batch/v1"), QStringLiteral("Job"));
    auto env = applyStrategicMergePatch(
        obj(R"({"spec":{"template":{"spec":{"containers":[{"name":"a","env":[{"name":"X","value":"1"}]}]}}}})"),
        obj(R"({"spec":{"template":{"spec":{"containers":[{"name":"a","env":[{"name":"Y","value":"2"}]}]}}}})"),
        job);
    ASSERT_TRUE(env);
    EXPECT_EQ(
        *env,
        obj(R"({"spec":{"template":{"spec":{"containers":[{"name":"a","env":[{"name":"X","value":"1"},{"name":"Y","value":"2"}]}]}}}})"));
    // A list without a merge key in the schema (a container's args) is replaced.
    auto args = applyStrategicMergePatch(
        obj(R"({"spec":{"template":{"spec":{"containers":[{"name":"a","args":["1","2"]}]}}}})"),
        obj(R"({"spec":{"template":{"spec":{"containers":[{"name":"a","args":["3"]}]}}}})"), job);
    ASSERT_TRUE(args);
    EXPECT_EQ(*args,
              obj(R"({"spec":{"template":{"spec":{"containers":[{"name":"a","args":["3"]}]}}}})"));
}
