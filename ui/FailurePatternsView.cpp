#include "FailurePatternsView.h"

#include "Format.h"
#include "TableColumns.h"
#include "TableRowsModel.h"
#include "TableViews.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace tessera::ui {

using store::FailurePattern;

namespace {
QString percent(double share) {
    return QLocale().toString(share * 100, 'f', share >= 0.1 ? 0 : 1) + QStringLiteral(" %");
}
} // namespace

FailurePatternsView::FailurePatternsView(QWidget* parent)
    : QGroupBox(tr("Failure patterns"), parent)
    , m_model(new TableRowsModel({tr("Share"), tr("Failures"), tr("Exit code"), tr("Reason"),
                                  tr("Node"), tr("Zone"), tr("Indexes")},
                                 this)) {
    setObjectName(QStringLiteral("failurePatterns"));
    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("failurePatternsHeadline"));
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::PlainText);
    m_table = makeSortableTable(m_model, this, QStringLiteral("failurePatternsTable"));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    fitColumnsStretching(m_table, 6);
    m_pods = new QPushButton(tr("Show pods"), this);
    m_pods->setObjectName(QStringLiteral("failurePatternPods"));
    m_indexes = new QPushButton(tr("Select indexes"), this);
    m_indexes->setObjectName(QStringLiteral("failurePatternIndexes"));
    m_rerun = new QPushButton(tr("Re-run these indexes…"), this);
    m_rerun->setObjectName(QStringLiteral("failurePatternRerun"));
    connect(m_pods, &QPushButton::clicked, this, [this] { showPodsOf(currentGroupNumber()); });
    connect(m_indexes, &QPushButton::clicked, this,
            [this] { showIndexesOf(currentGroupNumber()); });
    connect(m_rerun, &QPushButton::clicked, this, [this] { rerunIndexesOf(currentGroupNumber()); });
    // One click on a group shows its pods; the buttons and the menu offer the rest.
    connect(m_table, &QTableView::activated, this,
            [this](const QModelIndex&) { showPodsOf(currentGroupNumber()); });
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QTableView::customContextMenuRequested, this, [this](const QPoint& pos) {
        const int group = currentGroupNumber();
        if (group < 0)
            return;
        QMenu menu(this);
        menu.addAction(m_pods->text(), this, [this, group] { showPodsOf(group); });
        menu.addAction(m_indexes->text(), this, [this, group] { showIndexesOf(group); });
        menu.addAction(m_rerun->text(), this, [this, group] { rerunIndexesOf(group); });
        menu.exec(m_table->viewport()->mapToGlobal(pos));
    });
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_headline, 1);
    buttons->addWidget(m_pods);
    buttons->addWidget(m_indexes);
    buttons->addWidget(m_rerun);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);
    setPatterns({});
}

QString FailurePatternsView::describe(const FailurePattern& g) {
    QStringList what;
    if (g.exitCode >= 0 || g.signal)
        what.append(tr("exit %1").arg(Format::exitCode(g.exitCode, g.signal)));
    if (!g.reason.isEmpty())
        what.append(g.reason);
    QString text = what.isEmpty() ? tr("no exit code") : what.join(QLatin1Char(' '));
    if (!g.node.isEmpty())
        text = g.zone.isEmpty() ? tr("%1 on %2").arg(text, g.node)
                                : tr("%1 on %2 (%3)").arg(text, g.node, g.zone);
    return text;
}

void FailurePatternsView::setPatterns(store::FailurePatterns patterns) {
    m_patterns = std::move(patterns);
    std::vector<TableRowsModel::Row> rows;
    const QLocale locale;
    for (size_t i = 0; i < m_patterns.groups.size(); ++i) {
        const FailurePattern& g = m_patterns.groups[i];
        const QString indexes = QString::fromStdString(g.indexes.toString());
        rows.push_back({{g.share, percent(g.share)},
                        {g.attempts, locale.toString(g.attempts)},
                        {g.exitCode, Format::exitCode(g.exitCode, g.signal)},
                        {g.reason},
                        {g.node},
                        {g.zone},
                        // The group's number, as zero-padded text (a left-aligned column),
                        // sorts this column and finds the group again whatever the view's
                        // order: largest group first.
                        {QStringLiteral("%1").arg(i, 8, 10, QLatin1Char('0')), indexes, indexes}});
    }
    m_model->setRows(std::move(rows));
    const bool any = !m_patterns.groups.empty();
    if (any) {
        const FailurePattern& top = m_patterns.groups.front();
        m_headline->setText(tr("%1 of failures: %2").arg(percent(top.share), describe(top)));
    } else {
        m_headline->setText(tr("No failed attempts."));
    }
    setTitle(tr("Failure patterns (%1 failed attempts)")
                 .arg(locale.toString(m_patterns.failedAttempts)));
    for (QPushButton* b : {m_pods, m_indexes, m_rerun})
        b->setEnabled(any);
}

QString FailurePatternsView::headline() const {
    return m_headline->text();
}

const FailurePattern* FailurePatternsView::groupAtViewRow(int viewRow) const {
    const QAbstractItemModel* view = m_table->model();
    if (viewRow < 0 || viewRow >= view->rowCount())
        return nullptr;
    const int group = view->index(viewRow, m_model->columnCount() - 1)
                          .data(TableRowsModel::SortRole)
                          .toString()
                          .toInt();
    return group >= 0 && group < static_cast<int>(m_patterns.groups.size())
               ? &m_patterns.groups[static_cast<size_t>(group)]
               : nullptr;
}

int FailurePatternsView::currentGroupNumber() const {
    const QModelIndex current = m_table->currentIndex();
    // No row chosen yet: the largest group (the headline's).
    if (!current.isValid())
        return m_patterns.groups.empty() ? -1 : 0;
    const FailurePattern* g = groupAtViewRow(current.row());
    return g ? static_cast<int>(g - m_patterns.groups.data()) : -1;
}

const FailurePattern* FailurePatternsView::currentGroup() const {
    const int group = currentGroupNumber();
    return group < 0 ? nullptr : &m_patterns.groups[static_cast<size_t>(group)];
}

void FailurePatternsView::showPodsOf(int group) {
    if (group < 0 || group >= static_cast<int>(m_patterns.groups.size()))
        return;
    const FailurePattern& g = m_patterns.groups[static_cast<size_t>(group)];
    emit podsRequested(QSet<QString>(g.pods.begin(), g.pods.end()),
                       tr("Failure pattern: %1").arg(describe(g)));
}

void FailurePatternsView::showIndexesOf(int group) {
    if (group >= 0 && group < static_cast<int>(m_patterns.groups.size()))
        emit indexesRequested(m_patterns.groups[static_cast<size_t>(group)].indexes);
}

void FailurePatternsView::rerunIndexesOf(int group) {
    if (group >= 0 && group < static_cast<int>(m_patterns.groups.size()))
        emit rerunRequested(m_patterns.groups[static_cast<size_t>(group)].indexes);
}

} // namespace tessera::ui
