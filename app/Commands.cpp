#include "Commands.h"

namespace tessera::app {

namespace {

// Append new commands here (keep one per line: several helpers add to this table).
constexpr Command kCommands[] = {
    {"reconcile", "Run one sync of the job controller on a job and its pods; print the plan",
     &runReconcile},
    {"simulate", "Dry-run a Job manifest: simulated pods on a virtual clock, same controller rules",
     &runSimulate},
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
