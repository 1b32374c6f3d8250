#pragma once
// The job view's "Stragglers" tab: the attempts running longer than the job's own succeeded
// attempts say they should (history::findStragglers: above the 95th percentile of at least 20
// succeeded durations), longest first, with their node and pod; sortable. Says so when there are
// not enough samples to tell. Activating a row shows that index.
#include "history/Stragglers.h"
#include "store/JobSnapshot.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace tessera::ui {

class TableRowsModel;

class StragglersPanel : public QWidget {
    Q_OBJECT
public:
    explicit StragglersPanel(QWidget* parent = nullptr);

    void setStragglers(const store::JobSnapshot& snapshot, const history::Stragglers& stragglers);
    TableRowsModel* model() const { return m_model; }
    QString summaryText() const;

signals:
    void indexActivated(int index);

private:
    TableRowsModel* m_model;
    QTableView* m_view;
    QLabel* m_summary;
};

} // namespace tessera::ui
