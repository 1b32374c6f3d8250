// MainWindow: the sources (contexts, "Local runs", the Demo): which are offered, opening one,
// its connection state in the status bar and the job list's empty-state text.
#include "HistoryProblemBar.h"
#include "JobEndWatcher.h"
#include "JobListModel.h"
#include "JobView.h"
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
    QStringList ids = given;
    QString current;
    if (ids.isEmpty()) {
        for (const QString& c : SourceHost::contexts(nullptr, &current))
            ids << SourceHost::contextId(c);
        ids << SourceHost::localId() << SourceHost::demoId();
    }
    m_sources->clear();
    for (const QString& id : ids) {
        QString label = id.startsWith(QLatin1String("context:")) ? id.mid(8)
                        : id == SourceHost::localId()            ? tr("Local runs")
                        : id == SourceHost::demoId()             ? tr("Demo")
                                                                 : id;
        m_sources->addItem(label, id);
    }
    // The last source used, else the kubeconfig's current context, else the Demo.
    QString choice = preferred.isEmpty()
                         ? QSettings().value(QStringLiteral("mainWindow/source")).toString()
                         : preferred;
    if (!ids.contains(choice))
        choice = current.isEmpty() ? SourceHost::demoId() : SourceHost::contextId(current);
    if (!ids.contains(choice))
        choice = ids.value(0);
    if (!choice.isEmpty())
        openSource(choice);
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
    showConnection(ConnectionState::Connecting, {}, 0);
    statusBar()->showMessage(tr("Opening %1…").arg(m_sources->currentText()));
    QString error;
    m_host = m_opener(id, &error);
    if (!m_host) {
        m_sourceError = error;
        showConnection(ConnectionState::Failed, error, 0);
        updateListState();
        return;
    }
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
    if (const store::JobScope scope = m_scopeBar->restoreFor(id); scope != store::JobScope{})
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
