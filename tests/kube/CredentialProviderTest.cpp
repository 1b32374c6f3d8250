// Credentials from tokens, token files and real exec plugin processes (shell scripts printing an
// ExecCredential with an expiry the test controls), including the login-shell PATH lookup.
#include "kube/CredentialProvider.h"

#include "TestCerts.h"
#include "TestFiles.h"
#include "kube/Kubeconfig.h"
#include "kube/LoginShellPath.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <csignal>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace tessera;
using namespace tessera::kube;
using tessera::kube::test::readFile;
using tessera::kube::test::ScopedEnv;
using tessera::kube::test::writeFile;

namespace {

// Prints an ExecCredential; every run appends a line to $COUNT_FILE and saves its
// KUBERNETES_EXEC_INFO and arguments, so tests can see what the plugin received.
const QByteArray kPlugin = R"SH(#!/bin/sh
echo run >> "$COUNT_FILE"
printf '%s' "$KUBERNETES_EXEC_INFO" > "$COUNT_FILE.info"
printf '%s\n' "$@" > "$COUNT_FILE.args"
if [ -n "$FAIL_WITH" ]; then echo "error: $FAIL_WITH" >&2; exit 3; fi
if [ -n "$PRINT_RAW" ]; then printf '%s' "$PRINT_RAW"; exit 0; fi
cat <<JSON
{"apiVersion": "${API_VERSION:-client.authentication.k8s.io/v1}", "kind": "ExecCredential",
 "status": {"token": "token-$(wc -l < "$COUNT_FILE" | tr -d ' ')", "expirationTimestamp": "$EXPIRY"}}
JSON
)SH";

const engine::TimePoint kNow = engine::fromUnixMillis(1'800'000'000'000); // 2027-01-15T08:00:00Z

QString rfc3339(engine::TimePoint t) {
    return QDateTime::fromMSecsSinceEpoch(engine::toUnixMillis(t), Qt::UTC).toString(Qt::ISODate);
}

class ExecPluginTest : public testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_dir.isValid());
        m_plugin = writeFile(m_dir, QStringLiteral("bin/fake-plugin"), kPlugin, true);
        m_count = m_dir.filePath(QStringLiteral("count"));
        LoginShellPath::reset();
    }
    void TearDown() override { LoginShellPath::reset(); }

    // A connection whose user runs the fake plugin with the given extra environment.
    ClusterConnection connection(QList<QPair<QString, QString>> env, const QString& command = {}) {
        ClusterConnection c;
        c.contextName = QStringLiteral("ctx");
        c.userName = QStringLiteral("alice");
        c.clusterName = QStringLiteral("k");
        c.kubeconfigFile = QStringLiteral("/home/alice/.kube/config");
        c.server = QUrl(QStringLiteral("https://127.0.0.1:6443"));
        c.caPem = "CA-BYTES";
        c.tlsServerName = QStringLiteral("api.internal");
        ExecConfig x;
        x.apiVersion = QStringLiteral("client.authentication.k8s.io/v1");
        x.command = command.isEmpty() ? m_plugin : command;
        x.args = {QStringLiteral("get-token"), QStringLiteral("--cluster=k")};
        x.interactiveMode = QStringLiteral("IfAvailable");
        x.env = std::move(env);
        x.env.append({QStringLiteral("COUNT_FILE"), m_count});
        c.exec = x;
        return c;
    }

    engine::Result<Credentials> fetch(CredentialProvider& p) {
        std::optional<engine::Result<Credentials>> out;
        p.get([&](const engine::Result<Credentials>& r) { out = r; });
        EXPECT_TRUE(QTest::qWaitFor([&] { return out.has_value(); }, 20000));
        if (!out) {
            engine::Error e;
            e.message = "timed out";
            return e;
        }
        return *out;
    }

    int runs() const { return int(readFile(m_count).count('\n')); }

    QTemporaryDir m_dir;
    QString m_plugin;
    QString m_count;
    engine::ManualClock m_clock{kNow};
};

} // namespace

TEST_F(ExecPluginTest, TokenIsCachedUntilItsExpirationTimestamp) {
    const auto expiry = kNow + std::chrono::minutes(10);
    CredentialProvider p(connection({{QStringLiteral("EXPIRY"), rfc3339(expiry)}}), &m_clock);
    auto first = fetch(p);
    ASSERT_TRUE(first) << first.error().message;
    EXPECT_EQ(first->authorization, QByteArray("Bearer token-1"));
    ASSERT_TRUE(first->expiry);
    EXPECT_EQ(first->expiry->toMSecsSinceEpoch(), engine::toUnixMillis(expiry));

    m_clock.advance(std::chrono::minutes(9));
    auto cached = fetch(p);
    ASSERT_TRUE(cached);
    EXPECT_EQ(cached->authorization, QByteArray("Bearer token-1"));
    EXPECT_EQ(runs(), 1);

    // Past the expiry the plugin runs again; it now hands out an already-expired token.
    m_clock.advance(std::chrono::minutes(2));
    auto expired = fetch(p);
    ASSERT_FALSE(expired);
    EXPECT_EQ(runs(), 2);
    EXPECT_NE(expired.error().message.find("returned a credential that expired at " +
                                           rfc3339(expiry).toStdString()),
              std::string::npos)
        << expired.error().message;
    EXPECT_EQ(
        expired.error().message.rfind("/home/alice/.kube/config: users[name=alice].user.exec: ", 0),
        0u);
}

TEST_F(ExecPluginTest, ConcurrentRequestsShareOneRunAndInvalidateRunsAgain) {
    CredentialProvider p(
        connection({{QStringLiteral("EXPIRY"), rfc3339(kNow + std::chrono::hours(1))}}), &m_clock);
    int answered = 0;
    QByteArrayList tokens;
    for (int i = 0; i < 3; ++i)
        p.get([&](const engine::Result<Credentials>& r) {
            ++answered;
            tokens << (r ? r->authorization : QByteArray("error"));
        });
    ASSERT_TRUE(QTest::qWaitFor([&] { return answered == 3; }, 20000));
    EXPECT_EQ(tokens, (QByteArrayList{"Bearer token-1", "Bearer token-1", "Bearer token-1"}));
    EXPECT_EQ(runs(), 1);

    p.invalidate(); // as after a 401
    auto again = fetch(p);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->authorization, QByteArray("Bearer token-2"));
    EXPECT_EQ(p.pluginRuns(), 2);
}

TEST_F(ExecPluginTest, PluginGetsArgsEnvAndClusterInfo) {
    auto conn = connection({{QStringLiteral("EXPIRY"), rfc3339(kNow + std::chrono::hours(1))}});
    conn.exec->provideClusterInfo = true;
    CredentialProvider p(conn, &m_clock);
    ASSERT_TRUE(fetch(p));
    EXPECT_EQ(readFile(m_count + QStringLiteral(".args")), QByteArray("get-token\n--cluster=k\n"));
    const QJsonObject info =
        QJsonDocument::fromJson(readFile(m_count + QStringLiteral(".info"))).object();
    EXPECT_EQ(info.value(QStringLiteral("kind")).toString(), QStringLiteral("ExecCredential"));
    EXPECT_EQ(info.value(QStringLiteral("apiVersion")).toString(),
              QStringLiteral("client.authentication.k8s.io/v1"));
    const QJsonObject spec = info.value(QStringLiteral("spec")).toObject();
    EXPECT_FALSE(spec.value(QStringLiteral("interactive")).toBool(true));
    const QJsonObject cluster = spec.value(QStringLiteral("cluster")).toObject();
    EXPECT_EQ(cluster.value(QStringLiteral("server")).toString(),
              QStringLiteral("https://127.0.0.1:6443"));
    EXPECT_EQ(cluster.value(QStringLiteral("tls-server-name")).toString(),
              QStringLiteral("api.internal"));
    EXPECT_EQ(
        QByteArray::fromBase64(
            cluster.value(QStringLiteral("certificate-authority-data")).toString().toLatin1()),
        QByteArray("CA-BYTES"));

    // Without provideClusterInfo the plugin learns nothing about the cluster.
    QFile::remove(m_count);
    conn.exec->provideClusterInfo = false;
    CredentialProvider q(conn, &m_clock);
    ASSERT_TRUE(fetch(q));
    const QJsonObject bare =
        QJsonDocument::fromJson(readFile(m_count + QStringLiteral(".info"))).object();
    EXPECT_FALSE(bare.value(QStringLiteral("spec")).toObject().contains(QStringLiteral("cluster")));
}

TEST_F(ExecPluginTest, NonZeroExitIsReportedWithTheStderr) {
    CredentialProvider p(connection({{QStringLiteral("FAIL_WITH"),
                                      QStringLiteral("SSO session expired, run aws sso login")}}),
                         &m_clock);
    auto r = fetch(p);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message,
              "/home/alice/.kube/config: users[name=alice].user.exec: plugin \"" +
                  m_plugin.toStdString() +
                  "\" exited with code 3: error: SSO session expired, run aws sso login");
}

TEST_F(ExecPluginTest, BadPluginOutputIsReported) {
    struct Case {
        QString output;
        const char* fragment;
    };
    const Case cases[] = {
        {QStringLiteral("not json"), "is not an ExecCredential JSON object"},
        {QStringLiteral(R"({"kind":"Secret","apiVersion":"client.authentication.k8s.io/v1"})"),
         "kind \"Secret\""},
        {QStringLiteral(
             R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","status":{"token":"t"}})"),
         "apiVersion \"client.authentication.k8s.io/v1beta1\", but the kubeconfig asks for "
         "\"client.authentication.k8s.io/v1\""},
        {QStringLiteral(
             R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1"})"),
         "has no status"},
        {QStringLiteral(
             R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{}})"),
         "neither status.token nor status.clientCertificateData"},
        {QStringLiteral(
             R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"t","expirationTimestamp":"soon"}})"),
         "status.expirationTimestamp: \"soon\" is not an RFC 3339 time"},
        {QStringLiteral(
             R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"clientCertificateData":"C"}})"),
         "must be given together"},
    };
    for (const Case& c : cases) {
        CredentialProvider p(connection({{QStringLiteral("PRINT_RAW"), c.output}}), &m_clock);
        auto r = fetch(p);
        ASSERT_FALSE(r) << c.fragment;
        EXPECT_NE(r.error().message.find(c.fragment), std::string::npos) << r.error().message;
    }
}

namespace {

// An ExecCredential whose status carries a client certificate and key.
QString certificateCredential(const QByteArray& cert, const QByteArray& key) {
    const QJsonObject status{{QStringLiteral("clientCertificateData"), QString::fromUtf8(cert)},
                             {QStringLiteral("clientKeyData"), QString::fromUtf8(key)}};
    const QJsonObject o{
        {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
        {QStringLiteral("apiVersion"), QStringLiteral("client.authentication.k8s.io/v1beta1")},
        {QStringLiteral("status"), status}};
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

TEST_F(ExecPluginTest, ClientCertificatesMayComeFromThePlugin) {
    const auto certs = tessera::kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    auto conn = connection({{QStringLiteral("PRINT_RAW"),
                             certificateCredential(certs.clientCertPem, certs.clientKeyPem)}});
    conn.exec->apiVersion = QStringLiteral("client.authentication.k8s.io/v1beta1");
    CredentialProvider p(conn, &m_clock);
    auto r = fetch(p);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_TRUE(r->authorization.isEmpty());
    EXPECT_EQ(r->clientCertPem, certs.clientCertPem);
    EXPECT_EQ(r->clientKeyPem, certs.clientKeyPem);
    EXPECT_FALSE(r->expiry);
}

// A client key (or certificate) from the plugin that is not PEM was passed on,
// dropped by TLS, and the request failed later as "Connection refused". Now the credential is
// refused with the plugin's field named.
TEST_F(ExecPluginTest, AClientKeyOrCertificateFromThePluginThatIsNotPemIsAnErrorNamingTheField) {
    const auto certs = tessera::kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    const std::string who = "/home/alice/.kube/config: users[name=alice].user.exec: ";
    struct Case {
        QByteArray cert, key;
        std::string expected;
    };
    const Case cases[] = {
        {certs.clientCertPem, certs.clientKeyPem.toBase64(),
         "the plugin's status.clientKeyData is not a PEM private key (it does not start with "
         "-----BEGIN)"},
        {certs.clientCertPem, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
         "the plugin's status.clientKeyData is not a PEM private key (its PEM block does not "
         "parse)"},
        // A certificate where the key belongs is no key either.
        {certs.clientCertPem, certs.clientCertPem,
         "the plugin's status.clientKeyData is not a PEM private key (it holds a PEM "
         "\"CERTIFICATE\" block)"},
        {"CERT", certs.clientKeyPem,
         "the plugin's status.clientCertificateData is not a PEM certificate (it does not start "
         "with -----BEGIN)"},
    };
    for (const Case& c : cases) {
        auto conn =
            connection({{QStringLiteral("PRINT_RAW"), certificateCredential(c.cert, c.key)}});
        conn.exec->apiVersion = QStringLiteral("client.authentication.k8s.io/v1beta1");
        CredentialProvider p(conn, &m_clock);
        auto r = fetch(p);
        ASSERT_FALSE(r) << c.expected;
        EXPECT_EQ(r.error().message, who + c.expected);
    }
}

TEST_F(ExecPluginTest, AnAlwaysInteractivePluginIsRefusedWithAReason) {
    auto conn = connection({});
    conn.exec->interactiveMode = QStringLiteral("Always");
    CredentialProvider p(conn, &m_clock);
    auto r = fetch(p);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("needs an interactive terminal (interactiveMode: Always)"),
              std::string::npos);
    EXPECT_EQ(runs(), 0);
}

TEST_F(ExecPluginTest, PluginMissingFromTheLoginPathToo) {
    // The login shell adds a directory that does not hold the plugin either.
    QTemporaryDir home;
    writeFile(home, QStringLiteral(".profile"), "PATH=\"$HOME/elsewhere:$PATH\"; export PATH\n");
    ScopedEnv h("HOME", home.path().toLocal8Bit());
    ScopedEnv s("SHELL", "/bin/sh");
    auto conn = connection({});
    conn.exec->command = QStringLiteral("tessera-missing-plugin");
    conn.exec->installHint = QStringLiteral("Install it with: apt install tessera-missing-plugin");
    CredentialProvider p(conn, &m_clock);
    auto r = fetch(p);
    ASSERT_FALSE(r);
    const std::string& m = r.error().message;
    EXPECT_EQ(m.rfind("/home/alice/.kube/config: users[name=alice].user.exec.command: "
                      "\"tessera-missing-plugin\" "
                      "not found on PATH",
                      0),
              0u)
        << m;
    EXPECT_NE(m.find("nor on the login shell's PATH (" +
                     home.filePath(QStringLiteral("elsewhere")).toStdString()),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("\nInstall it with: apt install tessera-missing-plugin"), std::string::npos)
        << m;
}

TEST_F(ExecPluginTest, AMissingPluginPathIsNamed) {
    auto conn = connection({});
    conn.exec->command = m_dir.filePath(QStringLiteral("bin/nope"));
    CredentialProvider p(conn, &m_clock);
    auto r = fetch(p);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "/home/alice/.kube/config: users[name=alice].user.exec.command: " +
                                     conn.exec->command.toStdString() + " does not exist");
}

TEST_F(ExecPluginTest, PluginIsFoundOnTheLoginShellPathWhenTheSessionPathLacksIt) {
    // A real login shell (bash -l) whose ~/.bash_profile adds the plugin's directory, as
    // Homebrew or cloud SDK installers do; the process's own PATH does not have it.
    QTemporaryDir home;
    writeFile(home, QStringLiteral("tools/kubelogin-fake"), kPlugin, true);
    writeFile(home, QStringLiteral(".bash_profile"),
              "echo 'Welcome back'\nexport PATH=\"$HOME/tools:$PATH\"\n");
    ScopedEnv h("HOME", home.path().toLocal8Bit());
    ScopedEnv s("SHELL", "/bin/bash");
    ScopedEnv path("PATH", "/usr/bin:/bin");
    auto conn = connection({{QStringLiteral("EXPIRY"), rfc3339(kNow + std::chrono::hours(1))}});
    conn.exec->command = QStringLiteral("kubelogin-fake");
    CredentialProvider p(conn, &m_clock);
    auto r = fetch(p);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->authorization, QByteArray("Bearer token-1"));
    QStringList cached;
    ASSERT_TRUE(LoginShellPath::cached(&cached));
    EXPECT_EQ(cached.value(0), home.filePath(QStringLiteral("tools")));
}

TEST_F(ExecPluginTest, ASlowLoginShellTimesOutWithAReason) {
    QTemporaryDir home;
    const QString shell =
        writeFile(home, QStringLiteral("slow-shell"), "#!/bin/sh\nexec sleep 30\n", true);
    ScopedEnv s("SHELL", shell.toLocal8Bit());
    LoginShellPath::setTimeout(std::chrono::milliseconds(300));
    auto conn = connection({});
    conn.exec->command = QStringLiteral("tessera-missing-plugin");
    CredentialProvider p(conn, &m_clock);
    QElapsedTimer t;
    t.start();
    auto r = fetch(p);
    LoginShellPath::setTimeout(std::chrono::milliseconds(5000));
    ASSERT_FALSE(r);
    EXPECT_LT(t.elapsed(), 5000);
    EXPECT_NE(r.error().message.find("the login shell's PATH is unknown (" + shell.toStdString() +
                                     " -lc did not answer within 300 ms)"),
              std::string::npos)
        << r.error().message;
}

TEST_F(ExecPluginTest, AHangingPluginTimesOut) {
    const QString hang =
        writeFile(m_dir, QStringLiteral("bin/hang"), "#!/bin/sh\nexec sleep 30\n", true);
    CredentialProvider p(connection({}, hang), &m_clock);
    p.setPluginTimeout(std::chrono::milliseconds(1000));
    auto r = fetch(p);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("did not finish within 1 s"), std::string::npos)
        << r.error().message;
}

// A plugin that starts a long sleep in the background, saves its pid and waits for it.
const QByteArray kSpawner = "#!/bin/sh\nsleep 300 &\necho $! > \"$CHILD_PID\"\nwait\n";

// True while the process exists and is not a zombie (a zombie is gone, only not yet reaped).
static bool isRunning(pid_t pid) {
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && close + 2 < text.size() && text.at(close + 2) != 'Z';
}

// The timeout killed the plugin but not what it had started, which kept running.
TEST_F(ExecPluginTest, ATimedOutPluginTakesItsChildrenWithIt) {
    const QString pidFile = m_dir.filePath(QStringLiteral("child.pid"));
    const QString plugin = writeFile(m_dir, QStringLiteral("bin/spawner"), kSpawner, true);
    CredentialProvider p(connection({{QStringLiteral("CHILD_PID"), pidFile}}, plugin), &m_clock);
    p.setPluginTimeout(std::chrono::milliseconds(1000));
    auto r = fetch(p);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("did not finish within 1 s"), std::string::npos);
    bool ok = false;
    const auto child = static_cast<pid_t>(readFile(pidFile).trimmed().toLongLong(&ok));
    ASSERT_TRUE(ok && child > 0) << readFile(pidFile).toStdString();
    EXPECT_TRUE(QTest::qWaitFor([&] { return !isRunning(child); }, 5000))
        << "the plugin's child " << child << " is still running";
}

TEST_F(ExecPluginTest, DestroyingTheProviderEndsARunningPluginAndItsChildren) {
    const QString pidFile = m_dir.filePath(QStringLiteral("child.pid"));
    const QString plugin = writeFile(m_dir, QStringLiteral("bin/spawner"), kSpawner, true);
    pid_t child = 0;
    {
        CredentialProvider p(connection({{QStringLiteral("CHILD_PID"), pidFile}}, plugin),
                             &m_clock);
        p.get([](const engine::Result<Credentials>&) {});
        ASSERT_TRUE(QTest::qWaitFor([&] { return !readFile(pidFile).trimmed().isEmpty(); }, 10000));
        child = static_cast<pid_t>(readFile(pidFile).trimmed().toLongLong());
    }
    ASSERT_GT(child, 0);
    EXPECT_TRUE(QTest::qWaitFor([&] { return !isRunning(child); }, 5000))
        << "the plugin's child " << child << " is still running";
}

// A plugin that prints without end (here: `yes`) once reached 4.4 GB in 8 s; it is stopped at
// 1 MiB, with its group.
TEST_F(ExecPluginTest, APluginThatPrintsWithoutEndIsStoppedAtTheCap) {
    const QString plugin =
        writeFile(m_dir, QStringLiteral("bin/chatty"), "#!/bin/sh\nexec yes credential\n", true);
    CredentialProvider p(connection({}, plugin), &m_clock);
    p.setPluginTimeout(std::chrono::milliseconds(20000));
    auto r = fetch(p);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("printed more than 1024 KiB"), std::string::npos)
        << r.error().message;
}

// A token file that is a FIFO nobody writes to was opened with a blocking open(): the window
// never appeared. It is refused at once, as are devices.
TEST(Credentials, ATokenFileThatIsNotARegularFileIsRefusedWithoutBlocking) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("token"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    for (const QString& path : {fifo, QStringLiteral("/dev/zero")}) {
        ClusterConnection c;
        c.userName = QStringLiteral("u");
        c.kubeconfigFile = QStringLiteral("config");
        c.tokenFile = path;
        CredentialProvider provider(c);
        std::optional<engine::Result<Credentials>> r;
        provider.get([&](const auto& x) { r = x; });
        ASSERT_TRUE(QTest::qWaitFor([&] { return r.has_value(); }, 5000));
        ASSERT_FALSE(*r);
        EXPECT_NE(r->error().message.find("users[name=u].user.tokenFile: cannot read " +
                                          path.toStdString() + ": is a"),
                  std::string::npos)
            << r->error().message;
    }
}

TEST(Credentials, StaticTokenBasicAuthAndCertificates) {
    ClusterConnection c;
    c.userName = QStringLiteral("u");
    c.token = QStringLiteral("abc");
    CredentialProvider token(c);
    std::optional<engine::Result<Credentials>> r;
    token.get([&](const auto& x) { r = x; }); // answered synchronously
    ASSERT_TRUE(r && *r);
    EXPECT_EQ((*r)->authorization, QByteArray("Bearer abc"));

    c.token.clear();
    c.username = QStringLiteral("admin");
    c.password = QStringLiteral("s3cret");
    CredentialProvider basic(c);
    basic.get([&](const auto& x) { r = x; });
    EXPECT_EQ((*r)->authorization, "Basic " + QByteArray("admin:s3cret").toBase64());

    c.username.clear();
    c.password.clear();
    c.clientCertPem = "C";
    c.clientKeyPem = "K";
    CredentialProvider cert(c);
    cert.get([&](const auto& x) { r = x; });
    EXPECT_TRUE((*r)->authorization.isEmpty());
    EXPECT_EQ((*r)->clientCertPem, QByteArray("C"));
}

TEST(Credentials, TokenFilesAreReReadAfterAMinute) {
    QTemporaryDir dir;
    const QString file = writeFile(dir, QStringLiteral("token"), "first\n");
    engine::ManualClock clock(kNow);
    ClusterConnection c;
    c.userName = QStringLiteral("sa");
    c.kubeconfigFile = QStringLiteral("/k/config");
    c.tokenFile = file;
    CredentialProvider p(c, &clock);
    QByteArray got;
    auto read = [&] {
        p.get([&](const engine::Result<Credentials>& r) {
            got = r ? r->authorization : QByteArray(r.error().message.c_str());
        });
        return got;
    };
    EXPECT_EQ(read(), QByteArray("Bearer first"));
    writeFile(dir, QStringLiteral("token"), "second\n");
    clock.advance(std::chrono::seconds(30));
    EXPECT_EQ(read(), QByteArray("Bearer first"));
    clock.advance(std::chrono::seconds(31));
    EXPECT_EQ(read(), QByteArray("Bearer second"));
    QFile::remove(file);
    p.invalidate();
    EXPECT_EQ(read().toStdString().rfind(
                  "/k/config: users[name=sa].user.tokenFile: cannot read " + file.toStdString(), 0),
              0u)
        << got.toStdString();
}
