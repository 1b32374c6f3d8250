#include "kube/Kubeconfig.h"

#include "TestCerts.h"
#include "TestFiles.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace tessera::kube;
using tessera::kube::test::ScopedEnv;
using tessera::kube::test::writeFile;

namespace {

std::string msg(const tessera::engine::Error& e) {
    return e.message;
}

QByteArray config(const QByteArray& currentContext, const QByteArray& body) {
    QByteArray out = "apiVersion: v1\nkind: Config\n";
    if (!currentContext.isEmpty())
        out += "current-context: " + currentContext + "\n";
    return out + body;
}

const QByteArray kOneContext = config("dev", R"(clusters:
- name: dev-cluster
  cluster:
    server: https://dev.example:6443
    tls-server-name: api.dev.internal
    proxy-url: socks5://127.0.0.1:1080
users:
- name: dev-user
  user:
    token: dev-token
contexts:
- name: dev
  context:
    cluster: dev-cluster
    user: dev-user
    namespace: team-a
- name: other
  context:
    cluster: dev-cluster
    user: dev-user
)");

} // namespace

TEST(Kubeconfig, ReadsTheDefaultFileUnderHome) {
    QTemporaryDir home;
    writeFile(home, QStringLiteral(".kube/config"), kOneContext);
    auto cfg =
        Kubeconfig::load({.explicitFile = {}, .kubeconfigEnv = QString(), .homeDir = home.path()});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    EXPECT_EQ(cfg->currentContext(), QStringLiteral("dev"));
    auto conn = cfg->resolve();
    ASSERT_TRUE(conn) << msg(conn.error());
    EXPECT_EQ(conn->contextName, QStringLiteral("dev"));
    EXPECT_EQ(conn->namespace_, QStringLiteral("team-a"));
    EXPECT_EQ(conn->server, QUrl(QStringLiteral("https://dev.example:6443")));
    EXPECT_EQ(conn->token, QStringLiteral("dev-token"));
    EXPECT_EQ(conn->tlsServerName, QStringLiteral("api.dev.internal"));
    EXPECT_EQ(conn->proxyUrl, QUrl(QStringLiteral("socks5://127.0.0.1:1080")));
    EXPECT_FALSE(conn->insecureSkipTlsVerify);
}

TEST(Kubeconfig, ReadsHomeAndKubeconfigFromTheProcessEnvironment) {
    QTemporaryDir home;
    writeFile(home, QStringLiteral(".kube/config"), kOneContext);
    ScopedEnv h("HOME", home.path().toLocal8Bit());
    {
        ScopedEnv k("KUBECONFIG", "");
        auto cfg = Kubeconfig::load();
        ASSERT_TRUE(cfg) << msg(cfg.error());
        EXPECT_EQ(cfg->files(), QStringList{home.filePath(QStringLiteral(".kube/config"))});
    }
    const QString other = writeFile(home, QStringLiteral("other.yaml"), config("x", R"(clusters:
- name: c
  cluster: {server: "https://other:443"}
contexts:
- name: x
  context: {cluster: c}
)"));
    ScopedEnv k("KUBECONFIG", other.toLocal8Bit());
    auto cfg = Kubeconfig::load();
    ASSERT_TRUE(cfg) << msg(cfg.error());
    EXPECT_EQ(cfg->files(), QStringList{other});
    EXPECT_EQ(cfg->currentContext(), QStringLiteral("x"));
}

TEST(Kubeconfig, ContextAndNamespaceOverridesWin) {
    QTemporaryDir home;
    const QString f = writeFile(home, QStringLiteral("config"), kOneContext);
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg);
    auto other = cfg->resolve(QStringLiteral("other"));
    ASSERT_TRUE(other) << msg(other.error());
    EXPECT_EQ(other->contextName, QStringLiteral("other"));
    EXPECT_EQ(other->namespace_, QStringLiteral("default")); // the context sets none
    auto ns = cfg->resolve(QString(), QStringLiteral("batch"));
    ASSERT_TRUE(ns);
    EXPECT_EQ(ns->contextName, QStringLiteral("dev"));
    EXPECT_EQ(ns->namespace_, QStringLiteral("batch"));
}

TEST(Kubeconfig, MergesKubeconfigFilesWithTheFirstDefinitionWinning) {
    QTemporaryDir dir;
    // The first file sets no current-context; the second does, and both define "shared".
    const QString a = writeFile(dir, QStringLiteral("a.yaml"), config("", R"(clusters:
- name: shared
  cluster: {server: "https://from-a:6443"}
users:
- name: u
  user: {token: token-a}
contexts:
- name: ctx-a
  context: {cluster: shared, user: u}
)"));
    const QString b = writeFile(dir, QStringLiteral("b.yaml"), config("ctx-b", R"(clusters:
- name: shared
  cluster: {server: "https://from-b:6443"}
- name: only-b
  cluster: {server: "https://only-b:6443"}
users:
- name: u
  user: {token: token-b}
contexts:
- name: ctx-b
  context: {cluster: only-b, user: u, namespace: nb}
- name: ctx-a
  context: {cluster: only-b, user: u}
)"));
    auto cfg =
        Kubeconfig::load({.kubeconfigEnv = a + QStringLiteral("::") + b + QLatin1Char(':') + a});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    EXPECT_EQ(cfg->files(), (QStringList{a, b})); // duplicates and empty entries dropped
    EXPECT_EQ(cfg->currentContext(), QStringLiteral("ctx-b"));
    EXPECT_EQ(cfg->clusters().size(), 2);
    EXPECT_EQ(cfg->findCluster(QStringLiteral("shared"))->server,
              QStringLiteral("https://from-a:6443"));

    auto conn = cfg->resolve();
    ASSERT_TRUE(conn) << msg(conn.error());
    EXPECT_EQ(conn->server.host(), QStringLiteral("only-b"));
    EXPECT_EQ(conn->token, QStringLiteral("token-a")); // user "u" from the first file
    EXPECT_EQ(conn->namespace_, QStringLiteral("nb"));

    auto ctxA = cfg->resolve(QStringLiteral("ctx-a"));
    ASSERT_TRUE(ctxA);
    EXPECT_EQ(ctxA->server.host(), QStringLiteral("from-a")); // ctx-a from the first file
}

TEST(Kubeconfig, CurrentContextComesFromTheFirstFileThatSetsIt) {
    QTemporaryDir dir;
    const QString a = writeFile(dir, QStringLiteral("a"), config("first", ""));
    const QString b = writeFile(dir, QStringLiteral("b"), config("second", ""));
    auto cfg = Kubeconfig::load({.kubeconfigEnv = a + QLatin1Char(':') + b});
    ASSERT_TRUE(cfg);
    EXPECT_EQ(cfg->currentContext(), QStringLiteral("first"));
}

TEST(Kubeconfig, SkipsMissingKubeconfigEntriesButNotAllOfThem) {
    QTemporaryDir dir;
    const QString a = writeFile(dir, QStringLiteral("a"), kOneContext);
    const QString missing = dir.filePath(QStringLiteral("nope"));
    auto cfg = Kubeconfig::load({.kubeconfigEnv = missing + QLatin1Char(':') + a});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    EXPECT_EQ(cfg->files(), QStringList{a});

    auto none = Kubeconfig::load({.kubeconfigEnv = missing});
    ASSERT_FALSE(none);
    EXPECT_NE(msg(none.error()).find("KUBECONFIG=" + missing.toStdString()), std::string::npos)
        << msg(none.error());
    EXPECT_NE(msg(none.error()).find("none of these files exists"), std::string::npos);
}

TEST(Kubeconfig, MissingFilesAreNamed) {
    QTemporaryDir dir;
    auto explicitMissing =
        Kubeconfig::load({.explicitFile = dir.filePath(QStringLiteral("gone.yaml"))});
    ASSERT_FALSE(explicitMissing);
    EXPECT_EQ(msg(explicitMissing.error()),
              dir.filePath(QStringLiteral("gone.yaml")).toStdString() +
                  ": kubeconfig file does not exist");

    auto noDefault = Kubeconfig::load({.kubeconfigEnv = QString(), .homeDir = dir.path()});
    ASSERT_FALSE(noDefault);
    EXPECT_NE(
        msg(noDefault.error()).find(dir.filePath(QStringLiteral(".kube/config")).toStdString()),
        std::string::npos);
}

// Having no kubeconfig is not an error worth showing (the window offers Local runs and the Demo);
// having one that is broken is. The files are the ones load() reads, in its order.
TEST(Kubeconfig, TellsHavingNoKubeconfigFromHavingABrokenOne) {
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("nope"));
    const QString broken = writeFile(dir, QStringLiteral("broken"), "clusters: 3\n");
    const QString env = missing + QStringLiteral("::") + broken + QLatin1Char(':') + missing;
    EXPECT_EQ(Kubeconfig::candidateFiles({.kubeconfigEnv = env}), QStringList({missing, broken}));
    EXPECT_TRUE(Kubeconfig::anyFileExists({.kubeconfigEnv = env}));
    EXPECT_FALSE(Kubeconfig::load({.kubeconfigEnv = env}));
    EXPECT_FALSE(Kubeconfig::anyFileExists({.kubeconfigEnv = missing}));
    EXPECT_FALSE(Kubeconfig::anyFileExists({.kubeconfigEnv = QString(), .homeDir = dir.path()}));
    writeFile(dir, QStringLiteral(".kube/config"), kOneContext);
    EXPECT_EQ(Kubeconfig::candidateFiles({.kubeconfigEnv = QString(), .homeDir = dir.path()}),
              QStringList{dir.filePath(QStringLiteral(".kube/config"))});
    EXPECT_TRUE(Kubeconfig::anyFileExists({.kubeconfigEnv = QString(), .homeDir = dir.path()}));
}

struct BrokenCase {
    const char* name;
    QByteArray text;
    long line;
    long column;
    const char* field;
    const char* fragment; // part of the message
};

class KubeconfigBroken : public testing::TestWithParam<BrokenCase> {};

TEST_P(KubeconfigBroken, IsReportedWithFileLineColumnAndKey) {
    const BrokenCase& c = GetParam();
    QTemporaryDir dir;
    const QString f = writeFile(dir, QStringLiteral("broken_config.yaml"), c.text);
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_FALSE(cfg) << c.name;
    const auto& e = cfg.error();
    EXPECT_EQ(e.line, c.line) << msg(e);
    EXPECT_EQ(e.column, c.column) << msg(e);
    EXPECT_EQ(e.field, c.field) << msg(e);
    const std::string prefix =
        f.toStdString() + ":" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": ";
    EXPECT_EQ(msg(e).rfind(prefix, 0), 0u) << msg(e);
    EXPECT_NE(msg(e).find(c.fragment), std::string::npos) << msg(e);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, KubeconfigBroken,
    testing::Values(
        // An unclosed flow map: the parser notices at the end of the document (after the last
        // newline).
        BrokenCase{"unclosed_flow", "apiVersion: v1\nclusters:\n- name: a\n  cluster: {server: x\n",
                   5, 1, "", "invalid YAML"},
        // A key indented less than its siblings: reported at that key.
        BrokenCase{"bad_indent",
                   "apiVersion: v1\nclusters:\n- name: a\n  cluster:\n    server: x\n   bad: y\n",
                   6, 4, "", "invalid YAML"},
        BrokenCase{"clusters_not_a_list", "apiVersion: v1\nclusters:\n  a: 1\n", 3, 3, "clusters",
                   "expected a list"},
        BrokenCase{"server_not_a_string", "clusters:\n- name: a\n  cluster:\n    server: [1, 2]\n",
                   4, 13, "clusters[0].cluster.server", "expected a string"},
        BrokenCase{"bad_base64",
                   "users:\n- name: u\n  user:\n    client-key-data: \"!!notbase64\"\n", 4, 22,
                   "users[0].user.client-key-data", "not valid base64"},
        BrokenCase{"duplicate_name",
                   "contexts:\n- name: a\n  context: {}\n- name: a\n  context: {}\n", 4, 9,
                   "contexts[1].name", "duplicate name \"a\""},
        BrokenCase{"bad_bool",
                   "clusters:\n- name: a\n  cluster:\n    insecure-skip-tls-verify: maybe\n", 4, 31,
                   "clusters[0].cluster.insecure-skip-tls-verify", "expected true or false"},
        BrokenCase{"exec_v1_without_interactive_mode",
                   "users:\n- name: u\n  user:\n    exec:\n      apiVersion: "
                   "client.authentication.k8s.io/v1\n"
                   "      command: plugin\n",
                   5, 7, "users[0].user.exec.interactiveMode", "required"},
        BrokenCase{"exec_old_api_version",
                   "users:\n- name: u\n  user:\n    exec:\n      apiVersion: "
                   "client.authentication.k8s.io/v1alpha1\n"
                   "      command: plugin\n",
                   5, 19, "users[0].user.exec.apiVersion", "not supported"},
        BrokenCase{"exec_without_command",
                   "users:\n- name: u\n  user:\n    exec:\n      apiVersion: "
                   "client.authentication.k8s.io/v1beta1\n",
                   5, 7, "users[0].user.exec.command", "missing"}),
    [](const testing::TestParamInfo<BrokenCase>& i) { return std::string(i.param.name); });

TEST(Kubeconfig, UnknownContextIsNamed) {
    QTemporaryDir dir;
    const QString f = writeFile(dir, QStringLiteral("config"), kOneContext);
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg);
    auto conn = cfg->resolve(QStringLiteral("prod"));
    ASSERT_FALSE(conn);
    EXPECT_EQ(msg(conn.error()), f.toStdString() + ": context \"prod\" not found");
}

TEST(Kubeconfig, DanglingReferencesNameTheContextKey) {
    QTemporaryDir dir;
    const QString f = writeFile(dir, QStringLiteral("config"), config("c", R"(contexts:
- name: c
  context: {cluster: nowhere, user: nobody}
)"));
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg);
    auto conn = cfg->resolve();
    ASSERT_FALSE(conn);
    EXPECT_EQ(msg(conn.error()),
              f.toStdString() +
                  ": contexts[name=c].context.cluster: cluster \"nowhere\" not found in " +
                  f.toStdString());
}

TEST(Kubeconfig, ResolvesRelativePathsAgainstTheFileThatHoldsThem) {
    QTemporaryDir dir;
    const auto certs = tessera::kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    writeFile(dir, QStringLiteral("conf.d/certs/ca.pem"), certs.caPem);
    writeFile(dir, QStringLiteral("conf.d/certs/client.pem"), certs.clientCertPem);
    writeFile(dir, QStringLiteral("conf.d/certs/client.key"), certs.clientKeyPem);
    const QString f = writeFile(dir, QStringLiteral("conf.d/config"), config("c", R"(clusters:
- name: k
  cluster:
    server: https://127.0.0.1:6443
    certificate-authority: certs/ca.pem
users:
- name: u
  user:
    client-certificate: certs/client.pem
    client-key: ./certs/../certs/client.key
    tokenFile: tokens/t
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: ../bin/plugin
contexts:
- name: c
  context: {cluster: k, user: u}
)"));
    // Load through KUBECONFIG from another working directory: paths must not depend on it.
    auto cfg = Kubeconfig::load({.kubeconfigEnv = f});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    const KubeUser* u = cfg->findUser(QStringLiteral("u"));
    ASSERT_TRUE(u);
    EXPECT_EQ(u->tokenFile, dir.filePath(QStringLiteral("conf.d/tokens/t")));
    EXPECT_EQ(u->clientKeyFile, dir.filePath(QStringLiteral("conf.d/certs/client.key")));
    ASSERT_TRUE(u->exec);
    EXPECT_EQ(u->exec->command, dir.filePath(QStringLiteral("bin/plugin")));
    auto conn = cfg->resolve();
    ASSERT_TRUE(conn) << msg(conn.error());
    EXPECT_EQ(conn->caPem, certs.caPem);
    EXPECT_EQ(conn->clientCertPem, certs.clientCertPem);
    EXPECT_EQ(conn->clientKeyPem, certs.clientKeyPem);
}

TEST(Kubeconfig, ABareExecCommandStaysANameForPathLookup) {
    QTemporaryDir dir;
    const QString f = writeFile(dir, QStringLiteral("config"), R"(users:
- name: u
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: gke-gcloud-auth-plugin
      args: [--verbose, "2"]
      env: [{name: A, value: "1"}, {name: B, value: two}]
      interactiveMode: Never
      provideClusterInfo: true
      installHint: install it
)");
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    const ExecConfig& x = *cfg->findUser(QStringLiteral("u"))->exec;
    EXPECT_EQ(x.command, QStringLiteral("gke-gcloud-auth-plugin"));
    EXPECT_EQ(x.args, (QStringList{QStringLiteral("--verbose"), QStringLiteral("2")}));
    ASSERT_EQ(x.env.size(), 2);
    EXPECT_EQ(x.env[1].first, QStringLiteral("B"));
    EXPECT_EQ(x.env[1].second, QStringLiteral("two"));
    EXPECT_TRUE(x.provideClusterInfo);
    EXPECT_EQ(x.interactiveMode, QStringLiteral("Never"));
    EXPECT_EQ(x.installHint, QStringLiteral("install it"));
}

// The label of a PEM text's first block ("EC PRIVATE KEY", "PRIVATE KEY").
static std::string pemLabelOf(const QByteArray& pem) {
    const qsizetype start = pem.indexOf("-----BEGIN ") + 11;
    return pem.mid(start, pem.indexOf("-----", start) - start).toStdString();
}

QByteArray inlineCertificates(const QByteArray& ca, const QByteArray& cert, const QByteArray& key) {
    return "clusters:\n- name: k\n  cluster:\n    server: https://h\n"
           "    certificate-authority-data: " +
           ca.toBase64() +
           "\nusers:\n- name: u\n  user:\n    client-certificate-data: " + cert.toBase64() +
           "\n    client-key-data: " + key.toBase64() +
           "\ncontexts:\n- name: c\n  context: {cluster: k, user: u}\n";
}

TEST(Kubeconfig, DecodesInlineCertificateData) {
    QTemporaryDir dir;
    const auto certs = tessera::kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    const QString f = writeFile(
        dir, QStringLiteral("config"),
        config("c", inlineCertificates(certs.caPem, certs.clientCertPem, certs.clientKeyPem)));
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    auto conn = cfg->resolve();
    ASSERT_TRUE(conn) << msg(conn.error());
    EXPECT_EQ(conn->caPem, certs.caPem);
    EXPECT_EQ(conn->clientCertPem, certs.clientCertPem);
    EXPECT_EQ(conn->clientKeyPem, certs.clientKeyPem);
    EXPECT_FALSE(conn->insecureSkipTlsVerify);
}

// kubectl refuses a cluster that both skips verification and names a CA: which one holds?
TEST(Kubeconfig, InsecureSkipTlsVerifyWithACertificateAuthorityIsRefusedAsKubectlDoes) {
    QTemporaryDir dir;
    const QString f =
        writeFile(dir, QStringLiteral("config"),
                  config("c", "clusters:\n- name: k\n  cluster:\n    server: https://h\n"
                              "    insecure-skip-tls-verify: true\n"
                              "    certificate-authority-data: " +
                                  QByteArray("pem").toBase64() +
                                  "\ncontexts:\n- name: c\n  context: {cluster: k}\n"));
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    auto conn = cfg->resolve();
    ASSERT_FALSE(conn);
    EXPECT_NE(msg(conn.error())
                  .find("clusters[name=k].cluster: insecure-skip-tls-verify is set "
                        "together with certificate-authority-data"),
              std::string::npos)
        << msg(conn.error());
}

// A kubeconfig, token file or certificate that is not a regular file is refused at once: a FIFO
// blocked the window before it appeared, /dev/zero filled the memory.
TEST(Kubeconfig, SpecialFilesAreRefusedWithoutBlockingOrReadingThem) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    for (const QString& path : {fifo, QStringLiteral("/dev/zero")}) {
        auto cfg = Kubeconfig::load({.explicitFile = path});
        ASSERT_FALSE(cfg) << path.toStdString();
        EXPECT_NE(msg(cfg.error()).find("not a kubeconfig file"), std::string::npos)
            << msg(cfg.error());
    }
    const QString f =
        writeFile(dir, QStringLiteral("config"),
                  config("c", "clusters:\n- name: k\n  cluster:\n    server: https://h\n"
                              "    certificate-authority: /dev/zero\n"
                              "contexts:\n- name: c\n  context: {cluster: k}\n"));
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    auto conn = cfg->resolve();
    ASSERT_FALSE(conn);
    EXPECT_NE(msg(conn.error()).find("/dev/zero: is a character device"), std::string::npos)
        << msg(conn.error());
}

// A base64 client key that is not PEM was passed on and ignored by TLS, and the request
// then failed as "Connection refused". It is now an error naming the field.
TEST(Kubeconfig, AClientKeyOrCertificateThatIsNotPemIsAnErrorNamingTheField) {
    QTemporaryDir dir;
    const auto certs = tessera::kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    struct Case {
        QByteArray cert, key;
        std::string expected;
    };
    const Case cases[] = {
        {certs.clientCertPem, "KEY",
         ": users[name=u].user.client-key-data: not a PEM private key (it does not start with "
         "-----BEGIN)"},
        {certs.clientCertPem, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
         ": users[name=u].user.client-key-data: not a PEM private key (its PEM block does not "
         "parse)"},
        {"CERT", certs.clientKeyPem,
         ": users[name=u].user.client-certificate-data: not a PEM certificate (it does not start "
         "with -----BEGIN)"},
    };
    for (const Case& c : cases) {
        const QString f = writeFile(dir, QStringLiteral("config"),
                                    config("c", inlineCertificates(certs.caPem, c.cert, c.key)));
        auto cfg = Kubeconfig::load({.explicitFile = f});
        ASSERT_TRUE(cfg) << msg(cfg.error());
        auto conn = cfg->resolve();
        ASSERT_FALSE(conn) << c.expected;
        EXPECT_EQ(msg(conn.error()), f.toStdString() + c.expected);
    }
}

// The same check for certificates and keys read from files (client-certificate, client-key):
// the error names the field that points at the file.
TEST(Kubeconfig, AClientCertificateOrKeyFileThatIsNotPemIsAnErrorNamingTheField) {
    QTemporaryDir dir;
    const auto certs = tessera::kube::test::TestCerts::make(QStringLiteral("IP:127.0.0.1"));
    ASSERT_TRUE(certs.ok);
    struct Case {
        QByteArray cert, key;
        std::string expected;
    };
    const Case cases[] = {
        // The two files swapped.
        {certs.clientKeyPem, certs.clientCertPem,
         ": users[name=u].user.client-certificate: not a PEM certificate (it holds a PEM \"" +
             pemLabelOf(certs.clientKeyPem) + "\" block)"},
        {certs.clientCertPem, certs.clientCertPem,
         ": users[name=u].user.client-key: not a PEM private key (it holds a PEM "
         "\"CERTIFICATE\" block)"},
        // DER, or anything else that is not text.
        {certs.clientCertPem, QByteArray::fromBase64("MIIBVgIBADANBgkqhkiG9w0BAQEFAASCAUAw"),
         ": users[name=u].user.client-key: not a PEM private key (it does not start with "
         "-----BEGIN)"},
    };
    for (const Case& c : cases) {
        writeFile(dir, QStringLiteral("client.pem"), c.cert);
        writeFile(dir, QStringLiteral("client.key"), c.key);
        const QString f = writeFile(dir, QStringLiteral("config"), config("c", R"(clusters:
- name: k
  cluster: {server: https://h, insecure-skip-tls-verify: true}
users:
- name: u
  user: {client-certificate: client.pem, client-key: client.key}
contexts:
- name: c
  context: {cluster: k, user: u}
)"));
        auto cfg = Kubeconfig::load({.explicitFile = f});
        ASSERT_TRUE(cfg) << msg(cfg.error());
        auto conn = cfg->resolve();
        ASSERT_FALSE(conn) << c.expected;
        EXPECT_EQ(msg(conn.error()), f.toStdString() + c.expected);
    }
}

// Every YAML reader goes through the libyaml check (codec/YamlGuard.h).
TEST(Kubeconfig, MalformedYamlThatHangsYamlCppIsAPositionedError) {
    QTemporaryDir dir;
    const QString f = writeFile(dir, QStringLiteral("config"), "-\n{},");
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_FALSE(cfg);
    EXPECT_EQ(msg(cfg.error()).rfind(f.toStdString() + ":2:3: invalid YAML: ", 0), 0u)
        << msg(cfg.error());
}

TEST(Kubeconfig, MissingReferencedFilesNameTheKubeconfigAndKey) {
    QTemporaryDir dir;
    const QString f = writeFile(dir, QStringLiteral("config"), config("c", R"(clusters:
- name: k
  cluster: {server: "https://h", certificate-authority: ca.pem}
contexts:
- name: c
  context: {cluster: k}
)"));
    auto cfg = Kubeconfig::load({.explicitFile = f});
    ASSERT_TRUE(cfg);
    auto conn = cfg->resolve();
    ASSERT_FALSE(conn);
    const std::string expected = f.toStdString() +
                                 ": clusters[name=k].cluster.certificate-authority: cannot read " +
                                 dir.filePath(QStringLiteral("ca.pem")).toStdString();
    EXPECT_EQ(msg(conn.error()).rfind(expected, 0), 0u) << msg(conn.error());
}

TEST(Kubeconfig, RejectsUnusableServerProxyAndAuthSettings) {
    struct Case {
        QByteArray cluster;
        QByteArray user;
        const char* fragment;
    };
    const Case cases[] = {
        {"{server: \"ftp://h\"}", "{}",
         "clusters[name=k].cluster.server: \"ftp://h\" is not an http(s) URL"},
        {"{}", "{}", "clusters[name=k].cluster.server: missing"},
        {"{server: \"https://h\", proxy-url: \"gopher://p\"}", "{}",
         "proxy-url: \"gopher://p\" is not"},
        {"{server: \"https://h\"}", "{token: t, username: a, password: b}",
         "sets both a token and username/password"},
        {"{server: \"https://h\"}", "{client-certificate-data: Q0VSVA==}",
         "needs both client-certificate and client-key"},
        {"{server: \"https://h\"}", "{auth-provider: {name: gcp}}",
         "\"gcp\" auth providers were removed"},
    };
    for (const Case& c : cases) {
        QTemporaryDir dir;
        const QString f = writeFile(
            dir, QStringLiteral("config"),
            config("c", "clusters:\n- name: k\n  cluster: " + c.cluster +
                            "\nusers:\n- name: u\n  user: " + c.user +
                            "\ncontexts:\n- name: c\n  context: {cluster: k, user: u}\n"));
        auto cfg = Kubeconfig::load({.explicitFile = f});
        ASSERT_TRUE(cfg) << msg(cfg.error());
        auto conn = cfg->resolve();
        ASSERT_FALSE(conn) << c.fragment;
        EXPECT_NE(msg(conn.error()).find(c.fragment), std::string::npos) << msg(conn.error());
        EXPECT_EQ(msg(conn.error()).rfind(f.toStdString(), 0), 0u) << msg(conn.error());
    }
}

TEST(Kubeconfig, AnEmptyFileIsAnEmptyConfig) {
    QTemporaryDir dir;
    const QString empty = writeFile(dir, QStringLiteral("empty"), "");
    const QString full = writeFile(dir, QStringLiteral("full"), kOneContext);
    auto cfg = Kubeconfig::load({.kubeconfigEnv = empty + QLatin1Char(':') + full});
    ASSERT_TRUE(cfg) << msg(cfg.error());
    EXPECT_EQ(cfg->currentContext(), QStringLiteral("dev"));
    auto conn = Kubeconfig::load({.explicitFile = empty})->resolve();
    ASSERT_FALSE(conn);
    EXPECT_NE(msg(conn.error()).find("no current-context"), std::string::npos);
}
