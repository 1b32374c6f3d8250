// Field sets in the FieldsV1 format, managedFields of updates and server-side apply's merge and
// conflicts, on their own (no server): the schema is the served one (proto/KubeSchema.h).
#include "serve/ServerSideApply.h"

#include "serve/ManagedFields.h"
#include "serve/proto/KubeSchema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace tessera::serve;
using namespace tessera::serve::fields;

namespace {

QJsonObject json(const char* text) {
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(text), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << text;
    return doc.object();
}

const google::protobuf::Descriptor* jobKind() {
    return schema::messageFor(QStringLiteral("batch/v1"), QStringLiteral("Job"));
}

QJsonObject job(int parallelism, const char* image, const char* env) {
    return json(QStringLiteral(R"({"apiVersion":"batch/v1","kind":"Job",
        "metadata":{"name":"x","labels":{"app":"demo"}},
        "spec":{"parallelism":%1,"template":{"spec":{"restartPolicy":"Never",
          "containers":[{"name":"main","image":"%2","env":[%3]}]}}}})")
                    .arg(parallelism)
                    .arg(QLatin1String(image), QLatin1String(env))
                    .toUtf8()
                    .constData());
}

const QJsonObject* entryOf(const QJsonArray& managed, const QString& manager) {
    static QJsonObject found;
    for (const QJsonValue& v : managed)
        if (v.toObject().value(QStringLiteral("manager")).toString() == manager) {
            found = v.toObject();
            return &found;
        }
    return nullptr;
}

QJsonArray managedFieldsOf(const QJsonObject& object) {
    return object.value(QStringLiteral("metadata"))
        .toObject()
        .value(QStringLiteral("managedFields"))
        .toArray();
}

} // namespace

TEST(FieldSet, FieldsV1RoundTripsUpstreamsFormat) {
    // As a real API server writes it for a Deployment-like object.
    const QJsonObject upstream = json(R"({"f:metadata":{"f:labels":{".":{},"f:app":{}}},
        "f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},
        "f:image":{},"f:name":{},"f:ports":{"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":{
        ".":{},"f:containerPort":{}}}}}}}},"f:metadata2":{}})");
    const FieldSet set = fromFieldsV1(upstream);
    EXPECT_EQ(toFieldsV1(set), upstream);
    std::vector<QString> leaves;
    forEachMember(set, [&](const Path& path, bool leaf) {
        if (leaf)
            leaves.push_back(pathString(path));
    });
    EXPECT_EQ(leaves, (std::vector<QString>{
                          QStringLiteral(".metadata.labels.app"), QStringLiteral(".metadata2"),
                          QStringLiteral(".spec.template.spec.containers[name=\"nginx\"].image"),
                          QStringLiteral(".spec.template.spec.containers[name=\"nginx\"].name"),
                          QStringLiteral(".spec.template.spec.containers[name=\"nginx\"].ports"
                                         "[containerPort=80,protocol=\"TCP\"].containerPort")}));
}

TEST(FieldSet, AnObjectsFieldsFollowTheSchemasListKeys) {
    QJsonObject j = job(2, "busybox", R"({"name":"A","value":"1"})");
    QJsonObject meta = j.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("finalizers"), QJsonArray{QStringLiteral("x/y")});
    meta.insert(QStringLiteral("uid"), QStringLiteral("server-set"));
    j.insert(QStringLiteral("metadata"), meta);
    j.insert(QStringLiteral("status"), json(R"({"active":1})"));
    const QJsonObject expected = json(R"({
        "f:metadata":{"f:finalizers":{"v:\"x/y\"":{}},"f:labels":{"f:app":{}}},
        "f:spec":{"f:parallelism":{},"f:template":{"f:spec":{"f:restartPolicy":{},
          "f:containers":{"k:{\"name\":\"main\"}":{".":{},"f:name":{},"f:image":{},
            "f:env":{"k:{\"name\":\"A\"}":{".":{},"f:name":{},"f:value":{}}}}}}}}})");
    EXPECT_EQ(toFieldsV1(fieldSetOf(j, jobKind())), expected);
}

TEST(FieldSet, SetAlgebraAndRemoval) {
    const FieldSet a = fromFieldsV1(json(R"({"f:a":{},"f:b":{"f:c":{},"f:d":{}}})"));
    const FieldSet b = fromFieldsV1(json(R"({"f:b":{"f:c":{}},"f:e":{}})"));
    EXPECT_EQ(toFieldsV1(subtract(a, b)), json(R"({"f:a":{},"f:b":{"f:d":{}}})"));
    EXPECT_EQ(toFieldsV1(intersect(a, b)), json(R"({"f:b":{"f:c":{}}})"));
    EXPECT_EQ(toFieldsV1(unite(a, b)), json(R"({"f:a":{},"f:b":{"f:c":{},"f:d":{}},"f:e":{}})"));
    QJsonObject j = job(1, "busybox", R"({"name":"A","value":"1"},{"name":"B","value":"2"})");
    const Path envA{QStringLiteral("f:spec"),
                    QStringLiteral("f:template"),
                    QStringLiteral("f:spec"),
                    QStringLiteral("f:containers"),
                    QStringLiteral("k:{\"name\":\"main\"}"),
                    QStringLiteral("f:env"),
                    QStringLiteral("k:{\"name\":\"A\"}")};
    EXPECT_EQ(valueAt(j, envA), QJsonValue(json(R"({"name":"A","value":"1"})")));
    removeAt(j, envA);
    EXPECT_TRUE(valueAt(j, envA).isUndefined());
    const QJsonArray env = valueAt(j, envA.mid(0, 6)).toArray();
    ASSERT_EQ(env.size(), 1);
    EXPECT_EQ(env[0].toObject().value(QStringLiteral("name")), QStringLiteral("B"));
}

TEST(ManagedFields, UpdatesMoveOwnershipOfWhatTheyChange) {
    QJsonObject created = job(1, "busybox", "");
    recordUpdate(created, nullptr, QStringLiteral("kubectl-create"), jobKind());
    ASSERT_EQ(managedFieldsOf(created).size(), 1);
    // An update owns the maps it adds, "." marking the map itself; an apply only their keys.
    EXPECT_EQ(managedFieldsOf(created)[0]
                  .toObject()
                  .value(QStringLiteral("fieldsV1"))
                  .toObject()
                  .value(QStringLiteral("f:metadata"))
                  .toObject(),
              json(R"({"f:labels":{".":{},"f:app":{}}})"));
    QJsonObject scaled = created;
    QJsonObject spec = scaled.value(QStringLiteral("spec")).toObject();
    spec.insert(QStringLiteral("parallelism"), 5);
    scaled.insert(QStringLiteral("spec"), spec);
    recordUpdate(scaled, &created, QStringLiteral("kubectl-scale"), jobKind());
    const QJsonArray managed = managedFieldsOf(scaled);
    ASSERT_EQ(managed.size(), 2);
    const QJsonObject* scale = entryOf(managed, QStringLiteral("kubectl-scale"));
    ASSERT_TRUE(scale);
    EXPECT_EQ(scale->value(QStringLiteral("operation")), QStringLiteral("Update"));
    EXPECT_EQ(scale->value(QStringLiteral("apiVersion")), QStringLiteral("batch/v1"));
    EXPECT_EQ(scale->value(QStringLiteral("fieldsType")), QStringLiteral("FieldsV1"));
    EXPECT_FALSE(scale->value(QStringLiteral("time")).toString().isEmpty());
    EXPECT_EQ(scale->value(QStringLiteral("fieldsV1")).toObject(),
              json(R"({"f:spec":{"f:parallelism":{}}})"));
    const QJsonObject* create = entryOf(managed, QStringLiteral("kubectl-create"));
    ASSERT_TRUE(create);
    EXPECT_FALSE(create->value(QStringLiteral("fieldsV1"))
                     .toObject()
                     .value(QStringLiteral("f:spec"))
                     .toObject()
                     .contains(QStringLiteral("f:parallelism")));
    // managedFields an update sends replace the stored ones; `[{}]` clears them.
    QJsonObject reset = scaled;
    QJsonObject meta = reset.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("managedFields"), QJsonArray{QJsonObject()});
    reset.insert(QStringLiteral("metadata"), meta);
    recordUpdate(reset, &scaled, QStringLiteral("kubectl-edit"), jobKind());
    EXPECT_TRUE(managedFieldsOf(reset).isEmpty());
    QJsonObject kept = scaled;
    meta = kept.value(QStringLiteral("metadata")).toObject();
    meta.remove(QStringLiteral("managedFields"));
    kept.insert(QStringLiteral("metadata"), meta);
    recordUpdate(kept, &scaled, QStringLiteral("kubectl-edit"), jobKind());
    EXPECT_EQ(managedFieldsOf(kept), managedFieldsOf(scaled)) << "no change, nothing recorded";

    EXPECT_EQ(managerFor(QString(), "kubectl/v1.32.0 (linux/amd64) kubernetes/abc"),
              QStringLiteral("kubectl"));
    EXPECT_EQ(managerFor(QStringLiteral("mine"), "kubectl/v1.32.0"), QStringLiteral("mine"));
}

TEST(ServerSideApply, CreatesThenMergesByKeysAndDropsWhatIsNoLongerApplied) {
    ApplyResult first = serverSideApply(
        {}, job(2, "busybox", R"({"name":"A","value":"1"},{"name":"B","value":"2"})"),
        QStringLiteral("kubectl"), false, jobKind());
    ASSERT_TRUE(first.conflicts.empty());
    EXPECT_EQ(
        first.object.value(QStringLiteral("spec")).toObject().value(QStringLiteral("parallelism")),
        2);
    const QJsonObject* entry = entryOf(managedFieldsOf(first.object), QStringLiteral("kubectl"));
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->value(QStringLiteral("operation")), QStringLiteral("Apply"));

    // Another manager adds a container: the apply below keeps it (containers merge by name).
    QJsonObject live = first.object;
    QJsonObject withSidecar = live;
    {
        QJsonObject spec = withSidecar[QLatin1String("spec")].toObject();
        QJsonObject tpl = spec[QLatin1String("template")].toObject();
        QJsonObject podSpec = tpl[QLatin1String("spec")].toObject();
        QJsonArray containers = podSpec[QLatin1String("containers")].toArray();
        containers.append(json(R"({"name":"side","image":"envoy"})"));
        podSpec[QLatin1String("containers")] = containers;
        tpl[QLatin1String("spec")] = podSpec;
        spec[QLatin1String("template")] = tpl;
        withSidecar[QLatin1String("spec")] = spec;
    }
    recordUpdate(withSidecar, &live, QStringLiteral("injector"), jobKind());

    // Re-apply: a new image, env B no longer applied.
    ApplyResult second =
        serverSideApply(withSidecar, job(2, "alpine", R"({"name":"A","value":"1"})"),
                        QStringLiteral("kubectl"), false, jobKind());
    ASSERT_TRUE(second.conflicts.empty());
    const QJsonArray containers = second
                                      .object[QLatin1String("spec")][QLatin1String("template")]
                                             [QLatin1String("spec")][QLatin1String("containers")]
                                      .toArray();
    ASSERT_EQ(containers.size(), 2);
    EXPECT_EQ(containers[0][QLatin1String("image")], QStringLiteral("alpine"));
    EXPECT_EQ(containers[0][QLatin1String("env")].toArray().size(), 1);
    EXPECT_EQ(containers[1][QLatin1String("name")], QStringLiteral("side"));
    ASSERT_TRUE(entryOf(managedFieldsOf(second.object), QStringLiteral("injector")));
}

TEST(ServerSideApply, AnotherManagersChangedFieldConflictsUnlessForced) {
    ApplyResult first =
        serverSideApply({}, job(2, "busybox", ""), QStringLiteral("kubectl"), false, jobKind());
    QJsonObject patched = first.object;
    QJsonObject spec = patched[QLatin1String("spec")].toObject();
    spec[QLatin1String("parallelism")] = 4;
    patched[QLatin1String("spec")] = spec;
    recordUpdate(patched, &first.object, QStringLiteral("kubectl-patch"), jobKind());

    // Same value as live: shared ownership, no conflict.
    ApplyResult same = serverSideApply(patched, job(4, "busybox", ""), QStringLiteral("kubectl"),
                                       false, jobKind());
    EXPECT_TRUE(same.conflicts.empty());

    ApplyResult conflict = serverSideApply(patched, job(3, "busybox", ""),
                                           QStringLiteral("kubectl"), false, jobKind());
    ASSERT_EQ(conflict.conflicts.size(), 1u);
    EXPECT_EQ(conflict.conflicts[0].manager, QStringLiteral("kubectl-patch"));
    EXPECT_EQ(conflict.conflicts[0].path, QStringLiteral(".spec.parallelism"));
    const QJsonObject status = conflictStatus(conflict.conflicts);
    EXPECT_EQ(status[QLatin1String("code")], 409);
    EXPECT_EQ(status[QLatin1String("reason")], QStringLiteral("Conflict"));
    EXPECT_EQ(status[QLatin1String("message")],
              QStringLiteral("Apply failed with 1 conflict: conflict with "
                             "\"kubectl-patch\" using batch/v1: .spec.parallelism"));
    EXPECT_EQ(status[QLatin1String("details")].toObject(),
              json(R"({"causes":[{"reason":"FieldManagerConflict",
                  "message":"conflict with \"kubectl-patch\" using batch/v1",
                  "field":".spec.parallelism"}]})"));

    ApplyResult forced =
        serverSideApply(patched, job(3, "busybox", ""), QStringLiteral("kubectl"), true, jobKind());
    ASSERT_TRUE(forced.conflicts.empty());
    EXPECT_EQ(forced.object[QLatin1String("spec")][QLatin1String("parallelism")], 3);
    // kubectl-patch owned only .spec.parallelism: its entry is gone.
    EXPECT_FALSE(entryOf(managedFieldsOf(forced.object), QStringLiteral("kubectl-patch")));
}
