// tessera report: a completion report (HTML, PDF, CSV or JSON) of a local run, a cluster or demo
// Job, or a dry-run of a Job manifest. The work is done by core/report; this file only gathers
// the input and prints the outcome.
#include "../CliArgs.h"
#include "../Commands.h"
#include "engine/Simulation.h"
#include "kube/ApiClient.h"
#include "kube/Kubeconfig.h"
#include "report/ClusterReportLoader.h"
#include "report/DryRunReportInput.h"
#include "report/LocalReportInput.h"
#include "report/ReportBuilder.h"
#include "report/ReportWriter.h"
#include "report/TranslationLoader.h"
#include "store/ClusterReportInput.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <atomic>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <unistd.h>
#include <vector>

namespace tessera::app {

namespace {

constexpr const char* kName = "report";

// Raised by SIGINT/SIGTERM: the writers stop at the next row and no file is left behind.
std::atomic<bool> g_cancel{false};

extern "C" void onInterrupt(int) {
    g_cancel.store(true);
}

class ReportCommand {
    Q_DECLARE_TR_FUNCTIONS(ReportCommand)
public:
    static QString help() {
        return tr("Usage: tessera report --source SOURCE [OPTIONS] TARGET\n"
                  "\n"
                  "Writes a completion report of an Indexed Job: identity, spec, outcome and\n"
                  "conditions, completed and failed indexes in full, a per-index table (index,\n"
                  "status, attempts, hostname, node, start, end, duration, exit code, reason),\n"
                  "the slowest indexes, p50/p90/p99 durations and charts.\n"
                  "\n"
                  "Sources:\n"
                  "  --source local RUN_DIR          a local run (its run directory)\n"
                  "  --source CONTEXT JOB            a Job in a kubeconfig context (or a demo\n"
                  "                                  server), with --namespace\n"
                  "  --source simulate JOB.yaml      a dry-run of a Job manifest (a forecast)\n"
                  "\n"
                  "Options:\n"
                  "  --format html|pdf|csv|json      default: from the -o extension, else html\n"
                  "  -o, --output FILE               default: JOB-report.FORMAT; - for standard\n"
                  "                                  output (not for pdf)\n"
                  "  -n, --namespace NS              cluster namespace (default: the context's)\n"
                  "  --kubeconfig FILE               instead of $KUBECONFIG / ~/.kube/config\n"
                  "  --seed N                        simulate: random seed (default 1)\n"
                  "  --duration D|uniform:A..B       simulate: pod run time (default 30s)\n"
                  "  --fail-rate P                   simulate: probability an attempt fails\n"
                  "  -h, --help                      show this help\n"
                  "\n"
                  "The report is written to a temporary file and renamed when complete; Ctrl+C\n"
                  "cancels it and leaves nothing behind.\n");
    }
};

std::string text(const QString& s) {
    return s.toStdString();
}

// A dry-run of a manifest (report::dryRunReportInput) with the simulation options given.
// `refused`: the Job is valid but above the dry-run limit (the command then exits 2).
engine::Result<report::ReportInput> simulateInput(const std::string& path, const ParsedArgs& args,
                                                  bool& refused) {
    auto fail = [](const std::string& message) {
        engine::Error e;
        e.message = message;
        return engine::Result<report::ReportInput>(std::move(e));
    };
    engine::SimulationConfig cfg;
    if (const auto v = args.value("seed")) {
        uint64_t seed = 0;
        const auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), seed);
        if (ec != std::errc() || end != v->data() + v->size())
            return fail(text(ReportCommand::tr("--seed: expected a non-negative integer, got '%1'")
                                 .arg(QString::fromStdString(*v))));
        cfg.seed = seed;
    }
    if (const auto v = args.value("duration")) {
        const std::string_view spec = *v;
        bool ok = false;
        if (spec.starts_with("uniform:")) {
            const auto dots = spec.find("..");
            if (dots != std::string_view::npos) {
                const auto lo = parseDuration(spec.substr(8, dots - 8));
                const auto hi = parseDuration(spec.substr(dots + 2));
                if (lo && hi && *lo <= *hi) {
                    cfg.duration.kind = engine::DurationModel::Kind::Uniform;
                    cfg.duration.min = *lo;
                    cfg.duration.max = *hi;
                    ok = true;
                }
            }
        } else if (const auto d = parseDuration(spec)) {
            cfg.duration.fixed = *d;
            ok = true;
        }
        if (!ok)
            return fail(
                text(ReportCommand::tr("--duration: expected 30s or uniform:10s..60s, got '%1'")
                         .arg(QString::fromStdString(*v))));
    }
    if (const auto v = args.value("fail-rate")) {
        const std::optional<double> p = parseNumber(*v, 0, 1);
        if (!p)
            return fail(text(
                ReportCommand::tr("--fail-rate: expected a probability between 0 and 1, got '%1'")
                    .arg(QString::fromStdString(*v))));
        cfg.failures.probability = *p;
    }
    report::DryRunReportInput dryRun = report::dryRunReportInput(path, std::move(cfg));
    refused = dryRun.refused;
    return std::move(dryRun.input);
}

engine::Result<report::ReportInput> clusterInput(QCoreApplication& app, const std::string& context,
                                                 const ParsedArgs& args, const std::string& job) {
    kube::Kubeconfig::LoadOptions options;
    if (const auto v = args.value("kubeconfig"))
        options.explicitFile = QString::fromStdString(*v);
    const auto config = kube::Kubeconfig::load(options);
    if (!config.ok())
        return config.error();
    QString ns;
    if (const auto v = args.value("namespace"))
        ns = QString::fromStdString(*v);
    auto connection = config->resolve(QString::fromStdString(context), ns);
    if (!connection.ok())
        return connection.error();
    if (const auto warning = connection->plainHttpCredentialWarning())
        std::fprintf(stderr, "tessera report: warning: %s\n", qPrintable(*warning));
    const QString effectiveNamespace = connection->namespace_;
    // The window records every attempt it sees under the server's URL (ClusterSource).
    const QString historyKey = store::historyClusterKey(QString(), connection->server.toString());
    kube::ApiClient client(std::move(*connection));
    std::optional<engine::Result<report::ReportInput>> result;
    report::ClusterReportLoader::load(client, effectiveNamespace, QString::fromStdString(job), &app,
                                      [&](engine::Result<report::ReportInput> r) {
                                          result.emplace(std::move(r));
                                          QCoreApplication::quit();
                                      });
    if (!result)
        app.exec();
    if (!result) {
        engine::Error e;
        e.message = text(ReportCommand::tr("interrupted"));
        return e;
    }
    // Pods the API no longer has but the window recorded: the report counts what the window's
    // Export counts.
    if (result->ok())
        if (auto added = store::addRecordedAttemptsFrom(result->value(),
                                                        store::History::defaultPath(), historyKey);
            !added)
            std::fprintf(stderr,
                         "tessera report: warning: %s (attempts of deleted pods are left out)\n",
                         added.error().message.c_str());
    return std::move(*result);
}

} // namespace

int runReport(int argc, char** argv) {
    // A Qt application for translations, fonts (the PDF writer) and the event loop (cluster
    // requests). A headless command never opens a window, so no display is needed.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int qtArgc = 1;
    char* qtArgv[] = {argv[0], nullptr};
    QGuiApplication app(qtArgc, qtArgv);
    report::TranslationLoader::install(app);

    const ParsedArgs args = parseArgs(argc, argv, {{"-o", "--output"}, {"-n", "--namespace"}},
                                      {{"source", true},
                                       {"format", true},
                                       {"output", true},
                                       {"namespace", true},
                                       {"kubeconfig", true},
                                       {"seed", true},
                                       {"duration", true},
                                       {"fail-rate", true}});
    if (!args.error.empty())
        return usageError(kName, args.error);
    if (args.help) {
        std::fputs(ReportCommand::help().toUtf8().constData(), stdout);
        return kExitOk;
    }
    const auto source = args.value("source");
    if (!source || source->empty())
        return usageError(kName, text(ReportCommand::tr(
                                     "--source is required (local, simulate or a context name)")));
    if (args.positionals.size() != 1)
        return usageError(
            kName, *source == "local"      ? text(ReportCommand::tr("expected one run directory"))
                   : *source == "simulate" ? text(ReportCommand::tr("expected one Job manifest"))
                                           : text(ReportCommand::tr("expected one Job name")));
    const ParsedArgs& effective = args;
    const std::optional<std::string> output = args.value("output");

    std::optional<report::ReportFormat> format;
    if (const auto f = args.value("format")) {
        format = report::ReportWriter::formatFromName(*f);
        if (!format)
            return usageError(
                kName, text(ReportCommand::tr("--format: expected html, pdf, csv or json, got '%1'")
                                .arg(QString::fromStdString(*f))));
    } else if (output && *output != "-") {
        format = report::ReportWriter::formatFromPath(QString::fromStdString(*output));
    }
    if (!format)
        format = report::ReportFormat::Html;
    if (output && *output == "-" && *format == report::ReportFormat::Pdf)
        return usageError(kName, text(ReportCommand::tr("a PDF report needs a file: use -o FILE")));

    const std::string& target = args.positionals[0];
    bool refused = false;
    engine::Result<report::ReportInput> input =
        *source == "local"      ? report::localReportInput(target)
        : *source == "simulate" ? simulateInput(target, effective, refused)
                                : clusterInput(app, *source, effective, target);
    if (!input.ok()) {
        failure(kName, input.error().describe());
        return refused ? kExitUsage : kExitFailure;
    }
    // A report has a row per index: a job above the limit is refused, not built (exit 2).
    if (const auto tooLarge = report::ReportBuilder::checkLimits(input->job)) {
        failure(kName, tooLarge->describe());
        return kExitUsage;
    }
    input->generatedAt =
        std::chrono::time_point_cast<engine::Duration>(std::chrono::system_clock::now());
    const std::string jobName = input->job.metadata.name;
    const report::Report rep = report::ReportBuilder::build(std::move(*input));

    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    report::WriteControl control;
    control.cancel = &g_cancel;
    if (output && *output == "-") {
        QFile out;
        if (!out.open(STDOUT_FILENO, QIODevice::WriteOnly))
            return failure(kName, text(out.errorString()));
        QString error;
        if (!report::ReportWriter::writeTo(rep, *format, out, control, error))
            return failure(kName, text(error));
        return kExitOk;
    }
    const QString path =
        output ? QString::fromStdString(*output)
               : QStringLiteral("%1-report.%2")
                     .arg(QString::fromStdString(jobName),
                          QString::fromUtf8(report::ReportWriter::extension(*format)));
    const auto written = report::ReportWriter::write(rep, *format, path, control);
    if (!written.ok())
        return failure(kName, written.error().message);
    std::fprintf(stderr, "%s\n",
                 ReportCommand::tr("tessera report: wrote %1 (%2 indexes, %3 attempts)")
                     .arg(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()),
                          QString::number(rep.rows.size()), QString::number(rep.attempts.size()))
                     .toUtf8()
                     .constData());
    return kExitOk;
}

} // namespace tessera::app
