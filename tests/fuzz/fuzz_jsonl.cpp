// JSON Lines work lists (worklist::parseJsonLines) and the content rules that choose them
// (detectFormat, looksLikeManifest). Every item of a list that loads is read back, with one value
// per variable; an error names the file and a line.
#include "FuzzTarget.h"
#include "worklist/WorkListFormats.h"

#include <string>

using namespace tessera;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    const auto list = worklist::parseJsonLines(text, "fuzz.jsonl", 10'000);
    if (!list.ok()) {
        fuzz::require(!list.error().message.empty(), "an error says what is wrong");
        fuzz::require(list.error().field == "fuzz.jsonl", "an error names the file");
    } else {
        fuzz::require(list->format() == "jsonl", "a JSON Lines list says so");
        for (int32_t i = 0; i < list->size(); ++i) {
            const worklist::WorkItem item = list->item(i);
            fuzz::require(item.env.size() == list->envNames().size(), "one value per variable");
            (void)list->command(i);
        }
    }
    const worklist::Format format = worklist::detectFormat("fuzz", text);
    if (format == worklist::Format::JsonLines)
        fuzz::require(!worklist::looksLikeManifest("fuzz", text),
                      "a JSON Lines list is not a manifest");
    return 0;
}
