#include "SingleJob.h"

#include <string>

namespace tessera::codec {

engine::Result<const Manifest*> singleJobManifest(const std::vector<Manifest>& manifests,
                                                  std::string_view source) {
    const std::string name = source == "-" ? std::string("<stdin>") : std::string(source);
    std::vector<const Manifest*> jobs;
    for (const Manifest& m : manifests)
        if (m.kind == "Job")
            jobs.push_back(&m);
    engine::Error e;
    if (jobs.empty()) {
        e.message = name + ": no document of kind Job";
        return e;
    }
    if (jobs.size() == 1)
        return jobs.front();
    // Name the first few starts: a file of 10,000 Jobs gets a line, not 10,000 numbers.
    constexpr std::size_t kNamed = 5;
    std::string lines;
    for (std::size_t i = 0; i < jobs.size() && i < kNamed; ++i)
        lines += (i ? ", " : "") + std::to_string(jobs[i]->line);
    if (jobs.size() > kNamed)
        lines += ", ...";
    e.message = name + ": " + std::to_string(jobs.size()) + " documents of kind Job (lines " +
                lines + "); give one";
    return e;
}

} // namespace tessera::codec
