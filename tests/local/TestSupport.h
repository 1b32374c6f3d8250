#pragma once
// Helpers for the local-run tests: temporary directories, files, and what items wrote.
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace tessera::testing {

class TempDir {
public:
    TempDir() {
        char tmpl[] = "/tmp/tessera-local-XXXXXX";
        m_path = ::mkdtemp(tmpl);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    const std::string& path() const { return m_path; }
    std::string file(const std::string& name) const { return m_path + "/" + name; }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(file(name), std::ios::binary) << text;
        return file(name);
    }

private:
    std::string m_path;
};

inline std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<std::string> readLines(const std::string& path) {
    std::vector<std::string> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line))
        out.push_back(line);
    return out;
}

// Processes whose environment mentions `marker` (e.g. a unique run directory): what a run left.
inline std::vector<int> processesWithEnv(const std::string& marker) {
    std::vector<int> out;
    DIR* d = ::opendir("/proc");
    if (!d)
        return out;
    while (const dirent* e = ::readdir(d)) {
        const int pid = std::atoi(e->d_name);
        if (pid <= 0 || pid == ::getpid())
            continue;
        const std::string env = readAll("/proc/" + std::to_string(pid) + "/environ");
        std::string stat = readAll("/proc/" + std::to_string(pid) + "/stat");
        const auto close = stat.rfind(')');
        const bool zombie =
            close != std::string::npos && close + 2 < stat.size() && stat[close + 2] == 'Z';
        if (!zombie && env.find(marker) != std::string::npos)
            out.push_back(pid);
    }
    ::closedir(d);
    return out;
}

} // namespace tessera::testing
