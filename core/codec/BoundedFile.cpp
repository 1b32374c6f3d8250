#include "BoundedFile.h"

#include "TextFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::codec {

namespace {

constexpr std::size_t kMiB = std::size_t{1024} * 1024;

std::string sizeText(std::size_t bytes) {
    char text[32];
    if (bytes >= 1024 * kMiB)
        std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * kMiB));
    else if (bytes >= kMiB)
        std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / kMiB);
    else
        std::snprintf(text, sizeof text, "%zu bytes", bytes);
    return text;
}

const char* typeOf(mode_t mode) {
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a pipe (FIFO)";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

// What the file should have been: "a work list file".
std::string fileNameOf(FileKind kind) {
    return kind == FileKind::Secret ? std::string("a token, certificate or key file")
                                    : std::string(nameOf(kind)) + " file";
}

engine::Error fail(const std::string& name, const std::string& what) {
    return engine::Error{name + ": " + what};
}

engine::Error tooLarge(const std::string& name, std::size_t size, FileKind kind, bool atLeast) {
    return fail(name, (atLeast ? "more than " : "") + sizeText(size) + " is more than " +
                          nameOf(kind) + " may be (" + sizeText(maxBytesOf(kind)) + ")");
}

} // namespace

std::size_t maxBytesOf(FileKind kind) {
    switch (kind) {
    case FileKind::WorkList:
        return 256 * kMiB; // a million commands of a few hundred bytes
    case FileKind::Manifest:
        return 256 * kMiB; // many documents; one object is further limited by its reader
    case FileKind::Kubeconfig:
        return 16 * kMiB; // certificates and a few hundred contexts
    case FileKind::Secret:
        return 1 * kMiB;
    case FileKind::Journal:
        return 4096 * kMiB; // a 2,000,000-item run with its retries
    case FileKind::RunControl:
        return 4 * kMiB; // a run's name, command and settings; a one-line command
    }
    return 0;
}

const char* nameOf(FileKind kind) {
    switch (kind) {
    case FileKind::WorkList:
        return "a work list";
    case FileKind::Manifest:
        return "a manifest";
    case FileKind::Kubeconfig:
        return "a kubeconfig";
    case FileKind::Secret:
        return "a token, certificate or key file";
    case FileKind::Journal:
        return "a run journal";
    case FileKind::RunControl:
        return "a run's configuration";
    }
    return "a file";
}

engine::Result<std::string> readBoundedFile(const std::string& path, FileKind kind,
                                            const ReadOptions& options) {
    const bool useStdin = path == "-";
    const std::string name = useStdin ? std::string("<stdin>") : path;
    // A FIFO asked for is opened blocking, so it waits for its writer (opened without one, a
    // read would see its end at once). Anything else is opened with O_NONBLOCK: a FIFO that
    // was not asked for (or replaced the file since the stat) must not wait for a writer.
    struct stat before {};
    const bool fifoAsked = !useStdin && options.allowPipes && ::stat(path.c_str(), &before) == 0 &&
                           S_ISFIFO(before.st_mode);
    const int fd = useStdin
                       ? STDIN_FILENO
                       : ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (fifoAsked ? 0 : O_NONBLOCK));
    if (fd < 0 && errno == ENOENT && options.missingIsEmpty)
        return std::string();
    if (fd < 0)
        return fail(name, std::string("cannot open: ") + std::strerror(errno));
    auto closeFd = [&] {
        if (!useStdin)
            ::close(fd);
    };
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        closeFd();
        return fail(name, std::strerror(err));
    }
    const std::size_t limit = maxBytesOf(kind);
    const bool regular = S_ISREG(st.st_mode);
    // Devices are never inputs: /dev/zero or /dev/urandom would be read to the limit.
    const bool pipe = S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
    if (!regular && !(useStdin || (options.allowPipes && pipe))) {
        closeFd();
        return fail(name, std::string("is ") + typeOf(st.st_mode) + ", not " + fileNameOf(kind));
    }
    if (regular && static_cast<std::size_t>(st.st_size) > limit) {
        closeFd();
        return tooLarge(name, static_cast<std::size_t>(st.st_size), kind, false);
    }
    // Back to blocking reads: a pipe's writer may be slower than we are.
    if (!useStdin && !fifoAsked)
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    std::string out;
    if (regular)
        out.reserve(static_cast<std::size_t>(st.st_size) + options.padding);
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int err = errno;
            closeFd();
            return fail(name, std::string("cannot read: ") + std::strerror(err));
        }
        if (n == 0)
            break;
        if (out.size() + static_cast<std::size_t>(n) > limit) {
            closeFd();
            return tooLarge(name, limit, kind, true);
        }
        out.append(buffer, static_cast<std::size_t>(n));
    }
    closeFd();
    // A leading byte order mark (some Windows editors write one) is never content.
    out.erase(0, out.size() - withoutByteOrderMark(out).size());
    out.reserve(out.size() + options.padding);
    return out;
}

} // namespace tessera::codec
