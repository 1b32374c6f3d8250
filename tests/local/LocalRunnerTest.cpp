// LocalRunner with real processes: exactly-once execution with the right variables, retries as
// the policy says, live parallelism measured by the items, and cancel leaving nothing behind.
#include "local/LocalRunner.h"

#include "TestSupport.h"
#include "engine/JobState.h"
#include "local/Journal.h"
#include "local/RunDirectory.h"
#include "local/SpawnLedger.h"

#include <QEventLoop>
#include <QTimer>
#include <algorithm>
#include <gtest/gtest.h>
#include <map>

using namespace tessera;
using namespace tessera::local;
using tessera::testing::TempDir;

namespace {

struct Ended {
    LocalProgress progress;
    std::string error;
    bool timedOut = false;
};

Ended runToEnd(LocalRunner& runner, int timeoutMs = 90000) {
    Ended out;
    QEventLoop loop;
    QObject::connect(&runner, &LocalRunner::finished, &loop, [&](const LocalProgress& p) {
        out.progress = p;
        loop.quit();
    });
    QObject::connect(&runner, &LocalRunner::errorOccurred, &loop, [&](const QString& m) {
        out.error = m.toStdString();
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, [&] {
        out.timedOut = true;
        loop.quit();
    });
    QTimer::singleShot(0, &runner, &LocalRunner::start);
    loop.exec();
    return out;
}

RunOptions optionsFor(const TempDir& dir, const std::string& list, int parallelism) {
    RunOptions o;
    o.workListPath = list;
    o.runDir = dir.file("run");
    o.config.name = "t";
    o.config.parallelism = parallelism;
    o.config.backoffScale = 0.01; // 100 ms first retry delay
    o.config.graceMillis = 500;
    return o;
}

} // namespace

TEST(LocalRunner, RunsEveryItemOfAThousandExactlyOnceWithItsIndexAndVariables) {
    TempDir dir;
    const std::string out = dir.file("out");
    std::filesystem::create_directory(out);
    std::string lines, colors;
    for (int i = 0; i < 1000; ++i) {
        lines += "echo \"" + std::to_string(i) +
                 " $JOB_COMPLETION_INDEX $TESSERA_POD_HOSTNAME $TESSERA_JOB_NAME $COLOR\" >> " +
                 out + "/" + std::to_string(i) + "; echo log-" + std::to_string(i) + "\n";
        colors += "c" + std::to_string(i) + "\n";
    }
    RunOptions o = optionsFor(dir, dir.write("items.txt", lines), 4);
    o.config.name = "exact";
    o.loadOptions.perCompletionEnv = {"COLOR=@" + dir.write("colors.txt", colors)};
    LocalRunner runner(o);
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.error, "");
    ASSERT_FALSE(end.timedOut);
    EXPECT_EQ(end.progress.outcome, "Complete");
    EXPECT_EQ(end.progress.state, engine::JobState::Complete);
    EXPECT_EQ(end.progress.succeeded, 1000);
    EXPECT_EQ(end.progress.completedIndexes, "0-999");
    for (int i = 0; i < 1000; ++i) {
        const auto seen = tessera::testing::readLines(out + "/" + std::to_string(i));
        const std::string n = std::to_string(i);
        ASSERT_EQ(seen.size(), 1u) << "index " << i << " ran " << seen.size() << " times";
        EXPECT_EQ(seen[0], n + " " + n + " exact-" + n + " exact c" + n);
    }
    EXPECT_EQ(tessera::testing::readAll(o.runDir + "/logs/517.1.log"), "log-517\n");
    int ledgerEnds = 0;
    const auto ledger = readSpawnLedger(o.runDir + "/spawns");
    ASSERT_TRUE(ledger.ok());
    for (const LedgerEntry& l : *ledger)
        ledgerEnds += l.kind == 'E' && l.exitCode == 0;
    EXPECT_EQ(ledgerEnds, 1000);
    auto records = Journal::read(o.runDir + "/journal");
    ASSERT_TRUE(records.ok());
    int starts = 0, ends = 0;
    for (const JournalRecord& r : *records) {
        starts += r.kind == 'S';
        ends += r.kind == 'E' && r.exitCode == 0;
    }
    EXPECT_EQ(starts, 1000);
    EXPECT_EQ(ends, 1000);
    // The run directory alone tells the same story (what `tessera report` reads).
    auto snapshot = RunDirectory::load(o.runDir);
    ASSERT_TRUE(snapshot.ok()) << snapshot.error().describe();
    EXPECT_EQ(snapshot->attempts.size(), 1000u);
    EXPECT_EQ(snapshot->job.status.completedIndexes, "0-999");
    EXPECT_EQ(snapshot->outcome, "Complete");
    EXPECT_FALSE(snapshot->runnerAlive);
}

TEST(LocalRunner, RetriesAFailingIndexExactlyAsBackoffLimitPerIndexSays) {
    TempDir dir;
    const std::string out = dir.file("count");
    const std::string list = "true\ntrue\necho x >> " + out + "; exit 3\ntrue\ntrue\n";
    RunOptions o = optionsFor(dir, dir.write("items.txt", list), 2);
    o.config.backoffLimitPerIndex = 2;
    LocalRunner runner(o);
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.error, "");
    EXPECT_EQ(tessera::testing::readLines(out).size(), 3u); // the first try and two retries
    EXPECT_EQ(end.progress.outcome, "Failed");
    EXPECT_EQ(end.progress.reason, "FailedIndexes");
    EXPECT_EQ(end.progress.failedIndexesText, "2");
    EXPECT_EQ(end.progress.completedIndexes, "0,1,3,4");
    const auto attempts = runner.attempts();
    int failed = 0;
    for (const engine::Attempt& a : attempts)
        if (a.index == 2) {
            ++failed;
            EXPECT_EQ(a.exitCode, 3);
            EXPECT_EQ(a.outcome, engine::AttemptOutcome::Failed);
        }
    EXPECT_EQ(failed, 3);
    EXPECT_TRUE(std::filesystem::exists(o.runDir + "/logs/2.3.log"));

    // Read back from its directory (what reports and the window read), each attempt carries the
    // failure count its index had when it started, as the controller gave it to the attempt (a
    // pod's job-index-failure-count annotation on a cluster): 0, 1, 2.
    auto run = RunDirectory::load(o.runDir);
    ASSERT_TRUE(run.ok()) << run.error().describe();
    std::vector<int32_t> loaded, live;
    for (const engine::Attempt& a : run->attempts)
        if (a.index == 2)
            loaded.push_back(a.failureCount);
    for (const engine::Attempt& a : attempts)
        if (a.index == 2)
            live.push_back(a.failureCount);
    EXPECT_EQ(loaded, (std::vector<int32_t>{0, 1, 2}));
    EXPECT_EQ(loaded, live);
}

TEST(LocalRunner, MaxFailedIndexesEndsTheJobWithTheKubernetesCondition) {
    TempDir dir;
    const std::string out = dir.file("ran");
    std::string list;
    for (int i = 0; i < 6; ++i)
        list += "echo " + std::to_string(i) + " >> " + out + (i >= 1 && i <= 3 ? "; exit 1" : "") +
                "\n";
    RunOptions o = optionsFor(dir, dir.write("items.txt", list), 1);
    o.config.backoffLimitPerIndex = 0;
    o.config.maxFailedIndexes = 1;
    LocalRunner runner(o);
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.error, "");
    EXPECT_EQ(end.progress.outcome, "Failed");
    EXPECT_EQ(end.progress.reason, "MaxFailedIndexesExceeded");
    // One at a time: 0 succeeds, 1 and 2 fail, and the second failed index ends the job.
    EXPECT_EQ(tessera::testing::readLines(out), (std::vector<std::string>{"0", "1", "2"}));
}

TEST(LocalRunner, BackoffLimitCountsFailedAttemptsOfTheWholeJob) {
    TempDir dir;
    const std::string out = dir.file("count");
    RunOptions o =
        optionsFor(dir, dir.write("items.txt", "true\necho x >> " + out + "; kill -9 $$\n"), 1);
    o.config.backoffLimit = 1;
    LocalRunner runner(o);
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.error, "");
    EXPECT_EQ(end.progress.outcome, "Failed");
    EXPECT_EQ(end.progress.reason, "BackoffLimitExceeded");
    EXPECT_EQ(tessera::testing::readLines(out).size(), 2u);
    for (const engine::Attempt& a : runner.attempts())
        if (a.index == 1) {
            ASSERT_TRUE(a.signal.has_value());
            EXPECT_EQ(*a.signal, 9);
            EXPECT_EQ(a.exitCode, 137);
        }
}

TEST(LocalRunner, NeverRunsMoreItemsThanTheParallelismOfThatMomentAcrossLiveChanges) {
    TempDir dir;
    const std::string out = dir.file("t");
    std::filesystem::create_directory(out);
    // Items long enough that a loaded CI machine's process start-up latency (the gap between one
    // item's end and the next one's first line) stays small beside them.
    const int items = 20;
    std::string list;
    for (int i = 0; i < items; ++i)
        list += "f=" + out + "/" + std::to_string(i) +
                "; echo S $(date +%s%N) >> $f; sleep 0.8; echo E $(date +%s%N) >> $f\n";
    RunOptions o = optionsFor(dir, dir.write("items.txt", list), 2);
    LocalRunner runner(o);
    // Items end in batches and progress arrives on a 100 ms tick, so a stage can begin a batch
    // late: the drop comes early enough that at most 16 items have started when it lands, which
    // leaves at least 4 to start under parallelism 1.
    int stage = 0;
    QObject::connect(&runner, &LocalRunner::progressed, &runner, [&](const LocalProgress& p) {
        if (stage == 0 && p.succeeded >= 4) {
            stage = 1;
            runner.setParallelism(6);
        } else if (stage == 1 && p.succeeded >= 10) {
            stage = 2;
            runner.setParallelism(1);
        }
    });
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.error, "");
    ASSERT_EQ(end.progress.outcome, "Complete");
    ASSERT_EQ(stage, 2);

    // The items' own clocks: [start, end] of each, in nanoseconds.
    std::vector<std::pair<long long, long long>> span(items);
    for (int i = 0; i < items; ++i) {
        const auto lines = tessera::testing::readLines(out + "/" + std::to_string(i));
        ASSERT_EQ(lines.size(), 2u) << "item " << i;
        span[static_cast<std::size_t>(i)] = {std::stoll(lines[0].substr(2)),
                                             std::stoll(lines[1].substr(2))};
    }
    // The parallelism each item was started under: the last P record before its S record.
    auto records = Journal::read(o.runDir + "/journal");
    ASSERT_TRUE(records.ok());
    std::map<int, int> startedUnder;
    std::map<int, int> startOrder; // the runner's order of starts, from the journal
    int current = 0;
    for (const JournalRecord& r : *records) {
        if (r.kind == 'P')
            current = r.parallelism;
        else if (r.kind == 'S') {
            startedUnder[r.index] = current;
            startOrder.emplace(r.index, static_cast<int>(startOrder.size()));
        }
    }
    // On failure, the whole timeline: when each item ran (ms from the first start) and under what.
    const long long t0 = std::min_element(span.begin(), span.end())->first;
    std::string timeline;
    for (int k = 0; k < items; ++k) {
        const auto& [a, b] = span[static_cast<std::size_t>(k)];
        timeline += "\n  item " + std::to_string(k) + ": " + std::to_string((a - t0) / 1000000) +
                    "-" + std::to_string((b - t0) / 1000000) + " ms under " +
                    std::to_string(startedUnder[k]);
    }
    SCOPED_TRACE(timeline);
    int peakAt6 = 0;
    for (int k = 0; k < items; ++k) {
        const long long s = span[static_cast<std::size_t>(k)].first;
        // Running when item k's shell began: items the runner started no later than k (a
        // process started after k can reach its first line first on a loaded machine) whose
        // own clocks had not ended yet.
        int running = 0;
        for (int j = 0; j < items; ++j) {
            const auto& [a, b] = span[static_cast<std::size_t>(j)];
            running += startOrder[j] <= startOrder[k] && a <= s && s < b ? 1 : 0;
        }
        EXPECT_LE(running, startedUnder[k]) << "item " << k << " started with " << running
                                            << " running under parallelism " << startedUnder[k];
        if (startedUnder[k] == 6)
            peakAt6 = std::max(peakAt6, running);
    }
    EXPECT_GE(peakAt6, 5) << "the raise to 6 did not take effect";
    // Items started after the drop to 1 ran alone.
    int aloneAfterDrop = 0;
    for (int k = 0; k < items; ++k)
        aloneAfterDrop += startedUnder[k] == 1 ? 1 : 0;
    EXPECT_GE(aloneAfterDrop, 3);
}

TEST(LocalRunner, CancelLeavesNoProcessBehind) {
    TempDir dir;
    // A background child in each item's group, and one item that ignores SIGTERM.
    const std::string list = "sleep 60 & sleep 60\n"
                             "sleep 60 & sleep 60\n"
                             "trap '' TERM; sleep 60 & sleep 60\n"
                             "sleep 60\n";
    RunOptions o = optionsFor(dir, dir.write("items.txt", list), 4);
    LocalRunner runner(o);
    bool cancelled = false;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &runner, [&] {
        // Wait until every item's processes exist, then cancel.
        if (!cancelled && tessera::testing::processesWithEnv(o.runDir).size() >= 10) {
            cancelled = true;
            runner.cancel();
        }
    });
    poll.start(50);
    const Ended end = runToEnd(runner, 60000);
    ASSERT_TRUE(cancelled);
    ASSERT_EQ(end.error, "");
    EXPECT_EQ(end.progress.outcome, "Cancelled");
    EXPECT_EQ(end.progress.state, engine::JobState::Failed); // as runStatusOf reads it back
    // Reparented grandchildren may take a moment to be reaped by init; none may still run.
    std::vector<int> left;
    for (int i = 0; i < 100; ++i) {
        left = tessera::testing::processesWithEnv(o.runDir);
        if (left.empty())
            break;
        ::usleep(20000);
    }
    EXPECT_TRUE(left.empty()) << left.size() << " processes left, first pid " << left.front();
}

TEST(LocalRunner, RefusesARunDirectoryThatAlreadyHoldsARun) {
    TempDir dir;
    RunOptions o = optionsFor(dir, dir.write("items.txt", "true\n"), 1);
    {
        LocalRunner first(o);
        ASSERT_EQ(runToEnd(first).progress.outcome, "Complete");
    }
    LocalRunner second(o);
    auto prepared = second.prepare();
    ASSERT_FALSE(prepared.ok());
    EXPECT_NE(prepared.error().message.find("--resume"), std::string::npos);
}

TEST(LocalRunner, CapsEachAttemptsLogAndSaysSo) {
    TempDir dir;
    RunOptions o = optionsFor(
        dir, dir.write("items.txt", "head -c 300000 /dev/zero | tr '\\0' x; echo; echo tail\n"), 1);
    o.config.logCapBytes = 4096;
    LocalRunner runner(o);
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.progress.outcome, "Complete");
    const std::string log = tessera::testing::readAll(o.runDir + "/logs/0.1.log");
    EXPECT_LE(log.size(), 4096u + 200u);
    EXPECT_EQ(log.substr(0, 10), "xxxxxxxxxx");
    EXPECT_NE(log.find("[tessera: log truncated at 4096 bytes]"), std::string::npos);
}

TEST(LocalRunner, HaltSoonStartsNothingNewAfterTheFailureAndLetsRunningItemsFinish) {
    TempDir dir;
    const std::string out = dir.file("ran");
    std::string list = "exit 1\nsleep 0.5; echo 1 >> " + out + "\n";
    for (int i = 2; i < 10; ++i)
        list += "echo " + std::to_string(i) + " >> " + out + "\n";
    RunOptions o = optionsFor(dir, dir.write("items.txt", list), 2);
    o.config.halt = "soon,fail=1";
    o.config.backoffLimit = 10;
    LocalRunner runner(o);
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.error, "");
    EXPECT_EQ(end.progress.outcome, "Halted");
    // Index 1 was running when index 0 failed: it finished; nothing after it started.
    const auto ran = tessera::testing::readLines(out);
    ASSERT_FALSE(ran.empty());
    EXPECT_EQ(ran.front(), "1");
    EXPECT_LE(ran.size(), 2u); // at most the item started in the same sync as the failure
}

TEST(LocalRunner, ScaleDownWithKillStopsTheExcessAndRunsThemAgainLater) {
    TempDir dir;
    const std::string out = dir.file("t");
    std::filesystem::create_directory(out);
    std::string list;
    for (int i = 0; i < 6; ++i)
        list += "echo S >> " + out + "/" + std::to_string(i) + "; sleep 1; echo E >> " + out + "/" +
                std::to_string(i) + "\n";
    RunOptions o = optionsFor(dir, dir.write("items.txt", list), 4);
    LocalRunner runner(o);
    bool lowered = false;
    QObject::connect(&runner, &LocalRunner::progressed, &runner, [&](const LocalProgress& p) {
        if (!lowered && p.active == 4) {
            lowered = true;
            runner.setParallelism(1, true);
        }
    });
    const Ended end = runToEnd(runner);
    ASSERT_EQ(end.error, "");
    ASSERT_TRUE(lowered);
    EXPECT_EQ(end.progress.outcome, "Complete");
    // Three of the four running items were stopped (Removed by the scale-down, not failures:
    // the controller dropped their finalizers first, as upstream's deleteJobPods) and ran again.
    int removed = 0;
    for (const engine::Attempt& a : runner.attempts())
        removed += a.outcome == engine::AttemptOutcome::Removed ? 1 : 0;
    EXPECT_EQ(removed, 3);
    EXPECT_EQ(end.progress.failedAttempts, 0);
    // Read back from its journal (the window, `ctl status`, the report), the run says the same:
    // three Removed attempts, none counted as failed, and status.failed 0.
    const auto loaded = local::RunDirectory::load(o.runDir);
    ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
    int reloadedRemoved = 0, countedFailed = 0;
    for (const engine::Attempt& a : loaded->attempts) {
        reloadedRemoved += a.outcome == engine::AttemptOutcome::Removed ? 1 : 0;
        countedFailed += engine::countsAsFailed(a.outcome) ? 1 : 0;
        if (a.outcome == engine::AttemptOutcome::Removed) {
            EXPECT_TRUE(a.finishedAt.has_value()) << "a removed attempt ends when it was removed";
        }
    }
    EXPECT_EQ(reloadedRemoved, 3);
    EXPECT_EQ(countedFailed, 0);
    EXPECT_EQ(loaded->job.status.failed, 0);
    for (int i = 0; i < 6; ++i) {
        const auto lines = tessera::testing::readLines(out + "/" + std::to_string(i));
        EXPECT_EQ(std::count(lines.begin(), lines.end(), "E"), 1) << "index " << i;
    }
}
