#include "RunDirectory.h"

#include "codec/BoundedFile.h"
#include "codec/Decode.h"
#include "codec/Manifests.h"
#include "codec/SingleJob.h"
#include "engine/Defaults.h"
#include "engine/IndexSet.h"
#include "engine/JobState.h"
#include "engine/ValidationNames.h"
#include "worklist/WorkListFormats.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::local {

using engine::Error;

namespace {

Error fileError(const std::string& path, std::string message, long line = -1) {
    Error e;
    e.field = path;
    e.message = std::move(message);
    e.line = line;
    return e;
}

bool mkdirs(const std::string& path) {
    std::string partial;
    std::size_t pos = 0;
    while (pos != std::string::npos) {
        pos = path.find('/', pos + 1);
        partial = path.substr(0, pos);
        if (partial.empty())
            continue;
        if (::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST)
            return false;
    }
    return true;
}

// Strings with newlines (the command template) are written with C-style escapes.
std::string escape(const std::string& s) {
    std::string out;
    for (const char c : s) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

std::string unescape(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            out += s[i + 1] == 'n' ? '\n' : s[i + 1];
            ++i;
        } else {
            out += s[i];
        }
    }
    return out;
}

template <typename T> bool number(std::string_view s, T& out) {
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

} // namespace

std::map<int32_t, int32_t> RunConfig::originalIndexMap() const {
    std::map<int32_t, int32_t> map;
    for (std::size_t i = 0; i < originalIndexes.size(); ++i)
        map.emplace(static_cast<int32_t>(i), originalIndexes[i]);
    return map;
}

std::string RunConfig::save(const std::string& path) const {
    std::string text = "# tessera local run\n";
    auto put = [&text](const char* key, const std::string& value) {
        text += key;
        text += '=';
        text += escape(value);
        text += '\n';
    };
    auto putOpt = [&put](const char* key, const auto& value) {
        if (value)
            put(key, std::to_string(*value));
    };
    put("name", name);
    put("command", command);
    put("source", source);
    put("parallelism", std::to_string(parallelism));
    putOpt("backoffLimit", backoffLimit);
    putOpt("backoffLimitPerIndex", backoffLimitPerIndex);
    putOpt("maxFailedIndexes", maxFailedIndexes);
    putOpt("activeDeadlineSeconds", activeDeadlineSeconds);
    char scale[64];
    std::snprintf(scale, sizeof scale, "%.17g", backoffScale);
    put("backoffScale", scale);
    put("halt", halt);
    put("logCapBytes", std::to_string(logCapBytes));
    put("graceMillis", std::to_string(graceMillis));
    put("killOnScaleDown", killOnScaleDown ? "1" : "0");
    put("fromManifest", fromManifest ? "1" : "0");
    if (!originalIndexes.empty()) {
        std::string list;
        for (const int32_t index : originalIndexes)
            list += (list.empty() ? "" : ",") + std::to_string(index);
        put("originalIndexes", list);
    }
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) // errno is the failed write's (a full disk: "No space left on device")
            return tmp + ": cannot write: " + std::strerror(errno);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        return path + ": " + std::strerror(errno);
    return {};
}

engine::Result<RunConfig> RunConfig::load(const std::string& path) {
    if (::access(path.c_str(), F_OK) != 0)
        return fileError(path, std::string("cannot open: ") + std::strerror(errno) +
                                   " (is this a tessera run directory?)");
    auto text = codec::readBoundedFile(path, codec::FileKind::RunControl);
    if (!text.ok())
        return text.error();
    std::istringstream in(*text);
    RunConfig c;
    std::string line;
    long lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.empty() || line[0] == '#')
            continue;
        const std::size_t eq = line.find('=');
        if (eq == std::string::npos)
            return fileError(path, "expected key=value", lineNo);
        const std::string key = line.substr(0, eq);
        const std::string value = unescape(std::string_view(line).substr(eq + 1));
        bool ok = true;
        auto opt32 = [&](std::optional<int32_t>& o) {
            int32_t v = 0;
            ok = number(value, v);
            o = v;
        };
        if (key == "name")
            c.name = value;
        else if (key == "command")
            c.command = value;
        else if (key == "source")
            c.source = value;
        else if (key == "parallelism")
            ok = number(value, c.parallelism);
        else if (key == "backoffLimit")
            opt32(c.backoffLimit);
        else if (key == "backoffLimitPerIndex")
            opt32(c.backoffLimitPerIndex);
        else if (key == "maxFailedIndexes")
            opt32(c.maxFailedIndexes);
        else if (key == "activeDeadlineSeconds") {
            int64_t v = 0;
            ok = number(value, v);
            c.activeDeadlineSeconds = v;
        } else if (key == "backoffScale") {
            char* end = nullptr;
            c.backoffScale = std::strtod(value.c_str(), &end);
            ok = end && *end == '\0';
        } else if (key == "halt")
            c.halt = value;
        else if (key == "logCapBytes")
            ok = number(value, c.logCapBytes);
        else if (key == "graceMillis")
            ok = number(value, c.graceMillis);
        else if (key == "killOnScaleDown")
            c.killOnScaleDown = value == "1";
        else if (key == "fromManifest")
            c.fromManifest = value == "1";
        else if (key == "originalIndexes") {
            for (std::size_t from = 0; ok && from <= value.size();) {
                const std::size_t comma = std::min(value.find(',', from), value.size());
                int32_t index = 0;
                ok = number(value.substr(from, comma - from), index) && index >= 0;
                c.originalIndexes.push_back(index);
                from = comma + 1;
            }
        }
        // Unknown keys are ignored: a newer tessera may add settings.
        if (!ok)
            return fileError(path, "bad value for " + key + ": '" + value + "'", lineNo);
    }
    return c;
}

engine::Result<std::string> RunDirectory::createDefault(const std::string& name) {
    // The name is a path component here: only a DNS label ever becomes one (createRun checks it
    // with the reason; this keeps any other caller inside the runs folder too).
    if (!engine::isDns1123Label(name))
        return fileError(engine::quoteValue(name), "a run directory name must be a DNS label");
    std::string base;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        base = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home)
        base = std::string(home) + "/.local/share";
    else
        base = "/tmp";
    base += "/tessera/runs";
    if (!mkdirs(base))
        return fileError(base, std::string("cannot create: ") + std::strerror(errno));
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    localtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int n = 0; n < 1000; ++n) {
        std::string dir = base + "/" + name + "-" + stamp;
        if (n > 0)
            dir += "-" + std::to_string(n);
        if (::mkdir(dir.c_str(), 0755) == 0)
            return dir;
        if (errno != EEXIST)
            return fileError(dir, std::string("cannot create: ") + std::strerror(errno));
    }
    return fileError(base, "cannot find a free run directory name");
}

engine::Job makeJob(const RunConfig& config, int32_t completions, const engine::Job* manifest) {
    engine::Job job;
    job.metadata.name = config.name;
    job.metadata.namespace_ = "local";
    job.metadata.uid = "local-" + config.name;
    job.spec.completionMode = engine::CompletionMode::Indexed;
    job.spec.completions = completions;
    job.spec.parallelism = config.parallelism;
    job.spec.backoffLimit = config.backoffLimit;
    job.spec.backoffLimitPerIndex = config.backoffLimitPerIndex;
    job.spec.maxFailedIndexes = config.maxFailedIndexes;
    job.spec.activeDeadlineSeconds = config.activeDeadlineSeconds;
    job.spec.podTemplate.containers = {engine::ContainerInfo{"main", false}};
    job.spec.podTemplate.restartPolicy = engine::RestartPolicy::Never;
    if (manifest) {
        const engine::JobSpec& m = manifest->spec;
        if (!job.spec.backoffLimit)
            job.spec.backoffLimit = m.backoffLimit;
        if (!job.spec.backoffLimitPerIndex)
            job.spec.backoffLimitPerIndex = m.backoffLimitPerIndex;
        if (!job.spec.maxFailedIndexes)
            job.spec.maxFailedIndexes = m.maxFailedIndexes;
        if (!job.spec.activeDeadlineSeconds)
            job.spec.activeDeadlineSeconds = m.activeDeadlineSeconds;
        job.spec.podFailurePolicy = m.podFailurePolicy;
        job.spec.successPolicy = m.successPolicy;
        job.spec.podReplacementPolicy = m.podReplacementPolicy;
        // The container name is what podFailurePolicy onExitCodes.containerName matches.
        if (!m.podTemplate.containers.empty())
            job.spec.podTemplate.containers = {m.podTemplate.containers.front()};
    }
    engine::applyDefaults(job.spec);
    return job;
}

engine::Result<std::pair<engine::Job, std::string>> loadJobManifest(const std::string& path) {
    auto manifests = codec::loadManifests(path);
    if (!manifests.ok())
        return manifests.error();
    const auto single = codec::singleJobManifest(*manifests, path);
    if (!single.ok())
        return single.error();
    const codec::Manifest& m = **single;
    auto decoded = codec::decodeJob(m.json);
    if (!decoded.ok()) {
        Error e = m.locate(decoded.error());
        e.message = m.describe(e);
        e.field.clear();
        e.line = -1; // describe() already names the position
        e.column = -1;
        return e;
    }
    return std::make_pair(std::move(decoded->job), m.json);
}

engine::Result<RunSnapshot> RunDirectory::load(const std::string& dir,
                                               const RecordReader& readRecords) {
    RunDirectory rd(dir);
    RunSnapshot s;
    auto config = RunConfig::load(rd.configPath());
    if (!config.ok())
        return config.error();
    s.config = std::move(config).value();
    auto list = worklist::loadWorkList(rd.workListPath());
    if (!list.ok())
        return list.error();
    s.workList = std::move(list).value();
    s.workList.setCommandTemplate(s.config.command);
    std::optional<engine::Job> manifest;
    if (s.config.fromManifest) {
        auto m = loadJobManifest(rd.jobManifestPath());
        if (!m.ok())
            return m.error();
        manifest = std::move(m->first);
    }
    const auto itemCount = static_cast<int32_t>(s.workList.size());
    auto records =
        readRecords ? readRecords(s.config, itemCount) : Journal::read(rd.journalPath(), itemCount);
    if (!records.ok())
        return records.error();
    s.records = std::move(records).value();
    s.job = makeJob(s.config, s.workList.size(), manifest ? &*manifest : nullptr);
    JournalReplay replay = replayJournal(s.records, s.job);
    s.attempts = std::move(replay.attempts);
    s.parallelismHistory = std::move(replay.parallelism);
    for (const JournalRecord& r : s.records)
        if (r.kind == 'X')
            s.outcome = r.text;
        else if (r.kind == 'R')
            s.outcome.clear();
    s.runnerAlive = Journal::isLocked(rd.journalPath());
    return s;
}

} // namespace tessera::local
