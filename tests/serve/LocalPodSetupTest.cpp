// LocalPodSetup on its own: Kubernetes' $(VAR) expansion, and the pods serve --local refuses to
// run with the reason naming the field, or keeps waiting for an object that may still come.
#include "serve/LocalPodSetup.h"

#include "serve/ObjectStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tessera;
using serve::expandVariables;

TEST(LocalPodSetup, ExpandsVariablesAsKubernetesDoes) {
    const QHash<QString, QString> defined{{QStringLiteral("A"), QStringLiteral("x")},
                                          {QStringLiteral("EMPTY"), QString()}};
    const std::pair<const char*, const char*> cases[] = {
        {"$(A)", "x"},     {"a$(A)b$(A)", "axbx"},   {"$(UNDEFINED)", "$(UNDEFINED)"},
        {"$$(A)", "$(A)"}, {"$$$$", "$$"},           {"$(EMPTY)!", "!"},
        {"$(A", "$(A"},    {"cost: 5$", "cost: 5$"}, {"$A ${A}", "$A ${A}"},
    };
    for (const auto& [in, out] : cases)
        EXPECT_EQ(expandVariables(QString::fromUtf8(in), defined).toStdString(), out) << in;
}

namespace {

QJsonObject podWith(const char* containerAndVolumesJson) {
    return QJsonDocument::fromJson(
               QStringLiteral(R"({"metadata":{"name":"p-0","namespace":"default"},"spec":%1})")
                   .arg(QLatin1String(containerAndVolumesJson))
                   .toUtf8())
        .object();
}

} // namespace

TEST(LocalPodSetup, RefusesWhatCannotRunHereAndNamesTheField) {
    serve::ObjectStore store;
    QTemporaryDir dir;
    const std::pair<const char*, const char*> cases[] = {
        {R"({"containers":[{"name":"main","image":"x"}]})", "no command or args"},
        {R"({"containers":[{"name":"main","command":["true"]}],
             "volumes":[{"name":"data","hostPath":{"path":"/"}}]})",
         "spec.volumes[0] (data): only configMap, secret and emptyDir"},
        {R"({"containers":[{"name":"main","command":["true"],
             "volumeMounts":[{"name":"nope","mountPath":"/x"}]}]})",
         "volumeMounts[0]: volume \"nope\" is not in spec.volumes"},
        {R"({"containers":[{"name":"main","command":["true"],
             "volumeMounts":[{"name":"v","mountPath":"/x","subPath":"../../etc"}]}],
             "volumes":[{"name":"v","emptyDir":{}}]})",
         "is not a path inside the pod"},
        {R"({"containers":[{"name":"main","command":["true"],"env":[{"name":"CPU",
             "valueFrom":{"resourceFieldRef":{"resource":"limits.cpu"}}}]}]})",
         "env[0] (CPU): only value, fieldRef"},
    };
    for (const auto& [spec, reason] : cases) {
        const auto prepared =
            serve::prepareLocalPod(store, podWith(spec), dir.filePath(QStringLiteral("p")));
        ASSERT_FALSE(prepared) << spec;
        EXPECT_FALSE(prepared.error().retry) << spec;
        EXPECT_TRUE(prepared.error().message.contains(QLatin1String(reason)))
            << prepared.error().message.toStdString();
    }
}

TEST(LocalPodSetup, WaitsForAMissingConfigMapKeyAndNamesIt) {
    serve::ObjectStore store;
    ASSERT_TRUE(
        store.create(QStringLiteral("namespaces"), QString(),
                     QJsonDocument::fromJson(R"({"metadata":{"name":"default"}})").object()));
    const auto created = store.create(
        QStringLiteral("configmaps"), QStringLiteral("default"),
        QJsonDocument::fromJson(
            R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"a":"1"}})")
            .object());
    ASSERT_TRUE(created) << created.error().message.toStdString();
    QTemporaryDir dir;
    const auto prepared =
        serve::prepareLocalPod(store, podWith(R"({"containers":[{"name":"main","command":["true"],
            "env":[{"name":"B","valueFrom":{"configMapKeyRef":{"name":"cm","key":"b"}}}]}]})"),
                               dir.filePath(QStringLiteral("p")));
    ASSERT_FALSE(prepared);
    EXPECT_TRUE(prepared.error().retry);
    EXPECT_EQ(prepared.error().reason.toStdString(), "CreateContainerConfigError");
    EXPECT_EQ(prepared.error().message.toStdString(),
              "env[0] (B): couldn't find key b in configmap default/cm");

    // Optional: the variable is left out and the pod runs.
    const auto optional =
        serve::prepareLocalPod(store, podWith(R"({"containers":[{"name":"main","command":["true"],
            "env":[{"name":"B","valueFrom":{"configMapKeyRef":{"name":"cm","key":"b",
            "optional":true}}}]}]})"),
                               dir.filePath(QStringLiteral("q")));
    ASSERT_TRUE(optional) << optional.error().message.toStdString();
    EXPECT_FALSE(optional->env.join(u'\n').contains(QStringLiteral("B=")));
}
