#include "ProcStat.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

namespace tessera::local {

std::optional<ProcStat> readProcStat(pid_t pid) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt;
    char buf[1024];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return std::nullopt;
    buf[n] = '\0';
    // The command name may hold spaces and parentheses: fields resume after the last ')'.
    const char* p = std::strrchr(buf, ')');
    if (!p || p[1] != ' ')
        return std::nullopt;
    p += 2;
    ProcStat s;
    s.state = *p;
    // Field 3 is the state; pgrp is field 5, starttime field 22.
    int field = 3;
    while (*p && field < 22) {
        while (*p && *p != ' ')
            ++p;
        while (*p == ' ')
            ++p;
        ++field;
        if (field == 5)
            s.pgrp = std::strtoll(p, nullptr, 10);
    }
    if (field != 22)
        return std::nullopt;
    s.startTicks = std::strtoll(p, nullptr, 10);
    return s;
}

bool isSameLiveProcess(pid_t pid, int64_t startTicks) {
    const auto s = readProcStat(pid);
    return s && s->state != 'Z' && s->state != 'X' && s->startTicks == startTicks;
}

bool groupExists(pid_t pgid) {
    return ::kill(-pgid, 0) == 0 || errno == EPERM;
}

} // namespace tessera::local
