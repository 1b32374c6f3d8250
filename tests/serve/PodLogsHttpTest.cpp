// The pods/log subresource over HTTP: the container checked against the pod, the previous
// attempt's log, and invalid options, answered as kube-apiserver (and the kubelet behind it)
// answer them. kubectl checks `-c` itself, so these go on the wire as other clients send them.
#include "RawHttp.h"
#include "serve/Server.h"

#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::Answer;
using tessera::serve::test::jsonOf;
using tessera::serve::test::request;

TEST(PodLogsHttp, ChecksTheContainerThePreviousAttemptAndTheOptions) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const Answer created =
        request(server, "POST", "/api/v1/namespaces/default/pods", "application/json",
                R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},
        "spec":{"containers":[{"name":"main","image":"busybox"},{"name":"side","image":"busybox"}],
        "initContainers":[{"name":"setup","image":"busybox"}]}})");
    ASSERT_EQ(created.status, 201) << created.body.toStdString();
    const QByteArray log = "/api/v1/namespaces/default/pods/p/log";

    struct Case {
        QByteArray query;
        int status;
        QString message; // "" for a 200
    };
    const Case cases[] = {
        {"?container=foo", 400, QStringLiteral("container foo is not valid for pod p")},
        {"", 400,
         QStringLiteral("a container name must be specified for pod p, choose one of: [main "
                        "side] or one of the init containers: [setup]")},
        {"?container=main", 200, {}},
        {"?container=setup", 200, {}},
        {"?container=main&previous=true", 400,
         QStringLiteral("previous terminated container \"main\" in pod \"p\" not found")},
        {"?container=main&tailLines=-1", 422,
         QStringLiteral("PodLogOptions \"p\" is invalid: tailLines: Invalid value: -1: must be "
                        "greater than or equal to 0")},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.query.toStdString());
        const Answer a = request(server, "GET", log + c.query, "", "");
        EXPECT_EQ(a.status, c.status) << a.body.toStdString();
        if (!c.message.isEmpty()) {
            EXPECT_EQ(jsonOf(a).value(QStringLiteral("message")).toString(), c.message);
        }
    }
    EXPECT_EQ(request(server, "GET", "/api/v1/namespaces/default/pods/nope/log", "", "").status,
              404);
}
