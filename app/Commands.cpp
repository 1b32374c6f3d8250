#include "Commands.h"

namespace tessera::app {

namespace {

// Append new commands here (keep one per line: several helpers add to this table).
constexpr Command kCommands[] = {
    {"reconcile", "Run one sync of the job controller on a job and its pods; print the plan",
     &runReconcile},
    {"simulate", "Dry-run a Job manifest: simulated pods on a virtual clock, same controller rules",
     &runSimulate},
    {"serve", "Serve the Kubernetes API locally; its Jobs run with simulated pods (kubectl works)",
     &runServe},
    {"report",
     "Write a completion report (HTML, PDF, CSV, JSON) of a local, cluster or dry-run job",
     &runReport},
    {"launch",
     "Launch a work list as an Indexed Job on a cluster (ConfigMap + Job), or print the YAML",
     &runLaunch},
    {"run", "Run a work list on this machine as an Indexed Job (retries, live parallelism, resume)",
     &runRun},
    {"ctl", "Control a running local run: parallelism N, cancel, status", &runCtl},
};

} // namespace

std::span<const Command> commands() {
    return kCommands;
}

const Command* findCommand(std::string_view name) {
    for (const Command& c : kCommands)
        if (name == c.name)
            return &c;
    return nullptr;
}

} // namespace tessera::app
