// What the API server refuses beyond a Job's own rules, over real HTTP: a ConfigMap above the
// 1 MiB a ConfigMap may hold, a PUT that changes an object's uid, and annotations above 256 KiB
// on any kind.
#include "RawHttp.h"
#include "serve/Server.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace tessera::serve;
using namespace tessera::serve::test;

namespace {

const QByteArray kConfigMaps = "/api/v1/namespaces/default/configmaps";
const QByteArray kJobs = "/apis/batch/v1/namespaces/default/jobs";

// The first cause of a 422 as "field: message".
QString firstCause(const Answer& a) {
    const QJsonObject cause = jsonOf(a)
                                  .value(QStringLiteral("details"))
                                  .toObject()
                                  .value(QStringLiteral("causes"))
                                  .toArray()
                                  .first()
                                  .toObject();
    return cause.value(QStringLiteral("field")).toString() + QStringLiteral(": ") +
           cause.value(QStringLiteral("message")).toString();
}

} // namespace

TEST(AdmissionHttp, AConfigMapHoldsAtMostOneMebibyteOfData) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const QByteArray fits(1024 * 1024, 'a');
    const QByteArray tooBig = fits + 'a';
    const auto body = [](const QByteArray& name, const QByteArray& value) {
        return R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")" + name +
               R"("},"data":{"items":")" + value + R"("}})";
    };
    EXPECT_EQ(request(server, "POST", kConfigMaps, "application/json", body("fits", fits)).status,
              201);
    const Answer refused =
        request(server, "POST", kConfigMaps, "application/json", body("big", tooBig));
    ASSERT_EQ(refused.status, 422) << refused.body.left(300).toStdString();
    EXPECT_EQ(firstCause(refused),
              QStringLiteral(": Too long: may not be more than 1048576 bytes"));
}

TEST(AdmissionHttp, APutThatChangesTheUidFailsItsPreconditionAndAPatchIsRefusedAsImmutable) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const Answer created = request(
        server, "POST", kConfigMaps, "application/json",
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1"}})");
    ASSERT_EQ(created.status, 201) << created.body.toStdString();
    const QString uid = jsonOf(created)
                            .value(QStringLiteral("metadata"))
                            .toObject()
                            .value(QStringLiteral("uid"))
                            .toString();
    ASSERT_FALSE(uid.isEmpty());

    const Answer changed = request(
        server, "PUT", kConfigMaps + "/c", "application/json",
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","uid":"another"},"data":{"a":"2"}})");
    // A PUT's uid is its precondition (storage.Preconditions): a Conflict, as upstream words it.
    ASSERT_EQ(changed.status, 409) << changed.body.toStdString();
    const QJsonObject conflict = jsonOf(changed);
    EXPECT_EQ(conflict.value(QStringLiteral("reason")), QStringLiteral("Conflict"));
    EXPECT_EQ(conflict.value(QStringLiteral("message")).toString(),
              QStringLiteral("Operation cannot be fulfilled on configmaps \"c\": Precondition "
                             "failed: UID in precondition: another, UID in object meta: ") +
                  uid);
    // A patch has no precondition: the changed uid is refused by validation.
    const Answer patched =
        request(server, "PATCH", kConfigMaps + "/c", "application/merge-patch+json",
                R"({"metadata":{"uid":"another"}})");
    ASSERT_EQ(patched.status, 422) << patched.body.toStdString();
    EXPECT_EQ(firstCause(patched),
              QStringLiteral("metadata.uid: Invalid value: \"another\": field is immutable"));
    // The same uid, or none, updates as before.
    const Answer same =
        request(server, "PUT", kConfigMaps + "/c", "application/json",
                R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","uid":")" +
                    uid.toUtf8() + R"("},"data":{"a":"3"}})");
    EXPECT_EQ(same.status, 200) << same.body.toStdString();
}

TEST(AdmissionHttp, AnnotationsAbove256KiBAreRefusedOnEveryKindAndOnUpdate) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const QByteArray big(300 * 1024, 'x');
    const Answer created = request(
        server, "POST", kConfigMaps, "application/json",
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","annotations":{"note":")" +
            big + R"("}}})");
    ASSERT_EQ(created.status, 422) << created.body.left(300).toStdString();
    EXPECT_EQ(firstCause(created),
              QStringLiteral("metadata.annotations: Too long: may not be more than 262144 bytes"));

    ASSERT_EQ(request(server, "POST", kConfigMaps, "application/json",
                      R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b"}})")
                  .status,
              201);
    const Answer updated = request(
        server, "PUT", kConfigMaps + "/b", "application/json",
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b","labels":{"a b":"x"}}})");
    ASSERT_EQ(updated.status, 422) << updated.body.toStdString();
    EXPECT_TRUE(firstCause(updated).startsWith(
        QStringLiteral("metadata.labels: Invalid value: \"a b\": name part must consist of")))
        << firstCause(updated).toStdString();
}
