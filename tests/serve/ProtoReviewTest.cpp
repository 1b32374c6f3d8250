// The reviews kubectl posts in protobuf (kubectl >= 1.32 sends typed creates that way):
// SelfSubjectAccessReview and SelfSubjectReview go JSON -> protobuf -> JSON unchanged, every
// field set, so `kubectl auth can-i` and `kubectl auth whoami` read what the server answered.
#include "serve/proto/ProtoCodec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace tessera::serve;

namespace {

QJsonObject roundTrip(const QJsonObject& json) {
    auto encoded = protobuf::encode(json);
    EXPECT_TRUE(encoded.has_value()) << (encoded ? "" : encoded.error().toStdString());
    if (!encoded)
        return {};
    auto decoded = protobuf::decode(*encoded);
    EXPECT_TRUE(decoded.has_value()) << (decoded ? "" : decoded.error().toStdString());
    return decoded ? *decoded : QJsonObject();
}

QJsonObject parse(const char* json) {
    return QJsonDocument::fromJson(json).object();
}

} // namespace

TEST(ProtoReviews, RoundTripASelfSubjectAccessReviewWithEveryField) {
    // clang-format off
    const QJsonObject review = parse(R"json({
      "apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
      "metadata": {"name": "r", "creationTimestamp": "2026-01-02T03:04:05Z"},
      "spec": {
        "resourceAttributes": {
          "namespace": "default", "verb": "create", "group": "batch", "version": "v1",
          "resource": "jobs", "subresource": "status", "name": "frames",
          "fieldSelector": {"rawSelector": "a=b",
                            "requirements": [{"key": "a", "operator": "In", "values": ["b"]}]},
          "labelSelector": {"rawSelector": "x in (y)",
                            "requirements": [{"key": "x", "operator": "In", "values": ["y"]}]}},
        "nonResourceAttributes": {"path": "/healthz", "verb": "get"}},
      "status": {"allowed": true, "denied": true, "reason": "because",
                 "evaluationError": "none"}})json");
    // clang-format on
    ASSERT_EQ(review.value(QStringLiteral("kind")).toString(),
              QStringLiteral("SelfSubjectAccessReview"));
    EXPECT_EQ(roundTrip(review), review) << QJsonDocument(roundTrip(review)).toJson().toStdString();
}

TEST(ProtoReviews, RoundTripASelfSubjectReviewWithItsUser) {
    const QJsonObject review = parse(R"json({
      "apiVersion": "authentication.k8s.io/v1", "kind": "SelfSubjectReview",
      "metadata": {"creationTimestamp": "2026-01-02T03:04:05Z"},
      "status": {"userInfo": {"username": "tessera-admin", "uid": "1",
                              "groups": ["system:masters", "system:authenticated"]}}})json");
    EXPECT_EQ(roundTrip(review), review) << QJsonDocument(roundTrip(review)).toJson().toStdString();
}
