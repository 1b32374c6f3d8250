// The YAML the workbench shows of a live object, and the form an edit starts from: managed
// fields only when asked, no status or server-set fields in an edit, and YAML that reads back as
// the same JSON (integers as integers, null as null, strings as strings).
#include "launch/ObjectYaml.h"

#include "codec/Manifests.h"

#include <QJsonDocument>
#include <gtest/gtest.h>

using tessera::launch::objectYaml;
using tessera::launch::ObjectYamlView;

namespace {

const QByteArray kLiveJob = R"({"apiVersion":"batch/v1","kind":"Job",
 "metadata":{"name":"j","namespace":"default","uid":"u-1","resourceVersion":"42","generation":2,
   "creationTimestamp":"2026-11-26T10:00:00Z","labels":{"team":"yes"},
   "managedFields":[{"manager":"kubectl","operation":"Update"}]},
 "spec":{"parallelism":5,"completions":10,"template":{"metadata":{"creationTimestamp":null},
   "spec":{"containers":[{"name":"w","image":"busybox","args":["123","a b"]}]}},
   "ratio":0.25},
 "status":{"active":3}})";

QJsonObject readBack(const QByteArray& yaml) {
    auto manifests = tessera::codec::parseManifests(yaml.toStdString(), "view.yaml");
    EXPECT_TRUE(manifests.ok()) << (manifests.ok() ? "" : manifests.error().message);
    if (!manifests.ok() || manifests->empty())
        return {};
    return QJsonDocument::fromJson(QByteArray::fromStdString(manifests->front().json)).object();
}

} // namespace

TEST(ObjectYaml, HidesManagedFieldsUnlessAsked) {
    QString error;
    const QByteArray live = objectYaml(kLiveJob, ObjectYamlView::Live, &error);
    EXPECT_FALSE(live.contains("managedFields"));
    EXPECT_TRUE(live.contains("resourceVersion"));
    EXPECT_TRUE(live.contains("status:"));
    EXPECT_TRUE(objectYaml(kLiveJob, ObjectYamlView::LiveWithManagedFields, &error)
                    .contains("managedFields"));
}

TEST(ObjectYaml, ReadsBackAsTheSameObject) {
    QString error;
    const QJsonObject original = QJsonDocument::fromJson(kLiveJob).object();
    EXPECT_EQ(readBack(objectYaml(kLiveJob, ObjectYamlView::LiveWithManagedFields, &error)),
              original);
}

TEST(ObjectYaml, AnEditLeavesOutStatusAndWhatTheServerSets) {
    QString error;
    const QJsonObject edit = readBack(objectYaml(kLiveJob, ObjectYamlView::Editable, &error));
    EXPECT_FALSE(edit.contains(QStringLiteral("status")));
    const QJsonObject meta = edit.value(QStringLiteral("metadata")).toObject();
    for (const char* key :
         {"managedFields", "resourceVersion", "uid", "generation", "creationTimestamp"})
        EXPECT_FALSE(meta.contains(QLatin1String(key))) << key;
    EXPECT_EQ(meta.value(QStringLiteral("labels")).toObject().value(QStringLiteral("team")),
              QStringLiteral("yes"));
    EXPECT_EQ(edit.value(QStringLiteral("spec")).toObject().value(QStringLiteral("parallelism")),
              5);
}

TEST(ObjectYaml, NamesWhatIsNotAnObject) {
    QString error;
    EXPECT_TRUE(objectYaml("[1]", ObjectYamlView::Live, &error).isEmpty());
    EXPECT_EQ(error, QStringLiteral("not a JSON object"));
    EXPECT_TRUE(objectYaml("{", ObjectYamlView::Live, &error).isEmpty());
    EXPECT_TRUE(error.startsWith(QStringLiteral("not JSON at byte"))) << error.toStdString();
}
