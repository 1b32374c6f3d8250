// The OpenAPI documents generated from the served schema: every served kind is there with its
// group-version-kind, lists carry their merge keys, the protobuf v2 form holds the same
// definitions as the JSON one, and v3 is split by group-version with a hash per document.
#include "serve/OpenApi.h"

#include "openapiv2.pb.h"
#include "serve/Discovery.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace tessera::serve;

namespace {

QJsonObject definition(const QJsonObject& doc, const char* name) {
    return doc.value(QStringLiteral("definitions"))
        .toObject()
        .value(QLatin1String(name))
        .toObject();
}

QJsonObject property(const QJsonObject& schema, const char* name) {
    return schema.value(QStringLiteral("properties"))
        .toObject()
        .value(QLatin1String(name))
        .toObject();
}

} // namespace

TEST(OpenApi, DescribesEveryServedKindWithItsGroupVersionKind) {
    const QJsonObject doc = openApiV2();
    const QJsonObject definitions = doc.value(QStringLiteral("definitions")).toObject();
    for (const ResourceInfo* r : servedResources()) {
        const QJsonObject kind{{QStringLiteral("group"), QLatin1String(r->group)},
                               {QStringLiteral("version"), QLatin1String(r->version)},
                               {QStringLiteral("kind"), QLatin1String(r->kind)}};
        bool found = false;
        for (auto it = definitions.begin(); it != definitions.end(); ++it)
            found = found || it.value()
                                 .toObject()
                                 .value(QStringLiteral("x-kubernetes-group-version-kind"))
                                 .toArray()
                                 .contains(kind);
        EXPECT_TRUE(found) << r->kind;
    }
    const QJsonObject job = definition(doc, "io.k8s.api.batch.v1.Job");
    EXPECT_EQ(property(job, "spec").value(QStringLiteral("$ref")).toString(),
              QStringLiteral("#/definitions/io.k8s.api.batch.v1.JobSpec"));
    EXPECT_EQ(property(job, "apiVersion").value(QStringLiteral("type")).toString(),
              QStringLiteral("string"));
    EXPECT_EQ(property(definition(doc, "io.k8s.api.batch.v1.JobSpec"), "parallelism")
                  .value(QStringLiteral("format"))
                  .toString(),
              QStringLiteral("int32"));
    EXPECT_EQ(definition(doc, "io.k8s.apimachinery.pkg.util.intstr.IntOrString")
                  .value(QStringLiteral("format"))
                  .toString(),
              QStringLiteral("int-or-string"));
}

TEST(OpenApi, ListsCarryTheirMergeKeys) {
    const QJsonObject doc = openApiV2();
    const QJsonObject containers =
        property(definition(doc, "io.k8s.api.core.v1.PodSpec"), "containers");
    EXPECT_EQ(containers.value(QStringLiteral("x-kubernetes-patch-merge-key")).toString(),
              QStringLiteral("name"));
    EXPECT_EQ(containers.value(QStringLiteral("x-kubernetes-patch-strategy")).toString(),
              QStringLiteral("merge"));
    EXPECT_EQ(containers.value(QStringLiteral("x-kubernetes-list-map-keys")).toArray(),
              QJsonArray{QStringLiteral("name")});
    const QJsonObject ports = property(definition(doc, "io.k8s.api.core.v1.Container"), "ports");
    EXPECT_EQ(ports.value(QStringLiteral("x-kubernetes-list-map-keys")).toArray(),
              (QJsonArray{QStringLiteral("containerPort"), QStringLiteral("protocol")}));
    const QJsonObject env = property(definition(doc, "io.k8s.api.core.v1.Container"), "env");
    EXPECT_EQ(env.value(QStringLiteral("x-kubernetes-patch-merge-key")).toString(),
              QStringLiteral("name"));
    // Go-inlined structs are flattened: a volume's configMap is a property of the Volume.
    EXPECT_FALSE(property(definition(doc, "io.k8s.api.core.v1.Volume"), "configMap").isEmpty());
    EXPECT_FALSE(
        property(definition(doc, "io.k8s.api.core.v1.ConfigMapEnvSource"), "name").isEmpty());
}

TEST(OpenApi, TheProtobufFormHoldsTheSameDefinitions) {
    const QJsonObject json = openApiV2();
    openapi::v2::Document doc;
    ASSERT_TRUE(doc.ParseFromString(openApiV2Protobuf().toStdString()));
    EXPECT_EQ(doc.swagger(), "2.0");
    EXPECT_EQ(doc.definitions().additional_properties_size(),
              json.value(QStringLiteral("definitions")).toObject().size());
    bool sawJob = false;
    for (const auto& named : doc.definitions().additional_properties()) {
        if (named.name() != "io.k8s.api.batch.v1.Job")
            continue;
        sawJob = true;
        ASSERT_EQ(named.value().vendor_extension_size(), 1);
        EXPECT_EQ(named.value().vendor_extension(0).name(), "x-kubernetes-group-version-kind");
        const QJsonDocument gvk = QJsonDocument::fromJson(
            QByteArray::fromStdString(named.value().vendor_extension(0).value().yaml()));
        EXPECT_EQ(gvk.array().at(0).toObject().value(QStringLiteral("kind")).toString(),
                  QStringLiteral("Job"));
    }
    EXPECT_TRUE(sawJob);
}

TEST(OpenApi, ServesV3PerGroupVersionWithAHashInTheIndex) {
    const QJsonObject batch = openApiV3(QStringLiteral("batch"), QStringLiteral("v1"));
    const QJsonObject schemas = batch.value(QStringLiteral("components"))
                                    .toObject()
                                    .value(QStringLiteral("schemas"))
                                    .toObject();
    ASSERT_TRUE(schemas.contains(QStringLiteral("io.k8s.api.batch.v1.Job")));
    EXPECT_FALSE(schemas.contains(QStringLiteral("io.k8s.api.core.v1.Namespace")))
        << "only what batch/v1 needs";
    const QJsonObject spec = schemas.value(QStringLiteral("io.k8s.api.batch.v1.Job"))
                                 .toObject()
                                 .value(QStringLiteral("properties"))
                                 .toObject()
                                 .value(QStringLiteral("spec"))
                                 .toObject();
    EXPECT_EQ(spec.value(QStringLiteral("allOf"))
                  .toArray()
                  .at(0)
                  .toObject()
                  .value(QStringLiteral("$ref"))
                  .toString(),
              QStringLiteral("#/components/schemas/io.k8s.api.batch.v1.JobSpec"));
    EXPECT_TRUE(openApiV3(QStringLiteral("apps"), QStringLiteral("v1")).isEmpty());
    const QJsonObject paths = openApiV3Index().value(QStringLiteral("paths")).toObject();
    EXPECT_TRUE(paths.value(QStringLiteral("apis/batch/v1"))
                    .toObject()
                    .value(QStringLiteral("serverRelativeURL"))
                    .toString()
                    .startsWith(QStringLiteral("/openapi/v3/apis/batch/v1?hash=")));
    EXPECT_TRUE(paths.contains(QStringLiteral("api/v1")));
}
