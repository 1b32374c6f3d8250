// tessera launch: a work list as an Indexed Job on a cluster (a ConfigMap with the items plus the
// Job; see core/launch), or, with --output yaml, the manifests printed instead of created.
#include "../CliArgs.h"
#include "../Commands.h"
#include "codec/ManifestValidation.h"
#include "engine/IndexSet.h"
#include "kube/ApiClient.h"
#include "kube/Kubeconfig.h"
#include "launch/ClusterLauncher.h"
#include "launch/LaunchGenerator.h"
#include "report/TranslationLoader.h"
#include "worklist/WorkListFormats.h"

#include <QCoreApplication>
#include <charconv>
#include <cstdio>
#include <limits>
#include <vector>

namespace tessera::app {

namespace {

constexpr const char* kName = "launch";

class LaunchCommand {
    Q_DECLARE_TR_FUNCTIONS(LaunchCommand)
public:
    static QString help() {
        return tr(
            "Usage: tessera launch WORKLIST --image IMAGE [OPTIONS]\n"
            "\n"
            "Launches a work list as a Kubernetes Indexed Job: a ConfigMap NAME-items holds the\n"
            "items (one key per index and field) and every pod runs a small POSIX sh wrapper that\n"
            "picks its item by JOB_COMPLETION_INDEX, so quotes, spaces and $ in items are safe.\n"
            "The ConfigMap is owned by the Job: deleting the Job deletes it. Lists larger than a\n"
            "ConfigMap can hold (1 MiB) are refused.\n"
            "\n"
            "Options:\n"
            "  --image IMAGE                 container image (it needs /bin/sh; busybox works)\n"
            "  --command TEMPLATE            command for items that carry none (CSV, YAML lists);\n"
            "                                it sees the item's variables and "
            "JOB_COMPLETION_INDEX\n"
            "  --name NAME                   Job name, a DNS label (default: from WORKLIST)\n"
            "  -j, --parallelism N           pods at once (default 1)\n"
            "  --backoff-limit N             failed pods allowed in total (default: none)\n"
            "  --backoff-limit-per-index N   failed pods allowed per index (default: 2 when\n"
            "                                neither limit is given, so one bad item never\n"
            "                                stops the others)\n"
            "  --max-failed-indexes N        with --backoff-limit-per-index\n"
            "  --success-indexes LIST        successPolicy: these indexes suffice (\"0,5-9\")\n"
            "  --success-count N             successPolicy: this many (of LIST) suffice\n"
            "  --active-deadline S           activeDeadlineSeconds\n"
            "  --indexes LIST                run only these work-list indexes (a re-run); the\n"
            "                                Job records the original index of each new one\n"
            "  --format FORMAT               how to read WORKLIST: lines, csv, furiko or jsonl\n"
            "                                (default: by extension, content)\n"
            "  --context C                   kubeconfig context (default: the current one)\n"
            "  -n, --namespace NS            namespace (default: the context's)\n"
            "  --kubeconfig FILE             instead of $KUBECONFIG / ~/.kube/config\n"
            "  --output yaml                 print the manifests instead of creating them\n"
            "  -h, --help                    show this help\n");
    }
};

std::string text(const QString& s) {
    return s.toStdString();
}

// "" on success, else the usage error.
std::string integerOption(const ParsedArgs& args, const char* name, int64_t min, int64_t max,
                          std::optional<int64_t>& out) {
    const auto v = args.value(name);
    if (!v)
        return {};
    const std::optional<int64_t> n = parseInteger(*v, min, max);
    if (!n)
        return text(LaunchCommand::tr("--%1: expected an integer from %2 to %3, got '%4'")
                        .arg(QString::fromUtf8(name), QString::number(min), QString::number(max),
                             QString::fromStdString(*v)));
    out = *n;
    return {};
}

// The generated Job through the API server's gate (codec/ManifestValidation.h), as every path
// that accepts a Job: "" when a cluster would take it, else every problem, one a line.
std::string refusal(const launch::LaunchManifests& manifests) {
    const auto problems = codec::validateJobManifest(manifests.job.toJson());
    if (problems.empty())
        return {};
    std::string out = text(LaunchCommand::tr("the API server would reject this Job:"));
    for (const engine::Error& e : problems)
        out += "\n  " + e.describe();
    return out;
}

} // namespace

int runLaunch(int argc, char** argv) {
    int qtArgc = 1;
    char* qtArgv[] = {argv[0], nullptr};
    QCoreApplication app(qtArgc, qtArgv);
    report::TranslationLoader::install(app);

    const ParsedArgs args =
        parseArgs(argc, argv, {{"-n", "--namespace"}, {"-j", "--parallelism"}, {"-o", "--output"}},
                  {{"image", true},
                   {"command", true},
                   {"name", true},
                   {"parallelism", true},
                   {"backoff-limit", true},
                   {"backoff-limit-per-index", true},
                   {"max-failed-indexes", true},
                   {"success-indexes", true},
                   {"success-count", true},
                   {"active-deadline", true},
                   {"indexes", true},
                   {"format", true},
                   {"context", true},
                   {"namespace", true},
                   {"kubeconfig", true},
                   {"output", true}});
    if (!args.error.empty())
        return usageError(kName, args.error);
    if (args.help) {
        std::fputs(LaunchCommand::help().toUtf8().constData(), stdout);
        return kExitOk;
    }
    if (args.positionals.size() != 1)
        return usageError(kName, text(LaunchCommand::tr("expected one work list")));
    const auto image = args.value("image");
    if (!image || image->empty())
        return usageError(kName, text(LaunchCommand::tr("--image is required")));
    const auto output = args.value("output");
    if (output && *output != "yaml")
        return usageError(kName,
                          text(LaunchCommand::tr("--output: only 'yaml' is supported, got '%1'")
                                   .arg(QString::fromStdString(*output))));

    constexpr int64_t kMax32 = std::numeric_limits<int32_t>::max();
    std::optional<int64_t> parallelism, backoffLimit, perIndex, maxFailed, successCount, deadline;
    for (const std::string& e :
         {integerOption(args, "parallelism", 0, kMax32, parallelism),
          integerOption(args, "backoff-limit", 0, kMax32, backoffLimit),
          integerOption(args, "backoff-limit-per-index", 0, kMax32, perIndex),
          integerOption(args, "max-failed-indexes", 0, kMax32, maxFailed),
          integerOption(args, "success-count", 1, kMax32, successCount),
          integerOption(args, "active-deadline", 1, std::numeric_limits<int64_t>::max(), deadline)})
        if (!e.empty())
            return usageError(kName, e);

    // The work list.
    const std::string& path = args.positionals[0];
    worklist::LoadOptions load;
    if (const auto c = args.value("command"))
        load.command = *c;
    if (const auto f = args.value("format")) {
        const auto format = worklist::formatFromName(*f);
        if (!format)
            return usageError(kName, text(LaunchCommand::tr("--format: expected %1, got '%2'")
                                              .arg(QString::fromStdString(worklist::formatNames()),
                                                   QString::fromStdString(*f))));
        load.format = *format;
    }
    auto list = worklist::loadWorkList(path, load);
    if (!list.ok())
        return failure(kName, list.error().describe());
    if (const auto c = args.value("command"); c && list->hasItemCommands())
        return usageError(
            kName, text(LaunchCommand::tr("--command: the items of %1 carry their own commands")
                            .arg(QString::fromStdString(path))));

    launch::LaunchSpec spec;
    spec.name = args.value("name").value_or(launch::LaunchGenerator::nameFromFile(path));
    spec.image = *image;
    spec.parallelism = static_cast<int32_t>(parallelism.value_or(1));
    // A work list's defaults (per-index retries, no job-wide limit) unless a limit is given.
    const launch::RetryLimits limits = launch::workListRetryLimits(
        backoffLimit ? std::optional<int32_t>(static_cast<int32_t>(*backoffLimit)) : std::nullopt,
        perIndex ? std::optional<int32_t>(static_cast<int32_t>(*perIndex)) : std::nullopt);
    spec.backoffLimit = limits.backoffLimit;
    spec.backoffLimitPerIndex = limits.backoffLimitPerIndex;
    if (maxFailed)
        spec.maxFailedIndexes = static_cast<int32_t>(*maxFailed);
    if (deadline)
        spec.activeDeadlineSeconds = *deadline;
    const auto successIndexes = args.value("success-indexes");
    if (successIndexes || successCount) {
        engine::SuccessPolicyRule rule;
        if (successIndexes)
            rule.succeededIndexes = *successIndexes;
        if (successCount)
            rule.succeededCount = static_cast<int32_t>(*successCount);
        spec.successPolicy = engine::SuccessPolicy{{rule}};
    }
    if (const auto v = args.value("indexes")) {
        const auto set = engine::IndexSet::parseStrict(*v, list->size());
        if (!set.ok())
            return usageError(kName,
                              text(LaunchCommand::tr("--indexes: %1 (the work list has %2 items)")
                                       .arg(QString::fromStdString(set.error().describe()),
                                            QString::number(list->size()))));
        for (const int32_t i : *set)
            spec.subset.push_back(i);
    }
    // The success policy as the API server checks it (spec.successPolicy.rules[0]), against the
    // completions the job will have: printing a Job a cluster then refuses helps no one.
    const int32_t completions =
        spec.subset.empty() ? list->size() : static_cast<int32_t>(spec.subset.size());
    if (successIndexes) {
        if (successIndexes->empty())
            return usageError(kName, text(LaunchCommand::tr("--success-indexes: empty; give the "
                                                            "indexes that suffice, like 0,5-9")));
        const auto set = engine::IndexSet::parseStrict(*successIndexes, completions);
        if (!set.ok())
            return usageError(
                kName,
                text(LaunchCommand::tr("--success-indexes: %1 in '%2' (the job has %3 "
                                       "completions: indexes 0 to %4)")
                         .arg(QString::fromStdString(set.error().describe()),
                              QString::fromStdString(*successIndexes), QString::number(completions),
                              QString::number(completions - 1))));
        if (successCount && *successCount > set->count())
            return usageError(kName, text(LaunchCommand::tr("--success-count: %1 is more than the "
                                                            "%2 indexes of --success-indexes")
                                              .arg(QString::number(*successCount),
                                                   QString::number(set->count()))));
    }
    if (successCount && *successCount > completions)
        return usageError(
            kName, text(LaunchCommand::tr("--success-count: %1 is more than the job's %2 "
                                          "completions")
                            .arg(QString::number(*successCount), QString::number(completions))));

    // The namespace goes into the manifests only when given; the context's applies otherwise.
    if (const auto ns = args.value("namespace"))
        spec.namespace_ = *ns;
    if (output) {
        const auto manifests = launch::LaunchGenerator::generate(spec, *list);
        if (!manifests.ok())
            return failure(kName, manifests.error().message);
        if (const std::string refused = refusal(*manifests); !refused.empty())
            return failure(kName, refused);
        return writeStdout(kName, manifests->yaml()) ? kExitOk : kExitFailure;
    }

    kube::Kubeconfig::LoadOptions options;
    if (const auto v = args.value("kubeconfig"))
        options.explicitFile = QString::fromStdString(*v);
    const auto config = kube::Kubeconfig::load(options);
    if (!config.ok())
        return failure(kName, config.error().describe());
    auto connection = config->resolve(QString::fromStdString(args.value("context").value_or("")),
                                      QString::fromStdString(spec.namespace_));
    if (!connection.ok())
        return failure(kName, connection.error().describe());
    if (const auto warning = connection->plainHttpCredentialWarning())
        std::fprintf(stderr, "tessera launch: warning: %s\n", qPrintable(*warning));
    const QString ns = connection->namespace_;
    spec.namespace_ = ns.toStdString();
    const auto manifests = launch::LaunchGenerator::generate(spec, *list);
    if (!manifests.ok())
        return failure(kName, manifests.error().message);
    if (const std::string refused = refusal(*manifests); !refused.empty())
        return failure(kName, refused);

    kube::ApiClient client(std::move(*connection));
    std::optional<engine::Result<launch::LaunchedJob>> result;
    launch::ClusterLauncher::launch(client, ns, *manifests, &app,
                                    [&](engine::Result<launch::LaunchedJob> r) {
                                        result.emplace(std::move(r));
                                        QCoreApplication::quit();
                                    });
    if (!result)
        app.exec();
    if (!result || !result->ok())
        return failure(kName, result ? result->error().message : std::string("interrupted"));
    std::printf("%s\n",
                LaunchCommand::tr("job %1/%2 created (%3 indexes, uid %4); items in ConfigMap %5")
                    .arg(ns, QString::fromStdString((*result)->name),
                         QString::number(manifests->completions),
                         QString::fromStdString((*result)->uid),
                         QString::fromStdString(manifests->configMapName))
                    .toUtf8()
                    .constData());
    return kExitOk;
}

} // namespace tessera::app
