// Work lists in every format (lines, CSV, Furiko YAML), the format detection and the inline
// --per-completion-env form. Every item of a list that loads is read back.
#include "FuzzTarget.h"
#include "worklist/WorkListFormats.h"

#include <string>

using namespace tessera;

namespace {

void readAll(const engine::Result<worklist::WorkList>& list) {
    if (!list.ok()) {
        fuzz::require(!list.error().message.empty(), "an error says what is wrong");
        return;
    }
    for (int32_t i = 0; i < list->size(); ++i) {
        const worklist::WorkItem item = list->item(i);
        fuzz::require(item.env.size() == list->envNames().size(), "one value per variable");
        (void)list->command(i);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    constexpr std::size_t kMaxItems = 10'000;
    readAll(worklist::parseLines(text, "fuzz.txt", kMaxItems));
    readAll(worklist::parseCsv(text, "fuzz.csv", kMaxItems));
    readAll(worklist::parseFuriko(text, "fuzz.yaml", kMaxItems));
    (void)worklist::detectFormat("fuzz", text);
    // `KEY=@file` reads a file named by the input (it could be /dev/zero): only the inline form.
    if (text.find('@') == std::string_view::npos && text.size() < 4096)
        (void)worklist::parsePerCompletionEnv(text, "/nonexistent");
    return 0;
}
