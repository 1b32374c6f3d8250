// DELETE over HTTP, answered as kube-apiserver answers it: a Status naming the object for kinds
// whose store does not return it (ConfigMaps, Jobs), the object for those whose store does
// (Services, Pods), the held object while finalizers keep it (202 only for
// `orphanDependents: false`), and a 422 about the DeleteOptions for a policy it cannot follow.
#include "RawHttp.h"
#include "serve/Server.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::Answer;
using tessera::serve::test::jsonOf;
using tessera::serve::test::request;

namespace {

const QByteArray kConfigMaps = "/api/v1/namespaces/default/configmaps";

QString uidIn(const Answer& a) {
    return jsonOf(a)
        .value(QStringLiteral("metadata"))
        .toObject()
        .value(QStringLiteral("uid"))
        .toString();
}

Answer createConfigMap(const Server& server, const QByteArray& metadata) {
    return request(server, "POST", kConfigMaps, "application/json",
                   R"({"apiVersion":"v1","kind":"ConfigMap","metadata":)" + metadata + "}");
}

} // namespace

TEST(DeleteHttp, AnswersAStatusOrTheObjectAsTheKindsStoreDoes) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const Answer created = createConfigMap(server, R"({"name":"gone"})");
    ASSERT_EQ(created.status, 201) << created.body.toStdString();
    const Answer deleted = request(server, "DELETE", kConfigMaps + "/gone", "", "");
    EXPECT_EQ(deleted.status, 200);
    EXPECT_EQ(jsonOf(deleted),
              (QJsonObject{{QStringLiteral("kind"), QStringLiteral("Status")},
                           {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                           {QStringLiteral("metadata"), QJsonObject()},
                           {QStringLiteral("status"), QStringLiteral("Success")},
                           {QStringLiteral("details"),
                            QJsonObject{{QStringLiteral("name"), QStringLiteral("gone")},
                                        {QStringLiteral("kind"), QStringLiteral("configmaps")},
                                        {QStringLiteral("uid"), uidIn(created)}}}}));

    const QByteArray services = "/api/v1/namespaces/default/services";
    ASSERT_EQ(request(server, "POST", services, "application/json",
                      R"({"metadata":{"name":"web"},"spec":{"ports":[{"port":80}]}})")
                  .status,
              201);
    const Answer service = request(server, "DELETE", services + "/web", "", "");
    EXPECT_EQ(service.status, 200);
    EXPECT_EQ(jsonOf(service).value(QStringLiteral("kind")), QStringLiteral("Service"));
}

TEST(DeleteHttp, AHeldObjectIsTheAnswerUntilItsFinalizersGo) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    ASSERT_EQ(
        createConfigMap(server, R"({"name":"held","finalizers":["example.com/hold"]})").status,
        201);
    const Answer held = request(server, "DELETE", kConfigMaps + "/held", "application/json",
                                R"({"kind":"DeleteOptions","apiVersion":"v1",
                                    "propagationPolicy":"Foreground"})");
    EXPECT_EQ(held.status, 200) << held.body.toStdString();
    const QJsonObject meta = jsonOf(held).value(QStringLiteral("metadata")).toObject();
    EXPECT_TRUE(meta.contains(QStringLiteral("deletionTimestamp")));
    EXPECT_EQ(
        meta.value(QStringLiteral("finalizers")).toArray(),
        (QJsonArray{QStringLiteral("example.com/hold"), QStringLiteral("foregroundDeletion")}));

    // A second delete changes nothing: not even its own orphan finalizer gets added.
    const Answer again =
        request(server, "DELETE", kConfigMaps + "/held?propagationPolicy=Orphan", "", "");
    EXPECT_EQ(again.status, 200);
    EXPECT_EQ(jsonOf(again).value(QStringLiteral("status")), QStringLiteral("Success"));
    const Answer stored = request(server, "GET", kConfigMaps + "/held", "", "");
    EXPECT_FALSE(jsonOf(stored)
                     .value(QStringLiteral("metadata"))
                     .toObject()
                     .value(QStringLiteral("finalizers"))
                     .toArray()
                     .contains(QStringLiteral("orphan")))
        << stored.body.toStdString();

    // The deprecated cascading form is the one that answers 202.
    ASSERT_EQ(
        createConfigMap(server, R"({"name":"cascade","finalizers":["example.com/hold"]})").status,
        201);
    const Answer cascade = request(server, "DELETE", kConfigMaps + "/cascade", "application/json",
                                   R"({"orphanDependents":false})");
    EXPECT_EQ(cascade.status, 202) << cascade.body.toStdString();
}

TEST(DeleteHttp, APolicyItCannotFollowIsA422AboutTheDeleteOptions) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    ASSERT_EQ(createConfigMap(server, R"({"name":"kept"})").status, 201);
    struct Case {
        QByteArray target, body;
        QString message;
    };
    const Case cases[] = {
        {kConfigMaps + "/kept?propagationPolicy=Sideways", "",
         QStringLiteral("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: "
                        "Unsupported value: \"Sideways\": supported values: \"Foreground\", "
                        "\"Background\", \"Orphan\", \"nil\"")},
        {kConfigMaps + "?propagationPolicy=Sideways", "",
         QStringLiteral("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: "
                        "Unsupported value: \"Sideways\": supported values: \"Foreground\", "
                        "\"Background\", \"Orphan\", \"nil\"")},
        {kConfigMaps + "/kept", R"({"propagationPolicy":"Foreground","orphanDependents":true})",
         QStringLiteral("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Invalid "
                        "value: \"Foreground\": orphanDependents and deletionPropagation cannot "
                        "be both set")},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.target.toStdString());
        const Answer a = request(server, "DELETE", c.target, "application/json", c.body);
        EXPECT_EQ(a.status, 422) << a.body.toStdString();
        const QJsonObject status = jsonOf(a);
        EXPECT_EQ(status.value(QStringLiteral("reason")), QStringLiteral("Invalid"));
        EXPECT_EQ(status.value(QStringLiteral("message")).toString(), c.message);
        const QJsonObject details = status.value(QStringLiteral("details")).toObject();
        EXPECT_EQ(details.value(QStringLiteral("kind")), QStringLiteral("DeleteOptions"));
        EXPECT_EQ(details.value(QStringLiteral("causes"))
                      .toArray()
                      .at(0)
                      .toObject()
                      .value(QStringLiteral("field")),
                  QStringLiteral("propagationPolicy"));
    }
    EXPECT_EQ(request(server, "GET", kConfigMaps + "/kept", "", "").status, 200)
        << "a refused delete deletes nothing";
}
