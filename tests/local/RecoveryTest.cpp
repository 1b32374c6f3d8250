// Recovery after a runner died between the supervisor starting an item and the journal hearing
// of it: a real supervisor, a real item, a runner process that exits at the worst moment.
#include "local/Recovery.h"

#include "TestSupport.h"
#include "local/Journal.h"
#include "local/ProcStat.h"
#include "local/SpawnLedger.h"
#include "local/Supervisor.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tessera::local;
using tessera::testing::readAll;
using tessera::testing::TempDir;

namespace {

// A child process plays the runner: starts the supervisor, has it spawn `command` as index
// `index` attempt 1, and dies (no destructors, like SIGKILL) before journaling anything.
void runnerDiesAfterSpawning(const RunDirectory& dir, const std::string& command, int index) {
    const pid_t runner = ::fork();
    ASSERT_GE(runner, 0);
    if (runner == 0) {
        auto* supervisor = new Supervisor; // never destroyed: the "runner" just vanishes
        if (!supervisor->start(dir.spawnLedgerPath()).empty())
            ::_exit(2);
        SpawnRequest request;
        request.command = command;
        request.logPath = dir.path() + "/item.log";
        request.index = index;
        request.attempt = 1;
        ::_exit(supervisor->spawn(request).pid > 0 ? 0 : 3);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(runner, &status, 0), runner);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ(WEXITSTATUS(status), 0);
}

std::vector<JournalRecord> journalOf(const RunDirectory& dir) {
    auto records = Journal::read(dir.journalPath());
    EXPECT_TRUE(records.ok());
    return records.ok() ? *records : std::vector<JournalRecord>{};
}

} // namespace

TEST(Recovery, AnItemTheRunnerDiedBeforeJournalingIsWaitedForAndItsExitRecorded) {
    TempDir tmp;
    const RunDirectory dir(tmp.path());
    runnerDiesAfterSpawning(dir, "sleep 0.4; echo out; exit 7", 5);

    Journal journal;
    ASSERT_TRUE(journal.open(dir.journalPath()).ok());
    std::vector<JournalRecord> records; // the journal knows of nothing
    std::vector<std::string> lines;
    const auto settled = Recovery::settle(dir, "job", records, journal, false, 1000,
                                          [&](const std::string& line) { lines.push_back(line); });
    ASSERT_TRUE(settled.ok()) << settled.error().message;
    const RecoverySummary& summary = *settled;
    EXPECT_EQ(summary.unjournaled, 1);
    EXPECT_EQ(summary.survivors, 1);
    EXPECT_EQ(summary.recoveredExits, 1);
    EXPECT_EQ(summary.lost, 0);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_NE(lines[0].find("waiting for 1 item(s) still running"), std::string::npos);
    EXPECT_NE(lines[0].find("index 5"), std::string::npos);
    // It was waited for, not abandoned: its output is complete.
    EXPECT_EQ(readAll(dir.path() + "/item.log"), "out\n");

    const std::vector<JournalRecord> written = journalOf(dir);
    ASSERT_EQ(written.size(), 2u);
    EXPECT_EQ(written[0].kind, 'S');
    EXPECT_EQ(written[0].index, 5);
    EXPECT_EQ(written[0].attempt, 1);
    EXPECT_EQ(written[0].text, "job-5-r1");
    EXPECT_EQ(written[1].kind, 'E');
    EXPECT_EQ(written[1].index, 5);
    EXPECT_EQ(written[1].exitCode, 7);
    EXPECT_EQ(written[1].text, "Error");
    EXPECT_EQ(records.size(), 2u); // the caller's records gained both
}

TEST(Recovery, KillStopsAnUnjournaledSurvivorAndRecordsItsSignal) {
    TempDir tmp;
    const RunDirectory dir(tmp.path());
    runnerDiesAfterSpawning(dir, "sleep 30", 2);
    const auto ledgerRead = readSpawnLedger(dir.spawnLedgerPath());
    ASSERT_TRUE(ledgerRead.ok());
    const std::vector<LedgerEntry>& ledger = *ledgerRead;
    ASSERT_EQ(ledger.size(), 2u);
    ASSERT_EQ(ledger[1].kind, 'S');
    const auto itemPid = static_cast<pid_t>(ledger[1].pid);
    ASSERT_TRUE(isSameLiveProcess(itemPid, ledger[1].startTicks));

    Journal journal;
    ASSERT_TRUE(journal.open(dir.journalPath()).ok());
    std::vector<JournalRecord> records;
    const auto settled = Recovery::settle(dir, "job", records, journal, true, 2000);
    ASSERT_TRUE(settled.ok()) << settled.error().message;
    const RecoverySummary& summary = *settled;
    EXPECT_EQ(summary.survivorsKilled, 1);
    EXPECT_FALSE(isSameLiveProcess(itemPid, ledger[1].startTicks));
    const std::vector<JournalRecord> written = journalOf(dir);
    ASSERT_EQ(written.size(), 2u);
    EXPECT_EQ(written[1].kind, 'E');
    EXPECT_EQ(written[1].exitCode, 128 + SIGTERM);
    EXPECT_EQ(written[1].signal, SIGTERM);
    // The old supervisor saw its last item out and exited.
    EXPECT_FALSE(isSameLiveProcess(static_cast<pid_t>(ledger[0].pid), ledger[0].startTicks));
}

TEST(Recovery, AnAttemptWithNoRecordedExitIsLost) {
    TempDir tmp;
    const RunDirectory dir(tmp.path());
    Journal journal;
    ASSERT_TRUE(journal.open(dir.journalPath()).ok());
    journal.started(3, 1, 999999, 12345, 1000, "job-3-abcde"); // no such process, no ledger
    std::vector<JournalRecord> records = journalOf(dir);
    const auto settled = Recovery::settle(dir, "job", records, journal, false, 1000);
    ASSERT_TRUE(settled.ok()) << settled.error().message;
    const RecoverySummary& summary = *settled;
    EXPECT_EQ(summary.lost, 1);
    EXPECT_EQ(summary.unjournaled, 0);
    const std::vector<JournalRecord> written = journalOf(dir);
    ASSERT_EQ(written.size(), 2u);
    EXPECT_EQ(written[1].text, "Lost");
    EXPECT_EQ(written[1].exitCode, -1);
}

TEST(SpawnLedger, SkipsTornAndMalformedLines) {
    TempDir tmp;
    const std::string path =
        tmp.write("spawns", "H 10 20\nS 1 1 11 21\nS 2 x 12 22\nE 1 1 0\nbogus\nE 2 1");
    const auto read = readSpawnLedger(path);
    ASSERT_TRUE(read.ok());
    const std::vector<LedgerEntry>& entries = *read;
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_EQ(entries[0].kind, 'H');
    EXPECT_EQ(entries[0].startTicks, 20);
    EXPECT_EQ(entries[1].kind, 'S');
    EXPECT_EQ(entries[1].pid, 11);
    EXPECT_EQ(entries[2].kind, 'E');
    EXPECT_EQ(entries[2].index, 1);
    EXPECT_EQ(entries[2].exitCode, 0);
}

TEST(SpawnLedger, AMissingLedgerHasNoEntries) {
    TempDir tmp;
    const auto read = readSpawnLedger(tmp.path() + "/spawns");
    ASSERT_TRUE(read.ok()) << read.error().message;
    EXPECT_TRUE(read->empty());
}

// A ledger replaced by a device (or a FIFO nobody writes) was read without end; now it is an
// error naming it, and recovery refuses to settle anything from a ledger it cannot read.
TEST(Recovery, ALedgerThatIsNotAFileIsAnErrorAndNothingIsSettled) {
    TempDir tmp;
    const RunDirectory dir(tmp.path());
    ASSERT_EQ(::symlink("/dev/zero", dir.spawnLedgerPath().c_str()), 0);
    Journal journal;
    ASSERT_TRUE(journal.open(dir.journalPath()).ok());
    journal.started(3, 1, 999999, 12345, 1000, "job-3-abcde");
    std::vector<JournalRecord> records = journalOf(dir);
    const auto settled = Recovery::settle(dir, "job", records, journal, false, 1000);
    ASSERT_FALSE(settled.ok());
    EXPECT_EQ(settled.error().message,
              dir.spawnLedgerPath() + ": is a character device, not a run journal file");
    EXPECT_EQ(journalOf(dir).size(), 1u); // the open attempt was not guessed to be lost
}

TEST(Journal, AJournalThatIsNotAFileIsAnErrorNamingIt) {
    TempDir tmp;
    const std::string path = tmp.path() + "/journal";
    ASSERT_EQ(::symlink("/dev/zero", path.c_str()), 0);
    const auto records = Journal::read(path);
    ASSERT_FALSE(records.ok());
    EXPECT_EQ(records.error().message, path + ": is a character device, not a run journal file");
    const auto missing = Journal::read(tmp.path() + "/none");
    ASSERT_TRUE(missing.ok());
    EXPECT_TRUE(missing->empty());
}
