// The harness itself: the comparison flags every view that differs from the first one naming a
// quantity, the known-defect table tolerates only what it names, plans are the same for the same
// seed, and the seeds chosen for CI reach every feature a plan can have.
#include "Observations.h"
#include "RunPlan.h"

#include <gtest/gtest.h>

using namespace tessera::agreement;

TEST(AgreementHarness, FlagsEveryViewThatDiffersFromTheFirstThatNamedTheQuantity) {
    Observations seen;
    seen.add(QStringLiteral("Job object"), quantity::statusFailed, 9);
    seen.add(QStringLiteral("job list"), quantity::statusFailed, 9);
    seen.add(QStringLiteral("report JSON"), quantity::statusFailed, 3);
    seen.add(QStringLiteral("legend"), quantity::failedIndexes, 3);
    seen.add(QStringLiteral("report HTML"), quantity::failedIndexes, 3);
    const auto d = seen.disagreements();
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].view, QStringLiteral("report JSON"));
    EXPECT_EQ(d[0].referenceView, QStringLiteral("Job object"));
    EXPECT_EQ(d[0].value, QStringLiteral("3"));
    EXPECT_EQ(d[0].referenceValue, QStringLiteral("9"));
}

TEST(AgreementHarness, ASeedNamesOnePlan) {
    for (const Source source : {Source::Cluster, Source::Local, Source::DryRun})
        for (uint64_t seed = 1; seed <= 50; ++seed)
            EXPECT_EQ(planFor(source, seed).describe(), planFor(source, seed).describe());
    EXPECT_NE(planFor(Source::Local, 1).describe(), planFor(Source::Local, 2).describe());
}

TEST(AgreementHarness, TheSeedsChosenReachEveryFeature) {
    for (const Source source : {Source::Cluster, Source::Local}) {
        QStringList covered;
        for (const uint64_t seed : seedsCoveringEveryFeature(source, 1, 3))
            covered << featuresOf(planFor(source, seed));
        const QStringList wanted =
            source == Source::Local
                ? QStringList{QStringLiteral("completes"),
                              QStringLiteral("recovered index"),
                              QStringLiteral("failed index"),
                              QStringLiteral("parallelism change"),
                              QStringLiteral("scale-down kill"),
                              QStringLiteral("store restart"),
                              QStringLiteral("killed by a signal")}
                : QStringList{QStringLiteral("pod deleted"), QStringLiteral("lost attempt"),
                              QStringLiteral("suspend and resume"),
                              QStringLiteral("parallelism change"),
                              QStringLiteral("store restart")};
        for (const QString& f : wanted)
            EXPECT_TRUE(covered.contains(f))
                << nameOf(source).toStdString() << ": " << f.toStdString();
    }
}
