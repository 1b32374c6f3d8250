// The journal: one locked writer, records read back, a torn last record ignored (and cut off
// when opened again), a failed write a problem naming the file and errno.
#include "local/Journal.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace tessera::local;
using tessera::testing::TempDir;

TEST(Journal, ReadsBackEveryRecordAndIgnoresATornLastLine) {
    TempDir dir;
    const std::string path = dir.file("journal");
    {
        Journal j;
        ASSERT_TRUE(j.open(path).ok());
        j.runnerStarted(1000);
        j.parallelismChanged(1001, 4);
        j.started(7, 1, 4242, 99, 1002, "job-7-abcde");
        j.ended(7, 1, 4242, 137, 9, 1003, "Signal");
        j.failedIndexesChanged(1004, "7");
        j.jobEnded(1005, "Failed", "FailedIndexes");
    }
    {
        std::ofstream torn(path, std::ios::app);
        torn << "S\t8\t1\t51"; // the runner died mid-write
    }
    auto records = Journal::read(path);
    ASSERT_TRUE(records.ok());
    ASSERT_EQ(records->size(), 6u);
    const JournalRecord& s = (*records)[2];
    EXPECT_EQ(s.kind, 'S');
    EXPECT_EQ(s.index, 7);
    EXPECT_EQ(s.pid, 4242);
    EXPECT_EQ(s.startTicks, 99);
    EXPECT_EQ(s.text, "job-7-abcde");
    const JournalRecord& e = (*records)[3];
    EXPECT_EQ(e.exitCode, 137);
    EXPECT_EQ(e.signal, 9);
    EXPECT_EQ((*records)[5].text2, "FailedIndexes");
}

TEST(Journal, AnEndRecordMayCarryAMessageAndOlderOnesReadWithout) {
    TempDir dir;
    const std::string path = dir.file("journal");
    {
        Journal j;
        ASSERT_TRUE(j.open(path).ok());
        j.ended(3, 1, 0, 127, -1, 2000, "StartError",
                "cannot start /bin/sh: Argument list\ttoo long");
        j.ended(4, 1, 77, 1, -1, 2001, "Error");
    }
    auto records = Journal::read(path);
    ASSERT_TRUE(records.ok());
    ASSERT_EQ(records->size(), 2u);
    EXPECT_EQ((*records)[0].exitCode, 127);
    EXPECT_EQ((*records)[0].text, "StartError");
    EXPECT_EQ((*records)[0].text2, "cannot start /bin/sh: Argument list too long"); // tab cleaned
    EXPECT_EQ((*records)[1].text, "Error");
    EXPECT_EQ((*records)[1].text2, "");
}

TEST(Journal, OnlyOneWriterAtATime) {
    TempDir dir;
    const std::string path = dir.file("journal");
    Journal first;
    ASSERT_TRUE(first.open(path).ok());
    EXPECT_TRUE(Journal::isLocked(path));
    Journal second;
    auto refused = second.open(path);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().describe(),
              path + ": another tessera runner is using this run directory");
    first.close();
    EXPECT_FALSE(Journal::isLocked(path));
    EXPECT_TRUE(second.open(path).ok());
}

TEST(Journal, OpeningAgainCutsATornRecordSoTheNextOneIsNotGluedToIt) {
    TempDir dir;
    const std::string path = dir.write("journal", "R\t1000\nE\t7\t1\t42\t0"); // torn: disk full
    {
        Journal j;
        ASSERT_TRUE(j.open(path).ok());
        j.runnerStarted(2000);
    }
    EXPECT_EQ(tessera::testing::readAll(path), "R\t1000\nR\t2000\n");
    const auto records = Journal::read(path);
    ASSERT_TRUE(records.ok()) << records.error().describe();
    EXPECT_EQ(records->size(), 2u);
}

TEST(Journal, AWriteThatFailsIsAProblemNamingTheFileAndErrnoAndNothingMoreIsAppended) {
    // /dev/full fails every write with ENOSPC, as a full disk does.
    Journal j;
    ASSERT_TRUE(j.open("/dev/full").ok());
    EXPECT_EQ(j.problem(), "");
    j.started(0, 1, 10, 0, 1000, "p");
    EXPECT_EQ(j.problem(), "/dev/full: cannot write: No space left on device");
    j.ended(0, 1, 10, 0, -1, 1001, "Completed");
    EXPECT_EQ(j.problem(), "/dev/full: cannot write: No space left on device"); // the first
}
