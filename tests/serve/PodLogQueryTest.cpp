// The pods/log options on their own: validated as ValidatePodLogOptions validates them, the
// container checked as the pod strategy checks it, and applied to timed lines in the kubelet's
// order (tail, then since, then the byte limit over what is written).
#include "serve/PodLogQuery.h"

#include <QUrlQuery>
#include <gtest/gtest.h>

using namespace tessera::serve;

namespace {

HttpRequest requestWith(const char* query) {
    HttpRequest r;
    r.method = "GET";
    r.query = QUrlQuery(QString::fromLatin1(query));
    return r;
}

// Lines written at 1000, 2000, 3000 and 4000 ms.
LogLines fourLines() {
    return {{1000, "one\n"}, {2000, "two\n"}, {3000, "three\n"}, {4000, "four\n"}};
}

} // namespace

TEST(PodLogQuery, AppliesTailThenSinceThenLimitBytes) {
    struct Case {
        const char* name;
        const char* query;
        QByteArray expected;
    };
    const qint64 now = 5000;
    const Case cases[] = {
        {"everything", "", "one\ntwo\nthree\nfour\n"},
        {"tail", "tailLines=2", "three\nfour\n"},
        {"tail zero", "tailLines=0", ""},
        {"since seconds counts back from now", "sinceSeconds=3", "two\nthree\nfour\n"},
        {"since time keeps lines at or after it", "sinceTime=1970-01-01T00:00:03Z",
         "three\nfour\n"},
        // The kubelet seeks to the last lines first, then skips the older ones.
        {"tail then since", "tailLines=3&sinceTime=1970-01-01T00:00:03Z", "three\nfour\n"},
        {"since leaves fewer than the tail", "tailLines=1&sinceTime=1970-01-01T00:00:05Z", ""},
        {"since seconds past the epoch keeps everything", "sinceSeconds=33333333333333333",
         "one\ntwo\nthree\nfour\n"},
        {"limit cuts a line", "limitBytes=6", "one\ntw"},
        {"limit after tail and since", "tailLines=3&sinceSeconds=2&limitBytes=8", "three\nfo"},
        {"timestamps", "tailLines=1&timestamps=true", "1970-01-01T00:00:04.000000000Z four\n"},
        {"timestamps count toward the limit", "tailLines=1&timestamps=true&limitBytes=10",
         "1970-01-01"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        auto q = PodLogQuery::fromRequest(requestWith(c.query), QStringLiteral("p"), now);
        ASSERT_TRUE(q) << q.error().message.toStdString();
        EXPECT_EQ(q->render(fourLines()), c.expected);
    }
}

TEST(PodLogQuery, TimestampsAreTheKubeletsFixedWidthNanoseconds) {
    EXPECT_EQ(logTimestampPrefix(1500), QByteArray("1970-01-01T00:00:01.500000000Z "));
    EXPECT_EQ(logTimestampPrefix(1001), QByteArray("1970-01-01T00:00:01.001000000Z "));
    EXPECT_EQ(logTimestampPrefix(2000), QByteArray("1970-01-01T00:00:02.000000000Z "));
}

TEST(PodLogQuery, RefusesOptionsAsTheApiServerDoes) {
    struct Case {
        const char* query;
        int code;
        QString message;
    };
    const Case cases[] = {
        {"tailLines=-1", 422,
         QStringLiteral("PodLogOptions \"p\" is invalid: tailLines: Invalid value: -1: must be "
                        "greater than or equal to 0")},
        {"limitBytes=0", 422,
         QStringLiteral("PodLogOptions \"p\" is invalid: limitBytes: Invalid value: 0: must be "
                        "greater than 0")},
        {"sinceSeconds=0", 422,
         QStringLiteral("PodLogOptions \"p\" is invalid: sinceSeconds: Invalid value: 0: must be "
                        "greater than 0")},
        {"sinceSeconds=5&sinceTime=2026-01-01T00:00:00Z", 422,
         QStringLiteral("PodLogOptions \"p\" is invalid: Forbidden: at most one of `sinceTime` "
                        "or `sinceSeconds` may be specified")},
        {"tailLines=ten", 400, QStringLiteral("tailLines: invalid value \"ten\": not an integer")},
        {"sinceTime=yesterday", 400,
         QStringLiteral("sinceTime: invalid value \"yesterday\": not an RFC 3339 time")},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.query);
        auto q = PodLogQuery::fromRequest(requestWith(c.query), QStringLiteral("p"), 0);
        ASSERT_FALSE(q);
        EXPECT_EQ(q.error().code, c.code);
        EXPECT_EQ(q.error().message, c.message);
    }
}

TEST(PodLogQuery, ChecksTheContainerAgainstThePod) {
    const auto pod = [](QJsonArray containers, QJsonArray init = {}) {
        return QJsonObject{
            {QStringLiteral("metadata"),
             QJsonObject{{QStringLiteral("name"), QStringLiteral("p")}}},
            {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"), containers},
                                                 {QStringLiteral("initContainers"), init}}}};
    };
    const auto named = [](const char* n) {
        return QJsonObject{{QStringLiteral("name"), QLatin1String(n)}};
    };
    PodLogQuery q;
    EXPECT_FALSE(q.resolveContainer(pod({named("main")})));
    EXPECT_EQ(q.container, QStringLiteral("main")); // the only one

    q.container = QStringLiteral("setup");
    EXPECT_FALSE(q.resolveContainer(pod({named("main")}, {named("setup")})));

    q.container = QStringLiteral("foo");
    const auto unknown = q.resolveContainer(pod({named("main")}));
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->code, 400);
    EXPECT_EQ(unknown->message, QStringLiteral("container foo is not valid for pod p"));

    q.container.clear();
    const auto ambiguous = q.resolveContainer(pod({named("a"), named("b")}, {named("init")}));
    ASSERT_TRUE(ambiguous);
    EXPECT_EQ(ambiguous->message,
              QStringLiteral("a container name must be specified for pod p, choose one of: [a b] "
                             "or one of the init containers: [init]"));
}

TEST(PodLogs, KeepsEachLinesTimeAndThePreviousAttempt) {
    qint64 now = 100;
    PodLogs logs([&] { return now; });
    const QString key = PodLogs::keyOf(QStringLiteral("ns"), QStringLiteral("p"));
    logs.open(key);
    logs.append(key, "a\nb");
    now = 200;
    logs.append(key, "c\nd\n"); // "b" is finished by this piece: it keeps its first time
    const LogLines lines = *logs.lines(key);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].text, QByteArray("a\n"));
    EXPECT_EQ(lines[1].text, QByteArray("bc\n"));
    EXPECT_EQ(lines[1].atMs, 100);
    EXPECT_EQ(lines[2].text, QByteArray("d\n"));
    EXPECT_EQ(lines[2].atMs, 200);
    EXPECT_EQ(logs.text(key), QByteArray("a\nbc\nd\n"));
    EXPECT_FALSE(logs.lines(key, true)); // no previous attempt yet

    logs.open(key); // the container restarted
    logs.append(key, "again\n");
    EXPECT_EQ(logs.text(key), QByteArray("again\n"));
    ASSERT_TRUE(logs.lines(key, true));
    EXPECT_EQ(logs.lines(key, true)->size(), 3u);
}
