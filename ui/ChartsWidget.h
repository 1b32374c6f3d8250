#pragma once
// The job's charts (Qt Charts): succeeded over time, active vs parallelism over time, failures
// over time and the duration histogram of succeeded indexes, all from the job's recorded
// attempts (store::RunHistory), so a job opened late or after it finished shows its whole run,
// on the job's own time range. Rebuilt at most once a second (charts are not cheap).
#include "store/RunHistory.h"

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
    // For tests: the time range (ms since the epoch) the axes were last given.
    std::pair<qint64, qint64> range() const { return m_range; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTheme();
    void rebuildProgress(const store::JobSnapshot& s, const store::RunHistory& h);
    void rebuildHistogram(const store::RunHistory& h);

    QChartView* m_succeeded;
    QChartView* m_active;
    QChartView* m_failures;
    QChartView* m_durations;
    std::vector<int> m_histogram;
    std::pair<qint64, qint64> m_range{0, 0};
    store::JobSnapshotPtr m_snapshot; // the last one drawn, redrawn when the theme changes
};

} // namespace tessera::ui
