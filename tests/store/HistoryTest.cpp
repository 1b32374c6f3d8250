// The attempt history on a real SQLite file: round trip, updates in place, bound, clear.
#include "store/History.h"

#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace tessera::store;

namespace {

IndexAttempt attempt(int index, int n, const QString& pod, int exitCode) {
    IndexAttempt a;
    a.index = index;
    a.attempt = n;
    a.pod = pod;
    a.node = QStringLiteral("node-1");
    a.phase = QStringLiteral("Failed");
    a.reason = QStringLiteral("Error");
    a.exitCode = exitCode;
    a.created = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000 + index, Qt::UTC);
    a.finished = a.created.addSecs(30);
    return a;
}

} // namespace

TEST(History, RoundTripsAttemptsPerClusterAndJobAcrossReopen) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sub/history.sqlite"));
    {
        History h(path);
        ASSERT_TRUE(h.open().ok());
        h.record(QStringLiteral("c1"), QStringLiteral("uid-a"), QStringLiteral("a"),
                 attempt(5, 1, QStringLiteral("a-5-y"), 2));
        h.record(QStringLiteral("c1"), QStringLiteral("uid-a"), QStringLiteral("a"),
                 attempt(5, 0, QStringLiteral("a-5-x"), 1));
        auto sig = attempt(1, 0, QStringLiteral("a-1-x"), 137);
        sig.signal = 9;
        h.record(QStringLiteral("c1"), QStringLiteral("uid-a"), QStringLiteral("a"), sig);
        h.record(QStringLiteral("c2"), QStringLiteral("uid-a"), QStringLiteral("a"),
                 attempt(0, 0, QStringLiteral("other-cluster"), 1));
        ASSERT_EQ(*h.flush(), 4);
    }
    History h(path);
    ASSERT_TRUE(h.open().ok());
    auto r = h.attempts(QStringLiteral("c1"), QStringLiteral("uid-a"));
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->size(), 3u);
    EXPECT_EQ((*r)[0].pod, QStringLiteral("a-1-x"));
    EXPECT_EQ((*r)[0].signal, std::optional<int>(9));
    EXPECT_EQ((*r)[1].pod, QStringLiteral("a-5-x")); // sorted by (index, attempt)
    EXPECT_EQ((*r)[2].pod, QStringLiteral("a-5-y"));
    EXPECT_EQ((*r)[2].exitCode, 2);
    EXPECT_EQ((*r)[2].created, attempt(5, 1, {}, 0).created);
    EXPECT_EQ((*r)[2].finished, attempt(5, 1, {}, 0).finished);
    EXPECT_FALSE((*r)[2].started.isValid());
    EXPECT_FALSE((*r)[2].live);
}

TEST(History, UpdatesAPodInPlaceAndKeepsItsLogTail) {
    QTemporaryDir dir;
    History h(dir.filePath(QStringLiteral("h.sqlite")));
    auto a = attempt(3, 0, QStringLiteral("p"), 1);
    a.logTail = QStringLiteral("last words\n");
    h.record(QStringLiteral("c"), QStringLiteral("u"), QStringLiteral("j"), a);
    ASSERT_TRUE(h.flush().ok());
    a.logTail.clear();
    a.exitCode = 4;
    h.record(QStringLiteral("c"), QStringLiteral("u"), QStringLiteral("j"), a);
    auto r = h.attempts(QStringLiteral("c"), QStringLiteral("u"));
    ASSERT_EQ(r->size(), 1u);
    EXPECT_EQ((*r)[0].exitCode, 4);
    EXPECT_EQ((*r)[0].logTail, QStringLiteral("last words\n"));
}

TEST(History, KeepsOnlyTheNewestAttemptsAndClears) {
    QTemporaryDir dir;
    History h(dir.filePath(QStringLiteral("h.sqlite")), 5);
    for (int i = 0; i < 8; ++i)
        h.record(QStringLiteral("c"), QStringLiteral("u"), QStringLiteral("j"),
                 attempt(i, 0, QStringLiteral("p%1").arg(i), 1));
    ASSERT_EQ(*h.count(), 5);
    auto r = h.attempts(QStringLiteral("c"), QStringLiteral("u"));
    ASSERT_EQ(r->size(), 5u);
    EXPECT_EQ(r->front().pod, QStringLiteral("p3")); // p0..p2, the oldest, were dropped
    h.record(QStringLiteral("d"), QStringLiteral("u"), QStringLiteral("j"),
             attempt(0, 0, QStringLiteral("q"), 1));
    ASSERT_TRUE(h.clear(QStringLiteral("c")).ok());
    EXPECT_EQ(*h.count(), 1);
    ASSERT_TRUE(h.clear().ok());
    EXPECT_EQ(*h.count(), 0);
}

TEST(History, AnUnwritableLocationIsAnErrorNamingTheFile) {
    History h(QStringLiteral("/proc/tessera-no/history.sqlite"));
    auto r = h.open();
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("/proc/tessera-no"), std::string::npos) << r.error().message;
}

// A history file overwritten with other bytes: named as not a database when opened, never used.
TEST(History, AFileThatIsNotADatabaseIsAnErrorNamingTheFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(8192, '\x5a'));
    f.close();
    History h(path);
    auto r = h.open();
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(path.toStdString()), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("not a database"), std::string::npos) << r.error().message;
}

// A database cut short opens (its header is intact) and failed later, row by row; it is found
// damaged when opened.
TEST(History, ATruncatedDatabaseIsFoundDamagedWhenOpened) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    {
        History h(path);
        ASSERT_TRUE(h.open().ok());
        for (int i = 0; i < 2000; ++i)
            h.record(QStringLiteral("c"), QStringLiteral("uid"), QStringLiteral("job"),
                     attempt(i, 0, QStringLiteral("pod-%1").arg(i), 1));
        ASSERT_TRUE(h.flush().ok());
    }
    QFile f(path);
    ASSERT_GT(f.size(), 3 * 4096);
    ASSERT_TRUE(f.resize(f.size() / 2));
    History h(path);
    auto r = h.open();
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(path.toStdString()), std::string::npos) << r.error().message;
}

TEST(History, SetAsideKeepsTheBrokenFileAndFreesItsPath) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("broken");
    f.close();
    const QString aside = History::setAside(path);
    EXPECT_EQ(aside, path + QStringLiteral(".broken-1"));
    EXPECT_FALSE(QFile::exists(path));
    QFile kept(aside);
    ASSERT_TRUE(kept.open(QIODevice::ReadOnly));
    EXPECT_EQ(kept.readAll(), QByteArray("broken"));
    History h(path);
    EXPECT_TRUE(h.open().ok());
}
