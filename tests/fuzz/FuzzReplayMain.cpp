// Replays inputs through a harness without libFuzzer: `fuzz_replay_X PATH...` calls
// LLVMFuzzerTestOneInput once per file (a directory: each regular file in it, sorted, not
// recursing; README.md and dot files skipped). Used by ctest over tests/fuzz/corpus/X,
// tests/fuzz/regressions/X and tests/data, so every reproducer found stays fixed in the ordinary
// (ASan) builds.
#include "FuzzTarget.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

namespace fs = std::filesystem;

int main(int argc, char** argv) {
    std::vector<fs::path> files;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg = argv[i];
        std::error_code ec;
        if (fs::is_directory(arg, ec)) {
            std::vector<fs::path> inDir;
            for (const auto& entry : fs::directory_iterator(arg))
                if (entry.is_regular_file() && entry.path().filename() != "README.md" &&
                    entry.path().filename().string().front() != '.')
                    inDir.push_back(entry.path());
            std::sort(inDir.begin(), inDir.end());
            files.insert(files.end(), inDir.begin(), inDir.end());
        } else if (fs::is_regular_file(arg, ec)) {
            files.push_back(arg);
        } else {
            std::cerr << argv[i] << ": no such file or directory\n";
            return 2;
        }
    }
    for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                      std::istreambuf_iterator<char>()};
        std::cout << "replaying " << file.string() << " (" << bytes.size() << " bytes)\n"
                  << std::flush;
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    }
    std::cout << files.size() << " inputs replayed without a crash\n";
    return files.empty() ? 1 : 0;
}
