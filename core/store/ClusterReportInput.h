#pragma once
// A cluster job's report input beyond what its API still has: the attempts the History recorded
// of pods that are gone (deleted by a suspend, a scale-down, kubectl or a TTL). The window's
// Export (ClusterSource::loadReportInput) and `tessera report --source CONTEXT` both build the
// input with report::ClusterReportLoader and then call this, so both count the same attempts.
#include "History.h"
#include "report/ReportBuilder.h"

#include <QString>

namespace tessera::store {

// The key a cluster's attempts are recorded under: its kubeconfig cluster name when given, else
// its server URL (what the window uses).
QString historyClusterKey(const QString& clusterName, const QString& serverUrl);

// Adds the recorded attempts of input.job (by its uid) that input.attempts lacks.
void addRecordedAttempts(report::ReportInput& input, History& history, const QString& clusterKey);

// The same from the History file at `path`, when there is one (a report never creates it);
// an error names the file.
engine::Result<bool> addRecordedAttemptsFrom(report::ReportInput& input, const QString& path,
                                             const QString& clusterKey);

} // namespace tessera::store
