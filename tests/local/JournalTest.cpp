// The journal: one locked writer, records read back, a torn last record ignored, a corrupt one
// an error with its line, a failed write a problem naming the file and errno.
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
        j.started(3, 1, 0, 0, 2000, "job-3-r1");
        j.ended(3, 1, 0, 127, -1, 2000, "StartError",
                "cannot start /bin/sh: Argument list\ttoo long");
        j.started(4, 1, 77, 5, 2000, "job-4-r1");
        j.ended(4, 1, 77, 1, -1, 2001, "Error");
    }
    auto records = Journal::read(path);
    ASSERT_TRUE(records.ok()) << records.error().describe();
    ASSERT_EQ(records->size(), 4u);
    EXPECT_EQ((*records)[1].exitCode, 127);
    EXPECT_EQ((*records)[1].text, "StartError");
    EXPECT_EQ((*records)[1].text2, "cannot start /bin/sh: Argument list too long"); // tab cleaned
    EXPECT_EQ((*records)[3].text, "Error");
    EXPECT_EQ((*records)[3].text2, "");
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

// Damaged journals (tests/data/broken_journal_*): each read is an error naming the file and the
// line of the first bad record, never a run with impossible values (index -1, 501 of 500, a
// duration of -9.2e15 s) or one that silently lost its records.
struct BrokenJournal {
    const char* fixture;
    long line;
    const char* reason;
};

class BrokenJournals : public ::testing::TestWithParam<BrokenJournal> {};

TEST_P(BrokenJournals, AreAnErrorNamingTheFileAndLine) {
    const BrokenJournal& c = GetParam();
    const std::string path = std::string(TESSERA_TEST_DATA_DIR) + "/" + c.fixture + "/journal";
    const auto records = Journal::read(path, 5); // the fixtures' work lists have 5 items
    ASSERT_FALSE(records.ok()) << c.fixture;
    EXPECT_EQ(records.error().field, path);
    EXPECT_EQ(records.error().line, c.line) << records.error().describe();
    EXPECT_NE(records.error().message.find(c.reason), std::string::npos)
        << records.error().describe();
}

INSTANTIATE_TEST_SUITE_P(
    Journal, BrokenJournals,
    ::testing::Values(
        BrokenJournal{"broken_journal_negative_index", 5, "index \"-1\" is not a number in range"},
        BrokenJournal{"broken_journal_index_out_of_range", 4,
                      "attempt 1 of index 5: the work list has 5 items"},
        BrokenJournal{"broken_journal_negative_time", 4, "time \"-9223372036854775808\""},
        BrokenJournal{"broken_journal_garbage", 3, "unknown record kind"},
        BrokenJournal{"broken_journal_end_without_start", 3,
                      "attempt 1 of index 3 ends, but never started"},
        BrokenJournal{"broken_journal_short_record", 4, "E record: 3 fields, expected 8 or 9"}),
    [](const auto& param) { return std::string(param.param.fixture).substr(15); });

TEST(Journal, AnAttemptThatEndsTwiceIsAnErrorNamingBothLines) {
    TempDir dir;
    const std::string path = dir.write("journal", "S\t1\t1\t10\t0\t1000\tp\n"
                                                  "E\t1\t1\t10\t0\t-1\t1001\tCompleted\n"
                                                  "E\t1\t1\t10\t1\t-1\t1002\tError\n");
    const auto records = Journal::read(path);
    ASSERT_FALSE(records.ok());
    EXPECT_EQ(records.error().describe(),
              path + ": corrupt record: attempt 1 of index 1 ends again (it ended at line 2) "
                     "(at line 3)");
}

TEST(Journal, AClockSteppedBackBetweenStartAndEndIsNotANegativeDuration) {
    TempDir dir;
    const std::string path = dir.write("journal", "S\t1\t1\t10\t0\t5000\tp\n"
                                                  "E\t1\t1\t10\t0\t-1\t4000\tCompleted\n");
    const auto records = Journal::read(path);
    ASSERT_TRUE(records.ok()) << records.error().describe();
    EXPECT_EQ((*records)[1].ms, 5000);
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
