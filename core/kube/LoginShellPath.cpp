#include "LoginShellPath.h"

#include <QMutex>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTimer>
#include <memory>
#include <optional>

namespace tessera::kube {

namespace {

QMutex g_mutex;
std::optional<QStringList> g_entries;
QString g_lastError;
std::chrono::milliseconds g_timeout{5000};

// Login scripts may print banners; the marker finds our line among them.
constexpr char kMarker[] = "__TESSERA_LOGIN_PATH__=";

void store(const QStringList& entries, const QString& error) {
    QMutexLocker lock(&g_mutex);
    g_entries = entries;
    g_lastError = error;
}

} // namespace

bool LoginShellPath::cached(QStringList* entries) {
    QMutexLocker lock(&g_mutex);
    if (!g_entries)
        return false;
    if (entries)
        *entries = *g_entries;
    return true;
}

QString LoginShellPath::lastError() {
    QMutexLocker lock(&g_mutex);
    return g_lastError;
}

void LoginShellPath::reset() {
    QMutexLocker lock(&g_mutex);
    g_entries.reset();
    g_lastError.clear();
}

void LoginShellPath::setTimeout(std::chrono::milliseconds timeout) {
    QMutexLocker lock(&g_mutex);
    g_timeout = timeout;
}

void LoginShellPath::fetch(QObject* context, const std::function<void(const QStringList&)>& done) {
    QStringList known;
    if (cached(&known)) {
        done(known);
        return;
    }
    QString shell = qEnvironmentVariable("SHELL");
    if (shell.isEmpty())
        shell = QStringLiteral("/bin/sh");
    std::chrono::milliseconds timeout;
    {
        QMutexLocker lock(&g_mutex);
        timeout = g_timeout;
    }

    auto* proc = new QProcess(context);
    auto* timer = new QTimer(proc);
    timer->setSingleShot(true);
    auto finished = std::make_shared<bool>(false);
    auto finish = [proc, finished, done, shell](const QString& error) {
        if (*finished)
            return;
        *finished = true;
        QStringList entries;
        if (error.isEmpty()) {
            const QList<QByteArray> lines = proc->readAllStandardOutput().split('\n');
            for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
                if (it->startsWith(kMarker)) {
                    const QString value =
                        QString::fromLocal8Bit(it->mid(int(sizeof(kMarker)) - 1)).trimmed();
                    entries = value.split(QLatin1Char(':'), Qt::SkipEmptyParts);
                    break;
                }
            }
        }
        const QString why = !error.isEmpty() ? error
                            : entries.isEmpty()
                                ? QStringLiteral("%1 -lc printed no PATH").arg(shell)
                                : QString();
        store(entries, why);
        // Reap without blocking: a killed shell is deleted when its `finished` arrives.
        if (proc->state() != QProcess::NotRunning)
            proc->kill();
        else
            proc->deleteLater();
        done(entries);
    };
    QObject::connect(
        proc, &QProcess::finished, proc,
        [finish, finished, proc, shell](int code, QProcess::ExitStatus status) {
            if (*finished) {
                proc->deleteLater();
                return;
            }
            if (status != QProcess::NormalExit || code != 0)
                finish(
                    QStringLiteral("%1 -lc exited with code %2").arg(shell, QString::number(code)));
            else
                finish(QString());
        });
    QObject::connect(proc, &QProcess::errorOccurred, proc,
                     [finish, finished, shell, proc](QProcess::ProcessError e) {
                         if (e == QProcess::FailedToStart && !*finished) {
                             finish(QStringLiteral("cannot start login shell %1: %2")
                                        .arg(shell, proc->errorString()));
                         }
                     });
    QObject::connect(timer, &QTimer::timeout, proc, [finish, shell, timeout] {
        finish(QStringLiteral("%1 -lc did not answer within %2 ms")
                   .arg(shell, QString::number(timeout.count())));
    });
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TERM"), QStringLiteral("dumb"));
    proc->setProcessEnvironment(env);
    proc->setStandardInputFile(QProcess::nullDevice());
    proc->setProcessChannelMode(QProcess::SeparateChannels);
    timer->start(timeout);
    proc->start(shell, {QStringLiteral("-l"), QStringLiteral("-c"),
                        QStringLiteral("echo \"%1$PATH\"").arg(QLatin1String(kMarker))});
}

} // namespace tessera::kube
