// The garbage collector and the TTL-after-finished rule on a store of their own: who goes, who
// stays, and in which order, for owners and dependents of any kind (the kubectl tests drive the
// same through a real `tessera serve`).
#include "serve/GarbageCollector.h"

#include "codec/Rfc3339.h"
#include "serve/Deletion.h"
#include "serve/ObjectStore.h"
#include "serve/TtlAfterFinishedController.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera::serve;

namespace {

const QString kDefault = QStringLiteral("default");

QJsonObject ownerRef(const char* apiVersion, const char* kind, const ObjectPtr& owner,
                     bool blocking) {
    return QJsonObject{{QStringLiteral("apiVersion"), QLatin1String(apiVersion)},
                       {QStringLiteral("kind"), QLatin1String(kind)},
                       {QStringLiteral("name"), owner->name},
                       {QStringLiteral("uid"), uidOf(owner->json)},
                       {QStringLiteral("blockOwnerDeletion"), blocking}};
}

QJsonObject named(const QString& name, const QJsonArray& owners = {}) {
    QJsonObject meta{{QStringLiteral("name"), name}};
    if (!owners.isEmpty())
        meta.insert(QStringLiteral("ownerReferences"), owners);
    return QJsonObject{{QStringLiteral("metadata"), meta}};
}

class GarbageCollection : public testing::Test {
protected:
    void SetUp() override {
        store.create(QStringLiteral("namespaces"), QString(), named(kDefault));
        store.addListener([this](const Change& c) {
            if (c.type == ChangeType::Deleted)
                deleted.append(c.object->resource + QLatin1Char('/') + c.object->name);
        });
        collector.start();
    }
    ObjectPtr add(const char* resource, const char* name, const QJsonArray& owners = {}) {
        auto created =
            store.create(QLatin1String(resource), kDefault, named(QLatin1String(name), owners));
        EXPECT_TRUE(created);
        return created ? *created : nullptr;
    }
    bool has(const char* resource, const char* name) const {
        return store.get(QLatin1String(resource), kDefault, QLatin1String(name)) != nullptr;
    }
    // Waits until the collector has nothing left to do: `until` holds.
    bool settles(const std::function<bool()>& until) { return QTest::qWaitFor(until, 5000); }

    ObjectStore store;
    GarbageCollector collector{store};
    QStringList deleted; // "resource/name", in the order they went
};

} // namespace

TEST_F(GarbageCollection, ADependentWithALiveOwnerOnlyLosesItsReferenceToTheGoneOne) {
    const ObjectPtr job = add("jobs", "j");
    const ObjectPtr cron = add("cronjobs", "c");
    add("configmaps", "shared",
        {ownerRef("batch/v1", "Job", job, false), ownerRef("batch/v1", "CronJob", cron, false)});
    ASSERT_TRUE(deleteStoredObject(store, job, Propagation::Background));
    ASSERT_TRUE(settles([&] {
        const ObjectPtr cm =
            store.get(QStringLiteral("configmaps"), kDefault, QStringLiteral("shared"));
        return cm && cm->json.value(QStringLiteral("metadata"))
                             .toObject()
                             .value(QStringLiteral("ownerReferences"))
                             .toArray()
                             .size() == 1;
    }));
    EXPECT_TRUE(has("configmaps", "shared"));
    ASSERT_TRUE(deleteStoredObject(
        store, store.get(QStringLiteral("cronjobs"), kDefault, QStringLiteral("c")),
        Propagation::Background));
    EXPECT_TRUE(settles([&] { return !has("configmaps", "shared"); }));
}

TEST_F(GarbageCollection, BackgroundDeletionReachesDependentsOfDependents) {
    const ObjectPtr cron = add("cronjobs", "c");
    const ObjectPtr job = add("jobs", "j", {ownerRef("batch/v1", "CronJob", cron, true)});
    add("pods", "p", {ownerRef("batch/v1", "Job", job, true)});
    ASSERT_TRUE(deleteStoredObject(store, cron, Propagation::Background));
    EXPECT_TRUE(settles([&] { return !has("jobs", "j") && !has("pods", "p"); }));
    EXPECT_EQ(deleted, (QStringList{QStringLiteral("cronjobs/c"), QStringLiteral("jobs/j"),
                                    QStringLiteral("pods/p")}));
}

TEST_F(GarbageCollection, ForegroundDeletionRemovesBlockingDependentsBeforeTheirOwners) {
    const ObjectPtr cron = add("cronjobs", "c");
    const ObjectPtr job = add("jobs", "j", {ownerRef("batch/v1", "CronJob", cron, true)});
    add("pods", "p", {ownerRef("batch/v1", "Job", job, true)});
    add("configmaps", "items", {ownerRef("batch/v1", "Job", job, false)});
    auto held = deleteStoredObject(store, cron, Propagation::Foreground);
    ASSERT_TRUE(held);
    EXPECT_EQ(held->state, DeleteOutcome::State::Held);
    EXPECT_TRUE(hasFinalizer(held->object->json, kForegroundFinalizer));
    EXPECT_TRUE(isBeingDeleted(held->object->json));
    EXPECT_TRUE(settles([&] { return !has("cronjobs", "c") && !has("configmaps", "items"); }));
    // The pod blocks the Job (itself deleted in the foreground), which blocks the CronJob. The
    // ConfigMap does not block the Job: nothing holds the Job for it (it may go before or after).
    const auto position = [&](const char* what) {
        return deleted.indexOf(QLatin1String(what));
    };
    EXPECT_LT(position("pods/p"), position("jobs/j"))
        << deleted.join(QLatin1Char(' ')).toStdString();
    EXPECT_LT(position("jobs/j"), position("cronjobs/c"))
        << deleted.join(QLatin1Char(' ')).toStdString();
}

TEST_F(GarbageCollection, ACycleOfBlockingOwnersIsDeletedInTheForeground) {
    // Two ConfigMaps owning each other, each blocking the other's deletion.
    const ObjectPtr a = add("configmaps", "a");
    const ObjectPtr b = add("configmaps", "b", {ownerRef("v1", "ConfigMap", a, true)});
    QJsonObject json = a->json;
    QJsonObject meta = json.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("ownerReferences"),
                QJsonArray{ownerRef("v1", "ConfigMap", b, true)});
    json.insert(QStringLiteral("metadata"), meta);
    const auto updated =
        store.update(QStringLiteral("configmaps"), kDefault, QStringLiteral("a"), json);
    ASSERT_TRUE(updated);
    ASSERT_TRUE(deleteStoredObject(store, *updated, Propagation::Foreground));
    EXPECT_TRUE(settles([&] { return !has("configmaps", "a") && !has("configmaps", "b"); }))
        << "each waits for the other";
}

TEST_F(GarbageCollection, OrphanDeletionKeepsDependentsWithoutTheOwner) {
    const ObjectPtr job = add("jobs", "j");
    add("configmaps", "items", {ownerRef("batch/v1", "Job", job, false)});
    auto held = deleteStoredObject(store, job, Propagation::Orphan);
    ASSERT_TRUE(held);
    EXPECT_TRUE(hasFinalizer(held->object->json, kOrphanFinalizer));
    EXPECT_TRUE(settles([&] { return !has("jobs", "j"); }));
    const ObjectPtr cm = store.get(QStringLiteral("configmaps"), kDefault, QStringLiteral("items"));
    ASSERT_TRUE(cm);
    EXPECT_FALSE(cm->json.value(QStringLiteral("metadata"))
                     .toObject()
                     .contains(QStringLiteral("ownerReferences")));
}

TEST_F(GarbageCollection, AnotherFinalizerHoldsTheOwnerAfterTheCollectorsIsDone) {
    QJsonObject object = named(QStringLiteral("j"));
    QJsonObject meta = object.value(QStringLiteral("metadata")).toObject();
    meta.insert(QStringLiteral("finalizers"), QJsonArray{QStringLiteral("example.com/hold")});
    object.insert(QStringLiteral("metadata"), meta);
    const ObjectPtr job = *store.create(QStringLiteral("jobs"), kDefault, object);
    add("pods", "p", {ownerRef("batch/v1", "Job", job, true)});
    ASSERT_TRUE(deleteStoredObject(store, job, Propagation::Foreground));
    ASSERT_TRUE(settles([&] {
        const ObjectPtr j = store.get(QStringLiteral("jobs"), kDefault, QStringLiteral("j"));
        return !has("pods", "p") && j && !hasFinalizer(j->json, kForegroundFinalizer);
    }));
    EXPECT_TRUE(has("jobs", "j")) << "example.com/hold still holds it";
    removeFinalizer(store, store.get(QStringLiteral("jobs"), kDefault, QStringLiteral("j")),
                    "example.com/hold");
    EXPECT_FALSE(has("jobs", "j"));
}

TEST_F(GarbageCollection, AnOwnerOfAKindNotServedKeepsItsDependent) {
    QJsonArray owners{QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("apps/v1")},
                                  {QStringLiteral("kind"), QStringLiteral("Deployment")},
                                  {QStringLiteral("name"), QStringLiteral("web")},
                                  {QStringLiteral("uid"), QStringLiteral("1234")}}};
    add("configmaps", "kept", owners);
    const ObjectPtr job = add("jobs", "j");
    add("configmaps", "gone", {ownerRef("batch/v1", "Job", job, false)});
    ASSERT_TRUE(deleteStoredObject(store, job, Propagation::Background));
    // Work is done in order: once the later one has gone, the earlier one was looked at.
    ASSERT_TRUE(settles([&] { return !has("configmaps", "gone"); }));
    EXPECT_TRUE(has("configmaps", "kept"));
}

TEST(TtlAfterFinished, ExpiresTtlSecondsAfterTheFinishedCondition) {
    const auto job = [](const char* json) {
        return QJsonDocument::fromJson(QByteArray(json)).object();
    };
    const auto at = [](const char* text) {
        return *tessera::codec::parseRfc3339(text);
    };
    using Controller = TtlAfterFinishedController;
    EXPECT_EQ(Controller::expiryOf(job(R"({"spec":{"ttlSecondsAfterFinished":5},"status":{
        "conditions":[{"type":"Complete","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"}]}})")),
              at("2026-01-01T00:00:05Z"));
    EXPECT_EQ(Controller::expiryOf(job(R"({"spec":{"ttlSecondsAfterFinished":0},"status":{
        "conditions":[{"type":"FailureTarget","status":"True","lastTransitionTime":"2025-01-01T00:00:00Z"},
                      {"type":"Failed","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"}]}})")),
              at("2026-01-01T00:00:00Z"));
    // No TTL, not finished, or already being deleted: nothing to do.
    EXPECT_FALSE(Controller::expiryOf(job(R"({"spec":{},"status":{
        "conditions":[{"type":"Complete","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"}]}})")));
    EXPECT_FALSE(Controller::expiryOf(job(R"({"spec":{"ttlSecondsAfterFinished":5},"status":{
        "conditions":[{"type":"Suspended","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"}]}})")));
    EXPECT_FALSE(
        Controller::expiryOf(job(R"({"metadata":{"deletionTimestamp":"2026-01-01T00:00:01Z"},
        "spec":{"ttlSecondsAfterFinished":5},"status":{
        "conditions":[{"type":"Complete","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z"}]}})")));
}
