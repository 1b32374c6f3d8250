// The agreement test: runs drawn at random from seeds, on each source (a Job on `tessera serve`
// watched as a cluster, a local run of `tessera run`, a dry-run), and every number each view
// shows of them (the job list, the job view's header, legend, grid tooltips, index boxes,
// failures panel, charts and timeline, `tessera ctl status`, the report as JSON, CSV, HTML and
// PDF, from the window and from `tessera report`), live and after a reload: every view that
// names a quantity must show what the first view that names it shows.
//
// Seeds: TESSERA_AGREEMENT_SEEDS=N runs N seeds of each source (default: 1000 dry-runs, 3 local
// runs, 3 cluster jobs), from TESSERA_AGREEMENT_FIRST_SEED (default 1), plus for local runs and
// cluster jobs the few further seeds that bring what the first ones lack (a run that completes,
// a recovered index, a scale-down kill, a deleted pod, a lost attempt, suspend, ...: every
// feature a plan can have), so each defect the test exists for is reached every time.
// scripts/agreement.sh N runs more. Known defects: KnownDefects.cpp. TESSERA_AGREEMENT_VERBOSE=1
// prints every run that disagrees, =2 also every view's numbers.
#include "ClusterRunSource.h"
#include "DryRunSource.h"
#include "LocalRunSource.h"
#include "ReportViews.h"
#include "RunPlan.h"

#include <QElapsedTimer>
#include <cstdio>
#include <gtest/gtest.h>
#include <map>

using namespace tessera;
using namespace tessera::agreement;

namespace {

int seedsOf(int byDefault) {
    const int n = qEnvironmentVariableIntValue("TESSERA_AGREEMENT_SEEDS");
    return n > 0 ? n : byDefault;
}
uint64_t firstSeed() {
    const int n = qEnvironmentVariableIntValue("TESSERA_AGREEMENT_FIRST_SEED");
    return n > 0 ? static_cast<uint64_t>(n) : 1;
}

bool verbose() {
    return qEnvironmentVariableIntValue("TESSERA_AGREEMENT_VERBOSE") != 0;
}

// Compares one run's observations: any disagreement fails the test (the first few runs that
// disagree are printed in full).
class Judge {
public:
    void judge(const RunPlan& plan, const Observations& seen, qint64 millis = 0) {
        ++m_runs;
        if (verbose() && millis > 0)
            std::printf("%s: %lld ms\n", qPrintable(plan.describe()), millis);
        if (verbose() && qEnvironmentVariableIntValue("TESSERA_AGREEMENT_VERBOSE") > 1) {
            std::printf("%s\n", qPrintable(plan.describe()));
            for (const Observation& o : seen.all())
                std::printf("  %-40s %-45s %s\n", qPrintable(o.view), qPrintable(o.quantity),
                            qPrintable(o.value));
        }
        m_views = std::max<int>(m_views, static_cast<int>(seen.views().size()));
        QStringList disagreements;
        for (const Disagreement& d : seen.disagreements())
            disagreements << d.text();
        if (disagreements.isEmpty())
            return;
        if (++m_failedRuns <= 3 || verbose())
            ADD_FAILURE() << plan.describe().toStdString() << "\n  "
                          << disagreements.mid(0, 12).join(QStringLiteral("\n  ")).toStdString()
                          << (disagreements.size() > 12 ? "\n  ..." : "");
    }

    // Called last.
    void conclude() {
        testing::Test::RecordProperty("runs", m_runs);
        testing::Test::RecordProperty("views", m_views);
        if (m_failedRuns > 3)
            ADD_FAILURE() << m_failedRuns << " runs disagreed (the first 3 are printed above)";
    }

private:
    int m_runs = 0, m_views = 0, m_failedRuns = 0;
};

} // namespace

TEST(Agreement, EveryViewOfADryRunShowsTheSameNumbers) {
    Judge judge;
    const int seeds = seedsOf(1000);
    for (uint64_t seed = firstSeed(); seed < firstSeed() + static_cast<uint64_t>(seeds); ++seed) {
        const RunPlan plan = planFor(Source::DryRun, seed);
        const DryRun run = runDryRun(plan);
        Observations seen;
        observeDryRun(run, seen);
        // PDF text costs a pdftotext process: one run in fifty.
        observeReport(report::ReportBuilder::build(run.reportInput), QStringLiteral("dry-run"),
                      seed % 50 == 0, seen);
        judge.judge(plan, seen);
    }
    judge.conclude();
}

TEST(Agreement, EveryViewOfALocalRunShowsTheSameNumbers) {
    Judge judge;
    for (const uint64_t seed : seedsCoveringEveryFeature(Source::Local, firstSeed(), seedsOf(3))) {
        const RunPlan plan = planFor(Source::Local, seed);
        Observations seen;
        QElapsedTimer clock;
        clock.start();
        if (!observeLocalRun(plan, seen))
            break;
        judge.judge(plan, seen, clock.elapsed());
    }
    judge.conclude();
}

TEST(Agreement, EveryViewOfAClusterJobShowsTheSameNumbers) {
    Judge judge;
    for (const uint64_t seed :
         seedsCoveringEveryFeature(Source::Cluster, firstSeed(), seedsOf(3))) {
        const RunPlan plan = planFor(Source::Cluster, seed);
        Observations seen;
        QElapsedTimer clock;
        clock.start();
        if (!observeClusterRun(plan, seen))
            break;
        judge.judge(plan, seen, clock.elapsed());
    }
    judge.conclude();
}
