// The JSON list pages and watch lines of CronJobs, Events and a described pod: an object's
// namespace/name key is unambiguous, so a name or namespace holding a '/' (which no API server
// accepts: both are path segments) is an error naming the field, not a key that collides with
// another object's.
#include "kube/JsonWatch.h"

#include <gtest/gtest.h>

using namespace tessera;

TEST(JsonWatch, AWatchedObjectsKeyIsItsNamespaceAndName) {
    const auto event = kube::decodeJsonWatchLine(
        R"({"type":"ADDED","object":{"metadata":{"namespace":"ns","name":"nightly"}}})");
    ASSERT_TRUE(event) << event.error().toStdString();
    EXPECT_EQ(event->key, QStringLiteral("ns/nightly"));
}

TEST(JsonWatch, ANameOrNamespaceWithASlashIsRefusedNamingTheField) {
    // Found by the json_watch fuzz harness: the name "i* /" made a key ending in '/'.
    const auto named = kube::decodeJsonWatchLine(
        R"({"type":"ADDED","object":{"metadata":{"name":"a/b","namespace":"ns"}}})");
    ASSERT_FALSE(named);
    EXPECT_EQ(named.error(), QStringLiteral("object.metadata.name: \"a/b\" may not contain '/'"));
    const auto spaced = kube::decodeJsonWatchLine(
        R"({"type":"MODIFIED","object":{"metadata":{"name":"b","namespace":"ns/a"}}})");
    ASSERT_FALSE(spaced);
    EXPECT_EQ(spaced.error(),
              QStringLiteral("object.metadata.namespace: \"ns/a\" may not contain '/'"));
    const auto page = kube::decodeJsonListPage(
        R"({"metadata":{},"items":[{"metadata":{"name":"ok"}},{"metadata":{"name":"x/"}}]})");
    ASSERT_FALSE(page);
    EXPECT_EQ(page.error(), QStringLiteral("items[1].metadata.name: \"x/\" may not contain '/'"));
}
