#pragma once
// Failure patterns of one job: its failed attempts (engine::countsAsFailed) grouped by what they
// have in common (exit code, reason, node, zone), each group with its count, its share of all
// the job's failed attempts and the indexes it touched. "83 % of failures on tessera-node-2,
// exit 137 OOMKilled" is one group. A pure function over a snapshot; the window only shows it.
#include "JobSnapshot.h"
#include "engine/IndexSet.h"

#include <QString>
#include <optional>
#include <vector>

namespace tessera::store {

struct FailurePattern {
    // What the attempts of the group share. exitCode -1: no container terminated (a pod deleted
    // or evicted before its container ended); zone "": the node has no zone label (or the pod
    // never got a node).
    int exitCode = -1;
    std::optional<int> signal;
    QString reason, node, zone;
    int attempts = 0;         // failed attempts in the group
    double share = 0;         // attempts / all failed attempts of the job, 0..1
    engine::IndexSet indexes; // the indexes those attempts belong to
    QStringList pods;         // their pods' names, in the snapshot's order

    bool operator==(const FailurePattern&) const = default;
};

struct FailurePatterns {
    int failedAttempts = 0; // every failed attempt of the snapshot (the shares' denominator)
    // Largest group first; equal counts by exit code, reason, node, zone.
    std::vector<FailurePattern> groups;
};

// The groups of `snapshot`'s failed attempts; a zone is the attempt's node's
// (JobSnapshot::zoneOf).
FailurePatterns failurePatternsOf(const JobSnapshot& snapshot);

} // namespace tessera::store
