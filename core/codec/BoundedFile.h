#pragma once
// The one way Tessera reads a whole input file (work lists, manifests, kubeconfigs, token files,
// certificates): regular files only, unless a pipe or standard input is asked for; never more
// than the kind's limit, checked on the file's size before a byte is read (a 1 GB sparse file is
// refused at once) and again while reading (a file that grows, or a /proc file of size 0).
// Opening never blocks: a FIFO where a regular file was expected is refused instead of waiting
// for a writer that never comes (it once kept the window from appearing). A leading UTF-8 byte
// order mark is dropped: it is never content.
#include "engine/Result.h"

#include <cstddef>
#include <string>

namespace tessera::codec {

enum class FileKind {
    WorkList,   // tessera run / launch LIST, the Launch dialog
    Manifest,   // Job manifests, run --job, simulate, reconcile, report --source simulate
    Kubeconfig, // each file of KUBECONFIG
    Secret,     // a tokenFile, a certificate or key file
    Journal,    // a local run's journal and the supervisor's spawn ledger
    RunControl, // a local run's run.conf, and the commands `tessera ctl` leaves for its runner
};

// The limit of each kind, in bytes.
std::size_t maxBytesOf(FileKind kind);
const char* nameOf(FileKind kind);

struct ReadOptions {
    // Accept a FIFO or character device that is not a terminal (`<(cmd)` process substitution,
    // `tessera run /dev/stdin`): read until its end or the limit.
    bool allowPipes = false;
    // Bytes reserved after the text (the JSON decoder's padding).
    std::size_t padding = 0;
    // A file that does not exist reads as empty (a run's journal or ledger before its first
    // record); every other failure to open is still an error.
    bool missingIsEmpty = false;
};

// "-" reads standard input (always allowed, bounded like the rest). Errors name the file, what
// it is and the limit, e.g. "/dev/zero: is a character device, not a regular file" or
// "big.txt: 1.0 GiB is more than a work list may be (64 MiB)".
engine::Result<std::string> readBoundedFile(const std::string& path, FileKind kind,
                                            const ReadOptions& options = {});

} // namespace tessera::codec
