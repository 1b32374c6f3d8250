#pragma once
// The PATH of the user's login shell. A desktop session often starts apps with a PATH that lacks
// what ~/.profile, ~/.bash_profile or ~/.zprofile add (Homebrew, ~/.local/bin, cloud SDKs), so
// credential plugins that work in a terminal are "not found" in desktop apps (lensapp/lens#878,
// headlamp#266). We ask `$SHELL -lc` once per process, with a timeout, and search that PATH too.
//
// Asynchronous (QProcess with signals, no blocking wait), so it can run on any thread with an
// event loop; the answer is cached for the process.
#include <QObject>
#include <QStringList>
#include <chrono>
#include <functional>

namespace tessera::kube {

class LoginShellPath {
public:
    // Calls `done` in `context`'s thread with the login shell's PATH entries (empty when the
    // shell failed or timed out; the reason goes to lastError()). Runs the shell at most once
    // at a time per call site; answers from the cache once known.
    static void fetch(QObject* context, const std::function<void(const QStringList&)>& done);

    // The cached entries, if resolved.
    static bool cached(QStringList* entries);
    static QString lastError();

    // Tests: forget the cached answer; change the timeout (default 5 s).
    static void reset();
    static void setTimeout(std::chrono::milliseconds timeout);
};

} // namespace tessera::kube
