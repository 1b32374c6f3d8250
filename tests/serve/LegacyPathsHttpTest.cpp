// Requests as older clients send them, over HTTP to the in-process server: the legacy watch
// paths (/api/v1/watch/..., /apis/GROUP/VERSION/watch/...: namespaced, all namespaces and one
// object by name; Ruby's kubeclient uses them) and bodies in application/yaml, which
// kube-apiserver decodes as it decodes JSON.
#include "RawHttp.h"
#include "serve/Server.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::Answer;
using tessera::serve::test::jsonOf;
using tessera::serve::test::request;

namespace {

// The (type, name) of each event of a watch stream that the server ended (timeoutSeconds).
QStringList eventsOf(const Answer& a) {
    QStringList out;
    for (const QByteArray& line : a.body.split('\n')) {
        const QJsonObject event = QJsonDocument::fromJson(line).object();
        if (event.isEmpty())
            continue;
        out << event.value(QStringLiteral("type")).toString() + QLatin1Char(' ') +
                   event.value(QStringLiteral("object"))
                       .toObject()
                       .value(QStringLiteral("metadata"))
                       .toObject()
                       .value(QStringLiteral("name"))
                       .toString();
    }
    return out;
}

// A chunked body's chunks joined (the watch answers are chunked).
Answer unchunked(Answer a) {
    QByteArray body;
    qsizetype at = 0;
    while (at < a.body.size()) {
        const qsizetype lineEnd = a.body.indexOf("\r\n", at);
        if (lineEnd < 0)
            break;
        bool ok = false;
        const qsizetype size = a.body.mid(at, lineEnd - at).toLongLong(&ok, 16);
        if (!ok || size == 0)
            break;
        body += a.body.mid(lineEnd + 2, size);
        at = lineEnd + 2 + size + 2;
    }
    a.body = body;
    return a;
}

QByteArray configMap(const char* name) {
    return QByteArray(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")") + name +
           R"("}})";
}

} // namespace

TEST(LegacyPathsHttp, WatchPathsServeNamespacedAllNamespacesAndOneObject) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    for (const char* name : {"watched", "other"})
        ASSERT_EQ(request(server, "POST", "/api/v1/namespaces/default/configmaps",
                          "application/json", configMap(name))
                      .status,
                  201);
    const QByteArray job = R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"j"},
        "spec":{"suspend":true,"template":{"spec":{"restartPolicy":"Never",
        "containers":[{"name":"main","image":"busybox"}]}}}})";
    ASSERT_EQ(
        request(server, "POST", "/apis/batch/v1/namespaces/default/jobs", "application/json", job)
            .status,
        201);

    struct Case {
        QByteArray path;
        QStringList events;
    };
    const Case cases[] = {
        {"/api/v1/watch/namespaces/default/configmaps",
         {QStringLiteral("ADDED other"), QStringLiteral("ADDED watched")}},
        {"/api/v1/watch/configmaps",
         {QStringLiteral("ADDED other"), QStringLiteral("ADDED watched")}},
        {"/api/v1/watch/namespaces/default/configmaps/watched", {QStringLiteral("ADDED watched")}},
        {"/api/v1/watch/namespaces/default", {QStringLiteral("ADDED default")}},
        {"/apis/batch/v1/watch/namespaces/default/jobs", {QStringLiteral("ADDED j")}},
        {"/apis/batch/v1/watch/jobs", {QStringLiteral("ADDED j")}},
        {"/apis/batch/v1/watch/namespaces/default/jobs/j", {QStringLiteral("ADDED j")}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.path.toStdString());
        // The server ends the stream after timeoutSeconds: no waiting on the test's side.
        const Answer a = unchunked(
            request(server, "GET", c.path + "?timeoutSeconds=1&resourceVersion=0", "", ""));
        EXPECT_EQ(a.status, 200) << a.body.toStdString();
        QStringList events = eventsOf(a);
        events.sort();
        EXPECT_EQ(events, c.events) << a.body.toStdString();
    }
    // Only watches: a write on a watch path is refused, a subresource is not found.
    EXPECT_EQ(request(server, "POST", "/api/v1/watch/namespaces/default/configmaps",
                      "application/json", configMap("x"))
                  .status,
              405);
    EXPECT_EQ(
        request(server, "GET", "/apis/batch/v1/watch/namespaces/default/jobs/j/status", "", "")
            .status,
        404);
}

TEST(LegacyPathsHttp, YamlBodiesAreDecodedAsJsonOnesAndBadYamlIsA400) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const Answer created =
        request(server, "POST", "/api/v1/namespaces/default/configmaps", "application/yaml",
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\n"
                "data:\n  a: \"1\"\n");
    ASSERT_EQ(created.status, 201) << created.body.toStdString();
    EXPECT_EQ(jsonOf(created).value(QStringLiteral("data")).toObject().value(QStringLiteral("a")),
              QStringLiteral("1"));
    const Answer updated = request(server, "PUT", "/api/v1/namespaces/default/configmaps/from-yaml",
                                   "application/yaml; charset=utf-8",
                                   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\n"
                                   "data:\n  a: \"2\"\n");
    ASSERT_EQ(updated.status, 200) << updated.body.toStdString();
    EXPECT_EQ(jsonOf(updated).value(QStringLiteral("data")).toObject().value(QStringLiteral("a")),
              QStringLiteral("2"));
    const Answer broken = request(server, "POST", "/api/v1/namespaces/default/configmaps",
                                  "application/yaml", "metadata: [unclosed\n");
    EXPECT_EQ(broken.status, 400) << broken.body.toStdString();
    EXPECT_TRUE(jsonOf(broken)
                    .value(QStringLiteral("message"))
                    .toString()
                    .startsWith(QStringLiteral("error decoding YAML: ")))
        << broken.body.toStdString();
    const Answer two = request(server, "POST", "/api/v1/namespaces/default/configmaps",
                               "application/yaml", "a: 1\n---\nb: 2\n");
    EXPECT_EQ(two.status, 400) << two.body.toStdString();
    // A media type the server does not decode is a 415.
    EXPECT_EQ(
        request(server, "POST", "/api/v1/namespaces/default/configmaps", "text/plain", "name: x")
            .status,
        415);
}
