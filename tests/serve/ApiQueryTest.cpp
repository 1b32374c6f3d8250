// The list and watch parameters tessera serve checks before acting (ApiQuery.h): what a garbage
// resourceVersion, an overflowing timeoutSeconds or a forged continue token gets, over HTTP.
#include "serve/ApiQuery.h"

#include "RawHttp.h"
#include "serve/Server.h"

#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::jsonOf;
using tessera::serve::test::request;

namespace {

void createConfigMaps(Server& server, int count, const QString& prefix = QStringLiteral("cm-")) {
    for (int i = 0; i < count; ++i) {
        const auto created = request(
            server, "POST", "/api/v1/namespaces/default/configmaps", "application/json",
            QStringLiteral(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"%1%2"}})")
                .arg(prefix)
                .arg(i)
                .toUtf8());
        ASSERT_EQ(created.status, 201) << created.body.toStdString();
    }
}

} // namespace

TEST(ApiQuery, AGarbageResourceVersionIsABadRequestOnWatchListAndGet) {
    Server server;
    ASSERT_TRUE(server.listen());
    for (const char* target : {"/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=abc",
                               "/api/v1/namespaces/default/configmaps?resourceVersion=abc",
                               "/api/v1/namespaces/default?resourceVersion=abc"}) {
        SCOPED_TRACE(target);
        const auto answer = request(server, "GET", target, "application/json", {});
        EXPECT_EQ(answer.status, 400) << answer.body.toStdString();
        EXPECT_TRUE(jsonOf(answer)
                        .value(QStringLiteral("message"))
                        .toString()
                        .contains(QStringLiteral("invalid resource version: \"abc\"")));
    }
}

TEST(ApiQuery, TimeoutSecondsPastWhatATimerHoldsMeansNoTimeoutNotAnOverflow) {
    // 4294968 s is 2^32 ms and a bit: multiplied in an int it wrapped to 0.71 s.
    const auto huge = parseTimeoutSeconds(QStringLiteral("4294968"));
    ASSERT_TRUE(huge.has_value());
    EXPECT_FALSE(huge->has_value());
    const auto day = parseTimeoutSeconds(QStringLiteral("86400"));
    ASSERT_TRUE(day.has_value() && day->has_value());
    EXPECT_EQ(day->value().count(), 86400000);
    EXPECT_FALSE(parseTimeoutSeconds(QStringLiteral("-5")).has_value());
    EXPECT_FALSE(parseTimeoutSeconds(QStringLiteral("1e9")).has_value());
    Server server;
    ASSERT_TRUE(server.listen());
    const auto answer =
        request(server, "GET", "/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=soon",
                "application/json", {});
    EXPECT_EQ(answer.status, 400) << answer.body.toStdString();
}

TEST(ApiQuery, ContinueTokensThisServerDidNotMakeAreRefused) {
    Server server;
    ASSERT_TRUE(server.listen());
    createConfigMaps(server, 5);
    // A real token pages through every object once.
    QStringList names;
    QString token;
    for (int page = 0; page < 5; ++page) {
        QByteArray target = "/api/v1/namespaces/default/configmaps?limit=2";
        if (!token.isEmpty())
            target += "&continue=" + token.toLatin1();
        const auto answer = request(server, "GET", target, "application/json", {});
        ASSERT_EQ(answer.status, 200) << answer.body.toStdString();
        const QJsonObject list = jsonOf(answer);
        for (const QJsonValue& item : list.value(QStringLiteral("items")).toArray())
            names << item.toObject()
                         .value(QStringLiteral("metadata"))
                         .toObject()
                         .value(QStringLiteral("name"))
                         .toString();
        token = list.value(QStringLiteral("metadata"))
                    .toObject()
                    .value(QStringLiteral("continue"))
                    .toString();
        if (token.isEmpty())
            break;
    }
    EXPECT_EQ(names,
              (QStringList{QStringLiteral("cm-0"), QStringLiteral("cm-1"), QStringLiteral("cm-2"),
                           QStringLiteral("cm-3"), QStringLiteral("cm-4")}));
    // What the old tokens were (base64url of "ns/name") and other forgeries: 400.
    for (const QByteArray& forged :
         {QByteArray("ZGVmYXVsdC9jbS0x"), QByteArray("!!!"),
          QByteArray(
              "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6OTk5OTk5LCJzdGFydCI6ImRlZmF1bHQvY20tMSJ9")}) {
        const auto answer = request(
            server, "GET", "/api/v1/namespaces/default/configmaps?limit=2&continue=" + forged,
            "application/json", {});
        EXPECT_EQ(answer.status, 400) << forged.toStdString() << ": " << answer.body.toStdString();
    }
    // A token from before the history was compacted: 410 Expired, as upstream.
    const auto first = request(server, "GET", "/api/v1/namespaces/default/configmaps?limit=2",
                               "application/json", {});
    const QString old = jsonOf(first)
                            .value(QStringLiteral("metadata"))
                            .toObject()
                            .value(QStringLiteral("continue"))
                            .toString();
    createConfigMaps(server, 1, QStringLiteral("later-")); // the version moves past the token's
    server.compactHistory();
    const auto expired = request(
        server, "GET", "/api/v1/namespaces/default/configmaps?limit=2&continue=" + old.toLatin1(),
        "application/json", {});
    EXPECT_EQ(expired.status, 410) << expired.body.toStdString();
}
