// Server-side apply over HTTP against the in-process server: a YAML apply that creates, the
// managers of updates (fieldManager, else the User-Agent), the conflict Status in protobuf when
// the client prefers it, force, and the 400 without a fieldManager.
#include "RawHttp.h"
#include "serve/Server.h"
#include "serve/proto/ProtoCodec.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::Answer;
using tessera::serve::test::jsonOf;
using tessera::serve::test::request;

namespace {

QJsonArray managedFieldsOf(const QJsonObject& o) {
    return o.value(QStringLiteral("metadata"))
        .toObject()
        .value(QStringLiteral("managedFields"))
        .toArray();
}

const QByteArray kPath = "/api/v1/namespaces/default/configmaps/settings";
const QByteArray kApply = "application/apply-patch+yaml";

} // namespace

TEST(ApplyHttp, CreatesRecordsManagersAndAnswersConflictsAsNegotiated) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();

    const Answer anonymous = request(server, "PATCH", kPath, kApply, "{}");
    EXPECT_EQ(anonymous.status, 400);
    EXPECT_EQ(jsonOf(anonymous).value(QStringLiteral("message")),
              QStringLiteral("fieldManager is required for apply requests"));

    const QByteArray yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n"
                            "data:\n  a: \"1\"\n  b: \"2\"\n";
    const Answer created = request(server, "PATCH", kPath + "?fieldManager=ci", kApply, yaml);
    ASSERT_EQ(created.status, 201) << created.body.toStdString();
    QJsonArray managed = managedFieldsOf(jsonOf(created));
    ASSERT_EQ(managed.size(), 1);
    EXPECT_EQ(managed[0].toObject().value(QStringLiteral("manager")), QStringLiteral("ci"));
    EXPECT_EQ(managed[0].toObject().value(QStringLiteral("operation")), QStringLiteral("Apply"));
    EXPECT_EQ(managed[0].toObject().value(QStringLiteral("fieldsV1")).toObject(),
              QJsonDocument::fromJson(R"({"f:data":{"f:a":{},"f:b":{}}})").object());

    // A merge patch with no fieldManager: the manager is the User-Agent's first token.
    const Answer patched = request(server, "PATCH", kPath, "application/merge-patch+json",
                                   R"({"data":{"b":"3"}})", "User-Agent: my-tool/1.0 (linux)\r\n");
    ASSERT_EQ(patched.status, 200) << patched.body.toStdString();
    managed = managedFieldsOf(jsonOf(patched));
    ASSERT_EQ(managed.size(), 2);
    EXPECT_EQ(managed[1].toObject().value(QStringLiteral("manager")), QStringLiteral("my-tool"));
    EXPECT_EQ(managed[1].toObject().value(QStringLiteral("operation")), QStringLiteral("Update"));
    EXPECT_EQ(managed[1].toObject().value(QStringLiteral("fieldsV1")).toObject(),
              QJsonDocument::fromJson(R"({"f:data":{"f:b":{}}})").object());

    // Re-applying b=2 would change my-tool's field: 409, in protobuf as the client prefers.
    const Answer conflict = request(server, "PATCH", kPath + "?fieldManager=ci", kApply, yaml,
                                    "Accept: application/vnd.kubernetes.protobuf\r\n");
    ASSERT_EQ(conflict.status, 409);
    EXPECT_EQ(conflict.contentType, "application/vnd.kubernetes.protobuf");
    auto status = protobuf::decode(conflict.body);
    ASSERT_TRUE(status) << status.error().toStdString();
    EXPECT_EQ(status->value(QStringLiteral("reason")), QStringLiteral("Conflict"));
    EXPECT_EQ(status->value(QStringLiteral("message")),
              QStringLiteral("Apply failed with 1 conflict: conflict with \"my-tool\" using v1: "
                             ".data.b"));
    const QJsonArray causes = status->value(QStringLiteral("details"))
                                  .toObject()
                                  .value(QStringLiteral("causes"))
                                  .toArray();
    ASSERT_EQ(causes.size(), 1);
    EXPECT_EQ(causes[0].toObject().value(QStringLiteral("reason")),
              QStringLiteral("FieldManagerConflict"));
    EXPECT_EQ(causes[0].toObject().value(QStringLiteral("field")), QStringLiteral(".data.b"));

    // Dropping `a` from the configuration removes it; force takes `b` back.
    const QByteArray onlyB = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n"
                             "data:\n  b: \"2\"\n";
    const Answer forced =
        request(server, "PATCH", kPath + "?fieldManager=ci&force=true", kApply, onlyB);
    ASSERT_EQ(forced.status, 200) << forced.body.toStdString();
    EXPECT_EQ(jsonOf(forced).value(QStringLiteral("data")).toObject(),
              QJsonDocument::fromJson(R"({"b":"2"})").object());
    managed = managedFieldsOf(jsonOf(forced));
    ASSERT_EQ(managed.size(), 1) << "my-tool's only field was taken";
    EXPECT_EQ(managed[0].toObject().value(QStringLiteral("manager")), QStringLiteral("ci"));

    // The same configuration again: no write, the same resourceVersion.
    const Answer again =
        request(server, "PATCH", kPath + "?fieldManager=ci&force=true", kApply, onlyB);
    ASSERT_EQ(again.status, 200) << again.body.toStdString();
    const auto version = [](const Answer& a) {
        return jsonOf(a)
            .value(QStringLiteral("metadata"))
            .toObject()
            .value(QStringLiteral("resourceVersion"));
    };
    EXPECT_EQ(version(again), version(forced));
}
