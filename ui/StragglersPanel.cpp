#include "StragglersPanel.h"

#include "Format.h"
#include "TableColumns.h"
#include "TableRowsModel.h"
#include "TableViews.h"

#include <QLabel>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

namespace tessera::ui {

namespace {

// Tenths of a second below ten seconds (a p95 of 4.8 s is not "4s"), whole seconds above.
QString durationText(qint64 ms) {
    return ms < 10000 ? Format::durationAtStep(ms / 100 * 100, 100) : Format::duration(ms / 1000);
}

} // namespace

StragglersPanel::StragglersPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new TableRowsModel(
          {tr("Index"), tr("Attempt"), tr("Running for"), tr("Node"), tr("Pod")}, this))
    , m_summary(new QLabel(this)) {
    setObjectName(QStringLiteral("stragglersPanel"));
    m_summary->setObjectName(QStringLiteral("stragglersSummary"));
    m_summary->setWordWrap(true);
    m_view = makeSortableTable(m_model, this, QStringLiteral("stragglersTable"));
    m_view->sortByColumn(2, Qt::DescendingOrder);
    fitColumnsStretching(m_view, 4);
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& i) {
        emit indexActivated(
            m_view->model()->index(i.row(), 0).data(TableRowsModel::SortRole).toInt());
    });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
}

QString StragglersPanel::summaryText() const {
    return m_summary->text();
}

void StragglersPanel::setStragglers(const store::JobSnapshot& s, const history::Stragglers& found) {
    const QLocale locale;
    if (!found.enoughSamples)
        m_summary->setText(
            tr("Not enough samples to tell stragglers: %1 succeeded attempts with recorded times, "
               "%2 needed.")
                .arg(locale.toString(static_cast<qulonglong>(found.samples)))
                .arg(history::kMinStragglerSamples));
    else
        m_summary->setText(
            tr("Stragglers: %1, the attempts running longer than %2 (the 95th percentile of %3 "
               "succeeded attempts; median %4).")
                .arg(locale.toString(static_cast<qulonglong>(found.attempts.size())),
                     durationText(found.thresholdMs),
                     locale.toString(static_cast<qulonglong>(found.samples)),
                     durationText(found.medianMs)));
    std::vector<TableRowsModel::Row> rows;
    rows.reserve(found.attempts.size());
    for (const history::Straggler& late : found.attempts) {
        const store::IndexAttempt& a = s.attempts[late.attemptPos];
        rows.push_back({{late.index, {}, {}},
                        {late.attempt + 1, {}, {}},
                        {late.runningMs, durationText(late.runningMs), {}},
                        {a.node, {}, {}},
                        {a.pod, {}, {}}});
    }
    m_model->setRows(std::move(rows));
}

} // namespace tessera::ui
