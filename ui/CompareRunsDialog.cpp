#include "CompareRunsDialog.h"

#include "Format.h"
#include "JobListModel.h"
#include "TableColumns.h"
#include "TableRowsModel.h"
#include "report/ReportBuilder.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace tessera::ui {

namespace {

QString outcomeText(report::IndexOutcome o) {
    switch (o) {
    case report::IndexOutcome::Absent:
        return CompareRunsDialog::tr("—");
    case report::IndexOutcome::NotStarted:
        return CompareRunsDialog::tr("Not started");
    case report::IndexOutcome::Unfinished:
        return CompareRunsDialog::tr("Unfinished");
    case report::IndexOutcome::Succeeded:
        return CompareRunsDialog::tr("Succeeded");
    case report::IndexOutcome::Failed:
        return CompareRunsDialog::tr("Failed");
    }
    return QString();
}

qint64 seconds(engine::Duration d) {
    return std::chrono::duration_cast<std::chrono::seconds>(d).count();
}

// "+12s", "-1m 05s": a change, signed.
QString changeText(engine::Duration d) {
    const qint64 s = seconds(d);
    return (s < 0 ? QStringLiteral("-") : QStringLiteral("+")) + Format::duration(std::abs(s));
}

} // namespace

CompareRunsDialog::CompareRunsDialog(store::JobStore* store, const JobListModel* jobs, QString key,
                                     QWidget* parent)
    : QDialog(parent)
    , m_store(store)
    , m_key(std::move(key))
    , m_other(new QComboBox(this))
    , m_changedOnly(new QCheckBox(tr("Only indexes whose outcome &changed"), this))
    , m_summary(new QLabel(this))
    , m_rows(new TableRowsModel({tr("Index"), tr("Re-run index"), tr("Before"), tr("After"),
                                 tr("Duration before"), tr("Duration after"), tr("Change")},
                                this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this)) {
    setObjectName(QStringLiteral("compareRunsDialog"));
    const int row = jobs->rowOf(m_key);
    const store::JobSummary self = row >= 0 ? jobs->job(row) : store::JobSummary{};
    setWindowTitle(tr("Compare %1 with another run").arg(self.name));
    m_other->setObjectName(QStringLiteral("compareOther"));
    // The same CronJob's runs first, newest first; then every other job by name.
    std::vector<const store::JobSummary*> others;
    for (int r = 0; r < jobs->rowCount(); ++r)
        if (jobs->job(r).key != m_key && !jobs->job(r).cron) // Jobs, not CronJobs' rows
            others.push_back(&jobs->job(r));
    std::sort(others.begin(), others.end(), [&](const auto* a, const auto* b) {
        const bool sameA = !self.cronJob.isEmpty() && a->cronJob == self.cronJob;
        const bool sameB = !self.cronJob.isEmpty() && b->cronJob == self.cronJob;
        if (sameA != sameB)
            return sameA;
        if (sameA)
            return a->created > b->created;
        return std::tie(a->namespace_, a->name) < std::tie(b->namespace_, b->name);
    });
    for (const store::JobSummary* job : others)
        m_other->addItem(
            tr("%1/%2 (%3)").arg(job->namespace_, job->name, JobListModel::statusWord(job->status)),
            job->key);
    m_changedOnly->setObjectName(QStringLiteral("compareChangedOnly"));
    m_changedOnly->setChecked(true);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_sorted->setSourceModel(m_rows);
    m_sorted->setSortRole(TableRowsModel::SortRole);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(Index, Qt::AscendingOrder);
    m_table->verticalHeader()->hide();
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    fitColumnsStretching(m_table, Change);

    auto* compare = new QPushButton(tr("Co&mpare"), this);
    compare->setEnabled(m_other->count() > 0);
    auto* form = new QFormLayout;
    auto* pickRow = new QHBoxLayout;
    pickRow->addWidget(m_other, 1);
    pickRow->addWidget(compare);
    form->addRow(tr("&Other run:"), pickRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_changedOnly);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(760, 520);

    connect(compare, &QPushButton::clicked, this,
            [this] { compareWith(m_other->currentData().toString()); });
    connect(m_changedOnly, &QCheckBox::toggled, this, &CompareRunsDialog::fillRows);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    if (m_store)
        connect(m_store, &store::JobStore::reportInputReady, this,
                &CompareRunsDialog::onReportInput);
    m_summary->setText(m_other->count() > 0 ? tr("Pick the other run and press Compare.")
                                            : tr("There is no other job to compare with."));
}

void CompareRunsDialog::compareWith(const QString& otherKey) {
    if (!m_store || otherKey.isEmpty())
        return;
    const int at = m_other->findData(otherKey);
    if (at >= 0)
        m_other->setCurrentIndex(at);
    m_otherKey = otherKey;
    m_input.reset();
    m_otherInput.reset();
    m_comparison.reset();
    m_rows->setRows({});
    m_summary->setText(tr("Loading both runs…"));
    for (const QString& key : {m_key, m_otherKey})
        QMetaObject::invokeMethod(m_store, [s = m_store, key] {
            if (s)
                s->loadReportInput(key);
        });
}

void CompareRunsDialog::onReportInput(const QString& key, const store::ReportInputPtr& input,
                                      const QString& error) {
    if (key != m_key && key != m_otherKey)
        return;
    if (!input) {
        m_summary->setText(tr("%1: %2").arg(key.section(QLatin1Char('/'), -1), error));
        return;
    }
    (key == m_key ? m_input : m_otherInput) = input;
    if (m_input && m_otherInput)
        showComparison();
}

void CompareRunsDialog::showComparison() {
    const report::Report self = report::ReportBuilder::build(*m_input);
    const report::Report other = report::ReportBuilder::build(*m_otherInput);
    // The later run is the re-run when one is; else the one created last.
    if (self.rerun != other.rerun)
        m_laterIsThis = self.rerun;
    else
        m_laterIsThis =
            m_input->job.metadata.creationTimestamp >= m_otherInput->job.metadata.creationTimestamp;
    m_comparison =
        m_laterIsThis ? report::compareRuns(other, self) : report::compareRuns(self, other);
    const report::RunComparison& c = *m_comparison;
    QString text = tr("%1 → %2: %n index(es) changed outcome", "", int(c.changed().size()))
                       .arg(QString::fromStdString(m_laterIsThis ? other.name : self.name),
                            QString::fromStdString(m_laterIsThis ? self.name : other.name));
    text += tr(" (%1 fixed, %2 newly failed, %3 other).")
                .arg(c.fixed)
                .arg(c.broken)
                .arg(c.otherChanges);
    if (c.medianDurationChange)
        text += QLatin1Char(' ') +
                tr("Median duration change: %1.").arg(changeText(*c.medianDurationChange));
    m_summary->setText(text);
    fillRows();
    emit compared();
}

void CompareRunsDialog::fillRows() {
    if (!m_comparison)
        return;
    std::vector<TableRowsModel::Row> rows;
    const auto durationCell = [](const std::optional<engine::Duration>& d) {
        return d ? TableRowsModel::Cell{seconds(*d), Format::duration(seconds(*d)), {}}
                 : TableRowsModel::Cell{qint64{-1}, QString(), {}};
    };
    for (const report::IndexComparison& i : m_comparison->indexes) {
        if (m_changedOnly->isChecked() && !i.outcomeChanged())
            continue;
        const auto change = i.durationChange();
        rows.push_back({
            {i.index, {}, {}},
            {i.laterIndex, {}, {}},
            {int(i.before), outcomeText(i.before), {}},
            {int(i.after), outcomeText(i.after), {}},
            durationCell(i.beforeDuration),
            durationCell(i.afterDuration),
            change ? TableRowsModel::Cell{seconds(*change), changeText(*change), {}}
                   : TableRowsModel::Cell{qint64{0}, QString(), {}},
        });
    }
    m_rows->setRows(std::move(rows));
    m_table->setColumnHidden(RerunIndex,
                             !(m_laterIsThis ? m_input : m_otherInput) ||
                                 (m_laterIsThis ? m_input : m_otherInput)->originalIndexes.empty());
}

} // namespace tessera::ui
