// Request bodies of `tessera serve` follow the nesting limit of every reader of Tessera
// (codec/InputRules.h): a JSON body nested deeper is a 400 naming the path, whether it creates,
// patches or applies, before Qt (whose own limit is 1,024 levels) reads it.
#include "RawHttp.h"
#include "codec/InputRules.h"
#include "serve/Server.h"

#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::Answer;
using tessera::serve::test::jsonOf;
using tessera::serve::test::request;

namespace {

const QByteArray kConfigMaps = "/api/v1/namespaces/default/configmaps";

// A ConfigMap whose field `x` nests `arrays` arrays: with the object, arrays + 1 levels.
QByteArray configMap(const QByteArray& name, int arrays) {
    return R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":")" + name + R"("},"x":)" +
           QByteArray(arrays, '[') + QByteArray(arrays, ']') + "}";
}

} // namespace

TEST(NestingHttp, ABodyPastTheLimitIsA400NamingThePathOnCreatePatchAndApply) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const Answer atLimit =
        request(server, "POST", kConfigMaps, "application/json", configMap("limit", 399));
    EXPECT_EQ(atLimit.status, 201) << atLimit.body.toStdString();

    // 600 levels: under Qt's own limit, so it was stored before.
    const QByteArray deep = configMap("deep", 599);
    const QString expected =
        QStringLiteral("the request body is not acceptable JSON: x%1: %2 (at byte %3)")
            .arg(QString(QStringLiteral("[0]")).repeated(399),
                 QString::fromStdString(tessera::codec::nestingMessage()),
                 QString::number(deep.indexOf('[') + 399));
    const Answer created = request(server, "POST", kConfigMaps, "application/json", deep);
    const Answer patched =
        request(server, "PATCH", kConfigMaps + "/limit", "application/merge-patch+json", deep);
    const Answer applied = request(server, "PATCH", kConfigMaps + "/deep?fieldManager=t",
                                   "application/apply-patch+yaml", deep);
    for (const Answer* a : {&created, &patched, &applied}) {
        EXPECT_EQ(a->status, 400) << a->body.toStdString();
        EXPECT_EQ(jsonOf(*a).value(QStringLiteral("reason")), QStringLiteral("BadRequest"));
        EXPECT_EQ(jsonOf(*a).value(QStringLiteral("message")).toString(), expected);
    }
    EXPECT_EQ(request(server, "GET", kConfigMaps + "/deep", "", "").status, 404);
}
