#include "ClusterReportInput.h"

#include "RunTimeline.h"

#include <QFileInfo>

namespace tessera::store {

QString historyClusterKey(const QString& clusterName, const QString& serverUrl) {
    return clusterName.isEmpty() ? serverUrl : clusterName;
}

void addRecordedAttempts(report::ReportInput& input, History& history, const QString& clusterKey) {
    if (auto recorded =
            history.attempts(clusterKey, QString::fromStdString(input.job.metadata.uid)))
        mergeRecordedAttempts(input.attempts, *recorded);
}

engine::Result<bool> addRecordedAttemptsFrom(report::ReportInput& input, const QString& path,
                                             const QString& clusterKey) {
    if (!QFileInfo::exists(path))
        return false;
    History history(path);
    if (auto opened = history.open(); !opened)
        return opened.error();
    addRecordedAttempts(input, history, clusterKey);
    return true;
}

} // namespace tessera::store
