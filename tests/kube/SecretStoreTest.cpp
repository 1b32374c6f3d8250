#include "TestFiles.h"
#include "kube/KeychainSecretStore.h"
#include "kube/MemorySecretStore.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera;
using namespace tessera::kube;

namespace {

// Runs the store's asynchronous calls to completion and returns their results.
struct Sync {
    SecretStore& store;

    std::optional<engine::Error> write(const QString& key, const QString& value) {
        std::optional<std::optional<engine::Error>> out;
        store.write(key, value, [&](const std::optional<engine::Error>& e) { out = e; });
        EXPECT_TRUE(QTest::qWaitFor([&] { return out.has_value(); }, 20000));
        return out.value_or(std::nullopt);
    }
    std::optional<engine::Error> remove(const QString& key) {
        std::optional<std::optional<engine::Error>> out;
        store.remove(key, [&](const std::optional<engine::Error>& e) { out = e; });
        EXPECT_TRUE(QTest::qWaitFor([&] { return out.has_value(); }, 20000));
        return out.value_or(std::nullopt);
    }
    std::optional<QString> read(const QString& key) {
        std::optional<engine::Result<std::optional<QString>>> out;
        store.read(key, [&](const engine::Result<std::optional<QString>>& r) { out = r; });
        EXPECT_TRUE(QTest::qWaitFor([&] { return out.has_value(); }, 20000));
        if (!out || !*out) {
            ADD_FAILURE() << (out ? out->error().message : std::string("no answer"));
            return std::nullopt;
        }
        return **out;
    }
};

} // namespace

TEST(MemorySecretStore, KeepsSecretsUntilRemoved) {
    MemorySecretStore store;
    Sync s{store};
    const QString key = SecretStore::tokenKey(QStringLiteral("prod"), QStringLiteral("alice"));
    EXPECT_EQ(key, QStringLiteral("token/prod/alice"));
    EXPECT_FALSE(s.read(key));
    EXPECT_FALSE(s.write(key, QStringLiteral("t0k3n")));
    EXPECT_EQ(s.read(key), QStringLiteral("t0k3n"));
    EXPECT_FALSE(s.read(SecretStore::tokenKey(QStringLiteral("prod"), QStringLiteral("bob"))));
    EXPECT_FALSE(s.remove(key));
    EXPECT_FALSE(s.read(key));
    EXPECT_FALSE(store.persistent());
    EXPECT_TRUE(store.status().contains(QStringLiteral("memory only")));
}

TEST(KeychainSecretStore, WithoutAKeychainServiceFallsBackToMemoryAndSaysSo) {
    // No session bus at all: QtKeychain cannot reach a Secret Service.
    test::ScopedUnsetEnv bus("DBUS_SESSION_BUS_ADDRESS");
    test::ScopedEnv runtime("XDG_RUNTIME_DIR", "/nonexistent-tessera-runtime");
    KeychainSecretStore store(QStringLiteral("tessera-test"));
    QSignalSpy unavailable(&store, &KeychainSecretStore::keychainUnavailable);
    Sync s{store};
    EXPECT_TRUE(store.persistent()); // not known yet
    EXPECT_FALSE(s.write(QStringLiteral("token/ctx/u"), QStringLiteral("typed-in")));
    EXPECT_FALSE(store.persistent());
    EXPECT_EQ(unavailable.count(), 1);
    EXPECT_TRUE(store.status().startsWith(QStringLiteral("Tokens are kept in memory only")))
        << store.status().toStdString();
    EXPECT_TRUE(store.status().contains(QStringLiteral("no keychain service is running")));
    // The session goes on with the token in memory.
    EXPECT_EQ(s.read(QStringLiteral("token/ctx/u")), QStringLiteral("typed-in"));
    EXPECT_FALSE(s.remove(QStringLiteral("token/ctx/u")));
    EXPECT_FALSE(s.read(QStringLiteral("token/ctx/u")));
    EXPECT_EQ(unavailable.count(), 1);
}
