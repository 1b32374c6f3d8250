// JobView: the header (title, status, facts, ETA, conditions) and the job actions it offers
// (parallelism, suspend/resume, delete, resume of an interrupted run) with their status message,
// which stays until the job shows the change.
#include "Format.h"
#include "IndexGridWidget.h"
#include "JobListModel.h"
#include "JobView.h"
#include "StragglersPanel.h"
#include "store/RunTimeline.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tessera::ui {

using store::JobSnapshot;

QWidget* JobView::buildHeader() {
    auto* header = new QWidget(this);
    header->setObjectName(QStringLiteral("jobHeader"));
    m_title = new QLabel(header);
    m_title->setObjectName(QStringLiteral("jobTitle"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    m_title->setFont(big);
    m_status = new QLabel(header);
    m_status->setObjectName(QStringLiteral("jobStatus"));
    m_facts = new QLabel(header);
    m_facts->setObjectName(QStringLiteral("jobFacts"));
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wrapped: one long line of facts (namespace, counts, times, ETA) set the window's minimum
    // width past 1024 px.
    m_facts->setWordWrap(true);
    m_conditions = new QLabel(header);
    m_conditions->setObjectName(QStringLiteral("jobConditions"));
    m_conditions->setWordWrap(true);
    m_actionMessage = new QLabel(header);
    m_actionMessage->setObjectName(QStringLiteral("jobActionMessage"));

    m_parallelism = new QSpinBox(header);
    m_parallelism->setObjectName(QStringLiteral("parallelismSpinBox"));
    m_parallelism->setRange(0, 100000);
    m_parallelism->setKeyboardTracking(false);
    m_parallelism->setToolTip(tr("Parallelism, applied to the running job as you change it"));
    m_parallelism->setEnabled(false);
    auto* parallelismLabel = new QLabel(tr("&Parallelism:"), header);
    parallelismLabel->setBuddy(m_parallelism);
    connect(m_parallelism, &QSpinBox::valueChanged, this,
            [this] { m_parallelismDebounce.start(); });
    connect(m_parallelism, &QSpinBox::editingFinished, this, &JobView::applyParallelism);

    m_suspend = new QPushButton(tr("Suspend"), header);
    m_suspend->setObjectName(QStringLiteral("suspendButton"));
    m_suspend->setEnabled(false);
    connect(m_suspend, &QPushButton::clicked, this, &JobView::toggleSuspended);
    m_delete = new QPushButton(tr("Delete…"), header);
    m_delete->setObjectName(QStringLiteral("deleteButton"));
    m_delete->setEnabled(false);
    connect(m_delete, &QPushButton::clicked, this, &JobView::confirmDelete);

    m_resume = new QPushButton(tr("Resume"), header);
    m_resume->setObjectName(QStringLiteral("resumeButton"));
    m_resume->setToolTip(tr("Its runner is gone (killed, or the machine restarted): continue the "
                            "run in a new runner. Finished items do not run again."));
    m_resume->hide();
    connect(m_resume, &QPushButton::clicked, this, &JobView::resume);

    auto* top = new QHBoxLayout;
    top->addWidget(m_title);
    top->addWidget(m_status);
    top->addSpacing(12);
    // In the top row, taking only the room left: showing or clearing it moves nothing.
    top->addWidget(m_actionMessage, 1);
    top->addWidget(parallelismLabel);
    top->addWidget(m_parallelism);
    top->addWidget(m_resume);
    top->addWidget(m_suspend);
    top->addWidget(m_delete);
    auto* layout = new QVBoxLayout(header);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_facts);
    layout->addWidget(m_conditions);
    m_actionMessage->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    return header;
}

void JobView::refreshHeader() {
    if (!m_snapshot) {
        m_title->setText(m_key.section(QLatin1Char('/'), -1));
        m_status->setText(tr("Loading…"));
        return;
    }
    const JobSnapshot& s = *m_snapshot;
    const auto& j = s.summary;
    m_title->setText(j.name);
    m_status->setText(JobListModel::statusText(j));
    m_resume->setVisible(j.status == engine::JobState::Interrupted);
    m_resume->setEnabled(true);
    const QLocale locale;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QStringList facts;
    facts << tr("Namespace: %1").arg(j.namespace_);
    facts << tr("%1, completions: %2")
                 .arg(j.indexed ? tr("Indexed") : tr("NonIndexed"), locale.toString(j.completions));
    // The Job's status counts pods (as kubectl describe shows them), while the legend and the
    // grid count indexes: say which, so "failed 10" here and "Failed 4" there do not disagree.
    // The Job's own counter lags the pods seen (or has counted pods no longer recorded): when
    // the failed attempts recorded differ, both are shown, each named.
    QString pods = tr("Pods (Job status): %1 active / %2 succeeded / %3 failed")
                       .arg(locale.toString(j.active), locale.toString(j.succeeded),
                            locale.toString(j.failed));
    if (const int seen = store::failedAttemptsSeen(s); seen != j.failed)
        pods += tr(" · %1 failed seen").arg(locale.toString(seen));
    facts << pods;
    if (j.started.isValid()) {
        facts << tr("started %1").arg(Format::time(j.started));
        facts << tr("duration %1")
                     .arg(Format::between(j.started, j.finished.isValid() ? j.finished : now));
    }
    const QString eta = etaText();
    if (!eta.isEmpty())
        facts << eta;
    m_facts->setText(facts.join(QStringLiteral("  ·  ")));
    QStringList conditions;
    for (const auto& c : s.conditions) {
        QString text = c.type + QLatin1Char('=') + c.status;
        if (!c.reason.isEmpty())
            text += QStringLiteral(" (") + c.reason + QLatin1Char(')');
        conditions << text;
    }
    m_conditions->setText(conditions.isEmpty()
                              ? tr("Conditions: none")
                              : tr("Conditions: %1").arg(conditions.join(QStringLiteral(", "))));
    m_conditions->setToolTip([&] {
        QStringList lines;
        for (const auto& c : s.conditions)
            lines << c.type + QStringLiteral(": ") + c.message;
        return lines.join(QLatin1Char('\n'));
    }());
}

QString JobView::etaText() {
    // A finished job has no ETA: say so at once (estimateCompletion returns before any scan).
    const bool finished = m_snapshot->summary.finished.isValid();
    if (!finished && m_etaAge.isValid() && m_etaAge.elapsed() < 1000)
        return m_eta;
    m_etaAge.start();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // The stragglers (tab, grid marks, the ETA's spread): once a second while the job runs, once
    // per snapshot after it finished.
    if (!finished || m_snapshot->serial != m_stragglersSerial) {
        m_stragglersSerial = m_snapshot->serial;
        const history::Stragglers stragglers = store::stragglersOf(*m_snapshot, now);
        m_stragglers->setStragglers(*m_snapshot, stragglers);
        std::vector<int> marks;
        for (const history::Straggler& late : stragglers.attempts)
            marks.push_back(late.index);
        m_grid->setMarks(std::move(marks));
        if (!finished) {
            const auto eta = store::estimateCompletion(*m_snapshot, now, stragglers);
            m_eta = !eta          ? QString()
                    : !eta->known ? tr("ETA: unknown (no recent completions)")
                                  : etaWords(*eta);
            return m_eta;
        }
    }
    m_eta.clear();
    return m_eta;
}

QString JobView::etaWords(const store::CompletionEstimate& eta) {
    const QString rate = QString::number(eta.perMinute, 'f', 1);
    const QString soonest = Format::duration(eta.seconds);
    const QString latest = Format::duration(eta.secondsLatest);
    // A spread of a few seconds on a long wait says nothing: one figure then (unless stragglers
    // run, which the words name).
    const qint64 spread = eta.secondsLatest - eta.seconds;
    if (latest == soonest ||
        (eta.stragglers == 0 && spread < std::max<qint64>(10, eta.seconds / 20)))
        return tr("ETA %1 (%2/min)").arg(soonest, rate);
    if (eta.stragglers > 0)
        return tr("ETA %1–%2 (%3/min, stragglers: %4)")
            .arg(soonest, latest, rate, QLocale().toString(eta.stragglers));
    return tr("ETA %1–%2 (%3/min)").arg(soonest, latest, rate);
}

void JobView::applyParallelism() {
    m_parallelismDebounce.stop();
    if (!m_snapshot || !m_store)
        return;
    const int value = m_parallelism->value();
    if (value == m_parallelismSent ||
        (m_parallelismSent < 0 && value == m_snapshot->summary.parallelism))
        return;
    m_parallelismSent = value;
    setActionMessage(tr("Setting parallelism to %1…").arg(value));
    QMetaObject::invokeMethod(m_store, [s = m_store, k = m_key, value] {
        if (s)
            s->setParallelism(k, value);
    });
}

void JobView::toggleSuspended() {
    if (!m_snapshot || !m_store)
        return;
    const bool suspend = !m_snapshot->summary.suspended;
    m_suspendSent = suspend ? 1 : 0;
    setActionMessage(suspend ? tr("Suspending…") : tr("Resuming…"));
    QMetaObject::invokeMethod(m_store, [s = m_store, k = m_key, suspend] {
        if (s)
            s->setSuspended(k, suspend);
    });
}

void JobView::confirmDelete() {
    if (!m_snapshot || !m_store)
        return;
    // Asynchronous (open(), not exec()): no nested event loop while the store keeps talking.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Delete job"),
                                tr("Delete the job %1 in namespace %2 and its pods?")
                                    .arg(m_snapshot->summary.name, m_snapshot->summary.namespace_),
                                QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("deleteConfirmation"));
    QPushButton* yes = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, yes] {
        if (box->clickedButton() != yes || !m_store)
            return;
        setActionMessage(tr("Deleting…"));
        QMetaObject::invokeMethod(m_store, [s = m_store, k = m_key] {
            if (s)
                s->deleteJob(k);
        });
    });
    box->open();
}

void JobView::resume() {
    if (!m_store)
        return;
    m_resume->setEnabled(false); // until the next snapshot says how it went
    QMetaObject::invokeMethod(m_store, [s = m_store, k = m_key] {
        if (s)
            s->resumeJob(k);
    });
}

void JobView::setActionMessage(const QString& text) {
    m_actionMessage->setText(text);
    m_actionMessage->setToolTip(text);
}

} // namespace tessera::ui
