#pragma once
// Reads the kubeconfig for a window without blocking it: the files (which can be large, on a
// slow disk or a network mount) are read and parsed on the thread pool, and the result comes
// back to this object's thread as a signal or a callback.
//
//   connect(loader, &KubeconfigLoader::loaded, this, &MainWindow::applyContexts);
//   loader->load();
//   loader->resolve(QStringLiteral("prod"), [this](auto connection) { ... });
#include "SourceHost.h"

#include <QObject>
#include <functional>

class QThread;

namespace tessera::ui {

class KubeconfigLoader : public QObject {
    Q_OBJECT
public:
    explicit KubeconfigLoader(QObject* parent = nullptr);

    // Reads the contexts (SourceHost::readContexts) on a worker; `loaded` follows. When loads
    // overlap, only the newest one's result is delivered.
    void load();
    bool isLoading() const { return m_loading; }
    // Reads the kubeconfig and resolves `context` on a worker; `done` runs in this object's
    // thread (never after this object is destroyed).
    using Resolved = std::function<void(engine::Result<kube::ClusterConnection>)>;
    void resolve(const QString& context, Resolved done);

    // The thread the last delivered read ran in (a pool thread, never this object's).
    QThread* lastReadThread() const { return m_lastReadThread; }

signals:
    void loaded(const tessera::ui::KubeconfigContexts& contexts);

private:
    quint64 m_generation = 0;
    bool m_loading = false;
    QThread* m_lastReadThread = nullptr;
};

} // namespace tessera::ui
