// A run directory whose files cannot be read is listed with the loader's reason, never left out
// of the job list.
#include "store/LocalSource.h"
#include "store/StoreThread.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <gtest/gtest.h>
#include <map>

using namespace tessera;
using namespace tessera::store;

namespace {

// The rows of the job list as a LocalSource over `runsRoot` sends them, until `until` holds.
std::map<QString, JobSummary>
rowsOf(const QString& runsRoot,
       const std::function<bool(const std::map<QString, JobSummary>&)>& until) {
    LocalSource::Options o;
    o.runsRoot = runsRoot;
    o.rescan = std::chrono::milliseconds(100);
    StoreThread host([o](std::vector<QObject*>&) -> JobStore* { return new LocalSource(o); });
    std::map<QString, JobSummary> rows;
    QObject receiver;
    QObject::connect(host.store(), &JobStore::jobsChanged, &receiver, [&](const JobListDiff& d) {
        if (d.reset)
            rows.clear();
        for (const auto& r : d.upserted)
            rows[r.key] = r;
        for (const auto& k : d.removed)
            rows.erase(k);
    });
    (void)QTest::qWaitFor([&] { return until(rows); }, 30000); // the caller asserts what it needs
    return rows;
}

} // namespace

// run.conf replaced by /dev/zero was read line by line without end (one endless line) on the
// store's thread, and the window froze; the bounded reader refuses it at once.
TEST(LocalSourceUnreadable, ARunWhoseConfigIsADeviceIsListedSayingWhatItIs) {
    QTemporaryDir dir;
    const QString run = dir.filePath(QStringLiteral("runs/device"));
    ASSERT_TRUE(QDir().mkpath(run));
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), run + QStringLiteral("/run.conf")));
    const QString key = QStringLiteral("local/local/device");
    const auto rows = rowsOf(dir.filePath(QStringLiteral("runs")),
                             [&](const auto& r) { return r.count(key) == 1; });
    ASSERT_EQ(rows.count(key), 1u) << "the run is missing from the list";
    const JobSummary& s = rows.at(key);
    EXPECT_EQ(s.status, engine::JobState::Interrupted);
    EXPECT_TRUE(s.statusReason.contains(QStringLiteral("run.conf: is a character device")))
        << s.statusReason.toStdString();
}

TEST(LocalSourceUnreadable, ARunWhoseConfigCannotBeReadIsListedSayingWhy) {
    QTemporaryDir dir;
    const QString run = dir.filePath(QStringLiteral("runs/broken"));
    ASSERT_TRUE(QDir().mkpath(run));
    {
        QFile conf(run + QStringLiteral("/run.conf"));
        ASSERT_TRUE(conf.open(QIODevice::WriteOnly));
        conf.write("no equals sign here\n");
    }
    LocalSource::Options o;
    o.runsRoot = dir.filePath(QStringLiteral("runs"));
    o.rescan = std::chrono::milliseconds(100);
    StoreThread host([o](std::vector<QObject*>&) -> JobStore* { return new LocalSource(o); });
    std::map<QString, JobSummary> rows;
    QObject receiver;
    QObject::connect(host.store(), &JobStore::jobsChanged, &receiver, [&](const JobListDiff& d) {
        if (d.reset)
            rows.clear();
        for (const auto& r : d.upserted)
            rows[r.key] = r;
        for (const auto& k : d.removed)
            rows.erase(k);
    });
    const QString key = QStringLiteral("local/local/broken");
    ASSERT_TRUE(QTest::qWaitFor([&] { return rows.count(key) == 1; }, 30000))
        << "an unreadable run is missing from the list";
    const JobSummary& s = rows.at(key);
    EXPECT_EQ(s.status, engine::JobState::Interrupted);
    EXPECT_TRUE(s.statusReason.startsWith(QStringLiteral("Unreadable: ")))
        << s.statusReason.toStdString();
    EXPECT_TRUE(s.statusReason.contains(QStringLiteral("run.conf")))
        << s.statusReason.toStdString();
    EXPECT_TRUE(s.statusReason.contains(QStringLiteral("line 1"))) << s.statusReason.toStdString();
}
