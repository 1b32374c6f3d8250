// RunTimeline: what the charts, the timeline and the counts read from a job's recorded attempts.
// A job that finished before anyone looked at it must show its whole run on its own time range,
// and a finished attempt's bar must end when the attempt ended.
#include "store/RunTimeline.h"

#include <gtest/gtest.h>

using namespace tessera::store;
using tessera::engine::IndexState;

namespace {

const QDateTime kStart = QDateTime::fromString(QStringLiteral("2026-11-22T10:00:00Z"), Qt::ISODate);

// A finished job of `n` indexes: index i ran from +i s to +i s + (10 + i % 7) s and succeeded;
// index 3 failed once (exit 2) before; index 5's first attempt ended unseen.
JobSnapshot finishedJob(int n) {
    JobSnapshot s;
    s.summary.name = QStringLiteral("render");
    s.summary.completions = n;
    s.summary.parallelism = 50;
    s.summary.succeeded = n;
    s.summary.status = tessera::engine::JobState::Complete;
    s.summary.started = kStart;
    s.summary.finished = kStart.addSecs(n + 30);
    s.states = tessera::engine::IndexStateMap(n, IndexState::Succeeded);
    for (int i = 0; i < n; ++i) {
        if (i == 3 || i == 5) {
            IndexAttempt f;
            f.index = i;
            f.pod = QStringLiteral("render-%1-a").arg(i);
            f.outcome = i == 3 ? tessera::engine::AttemptOutcome::Failed
                               : tessera::engine::AttemptOutcome::Lost;
            f.created = f.started = kStart.addSecs(i);
            if (i == 3) {
                f.finished = kStart.addSecs(i + 4);
                f.exitCode = 2;
            }
            s.attempts.push_back(f);
        }
        IndexAttempt a;
        a.index = i;
        a.attempt = (i == 3 || i == 5) ? 1 : 0;
        a.pod = QStringLiteral("render-%1").arg(i);
        a.outcome = tessera::engine::AttemptOutcome::Succeeded;
        a.created = kStart.addSecs(i + ((i == 3 || i == 5) ? 5 : 0));
        a.started = a.created;
        a.finished = a.started.addSecs(10 + i % 7);
        a.exitCode = 0;
        s.attempts.push_back(a);
    }
    return s;
}

} // namespace

TEST(RunTimeline, AFinishedJobSpansItsOwnRangeNotTheClock) {
    const JobSnapshot s = finishedJob(200);
    const QDateTime muchLater = kStart.addDays(3);
    const RunTimeline h = RunTimeline::of(s, muchLater);
    EXPECT_TRUE(h.finished);
    EXPECT_EQ(h.start, kStart.toMSecsSinceEpoch());
    EXPECT_EQ(h.end, s.summary.finished.toMSecsSinceEpoch());
    ASSERT_FALSE(h.succeeded.empty());
    EXPECT_EQ(h.succeeded.back().value, 200);
    EXPECT_LE(h.succeeded.back().t, h.end);
    EXPECT_EQ(h.succeededWithoutTimes, 0);
}

TEST(RunTimeline, EverySucceededIndexHasItsDuration) {
    const RunTimeline h = RunTimeline::of(finishedJob(1000), kStart.addDays(1));
    ASSERT_EQ(h.succeededDurationsMs.size(), 1000u);
    const auto [lo, hi] =
        std::minmax_element(h.succeededDurationsMs.begin(), h.succeededDurationsMs.end());
    EXPECT_EQ(*lo, 10000);
    EXPECT_EQ(*hi, 16000);
}

TEST(RunTimeline, BarsEndWhenTheirAttemptEnded) {
    const JobSnapshot s = finishedJob(20);
    const RunTimeline h = RunTimeline::of(s, kStart.addDays(1));
    ASSERT_EQ(h.bars.size(), s.attempts.size());
    for (const AttemptBar& b : h.bars) {
        const IndexAttempt& a = s.attempts[b.attemptPos];
        EXPECT_FALSE(b.open) << a.pod.toStdString();
        if (a.finished.isValid()) {
            EXPECT_TRUE(b.endKnown);
            EXPECT_EQ(b.end, a.finished.toMSecsSinceEpoch()) << a.pod.toStdString();
        } else {
            // Ended unseen: a mark at its start, never a bar to the clock.
            EXPECT_FALSE(b.endKnown);
            EXPECT_EQ(b.end, b.start);
        }
    }
    EXPECT_EQ(h.rowIndexes.size(), 20u);
    EXPECT_EQ(h.rowOf(5), 5);
    EXPECT_EQ(h.bars[h.rowFirst[3]].outcome, tessera::engine::AttemptOutcome::Failed);
    EXPECT_EQ(h.bars[h.rowFirst[3] + 1].outcome, tessera::engine::AttemptOutcome::Succeeded);
}

TEST(RunTimeline, ActiveAndFailuresFollowTheAttempts) {
    const RunTimeline h = RunTimeline::of(finishedJob(20), kStart.addDays(1));
    // One failed attempt (index 3's first), counted at its end.
    ASSERT_FALSE(h.failures.empty());
    EXPECT_EQ(h.failures.back().value, 1);
    const auto failedAt = std::find_if(h.failures.begin(), h.failures.end(),
                                       [](const CountAt& c) { return c.value == 1; });
    EXPECT_EQ(failedAt->t, kStart.addSecs(3 + 4).toMSecsSinceEpoch());
    // Everything ended: nothing is active at the end; at most 20 ran at once.
    EXPECT_EQ(h.active.back().value, 0);
    int peak = 0;
    for (const CountAt& c : h.active)
        peak = std::max(peak, c.value);
    EXPECT_GT(peak, 5);
    EXPECT_LE(peak, 20);
    // Parallelism: the spec's value over the whole range when no sample was taken.
    EXPECT_EQ(h.parallelism.front(), (CountAt{h.start, 50}));
    EXPECT_EQ(h.parallelism.back(), (CountAt{h.end, 50}));
}

TEST(RunTimeline, SucceededIndexesWithoutRecordedAttemptsAreCountedAsSuch) {
    JobSnapshot s = finishedJob(10);
    // Five more succeeded, none of them recorded.
    s.states = tessera::engine::IndexStateMap(15, IndexState::Succeeded);
    s.summary.completions = 15;
    const RunTimeline h = RunTimeline::of(s, kStart.addDays(1));
    EXPECT_EQ(h.succeeded.back().value, 10);
    EXPECT_EQ(h.succeededWithoutTimes, 5);
    EXPECT_EQ(h.counts.of(IndexState::Succeeded), 15);
}

TEST(RunTimeline, ARunningJobEndsNowAndItsRunningBarsAreOpen) {
    JobSnapshot s = finishedJob(5);
    s.summary.status = tessera::engine::JobState::Running;
    s.summary.finished = QDateTime();
    IndexAttempt running;
    running.index = 5;
    running.pod = QStringLiteral("render-5-live");
    running.outcome = tessera::engine::AttemptOutcome::Running;
    running.live = true;
    running.created = running.started = kStart.addSecs(30);
    s.attempts.push_back(running);
    s.states = tessera::engine::IndexStateMap(6, IndexState::Succeeded);
    s.states.paint(5, 5, IndexState::Running);
    const QDateTime now = kStart.addSecs(100);
    const RunTimeline h = RunTimeline::of(s, now);
    EXPECT_FALSE(h.finished);
    EXPECT_EQ(h.end, now.toMSecsSinceEpoch());
    EXPECT_TRUE(h.bars.back().open);
    EXPECT_EQ(h.bars.back().end, now.toMSecsSinceEpoch());
    EXPECT_EQ(h.active.back().value, 1);
}

TEST(RunTimeline, FailedIndexesAreOneIndexString) {
    JobSnapshot s = finishedJob(20);
    for (int i : {0, 14, 16, 17})
        s.states.paint(i, i, IndexState::FailedTerminal);
    EXPECT_EQ(indexesInState(s, IndexState::FailedTerminal), QStringLiteral("0,14,16,17"));
    EXPECT_EQ(countIndexes(s).of(IndexState::FailedTerminal), 4);
}

TEST(RunTimeline, RecordedAttemptsFillTheReportsGaps) {
    const JobSnapshot s = finishedJob(4);
    std::vector<tessera::engine::Attempt> fromApi{toEngineAttempt(s.attempts[0])};
    mergeRecordedAttempts(fromApi, std::vector<IndexAttempt>(s.attempts.begin(), s.attempts.end()));
    ASSERT_EQ(fromApi.size(), s.attempts.size()); // the API's one plus the four recorded
    int index3 = 0;
    for (const auto& a : fromApi) {
        if (a.index == 3) {
            EXPECT_EQ(a.number, ++index3);
        }
    }
    EXPECT_EQ(index3, 2);
}

TEST(RunTimeline, TheEtaComesFromRecordedEndsSoReselectingDoesNotResetIt) {
    // 100 indexes, 40 succeeded in the last 200 s of a job running for 200 s: 12/min, 60 left.
    JobSnapshot s;
    s.summary.completions = 100;
    s.summary.succeeded = 40;
    s.summary.status = tessera::engine::JobState::Running;
    s.summary.started = kStart;
    for (int i = 0; i < 40; ++i) {
        IndexAttempt a;
        a.index = i;
        a.pod = QStringLiteral("p-%1").arg(i);
        a.outcome = tessera::engine::AttemptOutcome::Succeeded;
        a.exitCode = 0;
        a.created = a.started = kStart.addSecs(i * 5);
        a.finished = a.started.addSecs(5);
        s.attempts.push_back(a);
    }
    const auto eta = estimateCompletion(s, kStart.addSecs(200));
    ASSERT_TRUE(eta.has_value());
    ASSERT_TRUE(eta->known);
    EXPECT_NEAR(eta->perMinute, 12.0, 0.01);
    EXPECT_EQ(eta->seconds, 300);
    // Nothing ended in the last five minutes: known to be unknown.
    const auto stalled = estimateCompletion(s, kStart.addSecs(1000));
    ASSERT_TRUE(stalled.has_value());
    EXPECT_FALSE(stalled->known);
    // Finished: no ETA.
    s.summary.finished = kStart.addSecs(300);
    EXPECT_FALSE(estimateCompletion(s, kStart.addSecs(300)).has_value());
}

// The ETA's spread: the slow tail of the job's own durations (p95 − p50) and its stragglers (one
// that has run t may need t more). 40 indexes took 5 … 44 s (p50 24 s, p95 42 s); index 50 has
// run 600 s.
TEST(RunTimeline, EtaSpreadsOverTheSlowTailAndTheStragglers) {
    JobSnapshot s;
    s.summary.completions = 100;
    s.summary.succeeded = 40;
    s.summary.status = tessera::engine::JobState::Running;
    s.summary.started = kStart;
    for (int i = 0; i < 40; ++i) {
        IndexAttempt a;
        a.index = i;
        a.outcome = tessera::engine::AttemptOutcome::Succeeded;
        a.created = a.started = kStart.addSecs(i * 5);
        a.finished = a.started.addSecs(5 + i);
        s.attempts.push_back(a);
    }
    const QDateTime now = kStart.addSecs(250);
    IndexAttempt late;
    late.index = 50;
    late.outcome = tessera::engine::AttemptOutcome::Running;
    late.created = late.started = now.addSecs(-600);
    s.attempts.push_back(late);

    const tessera::history::Stragglers stragglers = stragglersOf(s, now);
    ASSERT_TRUE(stragglers.enoughSamples);
    EXPECT_EQ(stragglers.medianMs, 24000);
    EXPECT_EQ(stragglers.thresholdMs, 42000);
    ASSERT_EQ(stragglers.attempts.size(), 1u);
    EXPECT_EQ(s.attempts[stragglers.attempts[0].attemptPos].index, 50);

    const auto eta = estimateCompletion(s, now, stragglers);
    ASSERT_TRUE(eta && eta->known);
    EXPECT_EQ(eta->seconds, 375); // 60 left at 40 per 250 s
    EXPECT_EQ(eta->secondsLatest, 600);
    EXPECT_EQ(eta->stragglers, 1);
    // Without the straggler, the tail alone: 375 + 18 s.
    AttemptList withoutLate;
    for (std::size_t i = 0; i + 1 < s.attempts.size(); ++i)
        withoutLate.push_back(s.attempts[i]);
    s.attempts = withoutLate;
    const auto tail = estimateCompletion(s, now, stragglersOf(s, now));
    ASSERT_TRUE(tail && tail->known);
    EXPECT_EQ(tail->secondsLatest, 393);
    // No durations known: no spread.
    const auto plain = estimateCompletion(s, now);
    EXPECT_EQ(plain->secondsLatest, plain->seconds);
}
