// tessera run WORKLIST: run a work list on this machine as an Indexed Job (local::LocalRunner).
#include "../CliArgs.h"
#include "../Commands.h"
#include "engine/IndexSet.h"
#include "launch/LaunchSpec.h"
#include "local/LocalRunner.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTimer>
#include <algorithm>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <map>
#include <optional>
#include <sys/ioctl.h>
#include <unistd.h>

namespace tessera::app {

namespace {

constexpr const char* kName = "run";

constexpr const char* kHelp =
    R"(Usage: tessera run [OPTIONS] WORKLIST
       tessera run --per-completion-env KEY=VALUES... --command CMD [OPTIONS]
       tessera run --resume RUN_DIR [--kill-survivors] [-j N]

Runs every item of a work list as one completion index of an Indexed Job on this machine: one
process per attempt in its own process group (a command of plain words is executed directly,
anything else by /bin/sh -c), with the Kubernetes job controller's
rules for retries and limits, parallelism you can change while it runs (tessera ctl), a live
scoreboard, and a journal in the run directory that lets --resume continue after a crash.

Work lists: one shell command per line (blank lines and # comments skipped); CSV with a header
(each column a variable; a TESSERA_COMMAND column is the command); YAML with withCount, withKeys
or withMatrix (Furiko style) and an optional command; JSON Lines (.jsonl: one object per line,
its keys the variables, TESSERA_COMMAND the command); or --per-completion-env lists.
Each item sees JOB_COMPLETION_INDEX, TESSERA_JOB_NAME, TESSERA_POD_HOSTNAME ($(job)-$(index)),
TESSERA_ATTEMPT, TESSERA_RUN_DIR and its own variables.

Options:
  -j, --parallelism N          items at once (default 2)
  --run-dir DIR                the run directory (default: a new one under
                               $XDG_DATA_HOME/tessera/runs, printed at start)
  --name NAME                  job name (default: from the work list's file name)
  --command CMD                command line for items that have none (CSV, YAML, templates)
  --per-completion-env KEY=@FILE | KEY="a b c"
                               a per-index variable (repeatable; all lists the same length)
  --format FORMAT              how to read WORKLIST: lines, csv, furiko (or yaml) or jsonl
                               (default: by extension and content)
  --job JOB.yaml               take name, parallelism, backoffLimit(PerIndex), maxFailedIndexes,
                               activeDeadlineSeconds, podFailurePolicy and successPolicy from a
                               batch/v1 Job manifest (options given here win)
  --backoff-limit N            failed attempts allowed in total (default: none; with --job
                               the manifest's, else 6)
  --backoff-limit-per-index N  failed attempts allowed per index (default 2 when neither
                               limit is given and no --job, so one bad item never stops
                               the others)
  --max-failed-indexes N       with --backoff-limit-per-index: fail the job beyond N
  --active-deadline S          fail the job after S seconds
  --backoff-scale F            multiply the retry delays (10 s doubling, max 10 min) by F
  --halt never|now,fail=N|soon,fail=N
                               after N failed attempts: stop everything now, or start nothing
                               new and let running items finish
  --log-cap BYTES              per-attempt log size cap (default 8388608)
  --grace MS                   SIGTERM to SIGKILL delay on cancel (default 5000)
  --resume                     continue the run in RUN_DIR (first waits for items the dead
                               runner left running, reads their exit status)
  --kill-survivors             with --resume: stop those items instead of waiting
  --quiet                      no progress output
  -h, --help                   show this help

If the run cannot be recorded (its disk is full: a journal, ledger or log write fails), no new
item starts; the running ones finish and are recorded from space reserved for them, then tessera
names the file and the reason and exits 1. --resume continues once there is room again, and runs
nothing that finished. A damaged journal is never guessed at: --resume names the bad record's line
and starts nothing.

Exit status: 0 the job completed, 3 it failed, was cancelled or halted, 1 bad input or the run
could not be recorded, 2 usage.
)";

constexpr int kExitJobFailed = 3;

int g_signalPipe[2] = {-1, -1};

void onSignal(int) {
    const char c = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &c, 1);
}

std::string formatSeconds(double s) {
    char buf[32];
    if (s < 0)
        return "?";
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%.1fs", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s) / 60,
                      static_cast<int>(s) % 60);
    else
        std::snprintf(buf, sizeof buf, "%dh%02dm", static_cast<int>(s) / 3600,
                      static_cast<int>(s) / 60 % 60);
    return buf;
}

std::string clip(std::string s, std::size_t width) {
    if (s.size() > width)
        s = s.substr(0, width > 3 ? width - 3 : 0) + "...";
    return s;
}

std::string scoreboard(const local::LocalProgress& p, const std::string& name) {
    std::string line = "[" + name + "] " + std::to_string(p.succeeded) + "/" +
                       std::to_string(p.completions) + " done, active " + std::to_string(p.active) +
                       "/" + std::to_string(p.parallelism);
    if (p.failedAttempts > 0)
        line += ", failed attempts " + std::to_string(p.failedAttempts);
    if (p.failedIndexes > 0)
        line += ", failed indexes " + p.failedIndexesText;
    line += ", elapsed " + formatSeconds(p.elapsedSeconds);
    if (p.etaSeconds >= 0)
        line += ", ETA " + formatSeconds(p.etaSeconds);
    line += ", completed " + (p.completedIndexes.empty() ? "-" : p.completedIndexes);
    return line;
}

void printSummary(const local::LocalRunner& runner, const local::LocalProgress& p) {
    std::printf("%s%s%s after %s: %d/%d indexes succeeded, %d failed attempts, %d failed "
                "indexes\n",
                p.outcome.c_str(), p.reason.empty() ? "" : " (",
                p.reason.empty() ? "" : (p.reason + ")").c_str(),
                formatSeconds(p.elapsedSeconds).c_str(), p.succeeded, p.completions,
                p.failedAttempts, p.failedIndexes);
    if (!p.message.empty())
        std::printf("  %s\n", p.message.c_str());
    std::printf("completed indexes: %s\n",
                p.completedIndexes.empty() ? "-" : p.completedIndexes.c_str());
    if (!p.failedIndexesText.empty())
        std::printf("failed indexes: %s\n", p.failedIndexesText.c_str());

    // Every attempt of the run (before a resume too): the slowest, and the indexes that failed.
    std::vector<const engine::Attempt*> all;
    for (const engine::Attempt& a : runner.priorAttempts())
        all.push_back(&a);
    for (const engine::Attempt& a : runner.attempts())
        all.push_back(&a);
    std::vector<const engine::Attempt*> timed;
    for (const engine::Attempt* a : all)
        if (a->duration())
            timed.push_back(a);
    const std::size_t show = std::min<std::size_t>(5, timed.size());
    std::partial_sort(timed.begin(), timed.begin() + static_cast<std::ptrdiff_t>(show), timed.end(),
                      [](const engine::Attempt* a, const engine::Attempt* b) {
                          return *a->duration() > *b->duration();
                      });
    if (show > 0) {
        std::printf("slowest:");
        for (std::size_t k = 0; k < show; ++k)
            std::printf("%s index %d (%s)", k ? "," : "", timed[k]->index,
                        formatSeconds(engine::toSeconds(*timed[k]->duration())).c_str());
        std::printf("\n");
    }
    const engine::IndexSet completed =
        engine::IndexSet::parseLenient(p.completedIndexes, p.completions);
    std::map<int32_t, const engine::Attempt*> lastFailure;
    std::map<int32_t, int> failures;
    for (const engine::Attempt* a : all)
        if (a->outcome == engine::AttemptOutcome::Failed && !completed.contains(a->index)) {
            lastFailure[a->index] = a;
            ++failures[a->index];
        }
    if (!lastFailure.empty()) {
        std::printf("failed:");
        int shown = 0;
        for (const auto& [index, a] : lastFailure) {
            if (++shown > 10) {
                std::printf(" ... (%zu in all)", lastFailure.size());
                break;
            }
            // An attempt that could not start says why (exit 127, as from a shell).
            const std::string how =
                a->signal
                    ? "signal " + std::to_string(*a->signal)
                    : "exit " + std::to_string(a->exitCode.value_or(-1)) +
                          (a->reason == "StartError" && !a->message.empty() ? ": " + a->message
                                                                            : std::string());
            std::printf("%s index %d (%s, %d attempt%s, log %s)", shown > 1 ? "," : "", index,
                        how.c_str(), failures[index], failures[index] == 1 ? "" : "s",
                        local::RunDirectory(runner.runDir()).logPath(index, a->number).c_str());
        }
        std::printf("\n");
    }
    std::printf("run directory: %s\n", runner.runDir().c_str());
    std::fflush(stdout);
}

} // namespace

int runRun(int argc, char** argv) {
    // -j N / -jN and the repeatable --per-completion-env are taken out before the shared parser.
    std::vector<std::string> perCompletionEnv;
    std::vector<std::string> rewritten;
    for (int i = 0; i < argc; ++i) {
        std::string a = argv[i];
        if (i > 0 && a == "-j")
            a = "--parallelism";
        else if (i > 0 && a.rfind("-j", 0) == 0 && a.size() > 2 && a[2] != '-')
            a = "--parallelism=" + a.substr(2);
        else if (a == "--per-completion-env" && i + 1 < argc) {
            perCompletionEnv.emplace_back(argv[++i]);
            continue;
        } else if (a.rfind("--per-completion-env=", 0) == 0) {
            perCompletionEnv.push_back(a.substr(21));
            continue;
        }
        rewritten.push_back(a);
    }
    std::vector<char*> args;
    args.reserve(rewritten.size());
    for (std::string& a : rewritten)
        args.push_back(a.data());
    const ParsedArgs parsed = parseArgs(static_cast<int>(args.size()), args.data(),
                                        {{"parallelism", true},
                                         {"run-dir", true},
                                         {"name", true},
                                         {"command", true},
                                         {"format", true},
                                         {"backoff-limit", true},
                                         {"backoff-limit-per-index", true},
                                         {"max-failed-indexes", true},
                                         {"active-deadline", true},
                                         {"backoff-scale", true},
                                         {"halt", true},
                                         {"log-cap", true},
                                         {"grace", true},
                                         {"resume", false},
                                         {"kill-survivors", false},
                                         {"quiet", false},
                                         {"job", true}});
    if (!parsed.error.empty())
        return usageError(kName, parsed.error);
    if (parsed.help) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }

    local::RunOptions options;
    options.resume = parsed.has("resume");
    options.killSurvivors = parsed.has("kill-survivors");
    options.config.parallelism = options.resume ? 0 : -1; // -1: the manifest's, else 2
    if (options.resume) {
        if (parsed.positionals.size() != 1)
            return usageError(kName, "--resume needs exactly one RUN_DIR");
        options.runDir = parsed.positionals[0];
    } else {
        if (parsed.positionals.size() > 1)
            return usageError(kName, "expected one WORKLIST");
        if (parsed.positionals.empty() && perCompletionEnv.empty())
            return usageError(kName, "expected a WORKLIST (or --per-completion-env lists)");
        if (!parsed.positionals.empty())
            options.workListPath = parsed.positionals[0];
        options.runDir = parsed.value("run-dir").value_or("");
    }
    auto intOption = [&](const char* name, auto& target, long long min) -> std::string {
        const auto v = parsed.value(name);
        if (!v)
            return {};
        using Target = std::remove_reference_t<decltype(target)>;
        const long long max = std::numeric_limits<Target>::max();
        const std::optional<int64_t> n = parseInteger(*v, min, max);
        if (!n)
            return "--" + std::string(name) + ": expected an integer from " + std::to_string(min) +
                   " to " + std::to_string(max) + ", got '" + *v + "'";
        target = static_cast<Target>(*n);
        return {};
    };
    int32_t backoffLimitValue = 0, perIndexValue = 0, maxFailedValue = 0;
    int64_t deadlineValue = 0;
    for (const std::string& e : {intOption("parallelism", options.config.parallelism, 0),
                                 intOption("backoff-limit", backoffLimitValue, 0),
                                 intOption("backoff-limit-per-index", perIndexValue, 0),
                                 intOption("max-failed-indexes", maxFailedValue, 0),
                                 intOption("active-deadline", deadlineValue, 1),
                                 intOption("log-cap", options.config.logCapBytes, 0),
                                 intOption("grace", options.config.graceMillis, 0)})
        if (!e.empty())
            return usageError(kName, e);
    if (parsed.has("backoff-limit"))
        options.config.backoffLimit = backoffLimitValue;
    if (parsed.has("backoff-limit-per-index"))
        options.config.backoffLimitPerIndex = perIndexValue;
    if (!options.resume && !parsed.has("job")) {
        // A work list's defaults (per-index retries, no job-wide limit), as the Launch dialog's;
        // a manifest (--job) keeps its own limits and the Kubernetes defaults, and a resumed run
        // the limits it was started with.
        const launch::RetryLimits limits = launch::workListRetryLimits(
            options.config.backoffLimit, options.config.backoffLimitPerIndex);
        options.config.backoffLimit = limits.backoffLimit;
        options.config.backoffLimitPerIndex = limits.backoffLimitPerIndex;
    }
    if (parsed.has("max-failed-indexes")) {
        if (!parsed.has("backoff-limit-per-index"))
            return usageError(kName, "--max-failed-indexes needs --backoff-limit-per-index");
        options.config.maxFailedIndexes = maxFailedValue;
    }
    if (parsed.has("active-deadline"))
        options.config.activeDeadlineSeconds = deadlineValue;
    if (const auto v = parsed.value("backoff-scale")) {
        const std::optional<double> scale = parseNumber(*v, 0);
        if (!scale)
            return usageError(kName, "--backoff-scale: expected a number >= 0, got '" + *v + "'");
        options.config.backoffScale = *scale;
    }
    if (const auto v = parsed.value("halt"))
        options.config.halt = *v;
    if (const auto v = parsed.value("name"))
        options.config.name = *v;
    if (const auto v = parsed.value("job"))
        options.jobManifestPath = *v;
    if (const auto v = parsed.value("command"))
        options.loadOptions.command = *v;
    if (const auto v = parsed.value("format")) {
        const auto format = worklist::formatFromName(*v);
        if (!format)
            return usageError(kName, "--format: expected " + worklist::formatNames() + ", got '" +
                                         *v + "'");
        options.loadOptions.format = *format;
    }
    options.loadOptions.perCompletionEnv = perCompletionEnv;
    const bool quiet = parsed.has("quiet");

    int qargc = 1;
    char qname[] = "tessera";
    char* qargv[] = {qname, nullptr};
    QCoreApplication app(qargc, qargv);
    local::LocalRunner runner(options);
    QObject::connect(&runner, &local::LocalRunner::noticed, &runner, [](const QString& m) {
        std::fprintf(stderr, "tessera run: %s\n", m.toLocal8Bit().constData());
    });
    auto prepared = runner.prepare();
    if (!prepared.ok()) {
        const engine::Error& e = prepared.error();
        if (options.resume && e.line >= 0 &&
            e.field == local::RunDirectory(options.runDir).journalPath())
            return failure(kName, e.describe() +
                                      "\nnot resuming: a damaged journal cannot tell which items "
                                      "finished, and guessing would run them again or skip "
                                      "them; nothing was started");
        return failure(kName, e.describe());
    }
    // A directory the window prepared (createRun) is "resumed" before anything ran: say starting.
    const bool resuming = options.resume && !runner.priorAttempts().empty();
    std::fprintf(stderr, "tessera run: %s %s, %d items, run directory %s\n",
                 resuming ? "resuming" : "starting", runner.config().name.c_str(),
                 runner.workList().size(), runner.runDir().c_str());

    // SIGINT/SIGTERM/SIGHUP cancel the run (the items are in their own groups and would not see
    // a terminal's Ctrl-C); a second one kills at once.
    if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return failure(kName, "cannot create a pipe");
    struct sigaction sa {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    for (const int s : {SIGINT, SIGTERM, SIGHUP})
        ::sigaction(s, &sa, nullptr);
    ::signal(SIGPIPE, SIG_IGN);
    int signalCount = 0;
    QSocketNotifier signalNotifier(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&signalNotifier, &QSocketNotifier::activated, &runner, [&] {
        char buf[16];
        while (::read(g_signalPipe[0], buf, sizeof buf) > 0)
            ++signalCount;
        std::fprintf(stderr, "\ntessera run: %s\n",
                     signalCount > 1 ? "killing the items" : "cancelling (again to kill at once)");
        if (signalCount > 1)
            runner.kill();
        else
            runner.cancel();
    });

    const bool tty = ::isatty(STDERR_FILENO) != 0;
    std::string lastLine;
    double lastPrinted = -10;
    const std::string name = runner.config().name;
    QObject::connect(
        &runner, &local::LocalRunner::progressed, &runner, [&](const local::LocalProgress& p) {
            if (quiet)
                return;
            const std::string line = scoreboard(p, name);
            if (tty) {
                winsize ws{};
                const std::size_t width =
                    ::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10 ? ws.ws_col - 1
                                                                                   : 119;
                std::fprintf(stderr, "\r\033[K%s", clip(line, width).c_str());
                std::fflush(stderr);
            } else if (line != lastLine && (p.elapsedSeconds - lastPrinted >= 1.0 || p.finished)) {
                std::fprintf(stderr, "%s\n", clip(line, 400).c_str());
                lastPrinted = p.elapsedSeconds;
            }
            lastLine = line;
        });
    std::string error;
    QObject::connect(&runner, &local::LocalRunner::errorOccurred, &runner, [&](const QString& m) {
        error = m.toStdString();
        app.exit(kExitFailure);
    });
    local::LocalProgress final;
    QObject::connect(&runner, &local::LocalRunner::finished, &runner,
                     [&](const local::LocalProgress& p) {
                         final = p;
                         app.exit(0);
                     });
    QTimer::singleShot(0, &runner, &local::LocalRunner::start);
    app.exec();
    if (!error.empty())
        return failure(kName, error);
    if (tty && !quiet)
        std::fprintf(stderr, "\n");
    printSummary(runner, final);
    return final.state == engine::JobState::Complete ? kExitOk : kExitJobFailed;
}

} // namespace tessera::app
