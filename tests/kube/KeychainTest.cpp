// The real system keychain (Secret Service through gnome-keyring). Run by keychain_session.sh,
// which starts a private D-Bus session and an unlocked gnome-keyring-daemon and sets
// TESSERA_KEYCHAIN_SESSION=1; without that the test is skipped with the reason.
#include "kube/KeychainSecretStore.h"

#include <QTest>
#include <QUuid>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::kube;

TEST(KeychainSecretStore, StoresReadsAndDeletesInTheRealKeychain) {
    if (qgetenv("TESSERA_KEYCHAIN_SESSION") != "1")
        GTEST_SKIP() << "no keychain session: run through tests/kube/keychain_session.sh "
                        "(needs dbus-run-session and gnome-keyring-daemon)";
    KeychainSecretStore store(QStringLiteral("tessera-test"));
    const QString key =
        QStringLiteral("token/test/") + QUuid::createUuid().toString(QUuid::WithoutBraces);

    std::optional<std::optional<engine::Error>> wrote;
    store.write(key, QStringLiteral("s3cret-ü"), [&](const auto& e) { wrote = e; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return wrote.has_value(); }, 20000));
    ASSERT_FALSE(*wrote) << (*wrote)->message;
    ASSERT_TRUE(store.persistent()) << store.status().toStdString();

    // A second store (as after a restart) reads what the first wrote.
    KeychainSecretStore again(QStringLiteral("tessera-test"));
    std::optional<engine::Result<std::optional<QString>>> read;
    again.read(key, [&](const auto& r) { read = r; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return read.has_value(); }, 20000));
    ASSERT_TRUE(*read) << read->error().message;
    EXPECT_EQ(**read, std::optional<QString>(QStringLiteral("s3cret-ü")));

    std::optional<std::optional<engine::Error>> removed;
    again.remove(key, [&](const auto& e) { removed = e; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return removed.has_value(); }, 20000));
    EXPECT_FALSE(*removed);
    read.reset();
    again.read(key, [&](const auto& r) { read = r; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return read.has_value(); }, 20000));
    ASSERT_TRUE(*read);
    EXPECT_FALSE(**read);
    EXPECT_TRUE(again.persistent());
}
