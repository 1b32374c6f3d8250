#pragma once
// The job's charts (Qt Charts): succeeded over time, active vs parallelism over time, failures
// over time and the duration histogram of succeeded indexes, all from the job's recorded
// attempts (store::RunTimeline), so a job opened late or after it finished shows its whole run,
// on the job's own time range. Rebuilt at most once a second (charts are not cheap).
#include "store/RunTimeline.h"

#include <QWidget>
#include <map>

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
    // For tests: the histogram's bins (round edges, history::durationBins) and the labels its
    // axis shows, each at the lower edge of a bin: bin position -> label. Labels are skipped
    // evenly when they would not fit side by side.
    const std::vector<history::DurationBin>& histogramBins() const { return m_bins; }
    std::map<int, QString> histogramLabels() const;
    // For tests: the time range (ms since the epoch) the axes were last given.
    std::pair<qint64, qint64> range() const { return m_range; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void applyTheme();
    void rebuildProgress(const store::JobSnapshot& s, const store::RunTimeline& h);
    void rebuildHistogram(const store::RunTimeline& h);
    // The duration axis's labels for the current width: every k-th bin edge, k as small as lets
    // the widest label fit (measured with the axis's font, so German and Chinese fit too).
    void relabelHistogram();

    QChartView* m_succeeded;
    QChartView* m_active;
    QChartView* m_failures;
    QChartView* m_durations;
    std::vector<int> m_histogram;
    std::vector<history::DurationBin> m_bins;
    std::pair<qint64, qint64> m_range{0, 0};
    store::JobSnapshotPtr m_snapshot; // the last one drawn, redrawn when the theme changes
};

} // namespace tessera::ui
