// MainWindow: the sources (contexts, "Local runs", the Demo): which are offered, opening one,
// its connection state in the status bar and the job list's empty-state text.
#include "HistoryProblemBar.h"
#include "JobEndWatcher.h"
#include "JobListModel.h"
#include "JobView.h"
#include "KubeconfigBar.h"
#include "KubeconfigLoader.h"
#include "MainWindow.h"
#include "ScopeBar.h"
#include "StatePalette.h"
#include "store/JobStore.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>

namespace tessera::ui {

using engine::IndexState;
using store::ConnectionState;

void MainWindow::setSourceIds(const QStringList& given, const QString& preferred) {
    m_sourcesFollowKubeconfig = given.isEmpty();
    if (m_sourcesFollowKubeconfig) {
        // The contexts come from the kubeconfig, read on a worker (applyContexts goes on).
        m_preferredSource = preferred;
        fillSources({SourceHost::localId(), SourceHost::demoId()});
        statusBar()->showMessage(tr("Reading the kubeconfig…"));
        m_kubeconfig->load();
        return;
    }
    fillSources(given);
    // The last source used, else the Demo, else the first offered.
    QString choice = preferred.isEmpty()
                         ? QSettings().value(QStringLiteral("mainWindow/source")).toString()
                         : preferred;
    if (!given.contains(choice))
        choice = SourceHost::demoId();
    if (!given.contains(choice))
        choice = given.value(0);
    if (!choice.isEmpty())
        openSource(choice);
}

void MainWindow::reloadKubeconfig() {
    statusBar()->showMessage(tr("Reading the kubeconfig…"));
    m_kubeconfig->load();
}

void MainWindow::applyContexts(const KubeconfigContexts& contexts) {
    statusBar()->clearMessage();
    // A kubeconfig that cannot be read says why, instead of its contexts going missing.
    m_kubeconfigBar->showProblem(contexts.problem);
    if (!m_sourcesFollowKubeconfig)
        return;
    QStringList ids;
    for (const QString& c : contexts.names)
        ids << SourceHost::contextId(c);
    ids << SourceHost::localId() << SourceHost::demoId();
    const bool firstLoad = !m_host && m_openGeneration == 0;
    fillSources(ids);
    if (!firstLoad) {
        // A reload keeps the source shown.
        if (const int at = m_sources->findData(currentSourceId()); at >= 0)
            m_sources->setCurrentIndex(at);
        return;
    }
    // The last source used, else the kubeconfig's current context, else the Demo.
    QString choice = m_preferredSource.isEmpty()
                         ? QSettings().value(QStringLiteral("mainWindow/source")).toString()
                         : m_preferredSource;
    if (!ids.contains(choice))
        choice = contexts.current.isEmpty() ? SourceHost::demoId()
                                            : SourceHost::contextId(contexts.current);
    if (!ids.contains(choice))
        choice = ids.value(0);
    openSource(choice);
}

void MainWindow::fillSources(const QStringList& ids) {
    m_sources->clear();
    for (const QString& id : ids) {
        QString label = id.startsWith(QLatin1String("context:")) ? id.mid(8)
                        : id == SourceHost::localId()            ? tr("Local runs")
                        : id == SourceHost::demoId()             ? tr("Demo")
                                                                 : id;
        m_sources->addItem(label, id);
    }
}

QString MainWindow::currentSourceId() const {
    return m_host ? m_host->id() : QString();
}

void MainWindow::openSource(const QString& id) {
    const int at = m_sources->findData(id);
    if (at >= 0)
        m_sources->setCurrentIndex(at);
    closeJobView();
    for (const auto& w : std::as_const(m_jobWindows))
        delete w.data();
    m_jobWindows.clear();
    m_model->clear();
    m_host.reset();
    m_connected = false;
    m_sourceError.clear();
    m_kubeconfigBar->showWarning(QString());
    showConnection(ConnectionState::Connecting, {}, 0);
    statusBar()->showMessage(tr("Opening %1…").arg(m_sources->currentText()));
    const quint64 generation = ++m_openGeneration;
    if (!m_opener && id.startsWith(QLatin1String("context:"))) {
        // The kubeconfig and the certificate files it names are read on a worker.
        const QString context = id.mid(8);
        m_kubeconfig->resolve(context, [this, generation, context](auto connection) {
            if (generation != m_openGeneration)
                return; // another source was picked meanwhile
            if (!connection)
                finishOpening(nullptr, QString::fromStdString(connection.error().message));
            else
                finishOpening(SourceHost::openContext(context, std::move(*connection)), {});
        });
        return;
    }
    QString error;
    auto host = m_opener ? m_opener(id, &error) : SourceHost::open(id, &error);
    finishOpening(std::move(host), error);
}

void MainWindow::finishOpening(std::unique_ptr<SourceHost> host, const QString& error) {
    m_host = std::move(host);
    if (!m_host) {
        m_sourceError = error;
        showConnection(ConnectionState::Failed, error, 0);
        updateListState();
        return;
    }
    // A credential this connection sends in the clear is said where the kubeconfig problems are.
    const auto& connection = m_host->connection();
    const auto warning = connection ? connection->plainHttpCredentialWarning() : std::nullopt;
    m_kubeconfigBar->showWarning(warning.value_or(QString()));
    store::JobStore* s = m_host->store();
    m_endWatcher->clear();
    m_firstSelectionPending = true;
    connect(s, &store::JobStore::jobsChanged, this, [this](const store::JobListDiff& diff) {
        m_endWatcher->observe(diff); // first: a launched job listed finished is announced
        m_model->applyDiff(diff);
        if (!m_connected) {
            m_connected = true;
            updateListState();
        }
        selectFirstJob();
    });
    connect(s, &store::JobStore::connectionChanged, this, &MainWindow::showConnection);
    m_historyProblem->showProblem(QString()); // a new source: its own History
    connect(s, &store::JobStore::historyUnavailable, m_historyProblem,
            &HistoryProblemBar::showProblem);
    connect(m_historyProblem, &HistoryProblemBar::resetRequested, s, [s = QPointer(s)] {
        if (s)
            s->resetHistory(); // queued: the store's thread
    });
    // The store opened its History before this window listened: ask what it found.
    QMetaObject::invokeMethod(s, &store::JobStore::repeatHistoryState, Qt::QueuedConnection);
    connect(s, &store::JobStore::actionFailed, this,
            [this](const QString& key, const QString& message) {
                statusBar()->showMessage(
                    tr("%1: %2").arg(key.section(QLatin1Char('/'), -1), message), 10000);
            });
    // The namespaces and label selector last used with this source.
    if (const store::JobScope scope = m_scopeBar->restoreFor(m_host->id());
        scope != store::JobScope{})
        applyScope(scope);
    setWindowTitle(tr("Tessera — %1").arg(m_host->displayName()));
    statusBar()->showMessage(tr("Listing jobs of %1…").arg(m_host->displayName()), 5000);
    updateListState();
}

void MainWindow::showConnection(ConnectionState state, const QString& detail, int retryInSeconds) {
    QString text;
    // The dot's colour is the state: green connected, amber on the way, orange retrying, red
    // refused or failed (the scoreboard's colours, so they follow the theme).
    IndexState dotColour = IndexState::Pending;
    switch (state) {
    case ConnectionState::Connecting:
        text = tr("Connecting…");
        break;
    case ConnectionState::Connected:
        text = tr("Connected");
        dotColour = IndexState::Succeeded;
        m_connected = true;
        break;
    case ConnectionState::Retrying:
        text = tr("Retrying in %1 s: %2").arg(retryInSeconds).arg(detail);
        dotColour = IndexState::FailedWillRetry;
        break;
    case ConnectionState::Unauthorized:
        text = tr("Unauthorized: %1").arg(detail);
        dotColour = IndexState::FailedTerminal;
        break;
    case ConnectionState::Failed:
        text = tr("Failed: %1").arg(detail);
        dotColour = IndexState::FailedTerminal;
        break;
    }
    if (m_host)
        text = m_host->displayName() + QStringLiteral(" — ") + text;
    m_connectionText = text;
    m_connectionColour = StatePalette(palette()).color(dotColour);
    m_connection->setText(QStringLiteral("<span style=\"color:%1\">&#9679;</span> %2")
                              .arg(m_connectionColour.name(), text.toHtmlEscaped()));
    m_connection->setToolTip(detail);
    if (state != ConnectionState::Connected && state != ConnectionState::Connecting)
        m_sourceError = text;
    else
        m_sourceError.clear();
    updateListState();
}

QString MainWindow::connectionText() const {
    return m_connectionText;
}

void MainWindow::updateListState() {
    QString text;
    if (!m_sourceError.isEmpty() && m_model->rowCount() == 0)
        text = m_sourceError;
    else if (!m_host)
        text = tr("Pick a source.");
    else if (!m_connected && m_model->rowCount() == 0)
        text = tr("Loading jobs…");
    else if (m_model->rowCount() == 0)
        text = tr("No jobs here yet. Drop a work list on this window to launch one, or start one "
                  "with tessera run, tessera launch or kubectl.");
    else if (m_proxy->rowCount() == 0)
        text = tr("No job matches \"%1\".").arg(m_filter->text());
    m_listState->setText(text);
    m_listState->setVisible(!text.isEmpty());
}

} // namespace tessera::ui
