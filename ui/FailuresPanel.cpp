#include "FailuresPanel.h"

#include "FailurePatternsView.h"
#include "Format.h"
#include "TableColumns.h"
#include "TableRowsModel.h"
#include "TableViews.h"
#include "store/RunTimeline.h"

#include <QGroupBox>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tessera::ui {

using engine::IndexState;
using store::IndexAttempt;

FailuresPanel::FailuresPanel(QWidget* parent)
    : QWidget(parent)
    , m_failuresModel(new TableRowsModel(
          {tr("Index"), tr("Attempts"), tr("Last exit code"), tr("Reason"), tr("Message")}, this))
    , m_eventsModel(new TableRowsModel(eventHeaders(), this)) {
    setObjectName(QStringLiteral("failuresPanel"));
    auto* split = new QSplitter(Qt::Vertical, this);
    m_failures = new QGroupBox(tr("Failing indexes"), split);
    m_failures->setObjectName(QStringLiteral("failuresGroup"));
    auto* fl = new QVBoxLayout(m_failures);
    auto* failuresView =
        makeSortableTable(m_failuresModel, m_failures, QStringLiteral("failuresTable"));
    connect(failuresView, &QTableView::activated, this, [this, failuresView](const QModelIndex& i) {
        emit indexActivated(
            failuresView->model()->index(i.row(), 0).data(TableRowsModel::SortRole).toInt());
    });
    // Message takes the width; "Last exit code" (longer in German) shows its whole title.
    fitColumnsStretching(failuresView, 4);
    fl->addWidget(failuresView);
    auto* events = new QGroupBox(tr("Events of the job"), split);
    auto* eventsView = makeSortableTable(m_eventsModel, events, QStringLiteral("eventsTable"));
    fitColumnsStretching(eventsView, 2); // Message takes the width, not "Last seen"
    (new QVBoxLayout(events))->addWidget(eventsView);
    m_patterns = new FailurePatternsView(split);
    split->addWidget(m_patterns);
    split->addWidget(m_failures);
    split->addWidget(events);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
}

QString FailuresPanel::failuresTitle() const {
    return m_failures->title();
}

void FailuresPanel::setSnapshot(const store::JobSnapshot& s) {
    std::vector<TableRowsModel::Row> rows;
    constexpr size_t kMaxRows = 10000;
    const auto& attempts = s.attempts;
    const int n = static_cast<int>(s.states.size());
    const auto failedState = [&](int index) {
        return index >= 0 && index < n && s.states.at(index) == IndexState::FailedTerminal;
    };
    // Indexes the status counts as failed but with no recorded failed attempt get a row too, so
    // this list never says less than the grid.
    const auto addUnrecorded = [&](int from, int to) {
        // Walk the failed runs only: a job may have 2,000,000,000 indexes.
        constexpr auto failedMask = engine::IndexStateMap::maskOf(IndexState::FailedTerminal);
        for (auto index = s.states.findFirst(failedMask, std::max(0, from));
             index && *index < std::min(to, n) && rows.size() < kMaxRows;
             index = *index + 1 < n ? s.states.findFirst(failedMask, *index + 1) : std::nullopt)
            rows.push_back({{*index},
                            {0},
                            {-1, Format::orDash({})},
                            {QString(), tr("(not recorded)")},
                            {QString(), tr("No attempt of this index was recorded; the job's "
                                           "status counts it as failed.")}});
    };
    int previous = -1;
    size_t i = 0;
    int total = 0;
    while (i < attempts.size()) {
        const int index = attempts[i].index;
        int count = 0;
        const IndexAttempt* lastFailed = nullptr;
        for (; i < attempts.size() && attempts[i].index == index; ++i) {
            ++count;
            if (engine::countsAsFailed(attempts[i].outcome))
                lastFailed = &attempts[i];
        }
        addUnrecorded(previous + 1, index);
        previous = index;
        // A failing index: failed for good, or failed and not (yet) recovered. One that failed
        // and then succeeded is not failing: its last attempt says Succeeded, not the old error.
        const bool recovered =
            index >= 0 && index < n && s.states.at(index) == IndexState::Succeeded;
        if (recovered || (!lastFailed && !failedState(index)))
            continue;
        if (rows.size() >= kMaxRows) {
            ++total;
            continue;
        }
        if (!lastFailed) {
            rows.push_back({{index},
                            {count},
                            {-1, Format::orDash({})},
                            {QString(), tr("(no failed attempt recorded)")},
                            {QString()}});
            continue;
        }
        rows.push_back(
            {{index},
             {count},
             {lastFailed->exitCode, Format::exitCode(lastFailed->exitCode, lastFailed->signal)},
             {lastFailed->reason},
             {lastFailed->message, {}, lastFailed->message}});
    }
    addUnrecorded(previous + 1, n);
    total += static_cast<int>(rows.size());
    m_failures->setTitle(tr("Failing indexes (%1)").arg(QLocale().toString(total)));
    m_failuresModel->setRows(std::move(rows));
    m_patterns->setPatterns(store::failurePatternsOf(s));
    m_eventsModel->setRows(eventRows(s.events));
}

QStringList FailuresPanel::eventHeaders() {
    return {tr("Type"), tr("Reason"), tr("Message"), tr("Count"), tr("Last seen")};
}

std::vector<TableRowsModel::Row> FailuresPanel::eventRows(const std::vector<store::Event>& events) {
    std::vector<TableRowsModel::Row> rows;
    for (auto it = events.rbegin(); it != events.rend(); ++it)
        rows.push_back({{it->type},
                        {it->reason},
                        {it->message, {}, it->message},
                        {it->count},
                        {it->lastTime, Format::time(it->lastTime)}});
    return rows;
}

} // namespace tessera::ui
