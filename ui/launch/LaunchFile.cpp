#include "LaunchFile.h"

#include "codec/Decode.h"
#include "codec/ManifestValidation.h"
#include "codec/Manifests.h"
#include "worklist/WorkListFormats.h"

namespace tessera::ui::launch {

int32_t LaunchFile::itemCount() const {
    if (kind == Kind::WorkList)
        return list.size();
    return job.spec.completions.value_or(0);
}

bool LaunchFile::looksLikeManifest(const QString& path, std::string_view text) {
    return worklist::looksLikeManifest(path.toStdString(), text);
}

namespace {

void addError(LaunchFile& f, engine::Error e, std::string text) {
    f.errorTexts << QString::fromStdString(text);
    f.errors.push_back(std::move(e));
}

void addError(LaunchFile& f, const engine::Error& e) {
    addError(f, e, e.describe());
}

} // namespace

LaunchFile LaunchFile::load(const QString& path) {
    LaunchFile f;
    f.path = path;
    const std::string file = path.toStdString();
    auto text = codec::readTextFile(file);
    if (!text.ok()) {
        addError(f, text.error());
        return f;
    }
    if (!looksLikeManifest(path, *text)) {
        auto list = worklist::loadWorkList(file);
        if (list.ok())
            f.list = std::move(list).value();
        else
            addError(f, list.error());
        return f;
    }
    f.kind = Kind::JobManifest;
    f.manifestText = *text;
    auto documents = codec::parseManifests(*text, file);
    if (!documents.ok()) {
        addError(f, documents.error(), documents.error().message);
        return f;
    }
    for (const codec::Manifest& m : *documents) {
        if (m.kind != "Job")
            continue;
        auto decoded = codec::decodeJob(m.json);
        if (!decoded.ok()) {
            engine::Error e = m.locate(decoded.error());
            std::string where = m.describe(e);
            addError(f, std::move(e), std::move(where));
            return f;
        }
        // The API server's gate, as for every path that accepts a Job: each problem is shown
        // with its line, and a refused manifest cannot be launched anywhere.
        for (const engine::Error& problem : codec::validateJobManifest(m.json)) {
            engine::Error e = m.locate(problem);
            std::string where = m.describe(e);
            addError(f, std::move(e), std::move(where));
        }
        f.job = std::move(decoded->job);
        return f;
    }
    engine::Error e;
    e.field = file;
    e.message = file + ": no document of kind Job";
    addError(f, e, e.message);
    return f;
}

} // namespace tessera::ui::launch
