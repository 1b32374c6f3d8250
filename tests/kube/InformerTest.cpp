// Informers against a real HTTP server that behaves like the API server's list/watch, with
// faults injected: dropped streams, 410 (HTTP and ERROR events), 500, 401, garbage JSON.
#include "kube/Informer.h"

#include "ClientHarness.h"
#include "FakeApiServer.h"
#include "FakeCollection.h"
#include "codec/Decode.h"

#include <QElapsedTimer>
#include <QTimer>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::kube;
using namespace tessera::kube::test;

namespace {

const QString kPods = QStringLiteral("/api/v1/namespaces/batch/pods");

// What a UI model would keep: the current objects, fed only by batches, on the main thread.
struct Consumer {
    QMap<QString, QString> phase; // "ns/name" -> phase (pods) or completedIndexes (jobs)
    QMap<QString, QString> rv;
    QList<InformerBatchPtr> batches;
    QList<qint64> batchTimes;
    QList<WatchState> states;
    QElapsedTimer clock;
    bool wrongThread = false;

    void connectTo(Informer* informer, QObject* context) {
        clock.start();
        QObject::connect(
            informer, &Informer::batchReady, context, [this](const InformerBatchPtr& b) {
                wrongThread = wrongThread || QThread::currentThread() != qApp->thread();
                batches << b;
                batchTimes << clock.elapsed();
                if (b->replace) {
                    phase.clear();
                    rv.clear();
                }
                for (const auto& p : b->pods) {
                    const QString key = QString::fromStdString(p.pod.metadata.namespace_ + "/" +
                                                               p.pod.metadata.name);
                    phase[key] = QString::fromLatin1(engine::toString(p.pod.phase));
                    rv[key] = QString::fromStdString(p.pod.metadata.resourceVersion);
                }
                for (const auto& j : b->jobs) {
                    const QString key = QString::fromStdString(j.job.metadata.namespace_ + "/" +
                                                               j.job.metadata.name);
                    phase[key] = QString::fromStdString(j.job.status.completedIndexes);
                    rv[key] = QString::fromStdString(j.job.metadata.resourceVersion);
                }
                for (const auto& d : b->deleted) {
                    phase.remove(d);
                    rv.remove(d);
                }
            });
        QObject::connect(informer, &Informer::stateChanged, context,
                         [this](const WatchState& s) { states << s; });
    }
    bool sawPhase(WatchState::Phase p) const {
        return std::any_of(states.begin(), states.end(),
                           [p](const WatchState& s) { return s.phase == p; });
    }
    int events() const {
        int n = 0;
        for (const auto& b : batches)
            n += b->events;
        return n;
    }
};

ClusterConnection conn(const FakeApiServer& s) {
    ClusterConnection c;
    c.contextName = QStringLiteral("prod");
    c.userName = QStringLiteral("alice");
    c.clusterName = QStringLiteral("eu-1");
    c.server = s.url();
    return c;
}

FakeCollection::Render pod(int index, const QString& phase) {
    return [index, phase](const QString& name, qint64 rv) {
        return podJson(QStringLiteral("batch"), name, index, phase, rv);
    };
}

class InformerTest : public testing::Test {
protected:
    void SetUp() override {
        pods = std::make_unique<FakeCollection>(server, kPods, "PodList");
        harness = std::make_unique<ClientHarness>(conn(server));
    }
    void TearDown() override {
        if (informer) {
            QMetaObject::invokeMethod(
                informer, [i = informer] { delete i; }, Qt::BlockingQueuedConnection);
            informer = nullptr;
        }
        harness.reset();
    }
    void start(Informer::Options o = {}) {
        o.resource = Resource::Pods;
        o.namespace_ = QStringLiteral("batch");
        if (o.initialBackoff == Informer::Options{}.initialBackoff)
            o.initialBackoff = std::chrono::milliseconds(100);
        informer = new Informer(harness->client, o);
        consumer.connectTo(informer, &context);
        informer->start();
    }
    bool waitFor(const std::function<bool()>& f, int ms = 10000) { return QTest::qWaitFor(f, ms); }

    FakeApiServer server;
    std::unique_ptr<FakeCollection> pods;
    std::unique_ptr<ClientHarness> harness;
    Informer* informer = nullptr;
    Consumer consumer;
    QObject context;
};

} // namespace

TEST_F(InformerTest, ListsInPagesThenWatchesFromTheListsResourceVersion) {
    for (int i = 0; i < 1200; ++i)
        pods->upsert(QStringLiteral("render-%1").arg(i, 4, 10, QLatin1Char('0')),
                     pod(i, QStringLiteral("Running")));
    Informer::Options o;
    o.pageSize = 500;
    start(o);
    ASSERT_TRUE(waitFor([&] { return pods->watchRequests().size() == 1; }));
    ASSERT_EQ(pods->listRequests().size(), 3);
    EXPECT_EQ(pods->listRequests()[0].param("limit"), QStringLiteral("500"));
    EXPECT_EQ(pods->listRequests()[0].param("continue"), QString());
    EXPECT_EQ(pods->listRequests()[1].param("continue"),
              QStringLiteral("500:%1").arg(pods->resourceVersion()));
    EXPECT_EQ(pods->listRequests()[2].param("continue"),
              QStringLiteral("1000:%1").arg(pods->resourceVersion()));
    const HttpRequest& w = pods->watchRequests()[0];
    EXPECT_EQ(w.param("resourceVersion"), QString::number(pods->resourceVersion()));
    EXPECT_EQ(w.param("allowWatchBookmarks"), QStringLiteral("true"));
    EXPECT_GE(w.param("timeoutSeconds").toInt(), 300);
    EXPECT_LE(w.param("timeoutSeconds").toInt(), 600);

    ASSERT_TRUE(waitFor([&] { return !consumer.batches.isEmpty(); }));
    const auto& first = consumer.batches[0];
    EXPECT_TRUE(first->replace);
    EXPECT_EQ(first->pods.size(), 1200u);
    EXPECT_EQ(consumer.phase.value(QStringLiteral("batch/render-0042")), QStringLiteral("Running"));
    EXPECT_EQ(first->pods[42].meta.labels.at("batch.kubernetes.io/job-name"), "render");
    EXPECT_TRUE(consumer.sawPhase(WatchState::Phase::Connected));
    EXPECT_FALSE(consumer.wrongThread);
}

TEST_F(InformerTest, CoalescesBurstsOfWatchEventsIntoBatches) {
    for (int i = 0; i < 10; ++i)
        pods->upsert(QStringLiteral("p%1").arg(i), pod(i, QStringLiteral("Pending")));
    Informer::Options o;
    o.batchInterval = std::chrono::milliseconds(150);
    start(o);
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    // 200 events for 10 pods in one burst, then one more burst later.
    for (int round = 0; round < 20; ++round)
        for (int i = 0; i < 10; ++i)
            pods->upsert(
                QStringLiteral("p%1").arg(i),
                pod(i, round == 19 ? QStringLiteral("Running") : QStringLiteral("Pending")));
    ASSERT_TRUE(waitFor([&] { return consumer.events() == 200; })) << consumer.events();
    QTest::qWait(300);
    pods->upsert(QStringLiteral("p3"), pod(3, QStringLiteral("Failed")));
    ASSERT_TRUE(waitFor([&] { return consumer.events() == 201; }));

    int upserts = 0;
    for (const auto& b : consumer.batches.mid(1)) {
        EXPECT_FALSE(b->replace);
        EXPECT_LE(b->pods.size(), 10u); // each pod at most once per batch
        upserts += int(b->pods.size());
    }
    EXPECT_LT(upserts, 201); // coalesced
    EXPECT_EQ(consumer.phase.value(QStringLiteral("batch/p0")), QStringLiteral("Running"));
    EXPECT_EQ(consumer.phase.value(QStringLiteral("batch/p3")), QStringLiteral("Failed"));
    EXPECT_EQ(consumer.rv.value(QStringLiteral("batch/p3")),
              QString::number(pods->resourceVersion()));
    // Watch batches are handed over no more often than the interval allows.
    for (qsizetype i = 2; i < consumer.batchTimes.size(); ++i)
        EXPECT_GE(consumer.batchTimes[i] - consumer.batchTimes[i - 1], 100) << i;
    EXPECT_EQ(informer->pendingCount(), 0);
}

TEST_F(InformerTest, DeletionsArriveAndBookmarksMoveTheResumePoint) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    pods->upsert(QStringLiteral("b"), pod(1, QStringLiteral("Running")));
    start();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1 && consumer.phase.size() == 2; }));
    pods->remove(QStringLiteral("a"));
    ASSERT_TRUE(waitFor([&] { return consumer.phase.size() == 1; }));
    EXPECT_FALSE(consumer.phase.contains(QStringLiteral("batch/a")));
    EXPECT_EQ(consumer.batches.last()->deleted, std::vector<QString>{QStringLiteral("batch/a")});

    // Unrelated changes elsewhere move the server's version; a bookmark tells us.
    pods->upsert(QStringLiteral("z-other"), pod(9, QStringLiteral("Running")));
    pods->remove(QStringLiteral("z-other"));
    const int watchesBefore = int(pods->watchRequests().size());
    pods->bookmark();
    QTest::qWait(200);
    pods->endWatches(); // the server's timeout ran out
    ASSERT_TRUE(waitFor([&] { return pods->watchRequests().size() == watchesBefore + 1; }));
    EXPECT_EQ(pods->watchRequests().last().param("resourceVersion"),
              QString::number(pods->resourceVersion()));
    EXPECT_EQ(pods->listRequests().size(), 1); // no relist
}

TEST_F(InformerTest, ADroppedWatchReconnectsAfterABackoffFromTheLastVersion) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    start();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Succeeded")));
    const qint64 seen = pods->resourceVersion();
    ASSERT_TRUE(waitFor([&] {
        return consumer.phase.value(QStringLiteral("batch/a")) == QStringLiteral("Succeeded");
    }));
    pods->dropWatches();
    ASSERT_TRUE(waitFor([&] { return consumer.sawPhase(WatchState::Phase::Retrying); }));
    const WatchState& retry = consumer.states.last();
    EXPECT_GE(retry.retryInSeconds, 1);
    EXPECT_TRUE(
        retry.text().startsWith(QStringLiteral("retrying in %1 s: ").arg(retry.retryInSeconds)))
        << retry.text().toStdString();
    ASSERT_TRUE(
        waitFor([&] { return pods->watchRequests().size() == 2 && pods->openWatches() == 1; }));
    EXPECT_EQ(pods->watchRequests()[1].param("resourceVersion"), QString::number(seen));
    EXPECT_EQ(pods->listRequests().size(), 1);
    ASSERT_TRUE(
        waitFor([&] { return consumer.states.last().phase == WatchState::Phase::Connected; }));
    // Events after the reconnect still arrive.
    pods->upsert(QStringLiteral("b"), pod(1, QStringLiteral("Pending")));
    ASSERT_TRUE(waitFor([&] { return consumer.phase.contains(QStringLiteral("batch/b")); }));
}

TEST_F(InformerTest, AGoneWatchRelists) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    start();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    // History compacted while we were disconnected: rewatching from our version is 410.
    pods->dropWatches();
    pods->upsert(QStringLiteral("b"), pod(1, QStringLiteral("Running")));
    pods->compact();
    ASSERT_TRUE(
        waitFor([&] { return pods->listRequests().size() == 2 && pods->openWatches() == 1; }));
    EXPECT_EQ(pods->watchRequests().last().param("resourceVersion"),
              QString::number(pods->resourceVersion()));
    ASSERT_TRUE(
        waitFor([&] { return consumer.batches.last()->replace && consumer.phase.size() == 2; }));
}

TEST_F(InformerTest, AnErrorEventWith410Relists) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    pods->goneAsErrorEvent = true;
    start();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    // The watch works (it delivers an event) before the server says its history is gone.
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Failed")));
    ASSERT_TRUE(waitFor([&] {
        return consumer.phase.value(QStringLiteral("batch/a")) == QStringLiteral("Failed");
    }));
    pods->sendRaw(
        R"J({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","status":"Failure","message":"too old resource version: 5 (100)","reason":"Expired","code":410}})J"
        "\n");
    ASSERT_TRUE(waitFor([&] { return pods->listRequests().size() == 2; }));
    // The server sees the second list before the informer has read its answer (and the first
    // watch may not be closed yet): wait for the informer's own count, not the server's.
    ASSERT_TRUE(waitFor([&] { return informer->relists() == 2u && pods->openWatches() == 1; }));
    const bool relisting =
        std::any_of(consumer.states.begin(), consumer.states.end(), [](const WatchState& s) {
            return s.phase == WatchState::Phase::Connecting &&
                   s.detail.contains(QStringLiteral("too old resource version"));
        });
    EXPECT_TRUE(relisting);
    EXPECT_EQ(informer->relists(), 2u);
}

TEST_F(InformerTest, GarbageOnTheStreamIsReportedAndRelisted) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    start();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    pods->sendRaw("{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":42}}}\n");
    ASSERT_TRUE(waitFor([&] { return consumer.sawPhase(WatchState::Phase::Retrying); }));
    const auto it =
        std::find_if(consumer.states.begin(), consumer.states.end(),
                     [](const WatchState& s) { return s.phase == WatchState::Phase::Retrying; });
    EXPECT_TRUE(it->detail.startsWith(
        QStringLiteral("watch /api/v1/namespaces/batch/pods: undecodable event: ")))
        << it->detail.toStdString();
    EXPECT_TRUE(it->detail.contains(QStringLiteral("metadata.name"))) << it->detail.toStdString();
    ASSERT_TRUE(
        waitFor([&] { return pods->listRequests().size() == 2 && pods->openWatches() == 1; }));
}

TEST_F(InformerTest, ServerErrorsAreRetriedWithGrowingBackoff) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    QList<qint64> at;
    QElapsedTimer t;
    t.start();
    pods->onList = [&](const HttpRequest&, const ResponderPtr& r) {
        at << t.elapsed();
        if (at.size() <= 3) {
            r->replyJson(500, statusJson(500, "InternalError", "etcdserver: request timed out"));
            return true;
        }
        return false;
    };
    Informer::Options o;
    o.initialBackoff = std::chrono::milliseconds(150);
    start(o);
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    ASSERT_EQ(at.size(), 4);
    const qint64 gap1 = at[1] - at[0], gap2 = at[2] - at[1], gap3 = at[3] - at[2];
    EXPECT_GE(gap1, 150);
    EXPECT_GT(gap2, gap1);
    EXPECT_GT(gap3, gap2);
    const auto retry =
        std::find_if(consumer.states.begin(), consumer.states.end(),
                     [](const WatchState& s) { return s.phase == WatchState::Phase::Retrying; });
    ASSERT_NE(retry, consumer.states.end());
    EXPECT_TRUE(retry->detail.contains(QStringLiteral("HTTP 500: etcdserver: request timed out")));
    EXPECT_EQ(consumer.states.last().phase, WatchState::Phase::Connected);
}

// After a few cut connections the delay had climbed to 30 s although every watch had
// been delivering events. A watch that delivered events starts the backoff again.
TEST_F(InformerTest, AWatchThatDeliveredEventsResetsTheBackoff) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    Informer::Options o;
    o.initialBackoff = std::chrono::milliseconds(300);
    start(o);
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    QElapsedTimer t;
    const QStringList phases = {QStringLiteral("Pending"), QStringLiteral("Running"),
                                QStringLiteral("Failed"), QStringLiteral("Succeeded"),
                                QStringLiteral("Pending")};
    for (int cut = 1; cut <= 5; ++cut) {
        const QString phase = phases[cut - 1];
        pods->upsert(QStringLiteral("a"), pod(0, phase));
        ASSERT_TRUE(
            waitFor([&] { return consumer.phase.value(QStringLiteral("batch/a")) == phase; }));
        const auto watches = pods->watchRequests().size();
        t.start();
        pods->dropWatches();
        ASSERT_TRUE(waitFor([&] { return pods->watchRequests().size() > watches; }));
        // 300 ms plus up to 50 % jitter each time; it used to double: 4.8 s or more at the fifth.
        EXPECT_GE(t.elapsed(), 250) << "cut " << cut;
        EXPECT_LT(t.elapsed(), 1500) << "cut " << cut;
        ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    }
    EXPECT_EQ(pods->listRequests().size(), 1);
}

// A stream that is corrupt every time was relisted every 1.7 s forever, because each
// successful list reset the backoff. Now the relists back off.
TEST_F(InformerTest, AWatchThatIsAlwaysCorruptBacksOff) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    QList<qint64> lists;
    QElapsedTimer t;
    t.start();
    pods->onList = [&](const HttpRequest&, const ResponderPtr&) {
        lists << t.elapsed();
        return false;
    };
    pods->onWatch = [&](const HttpRequest&, const ResponderPtr&) {
        QTimer::singleShot(30, &context,
                           [&] { pods->sendRaw("{\"type\":\"MODIFIED\",\"object\":7}\n"); });
        return false;
    };
    Informer::Options o;
    o.initialBackoff = std::chrono::milliseconds(300);
    start(o);
    ASSERT_TRUE(waitFor([&] { return lists.size() >= 5; }, 20000));
    // Delays of 300, 600, 1200, 2400 ms (each plus up to 50 % jitter) before the 2nd..5th list.
    const qint64 second = lists[2] - lists[1], fourth = lists[4] - lists[3];
    EXPECT_GE(fourth, 2400);
    EXPECT_GT(fourth, 2 * second);
    EXPECT_TRUE(consumer.sawPhase(WatchState::Phase::Retrying));
}

// A server that answers every watch with 410 Gone (relist, watch, 410,
// relist...) was relisted at once each time, forever. A 410 right after a fresh list is no
// progress and backs off; a 410 after a watch that delivered events still relists at once, and
// starts the backoff again.
TEST_F(InformerTest, AWatchThatIsGoneRightAfterEveryListBacksOff) {
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Running")));
    QList<qint64> lists;
    QElapsedTimer t;
    t.start();
    pods->onList = [&](const HttpRequest&, const ResponderPtr&) {
        lists << t.elapsed();
        return false;
    };
    bool gone = true;
    pods->onWatch = [&](const HttpRequest&, const ResponderPtr& r) {
        if (!gone)
            return false;
        r->replyJson(410, statusJson(410, "Expired", "too old resource version: 1 (100)"));
        return true;
    };
    Informer::Options o;
    o.initialBackoff = std::chrono::milliseconds(300);
    start(o);
    ASSERT_TRUE(waitFor([&] { return lists.size() >= 5; }, 20000));
    // Delays of 300, 600, 1200, 2400 ms (each plus up to 50 % jitter) before the 2nd..5th list;
    // without the backoff the five lists took a few milliseconds.
    const qint64 second = lists[2] - lists[1], fourth = lists[4] - lists[3];
    EXPECT_GE(lists[1] - lists[0], 250);
    EXPECT_GE(fourth, 2300);
    EXPECT_GT(fourth, 2 * second);
    const bool retryingToRelist =
        std::any_of(consumer.states.begin(), consumer.states.end(), [](const WatchState& s) {
            return s.phase == WatchState::Phase::Retrying && s.retryInSeconds >= 1 &&
                   s.detail.startsWith(QStringLiteral("relisting: ")) &&
                   s.detail.contains(QStringLiteral("too old resource version"));
        });
    EXPECT_TRUE(retryingToRelist);

    // The server recovers; the watch delivers an event; then the history is compacted. The
    // backoff had grown to seconds, but this 410 follows progress: relist at once.
    gone = false;
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }, 20000));
    pods->upsert(QStringLiteral("a"), pod(0, QStringLiteral("Failed")));
    ASSERT_TRUE(waitFor([&] {
        return consumer.phase.value(QStringLiteral("batch/a")) == QStringLiteral("Failed");
    }));
    const auto listsBefore = lists.size();
    gone = true; // and the relist's watch is Gone again at once
    const qint64 compacted = t.elapsed();
    pods->sendRaw(
        R"J({"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","status":"Failure","message":"too old resource version: 5 (100)","reason":"Expired","code":410}})J"
        "\n");
    ASSERT_TRUE(waitFor([&] { return lists.size() == listsBefore + 2; }, 20000));
    const qint64 atOnce = lists[listsBefore] - compacted;
    const qint64 afterReset = lists[listsBefore + 1] - lists[listsBefore];
    EXPECT_LT(atOnce, 1000); // the grown backoff was 4.8 s or more
    // The backoff started again: 300 ms plus jitter, not the 9.6 s it had grown to.
    EXPECT_GE(afterReset, 250);
    EXPECT_LT(afterReset, 2000);
}

TEST_F(InformerTest, UnauthorizedIsAStateWithTheReason) {
    pods->onList = [](const HttpRequest&, const ResponderPtr& r) {
        r->replyJson(401, statusJson(401, "Unauthorized", "token has expired"));
        return true;
    };
    start();
    ASSERT_TRUE(waitFor([&] { return consumer.sawPhase(WatchState::Phase::Unauthorized); }));
    const auto s =
        *std::find_if(consumer.states.begin(), consumer.states.end(), [](const WatchState& x) {
            return x.phase == WatchState::Phase::Unauthorized;
        });
    EXPECT_EQ(s.text().toStdString(),
              "unauthorized: " + server.url().toString().toStdString() +
                  " rejected the credentials of user \"alice\" in context \"prod\": token has "
                  "expired (credentials: no credentials)");
    // It keeps trying, slowly, for when the user logs in again.
    ASSERT_TRUE(waitFor([&] { return pods->listRequests().size() >= 2; }));
    pods->onList = nullptr;
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    EXPECT_EQ(consumer.states.last().phase, WatchState::Phase::Connected);
}

TEST_F(InformerTest, StopEndsTheWatchAndSaysSo) {
    start();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    informer->stop();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 0; }));
    ASSERT_TRUE(
        waitFor([&] { return consumer.states.last().phase == WatchState::Phase::Stopped; }));
    EXPECT_EQ(consumer.states.last().text(), QStringLiteral("stopped"));
}

TEST(InformerOptions, AJobsPodsAreItsActiveAndFailedOnes) {
    auto job = codec::decodeJob(
        jobJson(QStringLiteral("batch"), QStringLiteral("render"), QStringLiteral("0-99"), 7)
            .toStdString());
    ASSERT_TRUE(job) << job.error().describe();
    const auto o = Informer::podsOfJob(*job);
    EXPECT_EQ(o.resource, Resource::Pods);
    EXPECT_EQ(o.namespace_, QStringLiteral("batch"));
    // By uid, not name: a Job made again under the same name must not show the old one's pods.
    EXPECT_EQ(o.labelSelector, QStringLiteral("batch.kubernetes.io/controller-uid=uid-render"));
    EXPECT_EQ(o.fieldSelector, QStringLiteral("status.phase!=Succeeded"));

    // A cluster before 1.27 labels pods with controller-uid only.
    auto old = codec::decodeJob(
        R"({"metadata":{"name":"old","namespace":"n","uid":"u-1"},"spec":{"template":
        {"metadata":{"labels":{"controller-uid":"u-1","job-name":"old"}}}}})");
    ASSERT_TRUE(old) << old.error().describe();
    EXPECT_EQ(Informer::podsOfJob(*old).labelSelector, QStringLiteral("controller-uid=u-1"));

    // A manual selector leaves no uid label to select by: the name is all there is.
    auto manual = codec::decodeJob(
        R"({"metadata":{"name":"m","namespace":"n","uid":"u-2"},"spec":{"manualSelector":true,
        "template":{"metadata":{"labels":{"batch.kubernetes.io/job-name":"m"}}}}})");
    ASSERT_TRUE(manual) << manual.error().describe();
    EXPECT_EQ(Informer::podsOfJob(*manual).labelSelector,
              QStringLiteral("batch.kubernetes.io/job-name=m"));
}

TEST_F(InformerTest, WatchesOnlyTheSelectedPods) {
    auto job = codec::decodeJob(
        jobJson(QStringLiteral("batch"), QStringLiteral("render"), QString(), 7).toStdString());
    ASSERT_TRUE(job);
    informer = new Informer(harness->client, Informer::podsOfJob(*job));
    consumer.connectTo(informer, &context);
    informer->start();
    ASSERT_TRUE(waitFor([&] { return pods->openWatches() == 1; }));
    for (const HttpRequest& q : pods->listRequests() + pods->watchRequests()) {
        EXPECT_EQ(q.param("labelSelector"),
                  QStringLiteral("batch.kubernetes.io/controller-uid=uid-render"));
        EXPECT_EQ(q.param("fieldSelector"), QStringLiteral("status.phase!=Succeeded"));
    }
}

TEST(InformerJobs, ListsAndWatchesJobsInAllNamespaces) {
    FakeApiServer server;
    FakeCollection jobs(server, QStringLiteral("/apis/batch/v1/jobs"), "JobList");
    jobs.upsert(QStringLiteral("render"), [](const QString& n, qint64 rv) {
        return jobJson(QStringLiteral("vfx"), n, QStringLiteral("0-4"), rv);
    });
    ClientHarness h(conn(server));
    Informer::Options o;
    o.resource = Resource::Jobs;
    auto* informer = new Informer(h.client, o);
    Consumer consumer;
    QObject context;
    consumer.connectTo(informer, &context);
    informer->start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return jobs.openWatches() == 1; }, 10000));
    EXPECT_EQ(consumer.phase.value(QStringLiteral("vfx/render")), QStringLiteral("0-4"));
    jobs.upsert(QStringLiteral("render"), [](const QString& n, qint64 rv) {
        return jobJson(QStringLiteral("vfx"), n, QStringLiteral("0-9,12"), rv);
    });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return consumer.phase.value(QStringLiteral("vfx/render")) == QStringLiteral("0-9,12");
        },
        10000));
    const auto& last = consumer.batches.last();
    ASSERT_EQ(last->jobs.size(), 1u);
    EXPECT_EQ(last->jobs[0].job.spec.completions, 100000);
    EXPECT_EQ(last->jobs[0].job.spec.completionMode, engine::CompletionMode::Indexed);
    QMetaObject::invokeMethod(
        informer, [informer] { delete informer; }, Qt::BlockingQueuedConnection);
}
