#pragma once
// A JobStore the test drives by hand, living on the GUI thread: it lists the jobs and sends the
// snapshots the test publishes and records what the window asked of it. For window tests that
// need a job on screen but not a cluster (keyboard, themes, status messages, mnemonics).
#include "store/JobStore.h"

#include <QString>

namespace tessera::testing {

class ScriptedStore : public store::JobStore {
public:
    ScriptedStore()
        : JobStore(QStringLiteral("test")) {}

    void watchJob(const QString&) override {}
    void unwatchJob(const QString&) override {}
    void setNamespace(const QString&) override {}
    void setParallelism(const QString& key, int parallelism) override {
        askedKey = key;
        askedParallelism = parallelism;
    }
    void setSuspended(const QString& key, bool suspended) override {
        askedKey = key;
        askedSuspended = suspended ? 1 : 0;
    }
    void deleteJob(const QString&) override {}
    void resetHistory() override { ++historyResets; }
    void repeatHistoryState() override {
        if (!historyProblem.isEmpty())
            emit historyUnavailable(historyProblem);
    }
    void fetchLog(const QString&, int index, int attempt, bool) override {
        logIndex = index;
        logAttempt = attempt;
        ++logFetches;
    }

    // Lists the job and sends its snapshot now.
    void publish(const store::JobSnapshot& snapshot) {
        auto copy = std::make_shared<store::JobSnapshot>(snapshot);
        queueUpsert(copy->summary);
        queueSnapshot(copy);
        reportConnection(store::ConnectionState::Connected, {});
        flushNow();
    }

    // Lists several jobs in one batch (as a source's first listing does).
    void publishAll(const std::vector<store::JobSnapshot>& snapshots) {
        for (const store::JobSnapshot& snapshot : snapshots)
            queueUpsert(snapshot.summary);
        reportConnection(store::ConnectionState::Connected, {});
        flushNow();
    }

    QString askedKey;
    int askedParallelism = -1;
    int askedSuspended = -1;
    int logIndex = -100, logAttempt = -100, logFetches = 0;
    QString historyProblem; // what repeatHistoryState reports
    int historyResets = 0;
};

// A running job of `completions` indexes: the first third succeeded, a few running, one with
// two attempts (the first failed).
inline store::JobSnapshot runningJob(const QString& name, int completions) {
    store::JobSnapshot s;
    s.summary.key =
        store::JobStore::makeKey(QStringLiteral("test"), QStringLiteral("default"), name);
    s.summary.name = name;
    s.summary.namespace_ = QStringLiteral("default");
    s.summary.completions = completions;
    s.summary.parallelism = 10;
    s.summary.status = tessera::engine::JobState::Running;
    s.summary.created = s.summary.started = QDateTime::currentDateTimeUtc().addSecs(-120);
    s.states = engine::IndexStateMap(completions);
    if (completions / 3 > 0)
        s.states.paint(0, completions / 3 - 1, engine::IndexState::Succeeded);
    if (completions / 3 < completions)
        s.states.paint(completions / 3, std::min(completions / 3 + 10, completions) - 1,
                       engine::IndexState::Running);
    s.summary.succeeded = completions / 3;
    s.summary.active = 10;
    s.dirtyFirst = 0;
    s.dirtyLast = completions - 1;
    for (int attempt = 0; attempt < 2; ++attempt) {
        store::IndexAttempt a;
        a.index = 0;
        a.attempt = attempt;
        a.pod = name + QStringLiteral("-0-") + QString::number(attempt);
        a.outcome = attempt == 0 ? tessera::engine::AttemptOutcome::Failed
                                 : tessera::engine::AttemptOutcome::Succeeded;
        a.created = a.started = s.summary.started.addSecs(attempt * 30);
        a.finished = a.started.addSecs(20);
        a.exitCode = attempt == 0 ? 1 : 0;
        s.attempts.push_back(a);
    }
    return s;
}

} // namespace tessera::testing
