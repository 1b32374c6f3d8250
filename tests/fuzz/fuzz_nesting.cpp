// Deep nesting through every JSON and YAML reader. libFuzzer's inputs stay short (-max_len=8192
// in scripts/fuzz.sh), which never reaches the depths where recursion fails, so this harness
// expands its input instead of reading it as the document:
//
//   byte 0       which reader (see kReaders)
//   bytes 1..2   a repeat count, little endian (up to 65,535)
//   the rest     OPEN|MIDDLE (split at the first '|'; no '|': MIDDLE is "1")
//
// The document is OPEN repeated `count` times, MIDDLE, then OPEN's brackets closed in reverse
// (`{"a":[` closes with `]}`). `{"a":` × 33,000 is the 33,000-level manifest of a crash report;
// `- ` × 1,000 nests YAML block sequences on one line. The readers must refuse what is deeper than
// codec::kMaxNestingDepth (checkJsonNesting says when a JSON text is) and never crash.
#include "FuzzTarget.h"
#include "codec/Decode.h"
#include "codec/InputRules.h"
#include "codec/Manifests.h"
#include "codec/YamlReader.h"
#include "worklist/WorkListFormats.h"

#include <string>

using namespace tessera;

namespace {

std::string closing(std::string_view open) {
    std::string out;
    for (auto it = open.rbegin(); it != open.rend(); ++it)
        if (*it == '{')
            out += '}';
        else if (*it == '[')
            out += ']';
    return out;
}

void requireRefusedWhenTooDeep(bool tooDeep, bool ok, const char* reader) {
    if (tooDeep && ok) {
        std::fprintf(stderr, "%s accepted a document deeper than the limit\n", reader);
        fuzz::require(false, "every JSON reader refuses what checkJsonNesting refuses");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 3)
        return 0;
    const unsigned reader = data[0] % 5;
    const std::size_t count = static_cast<std::size_t>(data[1]) | (std::size_t{data[2]} << 8);
    const std::string_view rest = fuzz::asText(data + 3, size - 3);
    const std::size_t bar = rest.find('|');
    const std::string_view open = rest.substr(0, bar);
    const std::string_view middle =
        bar == std::string_view::npos ? std::string_view("1") : rest.substr(bar + 1);
    if (open.empty() || open.size() * count > (std::size_t{4} << 20))
        return 0; // at most a few MB per input
    std::string text;
    text.reserve(open.size() * count * 2 + middle.size());
    for (std::size_t i = 0; i < count; ++i)
        text += open;
    text += middle;
    const std::string close = closing(open);
    for (std::size_t i = 0; i < count; ++i)
        text += close;

    const bool tooDeep = codec::checkJsonNesting(text).has_value();
    switch (reader) {
    case 0: {
        const auto manifests = codec::parseManifests(text, "deep.json");
        if (!manifests.ok())
            fuzz::require(manifests.error().message.rfind("deep.json:", 0) == 0,
                          "a manifest error starts with the file name");
        // YAML flow text is not JSON, so only a JSON manifest is held to checkJsonNesting.
        const auto first = text.find_first_not_of(" \t\r\n");
        if (first != std::string::npos && (text[first] == '{' || text[first] == '['))
            requireRefusedWhenTooDeep(tooDeep, manifests.ok(), "parseManifests");
        break;
    }
    case 1:
        requireRefusedWhenTooDeep(tooDeep, codec::decodeJob(text).ok(), "decodeJob");
        break;
    case 2:
        requireRefusedWhenTooDeep(tooDeep, codec::decodeReconcileInput(text).ok(),
                                  "decodeReconcileInput");
        break;
    case 3:
        (void)worklist::parseFuriko(text, "deep.yaml", 10'000);
        break;
    default: {
        const auto documents = codec::readYamlDocuments(text);
        if (!documents.ok())
            fuzz::require(!documents.error().message.empty(), "an error says what is wrong");
        break;
    }
    }
    return 0;
}
