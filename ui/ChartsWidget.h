#pragma once
// The job's charts (Qt Charts): succeeded over time, active vs parallelism over time, failures
// over time (from the snapshot's progress samples) and the per-index duration histogram (from
// the finished, succeeded attempts). Rebuilt at most once a second (charts are not cheap).
#include "store/JobSnapshot.h"

#include <QWidget>

class QChart;
class QChartView;

namespace tessera::ui {

class ChartsWidget : public QWidget {
    Q_OBJECT
public:
    explicit ChartsWidget(QWidget* parent = nullptr);

    void setSnapshot(const store::JobSnapshotPtr& snapshot);
    // For tests: the histogram's bin counts as last drawn.
    const std::vector<int>& histogram() const { return m_histogram; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTheme();
    void rebuildProgress(const store::JobSnapshot& s);
    void rebuildHistogram(const store::JobSnapshot& s);

    QChartView* m_succeeded;
    QChartView* m_active;
    QChartView* m_failures;
    QChartView* m_durations;
    std::vector<int> m_histogram;
    store::JobSnapshotPtr m_snapshot; // the last one drawn, redrawn when the theme changes
};

} // namespace tessera::ui
