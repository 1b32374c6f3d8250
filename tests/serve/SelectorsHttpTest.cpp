// The labelSelector / fieldSelector query parameters over HTTP: list, watch and
// deletecollection parse them in one place (serve/ApiSelectors.h), so a bad selector gets the
// same 400 Status on each, worded as the API server words it, and deletes nothing.
#include "RawHttp.h"
#include "serve/ApiSelectors.h"
#include "serve/Server.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace tessera::serve;
using tessera::serve::test::Answer;
using tessera::serve::test::jsonOf;
using tessera::serve::test::request;

namespace {

const QByteArray kConfigMaps = "/api/v1/namespaces/default/configmaps";

QJsonObject statusOf(const Answer& a) {
    QJsonObject o = jsonOf(a);
    o.remove(QStringLiteral("metadata"));
    return o;
}

} // namespace

TEST(SelectorsHttp, ABadSelectorIsTheSame400OnListWatchAndDeleteCollection) {
    Server server;
    ASSERT_TRUE(server.listen()) << server.errorString().toStdString();
    const Answer created = request(
        server, "POST", kConfigMaps, "application/json",
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"keep","labels":{"app":"x"}}})");
    ASSERT_EQ(created.status, 201) << created.body.toStdString();

    struct Case {
        QByteArray query;
        QString message;
    };
    const Case cases[] = {
        {"labelSelector=app%20in%20(x", QStringLiteral("unable to parse requirement \"app in (x\": "
                                                       "missing ')'")},
        {"labelSelector=app%20within%20(x)",
         QStringLiteral("unable to parse requirement \"app within (x)\": unknown operator "
                        "\"within\"")},
        {"fieldSelector=metadata.name",
         QStringLiteral("invalid selector: 'metadata.name'; can't understand 'metadata.name'")},
        {"fieldSelector=metadata.name%3Dkeep,status",
         QStringLiteral("invalid selector: 'metadata.name=keep,status'; can't understand "
                        "'status'")},
        // Both bad: the label selector is reported, as the API server converts it first.
        {"labelSelector=!&fieldSelector=x",
         QStringLiteral("unable to parse requirement \"!\": invalid label key \"\"")},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.query.toStdString());
        const Answer list = request(server, "GET", kConfigMaps + '?' + c.query, "", "");
        const Answer watch = request(server, "GET", kConfigMaps + "?watch=1&" + c.query, "", "");
        const Answer removed = request(server, "DELETE", kConfigMaps + '?' + c.query, "", "");
        for (const Answer* a : {&list, &watch, &removed}) {
            EXPECT_EQ(a->status, 400) << a->body.toStdString();
            EXPECT_EQ(a->contentType, QByteArray("application/json"));
            const QJsonObject status = jsonOf(*a);
            EXPECT_EQ(status.value(QStringLiteral("kind")), QStringLiteral("Status"));
            EXPECT_EQ(status.value(QStringLiteral("reason")), QStringLiteral("BadRequest"));
            EXPECT_EQ(status.value(QStringLiteral("code")), 400);
            EXPECT_EQ(status.value(QStringLiteral("message")).toString(), c.message);
        }
        EXPECT_EQ(statusOf(watch), statusOf(list));
        EXPECT_EQ(statusOf(removed), statusOf(list));
    }

    // The refused deletecollection deleted nothing; a good selector still selects.
    const Answer after = request(server, "GET", kConfigMaps + "?labelSelector=app%3Dx", "", "");
    ASSERT_EQ(after.status, 200) << after.body.toStdString();
    const QJsonArray items = jsonOf(after).value(QStringLiteral("items")).toArray();
    ASSERT_EQ(items.size(), 1);
    EXPECT_EQ(items[0]
                  .toObject()
                  .value(QStringLiteral("metadata"))
                  .toObject()
                  .value(QStringLiteral("name")),
              QStringLiteral("keep"));
}

TEST(ApiSelectors, ParsesBothAndMatchesOnlyWhatBothSelect) {
    const auto s = ApiSelectors::parse(QStringLiteral("app in (x,y),!tier"),
                                       QStringLiteral("metadata.name!=other"));
    ASSERT_TRUE(s) << s.error().message.toStdString();
    const auto object = [](const char* name, const char* app) {
        return QJsonObject{
            {QStringLiteral("metadata"),
             QJsonObject{{QStringLiteral("name"), QLatin1String(name)},
                         {QStringLiteral("labels"),
                          QJsonObject{{QStringLiteral("app"), QLatin1String(app)}}}}}};
    };
    EXPECT_TRUE(s->matches(object("keep", "x")));
    EXPECT_FALSE(s->matches(object("other", "x"))); // the field selector says no
    EXPECT_FALSE(s->matches(object("keep", "z")));  // the label selector says no
    EXPECT_TRUE(ApiSelectors::parse({}, {}).value().matches(object("any", "any")));
}

TEST(FieldSelector, ChecksEachKindsFieldsAndReadsThemWhereTheKindKeepsThem) {
    const ResourceInfo& pods = *findResource(QString(), QStringLiteral("pods"));
    const ResourceInfo& jobs = *findResource(QStringLiteral("batch"), QStringLiteral("jobs"));
    const ResourceInfo& configMaps = *findResource(QString(), QStringLiteral("configmaps"));
    const QJsonObject pod{
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("nodeName"), QStringLiteral("n1")}}}};
    // spec.host is the old name of spec.nodeName; a missing hostNetwork is false.
    EXPECT_TRUE(FieldSelector::parse(QStringLiteral("spec.host=n1,spec.hostNetwork=false"), pods)
                    ->matches(pod));
    // Job's status.successful is its status.succeeded, 0 when absent.
    const auto succeeded = FieldSelector::parse(QStringLiteral("status.successful=0"), jobs);
    ASSERT_TRUE(succeeded);
    EXPECT_TRUE(succeeded->matches(QJsonObject()));
    EXPECT_FALSE(succeeded->matches(
        QJsonObject{{QStringLiteral("status"), QJsonObject{{QStringLiteral("succeeded"), 2}}}}));

    const auto unsupported = FieldSelector::parse(QStringLiteral("spec.foo=x"), pods);
    ASSERT_FALSE(unsupported);
    EXPECT_EQ(unsupported.error().code, 400);
    EXPECT_EQ(unsupported.error().message, QStringLiteral("field label not supported: spec.foo"));
    const auto unknown = FieldSelector::parse(QStringLiteral("data.a=1"), configMaps);
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().message,
              QStringLiteral("\"data.a\" is not a known field selector: only \"metadata.name\", "
                             "\"metadata.namespace\""));
}
