#include "RunSetup.h"

#include "codec/ManifestValidation.h"
#include "engine/ValidationNames.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tessera::local {

namespace {

std::string jobNameFrom(const std::string& path) {
    std::string base = path.substr(path.find_last_of('/') + 1);
    if (const auto dot = base.find('.'); dot != std::string::npos && dot > 0)
        base.resize(dot);
    std::string out;
    for (const char c : base) {
        const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (std::isalnum(static_cast<unsigned char>(l)))
            out += l;
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    if (out.size() > 40)
        out.resize(40);
    return out.empty() ? std::string("local") : out;
}

engine::Error error(std::string field, std::string message) {
    engine::Error e;
    e.field = std::move(field);
    e.message = std::move(message);
    return e;
}

} // namespace

engine::Result<NewRun> createRun(const RunOptions& options, Journal& journal) {
    NewRun run;
    auto list = worklist::loadWorkList(options.workListPath, options.loadOptions);
    if (!list.ok())
        return list.error();
    run.list = std::move(list).value();
    RunConfig& config = run.config;
    config = options.config;
    if (config.command.empty())
        config.command = run.list.commandTemplate();
    if (!run.list.hasItemCommands() && config.command.empty())
        return error(run.list.source().empty() ? "work list" : run.list.source(),
                     "the items have no command line: give a template with --command");
    run.list.setCommandTemplate(config.command);
    std::string manifestJson;
    if (!options.jobManifestPath.empty()) {
        auto m = loadJobManifest(options.jobManifestPath);
        if (!m.ok())
            return m.error();
        // The API server's gate, as for every path that accepts a Job: a manifest a cluster
        // refuses (succeededCount: -1, a name that is no DNS name, ...) does not run here either.
        if (const auto problems = codec::validateJobManifest(m->second); !problems.empty()) {
            std::string message =
                options.jobManifestPath + ": the API server would reject this Job:";
            for (const engine::Error& e : problems)
                message += "\n  " + e.describe();
            return error("", message);
        }
        run.manifest = std::move(m->first);
        manifestJson = std::move(m->second);
        config.fromManifest = true;
        if ((config.name.empty() || config.name == "local") && !run.manifest->metadata.name.empty())
            config.name = run.manifest->metadata.name;
        if (config.parallelism < 0 && run.manifest->spec.parallelism)
            config.parallelism = *run.manifest->spec.parallelism;
    }
    if (config.parallelism < 0)
        config.parallelism = 2;
    if (config.name.empty() || config.name == "local")
        config.name =
            jobNameFrom(options.workListPath.empty() ? std::string("local") : options.workListPath);
    // The name becomes the run directory's name, the pods' hostnames and terminal output: a
    // DNS label (as an Indexed Job's hostnames must be) before it becomes any of them.
    if (const engine::Problems problems = engine::dns1123LabelProblems(config.name);
        !problems.empty()) {
        engine::Error e = error("job name", problems.front());
        for (std::size_t k = 1; k < problems.size(); ++k)
            e.message += "; " + problems[k];
        e.value = engine::quoteValue(config.name);
        return e;
    }
    config.source = options.workListPath;
    if (options.runDir.empty()) {
        auto dir = RunDirectory::createDefault(config.name);
        if (!dir.ok())
            return dir.error();
        run.runDir = *dir;
    } else {
        run.runDir = options.runDir;
        if (::mkdir(run.runDir.c_str(), 0755) != 0 && errno != EEXIST)
            return error(run.runDir, std::string("cannot create: ") + std::strerror(errno));
        if (::access(RunDirectory(run.runDir).journalPath().c_str(), F_OK) == 0)
            return error(run.runDir, "already holds a run: continue it with --resume, or pick "
                                     "another --run-dir");
    }
    RunDirectory dir(run.runDir);
    auto opened = journal.open(dir.journalPath());
    if (!opened.ok())
        return opened.error();
    if (const std::string e = worklist::saveWorkListCsv(run.list, dir.workListPath()); !e.empty())
        return error(dir.workListPath(), e);
    if (run.manifest) {
        std::ofstream out(dir.jobManifestPath(), std::ios::binary | std::ios::trunc);
        out << manifestJson;
        if (!out)
            return error(dir.jobManifestPath(), "cannot write");
    }
    if (const std::string e = config.save(dir.configPath()); !e.empty())
        return error(dir.configPath(), e);
    ::mkdir(dir.controlDir().c_str(), 0755);
    return run;
}

} // namespace tessera::local
