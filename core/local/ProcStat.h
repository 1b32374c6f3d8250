#pragma once
// What /proc says about a process: enough to tell a survivor of a crashed runner from a new
// process that reused its pid (the start time in clock ticks since boot differs).
#include <cstdint>
#include <optional>
#include <sys/types.h>

namespace tessera::local {

struct ProcStat {
    char state = '?'; // 'R', 'S', 'Z' (zombie: dead, not yet reaped), ...
    int64_t pgrp = 0;
    int64_t startTicks = 0;
};

std::optional<ProcStat> readProcStat(pid_t pid);
// True when `pid` is alive (not a zombie) and started at `startTicks`.
bool isSameLiveProcess(pid_t pid, int64_t startTicks);
// True when some process is still in process group `pgid` (kill(-pgid, 0)).
bool groupExists(pid_t pgid);

} // namespace tessera::local
