#pragma once
// What the window shows of one job, read from the widgets and models it is made of: the job
// list's row (JobListModel::data), the job view's header (its status and facts labels), the
// grid's legend, a sample of the grid's tooltips, the completed and failed index boxes, the
// failures panel (its model and title), the charts' last values (their series) and the
// timeline's bars. The snapshot is shown by a real JobView, as the window shows it.
#include "Observations.h"
#include "store/JobSnapshot.h"

namespace tessera::agreement {

// `when`: "live" or "reload".
void observeWindow(const store::JobSnapshotPtr& snapshot, const QString& when, Observations& out);

// The rule every view of a finished job must follow: each of its attempts ended (a deleted or
// evicted one when its deletion was seen), so as many ended as the timeline has bars.
void expectEveryAttemptEnded(const QString& when, Observations& out);

} // namespace tessera::agreement
