// The window and the kubeconfig (KUBECONFIG pointing at real files): the files are read off the
// GUI thread, a broken one is shown with its file and line instead of its contexts vanishing,
// Reload brings them back once it is fixed, and a token sent over plain http:// is warned about.
#include "ScriptedStore.h"
#include "support/Wait.h"
#include "ui/JobView.h"
#include "ui/KubeconfigBar.h"
#include "ui/KubeconfigLoader.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QNetworkInterface>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace tessera::ui;
using tessera::test::waitUntil;
using tessera::testing::ScriptedStore;

namespace {

// KUBECONFIG for the test's lifetime.
class KubeconfigEnv {
public:
    explicit KubeconfigEnv(const QString& path)
        : m_old(qgetenv("KUBECONFIG")) {
        qputenv("KUBECONFIG", path.toLocal8Bit());
    }
    ~KubeconfigEnv() { qputenv("KUBECONFIG", m_old); }
    KubeconfigEnv(const KubeconfigEnv&) = delete;
    KubeconfigEnv& operator=(const KubeconfigEnv&) = delete;

private:
    QByteArray m_old;
};

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

QByteArray kubeconfig(const QString& server, const QByteArray& user = "token: secret") {
    return "apiVersion: v1\n"
           "kind: Config\n"
           "current-context: alpha\n"
           "clusters:\n"
           "- name: c\n"
           "  cluster:\n"
           "    server: " +
           server.toUtf8() +
           "\n"
           "users:\n"
           "- name: u\n"
           "  user:\n"
           "    " +
           user +
           "\n"
           "contexts:\n"
           "- name: alpha\n"
           "  context: {cluster: c, user: u}\n"
           "- name: beta\n"
           "  context: {cluster: c, user: u}\n";
}

QStringList sourceIds(const MainWindow& window) {
    auto* picker = window.findChild<QComboBox*>(QStringLiteral("sourcePicker"));
    QStringList ids;
    for (int i = 0; i < picker->count(); ++i)
        ids << picker->itemData(i).toString();
    return ids;
}

// A port on `address` where nothing listens: connecting is refused at once.
quint16 closedPort(const QHostAddress& address) {
    QTcpServer probe;
    return probe.listen(address, 0) ? probe.serverPort() : 0;
}

// A window whose sources are all the scripted store, so only the kubeconfig is real.
struct ScriptedWindow {
    ScriptedStore store;
    MainWindow window{[this](const QString& id, QString*) {
        return SourceHost::borrow(&store, id);
    }};
    ScriptedWindow() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QStringLiteral("mainWindow/source"));
        window.resize(1000, 700);
    }
};

} // namespace

TEST(KubeconfigInWindow, TheKubeconfigIsReadOffTheGuiThread) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    write(path, kubeconfig(QStringLiteral("https://10.0.0.1:6443")));
    KubeconfigEnv env(path);
    ScriptedWindow w;
    w.window.setSourceIds({});
    // setSourceIds returned before the files were read: the window is not waiting on them.
    EXPECT_FALSE(sourceIds(w.window).contains(QStringLiteral("context:alpha")));
    w.window.show();
    ASSERT_TRUE(
        waitUntil([&] { return sourceIds(w.window).contains(QStringLiteral("context:alpha")); }));
    EXPECT_EQ(sourceIds(w.window),
              QStringList({QStringLiteral("context:alpha"), QStringLiteral("context:beta"),
                           SourceHost::localId(), SourceHost::demoId()}));
    QThread* reader = w.window.kubeconfigLoader()->lastReadThread();
    ASSERT_NE(reader, nullptr);
    EXPECT_NE(reader, qApp->thread());
    // The current context opens, as before.
    ASSERT_TRUE(
        waitUntil([&] { return w.window.currentSourceId() == QStringLiteral("context:alpha"); }));
}

TEST(KubeconfigInWindow, ABrokenKubeconfigIsShownWithItsFileAndLineAndReloadBringsItsContextsBack) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    // Line 11: a client key that is not base64.
    write(path,
          kubeconfig(QStringLiteral("https://10.0.0.1:6443"), "client-key-data: \"not base64!\""));
    KubeconfigEnv env(path);
    ScriptedWindow w;
    w.window.setSourceIds({});
    w.window.show();
    auto* bar = w.window.findChild<KubeconfigBar*>(QStringLiteral("kubeconfigBar"));
    ASSERT_NE(bar, nullptr);
    ASSERT_TRUE(waitUntil([&] { return bar->isVisible(); }));
    const QString shown = bar->text();
    EXPECT_TRUE(shown.startsWith(QStringLiteral("Kubeconfig: ") + path + QStringLiteral(":11:")))
        << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("users[0].user.client-key-data: not valid base64")))
        << shown.toStdString();
    EXPECT_EQ(sourceIds(w.window), QStringList({SourceHost::localId(), SourceHost::demoId()}));

    // Fixed on disk, then Reload: the contexts are back and the bar is gone.
    write(path, kubeconfig(QStringLiteral("https://10.0.0.1:6443")));
    QTest::mouseClick(bar->findChild<QPushButton*>(QStringLiteral("kubeconfigReload")),
                      Qt::LeftButton);
    ASSERT_TRUE(
        waitUntil([&] { return sourceIds(w.window).contains(QStringLiteral("context:beta")); }));
    EXPECT_FALSE(bar->isVisible());
}

TEST(KubeconfigInWindow, NoKubeconfigAtAllIsNotAProblem) {
    QTemporaryDir dir;
    KubeconfigEnv env(dir.filePath(QStringLiteral("none")));
    ScriptedWindow w;
    w.window.setSourceIds({});
    w.window.show();
    ASSERT_TRUE(waitUntil([&] { return !w.window.kubeconfigLoader()->isLoading(); }));
    EXPECT_FALSE(w.window.findChild<KubeconfigBar*>()->isVisible());
    EXPECT_EQ(sourceIds(w.window), QStringList({SourceHost::localId(), SourceHost::demoId()}));
}

TEST(KubeconfigInWindow, AContextThatSendsATokenOverPlainHttpIsWarnedAbout) {
    QHostAddress external;
    for (const QHostAddress& a : QNetworkInterface::allAddresses())
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
            external = a;
    if (external.isNull())
        GTEST_SKIP() << "no non-loopback IPv4 address on this machine";
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    const QString server =
        QStringLiteral("http://%1:%2").arg(external.toString()).arg(closedPort(external));
    write(path, kubeconfig(server));
    KubeconfigEnv env(path);
    QStandardPaths::setTestModeEnabled(true);
    // The real sources: the context is resolved on a worker and opened through the cluster
    // client (which is refused and retries; the warning does not wait for it).
    MainWindow window;
    window.setSourceIds({}, QStringLiteral("context:alpha"));
    window.show();
    auto* bar = window.findChild<KubeconfigBar*>();
    ASSERT_TRUE(waitUntil([&] { return window.sourceHost() != nullptr; }));
    EXPECT_EQ(window.currentSourceId(), QStringLiteral("context:alpha"));
    EXPECT_TRUE(bar->isVisible());
    EXPECT_EQ(bar->text(), QStringLiteral("Warning: context \"alpha\" sends a bearer token over "
                                          "plain %1; anyone on the network can read it")
                               .arg(server));
}
