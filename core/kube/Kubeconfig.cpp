// Kubeconfig::load: which files (--kubeconfig, KUBECONFIG, ~/.kube/config) and how they merge;
// the lookups by name.
#include "Kubeconfig.h"

#include "KubeconfigErrors.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

namespace tessera::kube {

using detail::plainError;

QStringList Kubeconfig::candidateFiles(const LoadOptions& options) {
    if (!options.explicitFile.isEmpty())
        return {QFileInfo(options.explicitFile).absoluteFilePath()};
    const QString env =
        options.kubeconfigEnv ? *options.kubeconfigEnv : qEnvironmentVariable("KUBECONFIG");
    QStringList candidates;
    for (const QString& part : env.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
        const QString abs = QFileInfo(part).absoluteFilePath();
        if (!candidates.contains(abs))
            candidates << abs;
    }
    if (candidates.isEmpty()) {
        const QString home = options.homeDir.isEmpty() ? QDir::homePath() : options.homeDir;
        candidates << home + QStringLiteral("/.kube/config");
    }
    return candidates;
}

bool Kubeconfig::anyFileExists(const LoadOptions& options) {
    const QStringList files = candidateFiles(options);
    return std::any_of(files.begin(), files.end(), [](const QString& file) {
        return QFileInfo::exists(file) || QFileInfo(file).isSymLink();
    });
}

engine::Result<Kubeconfig> Kubeconfig::load(const LoadOptions& options) {
    if (!options.explicitFile.isEmpty())
        return loadFile(options.explicitFile);

    const QString env =
        options.kubeconfigEnv ? *options.kubeconfigEnv : qEnvironmentVariable("KUBECONFIG");
    const QStringList candidates = candidateFiles(options);
    if (env.split(QLatin1Char(':'), Qt::SkipEmptyParts).isEmpty()) {
        const QString file = candidates.value(0);
        if (!QFileInfo::exists(file))
            return plainError(
                QStringLiteral("%1: no kubeconfig (KUBECONFIG is not set and the default file "
                               "does not exist)")
                    .arg(file));
        return loadFile(file);
    }

    Kubeconfig merged;
    bool any = false;
    for (const QString& file : candidates) {
        // kubectl skips KUBECONFIG entries that do not exist; an unreadable or broken one is an
        // error.
        if (!QFileInfo::exists(file))
            continue;
        auto one = loadFile(file);
        if (!one)
            return one.error();
        if (!any) {
            merged = std::move(*one);
            any = true;
        } else {
            merged.mergeFrom(*one);
        }
    }
    if (!any)
        return plainError(QStringLiteral("KUBECONFIG=%1: none of these files exists").arg(env));
    return merged;
}

void Kubeconfig::mergeFrom(const Kubeconfig& other) {
    m_files << other.m_files;
    if (m_currentContext.isEmpty())
        m_currentContext = other.m_currentContext;
    for (const KubeCluster& c : other.m_clusters)
        if (!findCluster(c.name))
            m_clusters.append(c);
    for (const KubeUser& u : other.m_users)
        if (!findUser(u.name))
            m_users.append(u);
    for (const KubeContext& c : other.m_contexts)
        if (!findContext(c.name))
            m_contexts.append(c);
}

const KubeContext* Kubeconfig::findContext(const QString& name) const {
    for (const auto& c : m_contexts)
        if (c.name == name)
            return &c;
    return nullptr;
}

const KubeCluster* Kubeconfig::findCluster(const QString& name) const {
    for (const auto& c : m_clusters)
        if (c.name == name)
            return &c;
    return nullptr;
}

const KubeUser* Kubeconfig::findUser(const QString& name) const {
    for (const auto& u : m_users)
        if (u.name == name)
            return &u;
    return nullptr;
}

} // namespace tessera::kube
