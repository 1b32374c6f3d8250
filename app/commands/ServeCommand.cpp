// tessera serve: a Kubernetes-compatible API server on this machine, whose Jobs are run by the
// engine with simulated pods (core/serve). kubectl and Tessera's own cluster client talk to it.
#include "../CliArgs.h"
#include "../Commands.h"
#include "codec/BoundedFile.h"
#include "serve/SelfSignedCertificate.h"
#include "serve/Server.h"

#include <QCoreApplication>
#include <QFile>
#include <QRandomGenerator>
#include <QSocketNotifier>
#include <array>
#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tessera::app {

namespace {

constexpr const char* kName = "serve";

constexpr const char* kHelp =
    R"(Usage: tessera serve [OPTIONS]

Serves the Kubernetes API for the subset Tessera and kubectl use (discovery, OpenAPI v2/v3,
namespaces, jobs, cronjobs, pods, configmaps, secrets, services, serviceaccounts, events, nodes,
access reviews; list, watch, create, update, merge/strategic/JSON patches, server-side apply,
delete with finalizers and propagation, logs, /metrics; JSON or protobuf). Jobs created there
are run by Tessera's implementation of the job controller, with simulated pods
that take a few seconds each; CronJobs create their Jobs on schedule. Stops on Ctrl-C (SIGINT)
or SIGTERM.

Options:
  --port N                 port to listen on (default 6443; 0 picks a free one)
  --address A              address to listen on (default 127.0.0.1)
  --tls-cert FILE          serve HTTPS with this PEM certificate (chain) ...
  --tls-key FILE           ... and this PEM private key (EC or RSA)
  --tls-ca FILE            CA written to the kubeconfig (default: the certificate itself)
  --token T                require "Authorization: Bearer T"; prefer setting TESSERA_SERVE_TOKEN=T
                           in the environment, as a command line is visible to every user (ps)
  --write-kubeconfig FILE  write a kubeconfig (mode 0600) that reaches this server (with its
                           token)
  --demo                   create the demo jobs (20,000 indexes, failing indexes, a suspended job)
  --pod-duration S         how long a simulated pod runs, in seconds (default 3, +-25 %)
  --fail-rate R            share of attempts that fail with exit code 1 (0..1, default 0)
  --sim                    simulated pods (the default)
  --local                  each pod runs its init containers in order, then its first
                           container, each one's command + args as a real process here,
                           as `tessera run` runs items (the image is ignored; output = the
                           container's log, `kubectl logs POD -c NAME`; a signal N ends it
                           with exit code 128+N; a failing init container fails the pod). Its
                           environment is its spec's env/envFrom (ConfigMap, Secret and field
                           references resolved) plus PATH, HOME, HOSTNAME, nothing of the
                           server's. configMap, secret and emptyDir volumes are written under
                           the pod's own directory, $TESSERA_POD_ROOT: mountPath /etc/x is
                           $TESSERA_POD_ROOT/etc/x (launched work lists read their items there).
                           Needs a token: without one, a random token is generated and written
                           into the --write-kubeconfig file (required then). Without
                           --tls-cert it serves HTTPS with a certificate made for the run
                           (kubectl sends tokens over HTTPS only), which that kubeconfig trusts
  -h, --help               show this help

Who can reach it: a server on a loopback address (the default) answers this machine only; any
other address needs --tls-cert/--tls-key and a token. Every request is checked on its headers
before its body is read: requests from web pages (Origin, Sec-Fetch-Site) are refused, Host must
name the address served, POST/PUT/PATCH must carry an API media type (JSON, YAML, protobuf, the
patch types), and with a token "Authorization: Bearer" must carry it.

Per-job annotations: tessera.dev/sim-duration ("5s"), tessera.dev/sim-fail-rate ("0.1"),
tessera.dev/sim-fail-indexes ("3,7"), tessera.dev/sim-exit-code ("2"),
tessera.dev/sim-backoff-scale ("0.1": the retry delays, 10 s doubling, times 0.1).

Example:
  tessera serve --port 0 --write-kubeconfig /tmp/tessera.kubeconfig --demo &
  kubectl --kubeconfig /tmp/tessera.kubeconfig get jobs
)";

int g_signalPipe[2] = {-1, -1};

void onSignal(int) {
    const char c = 1;
    // Only async-signal-safe work here: wake the event loop.
    [[maybe_unused]] const auto n = ::write(g_signalPipe[1], &c, 1);
}

// 32 bytes from the system's random source, as base64url: what `--local` requires when no token
// was given.
QString generateToken() {
    std::array<quint32, 8> words{};
    QRandomGenerator::system()->generate(words.begin(), words.end());
    const QByteArray bytes(reinterpret_cast<const char*>(words.data()),
                           static_cast<qsizetype>(sizeof(words)));
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

// Each connection is a file descriptor: the soft limit (often 1,024) would stop the server from
// accepting connections, health checks included, long before its own connection limit.
void raiseOpenFileLimit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
    }
}

QByteArray readFile(const std::string& path, std::string& error) {
    auto text = codec::readBoundedFile(path, codec::FileKind::Secret);
    if (!text.ok()) {
        error = text.error().message;
        return {};
    }
    return QByteArray::fromStdString(*text);
}

} // namespace

int runServe(int argc, char** argv) {
    const ParsedArgs args = parseArgs(argc, argv,
                                      {{"port", true},
                                       {"address", true},
                                       {"tls-cert", true},
                                       {"tls-key", true},
                                       {"tls-ca", true},
                                       {"token", true},
                                       {"write-kubeconfig", true},
                                       {"demo", false},
                                       {"pod-duration", true},
                                       {"fail-rate", true},
                                       {"sim", false},
                                       {"local", false},
                                       // Test hooks, not in --help: the CronJob clock.
                                       {"cron-clock-offset", true},
                                       {"cron-clock-rate", true}});
    if (args.help) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    if (!args.error.empty())
        return usageError(kName, args.error);
    if (!args.positionals.empty())
        return usageError(kName, "unexpected argument '" + args.positionals.front() + "'");
    // Before anything else can fail: whoever typed it should learn of the leak either way.
    if (args.has("token"))
        std::fputs("tessera serve: warning: --token shows the token to every user of this machine "
                   "(ps, /proc); set TESSERA_SERVE_TOKEN in the environment instead\n",
                   stderr);
    if (args.has("local") && args.has("sim"))
        return usageError(kName, "--local and --sim exclude each other");

    serve::ServeOptions options;
    options.localProcesses = args.has("local");
    bool ok = true;
    const int port = QString::fromStdString(args.value("port").value_or("6443")).toInt(&ok);
    if (!ok || port < 0 || port > 65535)
        return usageError(kName, "--port needs a number from 0 to 65535");
    const QString addressText = QString::fromStdString(args.value("address").value_or("127.0.0.1"));
    const QHostAddress address(addressText);
    if (address.isNull())
        return usageError(kName,
                          "--address: '" + addressText.toStdString() + "' is not an IP address");
    if (auto v = args.value("pod-duration")) {
        const auto duration = parseDuration(*v);
        if (!duration)
            return usageError(kName, "--pod-duration needs a number of seconds");
        options.podDuration = *duration;
    }
    if (auto v = args.value("fail-rate")) {
        const std::optional<double> rate = parseNumber(*v, 0, 1);
        if (!rate)
            return usageError(kName, "--fail-rate needs a number from 0 to 1");
        options.failRate = *rate;
    }
    if (auto v = args.value("cron-clock-offset")) {
        const std::optional<double> seconds = parseNumber(*v, -1e9, 1e9);
        if (!seconds)
            return usageError(kName, "--cron-clock-offset needs a number of seconds");
        options.cronClockOffset = std::chrono::milliseconds(static_cast<int64_t>(*seconds * 1000));
    }
    if (auto v = args.value("cron-clock-rate")) {
        const std::optional<double> rate = parseNumber(*v, 0.001, 10000);
        if (!rate)
            return usageError(kName, "--cron-clock-rate needs a number from 0.001 to 10000");
        options.cronClockRate = *rate;
    }
    options.token = QString::fromStdString(args.value("token").value_or(""));
    if (options.token.isEmpty())
        options.token = qEnvironmentVariable("TESSERA_SERVE_TOKEN");
    // A server that runs commands must not answer whoever can reach its port: any local user
    // (or a web page, which the front door refuses anyway) could run commands as this user.
    bool generatedToken = false;
    if (options.localProcesses && options.token.isEmpty()) {
        if (!args.has("write-kubeconfig"))
            return usageError(kName, "--local runs commands, so it needs a token: give "
                                     "--write-kubeconfig FILE (a token is generated and written "
                                     "there) or set TESSERA_SERVE_TOKEN");
        options.token = generateToken();
        generatedToken = true;
    }
    const bool loopback = address.isLoopback();
    if (!loopback && (options.token.isEmpty() || !args.has("tls-cert")))
        return usageError(kName, "--address " + addressText.toStdString() +
                                     " is reachable from other machines: it needs --tls-cert, "
                                     "--tls-key and a token (TESSERA_SERVE_TOKEN)");
    if (args.has("tls-cert") != args.has("tls-key"))
        return usageError(kName, "--tls-cert and --tls-key go together");
    std::string error;
    if (auto cert = args.value("tls-cert")) {
        options.tlsCertPem = readFile(*cert, error);
        if (error.empty())
            options.tlsKeyPem = readFile(*args.value("tls-key"), error);
        if (error.empty() && args.has("tls-ca"))
            options.tlsCaPem = readFile(*args.value("tls-ca"), error);
        if (!error.empty())
            return failure(kName, error);
    }

    raiseOpenFileLimit();
    // kubectl sends a bearer token over HTTPS only: a --local server (always with a token)
    // without a certificate of its own gets one made for this run, carried by the kubeconfig.
    const bool madeCertificate = options.localProcesses && options.tlsCertPem.isEmpty();
    if (madeCertificate) {
        const serve::SelfSignedCertificate made = serve::makeLoopbackCertificate();
        if (!made.error.isEmpty())
            return failure(kName, made.error.toStdString());
        options.tlsCertPem = made.certificatePem;
        options.tlsKeyPem = made.privateKeyPem;
    }

    int qargc = 1;
    char* qargv[] = {argv[0], nullptr};
    QCoreApplication app(qargc, qargv);
    serve::Server server(options);
    if (!server.listen(address, static_cast<quint16>(port)))
        return failure(kName, server.errorString().toStdString());
    if (auto path = args.value("write-kubeconfig")) {
        const QString written = server.writeKubeconfig(QString::fromStdString(*path));
        if (!written.isEmpty())
            return failure(kName, written.toStdString());
        if (generatedToken)
            std::printf("tessera serve: --local: generated a bearer token; it is in %s (mode "
                        "0600), the only way in\n",
                        path->c_str());
        if (madeCertificate)
            std::printf("tessera serve: --local: serving HTTPS with a certificate made for this "
                        "run (for 127.0.0.1, ::1 and localhost); %s trusts it\n",
                        path->c_str());
    }
    if (args.has("demo")) {
        auto created = server.createDemoJobs();
        if (!created)
            return failure(kName, "demo jobs: " + created.error().message.toStdString());
    }
    std::printf("tessera serve: listening on %s%s\n", qPrintable(server.url().toString()),
                options.token.isEmpty() ? "" : " (bearer token required)");
    std::fflush(stdout);

    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
        return failure(kName, "cannot create the signal pipe");
    QSocketNotifier notifier(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &app, [&] {
        char c = 0;
        [[maybe_unused]] const auto n = ::read(g_signalPipe[0], &c, 1);
        app.quit();
    });
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    const int rc = app.exec();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return rc == 0 ? kExitOk : kExitFailure;
}

} // namespace tessera::app
