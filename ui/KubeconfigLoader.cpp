#include "KubeconfigLoader.h"

#include "launch/AsyncTask.h"

#include <QThread>
#include <utility>

namespace tessera::ui {

KubeconfigLoader::KubeconfigLoader(QObject* parent)
    : QObject(parent) {}

void KubeconfigLoader::load() {
    const quint64 generation = ++m_generation;
    m_loading = true;
    launch::runAsync(
        this, [] { return std::make_pair(SourceHost::readContexts(), QThread::currentThread()); },
        [this, generation](std::pair<KubeconfigContexts, QThread*> read) {
            if (generation != m_generation)
                return; // a newer load is on its way
            m_loading = false;
            m_lastReadThread = read.second;
            emit loaded(read.first);
        });
}

void KubeconfigLoader::resolve(const QString& context, Resolved done) {
    launch::runAsync(
        this,
        [context] {
            return std::make_pair(SourceHost::resolveContext(context), QThread::currentThread());
        },
        [this, done = std::move(done)](
            std::pair<engine::Result<kube::ClusterConnection>, QThread*> resolved) {
            m_lastReadThread = resolved.second;
            done(std::move(resolved.first));
        });
}

} // namespace tessera::ui
