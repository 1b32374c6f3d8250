#pragma once
// Which job the window selects by itself when a source lists its jobs, so the scoreboard shows at
// once instead of an empty pane: the job selected last time on this source (remembered per
// source, QSettings "selectedJob/<source id>"), else the most active one.
#include <QString>

namespace tessera::ui {

class JobListModel;

class FirstSelection {
public:
    // The key to select among the model's rows; "" when it has none.
    static QString choose(const JobListModel& model, const QString& sourceId);
    // The most active job: the most pods running, then running before pending before
    // finished, then the newest.
    static QString mostActive(const JobListModel& model);
    static QString remembered(const QString& sourceId);
    static void remember(const QString& sourceId, const QString& key);
};

} // namespace tessera::ui
