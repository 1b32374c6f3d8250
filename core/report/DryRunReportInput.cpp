#include "DryRunReportInput.h"

#include "codec/Decode.h"
#include "codec/ManifestValidation.h"
#include "codec/Manifests.h"
#include "codec/SingleJob.h"
#include "engine/Defaults.h"
#include "engine/Simulator.h"
#include "engine/Validation.h"

#include <QCoreApplication>

namespace tessera::report {

namespace {

engine::Error failure(std::string message) {
    engine::Error e;
    e.message = std::move(message);
    return e;
}

} // namespace

DryRunReportInput dryRunReportInput(const std::string& manifestPath,
                                    engine::SimulationConfig options) {
    DryRunReportInput out;
    const QString path = QString::fromStdString(manifestPath);
    const auto manifests = codec::loadManifests(manifestPath);
    if (!manifests.ok()) {
        out.input = failure(manifests.error().message);
        return out;
    }
    const auto single = codec::singleJobManifest(*manifests, manifestPath);
    if (!single.ok()) {
        out.input = failure(single.error().message);
        return out;
    }
    const codec::Manifest* jobManifest = *single;
    auto decoded = codec::decodeJob(jobManifest->json);
    if (!decoded.ok()) {
        out.input = failure(jobManifest->describe(jobManifest->locate(decoded.error())));
        return out;
    }
    engine::Job& job = options.job;
    job = decoded->job;
    if (job.metadata.name.empty())
        job.metadata.name = "job";
    if (job.metadata.uid.empty())
        job.metadata.uid = "dry-run-" + job.metadata.name;
    engine::applyDefaults(job.spec);
    // The API server's gate, as for every path that accepts a Job (codec/ManifestValidation.h).
    if (const auto problems = codec::validateJobManifest(jobManifest->json); !problems.empty()) {
        std::string message = QCoreApplication::translate(
                                  "DryRunReportInput", "%1: the API server would reject this Job:")
                                  .arg(path)
                                  .toStdString();
        for (const engine::Error& e : problems)
            message += "\n  " + jobManifest->describe(jobManifest->locate(e));
        out.input = failure(std::move(message));
        return out;
    }
    // Valid, but a dry-run keeps a record per index: refuse what would not fit.
    if (const auto tooLarge = engine::checkDryRunLimits(job)) {
        out.refused = true;
        out.input = failure(jobManifest->describe(jobManifest->locate(*tooLarge)));
        return out;
    }
    // A dry-run starts from a fresh job: whatever status the manifest carried is not ours.
    job.status = engine::JobStatus{};
    engine::SimulationResult result = engine::simulate(options);
    ReportInput input;
    input.job = std::move(job);
    input.job.status = std::move(result.status);
    input.attempts = std::move(result.attempts);
    input.source = "simulate:" + manifestPath;
    if (const auto it = decoded->meta.annotations.find(ReportBuilder::kOriginalIndexesAnnotation);
        it != decoded->meta.annotations.end())
        input.originalIndexes = ReportBuilder::originalIndexesFromAnnotation(it->second);
    out.input = std::move(input);
    return out;
}

} // namespace tessera::report
