// Field validation on its own: unknown fields found by the served schema, per mode.
#include "serve/FieldValidation.h"

#include "serve/Discovery.h"

#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace tessera::serve;

namespace {

QJsonObject job() {
    return QJsonDocument::fromJson(R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"x"},
        "spec":{"paralelism":2,"template":{"spec":{"containers":[{"name":"a","image":"b","imag":"c"}]}}}})")
        .object();
}

const ResourceInfo& jobs() {
    return *findResource(QStringLiteral("batch"), QStringLiteral("jobs"));
}

} // namespace

TEST(FieldValidation, StrictRefusesUnknownFieldsWithTheirPaths) {
    QJsonObject body = job();
    auto r = validateFields(jobs(), body, QStringLiteral("Strict"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, 400);
    EXPECT_EQ(r.error().message,
              QStringLiteral("Job in version \"v1\" cannot be handled as a Job: strict decoding "
                             "error: unknown field \"spec.paralelism\", unknown field "
                             "\"spec.template.spec.containers[0].imag\""));
}

TEST(FieldValidation, WarnIsTheDefaultAndDropsTheFields) {
    QJsonObject body = job();
    auto r = validateFields(jobs(), body, QString());
    ASSERT_TRUE(r);
    EXPECT_EQ(*r, (QStringList{
                      QStringLiteral("unknown field \"spec.paralelism\""),
                      QStringLiteral("unknown field \"spec.template.spec.containers[0].imag\"")}));
    const QJsonObject expected =
        QJsonDocument::fromJson(R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"x"},
        "spec":{"template":{"spec":{"containers":[{"name":"a","image":"b"}]}}}})")
            .object();
    EXPECT_EQ(body, expected);
}

TEST(FieldValidation, IgnoreDropsSilentlyAndABadModeIsRefused) {
    QJsonObject body = job();
    auto r = validateFields(jobs(), body, QStringLiteral("Ignore"));
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->isEmpty());
    EXPECT_FALSE(
        body.value(QStringLiteral("spec")).toObject().contains(QStringLiteral("paralelism")));
    QJsonObject other = job();
    EXPECT_FALSE(validateFields(jobs(), other, QStringLiteral("Loose")));
}

TEST(FieldValidation, FindsDuplicateFieldsInTheTextAsSent) {
    const QByteArray text =
        R"({"metadata":{"name":"a","labels":{"x":"1","x":"2"}},"spec":{"parallelism":1,"template":{"spec":
           {"containers":[{"name":"a"},{"name":"b","name":"c"}]}},"parallelism":2}})";
    EXPECT_EQ(duplicateFields(text),
              (QStringList{QStringLiteral("metadata.labels.x"),
                           QStringLiteral("spec.template.spec.containers[1].name"),
                           QStringLiteral("spec.parallelism")}));
    QJsonObject body = QJsonDocument::fromJson(text).object();
    auto strict = validateFields(jobs(), body, QStringLiteral("Strict"), text);
    ASSERT_FALSE(strict);
    EXPECT_TRUE(
        strict.error().message.contains(QStringLiteral("duplicate field \"spec.parallelism\"")))
        << strict.error().message.toStdString();
    EXPECT_TRUE(duplicateFields(R"({"a":"x\"y","b":[1,{"c":true}],"d":null})").isEmpty());
}
