#include "CredentialProvider.h"

#include "LoginShellPath.h"
#include "PemCheck.h"
#include "codec/BoundedFile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTimer>
#include <csignal>
#include <memory>
#include <unistd.h>

namespace tessera::kube {

namespace {

// The most an exec plugin may print on each stream.
constexpr qint64 kMaxPluginOutputBytes = qint64{1024} * 1024;

engine::Error err(const QString& text) {
    engine::Error e;
    e.message = text.toStdString();
    return e;
}

// The tail of a plugin's stderr, enough to show its own explanation without flooding the UI.
QString stderrTail(const QByteArray& bytes) {
    QString text = QString::fromUtf8(bytes).trimmed();
    constexpr int kMax = 2000;
    if (text.size() > kMax)
        text = QStringLiteral("…") + text.right(kMax);
    return text;
}

std::optional<QDateTime> parseRfc3339(const QString& s) {
    QDateTime t = QDateTime::fromString(s, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(s, Qt::ISODate);
    if (!t.isValid())
        return std::nullopt;
    return t.toUTC();
}

const engine::SystemClock g_systemClock;

} // namespace

CredentialProvider::CredentialProvider(ClusterConnection connection, const engine::Clock* clock,
                                       QObject* parent)
    : QObject(parent)
    , m_connection(std::move(connection))
    , m_clock(clock ? clock : &g_systemClock) {}

namespace {

// Plugins run in their own process group (see runPlugin): ending it ends whatever the plugin
// started too, which killing the plugin alone would leave running, orphaned.
void endProcessGroup(QProcess* proc) {
    const qint64 pid = proc->processId();
    if (pid > 0)
        ::kill(-static_cast<pid_t>(pid), SIGKILL);
    proc->kill();
}

} // namespace

CredentialProvider::~CredentialProvider() {
    for (QProcess* proc : findChildren<QProcess*>(Qt::FindDirectChildrenOnly)) {
        if (proc->state() == QProcess::NotRunning)
            continue;
        endProcessGroup(proc);
        proc->waitForFinished(1000); // SIGKILL: brief; avoids "Destroyed while still running"
    }
}

QDateTime CredentialProvider::now() const {
    return QDateTime::fromMSecsSinceEpoch(engine::toUnixMillis(m_clock->now()), Qt::UTC);
}

QString CredentialProvider::execKey() const {
    return QStringLiteral("%1: users[name=%2].user.exec")
        .arg(m_connection.kubeconfigFile, m_connection.userName);
}

void CredentialProvider::invalidate() {
    if (m_connection.exec || !m_connection.tokenFile.isEmpty())
        m_cached.reset();
}

engine::Result<Credentials> CredentialProvider::staticCredentials() {
    Credentials c;
    c.clientCertPem = m_connection.clientCertPem;
    c.clientKeyPem = m_connection.clientKeyPem;
    if (!m_connection.token.isEmpty()) {
        c.authorization = "Bearer " + m_connection.token.toUtf8();
        c.source = QStringLiteral("token of user \"%1\"").arg(m_connection.userName);
    } else if (!m_connection.tokenFile.isEmpty()) {
        // Bounded and never blocking: a FIFO here once kept the window from appearing.
        auto text = codec::readBoundedFile(QFile::encodeName(m_connection.tokenFile).toStdString(),
                                           codec::FileKind::Secret);
        if (!text.ok())
            return err(QStringLiteral("%1: users[name=%2].user.tokenFile: cannot read %3")
                           .arg(m_connection.kubeconfigFile, m_connection.userName,
                                QString::fromStdString(text.error().message)));
        const QByteArray token = QByteArray::fromStdString(*text).trimmed();
        if (token.isEmpty())
            return err(QStringLiteral("%1: users[name=%2].user.tokenFile: %3 is empty")
                           .arg(m_connection.kubeconfigFile, m_connection.userName,
                                m_connection.tokenFile));
        c.authorization = "Bearer " + token;
        c.source = QStringLiteral("token file %1").arg(m_connection.tokenFile);
    } else if (!m_connection.username.isEmpty()) {
        c.authorization =
            "Basic " +
            (m_connection.username + QLatin1Char(':') + m_connection.password).toUtf8().toBase64();
        c.source = QStringLiteral("username/password of user \"%1\"").arg(m_connection.userName);
    } else if (!c.clientCertPem.isEmpty()) {
        c.source = QStringLiteral("client certificate of user \"%1\"").arg(m_connection.userName);
    } else {
        c.source = QStringLiteral("no credentials");
    }
    return c;
}

void CredentialProvider::get(Callback done) {
    if (!m_connection.exec) {
        // Token files rotate: re-read them once a minute, as client-go does.
        const bool stale = !m_connection.tokenFile.isEmpty() &&
                           (!m_tokenFileReadAt.isValid() || m_tokenFileReadAt.secsTo(now()) >= 60);
        if (!m_cached || stale) {
            auto c = staticCredentials();
            if (!c) {
                done(c);
                return;
            }
            m_cached = *c;
            m_tokenFileReadAt = now();
        }
        done(*m_cached);
        return;
    }
    // Renew a little early so a request does not leave with a token that dies in flight.
    if (m_cached && (!m_cached->expiry || now().secsTo(*m_cached->expiry) > 10)) {
        done(*m_cached);
        return;
    }
    m_cached.reset();
    m_waiting.push_back(std::move(done));
    if (!m_running)
        runPlugin();
}

void CredentialProvider::finishPlugin(const engine::Result<Credentials>& result) {
    m_running = false;
    if (result)
        m_cached = *result;
    std::vector<Callback> waiting;
    waiting.swap(m_waiting);
    for (auto& cb : waiting)
        cb(result);
}

void CredentialProvider::runPlugin() {
    const ExecConfig& x = *m_connection.exec;
    m_running = true;
    if (x.interactiveMode == QLatin1String("Always")) {
        finishPlugin(
            err(QStringLiteral(
                    "%1: plugin \"%2\" needs an interactive terminal (interactiveMode: Always), "
                    "which a desktop app cannot give it; log in once in a terminal or set "
                    "interactiveMode to IfAvailable")
                    .arg(execKey(), x.command)));
        return;
    }
    if (x.command.contains(QLatin1Char('/'))) {
        const QFileInfo fi(x.command);
        if (!fi.exists() || !fi.isExecutable()) {
            finishPlugin(
                err(QStringLiteral("%1.command: %2 %3%4")
                        .arg(execKey(), x.command,
                             fi.exists() ? QStringLiteral("is not executable")
                                         : QStringLiteral("does not exist"),
                             x.installHint.isEmpty() ? QString()
                                                     : QStringLiteral("\n") + x.installHint)));
            return;
        }
        startPlugin(x.command, {});
        return;
    }
    const QString onSessionPath = QStandardPaths::findExecutable(x.command);
    if (!onSessionPath.isEmpty()) {
        QStringList loginPath;
        LoginShellPath::cached(&loginPath);
        startPlugin(onSessionPath, loginPath);
        return;
    }
    // Not on the session's PATH: ask the login shell (once per process), then search there.
    QPointer<CredentialProvider> self(this);
    LoginShellPath::fetch(this, [self](const QStringList& loginPath) {
        if (!self)
            return;
        const ExecConfig& cfg = *self->m_connection.exec;
        const QString found = loginPath.isEmpty()
                                  ? QString()
                                  : QStandardPaths::findExecutable(cfg.command, loginPath);
        if (found.isEmpty()) {
            QString why = QStringLiteral("%1.command: \"%2\" not found on PATH (%3)")
                              .arg(self->execKey(), cfg.command, qEnvironmentVariable("PATH"));
            why += loginPath.isEmpty()
                       ? QStringLiteral(" and the login shell's PATH is unknown (%1)")
                             .arg(LoginShellPath::lastError())
                       : QStringLiteral(" nor on the login shell's PATH (%1)")
                             .arg(loginPath.join(QLatin1Char(':')));
            if (!cfg.installHint.isEmpty())
                why += QStringLiteral("\n") + cfg.installHint;
            self->finishPlugin(err(why));
            return;
        }
        self->startPlugin(found, loginPath);
    });
}

void CredentialProvider::startPlugin(const QString& program, const QStringList& loginPath) {
    const ExecConfig& x = *m_connection.exec;
    ++m_pluginRuns;

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!loginPath.isEmpty()) {
        // Plugins call other tools (gcloud, aws, az) that live on the same login PATH.
        QStringList path =
            env.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
        for (const QString& p : loginPath)
            if (!path.contains(p))
                path << p;
        env.insert(QStringLiteral("PATH"), path.join(QLatin1Char(':')));
    }
    for (const auto& [name, value] : x.env)
        env.insert(name, value);
    QJsonObject spec{{QStringLiteral("interactive"), false}};
    if (x.provideClusterInfo) {
        QJsonObject cluster{{QStringLiteral("server"), m_connection.server.toString()}};
        if (!m_connection.tlsServerName.isEmpty())
            cluster.insert(QStringLiteral("tls-server-name"), m_connection.tlsServerName);
        if (m_connection.insecureSkipTlsVerify)
            cluster.insert(QStringLiteral("insecure-skip-tls-verify"), true);
        if (!m_connection.caPem.isEmpty())
            cluster.insert(QStringLiteral("certificate-authority-data"),
                           QString::fromLatin1(m_connection.caPem.toBase64()));
        if (!m_connection.proxyUrl.isEmpty())
            cluster.insert(QStringLiteral("proxy-url"), m_connection.proxyUrl.toString());
        spec.insert(QStringLiteral("cluster"), cluster);
    }
    const QJsonObject info{{QStringLiteral("apiVersion"), x.apiVersion},
                           {QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                           {QStringLiteral("spec"), spec}};
    env.insert(QStringLiteral("KUBERNETES_EXEC_INFO"),
               QString::fromUtf8(QJsonDocument(info).toJson(QJsonDocument::Compact)));

    auto* proc = new QProcess(this);
    auto* timer = new QTimer(proc);
    timer->setSingleShot(true);
    auto done = std::make_shared<bool>(false);
    const QString who = execKey();
    const QString name = x.command;
    const QString apiVersion = x.apiVersion;
    QPointer<CredentialProvider> self(this);

    auto complete = [self, proc, done](const engine::Result<Credentials>& r) {
        if (*done)
            return;
        *done = true;
        if (proc->state() != QProcess::NotRunning)
            endProcessGroup(proc); // deleted when its `finished` arrives
        else
            proc->deleteLater();
        if (self)
            self->finishPlugin(r);
    };
    connect(
        proc, &QProcess::finished, this,
        [self, proc, done, complete, who, name, apiVersion](int code, QProcess::ExitStatus status) {
            if (*done) {
                proc->deleteLater();
                return;
            }
            const QByteArray out = proc->readAllStandardOutput();
            const QByteArray errText = proc->readAllStandardError();
            if (status != QProcess::NormalExit || code != 0) {
                QString why = status != QProcess::NormalExit
                                  ? QStringLiteral("%1: plugin \"%2\" crashed").arg(who, name)
                                  : QStringLiteral("%1: plugin \"%2\" exited with code %3")
                                        .arg(who, name, QString::number(code));
                const QString tail = stderrTail(errText);
                if (!tail.isEmpty())
                    why += QStringLiteral(": ") + tail;
                complete(err(why));
                return;
            }
            auto parsed = parseExecCredential(out, apiVersion, who);
            if (!parsed) {
                complete(parsed.error());
                return;
            }
            Credentials c;
            c.source = QStringLiteral("exec plugin \"%1\"").arg(name);
            if (!parsed->token.isEmpty())
                c.authorization = "Bearer " + parsed->token.toUtf8();
            c.clientCertPem = parsed->clientCertPem;
            c.clientKeyPem = parsed->clientKeyPem;
            if (c.clientCertPem.isEmpty() && self) {
                // The plugin may provide only a token; kubeconfig certificates still apply.
                c.clientCertPem = self->m_connection.clientCertPem;
                c.clientKeyPem = self->m_connection.clientKeyPem;
            }
            c.expiry = parsed->expiry;
            if (c.expiry && self && *c.expiry <= self->now()) {
                complete(
                    err(QStringLiteral("%1: plugin \"%2\" returned a credential that expired at %3")
                            .arg(who, name, c.expiry->toString(Qt::ISODate))));
                return;
            }
            complete(c);
        });
    // An ExecCredential is a few KiB: a plugin that prints without end is stopped at the cap
    // instead of filling the memory (one once reached 4.4 GB in 8 s).
    auto checkOutput = [proc, done, complete, who, name] {
        if (*done)
            return;
        if (proc->bytesAvailable() > kMaxPluginOutputBytes)
            complete(err(QStringLiteral("%1: plugin \"%2\" printed more than %3 KiB: that is not "
                                        "an ExecCredential")
                             .arg(who, name, QString::number(kMaxPluginOutputBytes / 1024))));
    };
    connect(proc, &QProcess::readyReadStandardOutput, this, checkOutput);
    connect(proc, &QProcess::readyReadStandardError, this, [proc] {
        // Only its tail is shown: keep the last part, drop the rest as it comes.
        proc->setReadChannel(QProcess::StandardError);
        if (proc->bytesAvailable() > kMaxPluginOutputBytes)
            proc->skip(proc->bytesAvailable() - kMaxPluginOutputBytes / 4);
        proc->setReadChannel(QProcess::StandardOutput);
    });
    connect(proc, &QProcess::errorOccurred, this,
            [proc, done, complete, who, name](QProcess::ProcessError e) {
                if (e == QProcess::FailedToStart && !*done)
                    complete(err(QStringLiteral("%1: cannot start plugin \"%2\": %3")
                                     .arg(who, name, proc->errorString())));
            });
    const auto timeout = m_pluginTimeout;
    connect(timer, &QTimer::timeout, this, [complete, who, name, timeout] {
        complete(
            err(QStringLiteral("%1: plugin \"%2\" did not finish within %3 s")
                    .arg(who, name,
                         QString::number(
                             std::chrono::duration_cast<std::chrono::seconds>(timeout).count()))));
    });
    proc->setProcessEnvironment(env);
    // Never interactive: a desktop app has no terminal to lend the plugin.
    proc->setStandardInputFile(QProcess::nullDevice());
    // Its own process group, so a timeout ends everything the plugin started.
    proc->setChildProcessModifier([] { ::setpgid(0, 0); });
    timer->start(m_pluginTimeout);
    proc->start(program, x.args);
}

engine::Result<ExecCredentialStatus>
CredentialProvider::parseExecCredential(const QByteArray& json, const QString& expectedApiVersion,
                                        const QString& who) {
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return err(
            QStringLiteral(
                "%1: the plugin's output is not an ExecCredential JSON object (%2 at character %3)")
                .arg(who,
                     pe.error != QJsonParseError::NoError ? pe.errorString()
                                                          : QStringLiteral("not an object"),
                     QString::number(pe.offset + 1)));
    const QJsonObject o = doc.object();
    const QString kind = o.value(QStringLiteral("kind")).toString();
    if (kind != QLatin1String("ExecCredential"))
        return err(QStringLiteral("%1: the plugin printed kind \"%2\", expected ExecCredential")
                       .arg(who, kind));
    const QString apiVersion = o.value(QStringLiteral("apiVersion")).toString();
    if (apiVersion != expectedApiVersion)
        return err(
            QStringLiteral(
                "%1: the plugin printed apiVersion \"%2\", but the kubeconfig asks for \"%3\"")
                .arg(who, apiVersion, expectedApiVersion));
    const QJsonValue statusValue = o.value(QStringLiteral("status"));
    if (!statusValue.isObject())
        return err(QStringLiteral("%1: the plugin's ExecCredential has no status").arg(who));
    const QJsonObject status = statusValue.toObject();
    ExecCredentialStatus s;
    s.token = status.value(QStringLiteral("token")).toString();
    s.clientCertPem = status.value(QStringLiteral("clientCertificateData")).toString().toUtf8();
    s.clientKeyPem = status.value(QStringLiteral("clientKeyData")).toString().toUtf8();
    if (s.clientCertPem.isEmpty() != s.clientKeyPem.isEmpty())
        return err(
            QStringLiteral(
                "%1: status.clientCertificateData and status.clientKeyData must be given together")
                .arg(who));
    // Checked here so the error names the plugin's field; TLS would drop a key that does not
    // parse and the request would fail later as "Connection refused" or a handshake error.
    if (!s.clientCertPem.isEmpty())
        if (const auto why = clientCertificateProblem(s.clientCertPem))
            return err(QStringLiteral("%1: the plugin's status.clientCertificateData is %2")
                           .arg(who, *why));
    if (!s.clientKeyPem.isEmpty())
        if (const auto why = clientKeyProblem(s.clientKeyPem))
            return err(
                QStringLiteral("%1: the plugin's status.clientKeyData is %2").arg(who, *why));
    if (s.token.isEmpty() && s.clientCertPem.isEmpty())
        return err(QStringLiteral("%1: the plugin's ExecCredential has neither status.token nor "
                                  "status.clientCertificateData")
                       .arg(who));
    const QJsonValue exp = status.value(QStringLiteral("expirationTimestamp"));
    if (!exp.isUndefined() && !exp.isNull()) {
        const auto t = parseRfc3339(exp.toString());
        if (!t)
            return err(
                QStringLiteral("%1: status.expirationTimestamp: \"%2\" is not an RFC 3339 time")
                    .arg(who, exp.toString()));
        s.expiry = t;
    }
    return s;
}

} // namespace tessera::kube
