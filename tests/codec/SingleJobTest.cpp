#include "codec/SingleJob.h"

#include <gtest/gtest.h>
#include <string>

using tessera::codec::parseManifests;
using tessera::codec::singleJobManifest;

namespace {

std::string job(int i) {
    return "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: j" + std::to_string(i) +
           "\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: "
           "[{name: c, image: busybox}]\n";
}

} // namespace

TEST(SingleJob, TheOneJobIsFoundBesideDocumentsOfOtherKinds) {
    const auto manifests = parseManifests(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: items}\n---\n" + job(1), "f.yaml");
    ASSERT_TRUE(manifests.ok()) << manifests.error().message;
    const auto single = singleJobManifest(*manifests, "f.yaml");
    ASSERT_TRUE(single.ok()) << single.error().message;
    EXPECT_EQ((*single)->name, "j1");
}

TEST(SingleJob, AFileWithoutAJobSaysSo) {
    const auto manifests =
        parseManifests("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: items}\n", "f.yaml");
    ASSERT_TRUE(manifests.ok());
    const auto single = singleJobManifest(*manifests, "f.yaml");
    ASSERT_FALSE(single.ok());
    EXPECT_EQ(single.error().message, "f.yaml: no document of kind Job");
}

TEST(SingleJob, ManyJobsAreRefusedNamingWhereTheyStartInsteadOfRunningTheFirst) {
    std::string text;
    for (int i = 0; i < 10000; ++i)
        text += (i ? "---\n" : "") + job(i);
    const auto manifests = parseManifests(text, "many.yaml");
    ASSERT_TRUE(manifests.ok()) << manifests.error().message;
    ASSERT_EQ(manifests->size(), 10000u);
    const auto single = singleJobManifest(*manifests, "many.yaml");
    ASSERT_FALSE(single.ok());
    const std::string second = std::to_string((*manifests)[1].line);
    EXPECT_EQ(single.error().message, "many.yaml: 10000 documents of kind Job (lines 1, " + second +
                                          ", " + std::to_string((*manifests)[2].line) + ", " +
                                          std::to_string((*manifests)[3].line) + ", " +
                                          std::to_string((*manifests)[4].line) +
                                          ", ...); give one");
    EXPECT_EQ(second, "11"); // each document is 9 lines and a separator
}
