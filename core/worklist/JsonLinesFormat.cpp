// JSON Lines work lists (https://jsonlines.org): one JSON object per line, one item each. The keys
// are the item's variables, as a CSV header's names are; a TESSERA_COMMAND key is its command.
// Every line has the first line's keys, no more and no fewer; values are strings, numbers (as
// written) or booleans. Blank lines are skipped.
#include "FormatSupport.h"
#include "WorkListFormats.h"

#include <algorithm>
#include <simdjson.h>

namespace tessera::worklist {

using engine::Error;
using engine::Result;
using namespace detail;

namespace {

const char* typeName(simdjson::dom::element_type type) {
    switch (type) {
    case simdjson::dom::element_type::ARRAY:
        return "an array";
    case simdjson::dom::element_type::OBJECT:
        return "an object";
    case simdjson::dom::element_type::NULL_VALUE:
        return "null";
    default:
        return "a scalar";
    }
}

// The text of a scalar value: a string as it is, a number as written, true/false.
std::optional<std::string> scalarText(simdjson::dom::element value) {
    switch (value.type()) {
    case simdjson::dom::element_type::STRING:
        return std::string(value.get_string().value_unsafe());
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE:
        return simdjson::minify(value);
    case simdjson::dom::element_type::BOOL:
        return value.get_bool().value_unsafe() ? "true" : "false";
    default:
        return std::nullopt;
    }
}

} // namespace

namespace detail {

bool isJsonLinesItem(std::string_view line) {
    if (line.empty() || line.front() != '{')
        return false;
    simdjson::dom::parser parser;
    simdjson::dom::object object;
    if (parser.parse(line.data(), line.size()).get(object) != simdjson::SUCCESS)
        return false;
    return object.at_key("kind").error() == simdjson::NO_SUCH_FIELD;
}

} // namespace detail

Result<WorkList> parseJsonLines(std::string_view text, const std::string& source,
                                std::size_t maxItems) {
    if (auto bad = checkUtf8(text, source))
        return *bad;
    simdjson::dom::parser parser;
    std::vector<std::string> keys; // the first line's, in its order
    int commandKey = -1;
    long keysLine = 0;
    WorkList list;
    std::vector<std::string> values;
    std::vector<std::string_view> fields;
    std::vector<bool> seen;
    std::size_t pos = 0;
    long lineNo = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        ++lineNo;
        if (line.empty())
            continue;
        simdjson::dom::element element;
        if (const auto error = parser.parse(line.data(), line.size()).get(element))
            return makeError(source,
                             std::string("not a JSON object: ") + simdjson::error_message(error),
                             lineNo, 1);
        if (element.type() != simdjson::dom::element_type::OBJECT)
            return makeError(source,
                             std::string("each line must be a JSON object, this is ") +
                                 typeName(element.type()),
                             lineNo, 1);
        const simdjson::dom::object object = element.get_object().value_unsafe();
        if (keys.empty() && keysLine == 0) {
            keysLine = lineNo;
            for (const simdjson::dom::key_value_pair field : object) {
                const std::string key(field.key);
                if (!isValidEnvName(key))
                    return makeError(source,
                                     "key \"" + key +
                                         "\" is not a variable name (letters, digits, '_'; not "
                                         "starting with a digit)",
                                     lineNo, 1);
                if (std::find(keys.begin(), keys.end(), key) != keys.end())
                    return makeError(source, "key \"" + key + "\" is given twice", lineNo, 1);
                if (key == kCommandColumn)
                    commandKey = static_cast<int>(keys.size());
                keys.push_back(key);
            }
            std::vector<std::string> envNames;
            for (std::size_t k = 0; k < keys.size(); ++k)
                if (static_cast<int>(k) != commandKey)
                    envNames.push_back(keys[k]);
            list = WorkList(std::move(envNames), commandKey >= 0);
            values.resize(keys.size());
            fields.resize(keys.size());
        }
        if (static_cast<std::size_t>(list.size()) >= maxItems)
            return tooMany(source, maxItems, lineNo);
        seen.assign(keys.size(), false);
        for (const simdjson::dom::key_value_pair field : object) {
            const auto at = std::find(keys.begin(), keys.end(), field.key);
            if (at == keys.end())
                return makeError(source,
                                 "key \"" + std::string(field.key) +
                                     "\" is not one of the first item's (line " +
                                     std::to_string(keysLine) + ")",
                                 lineNo, 1);
            const auto k = static_cast<std::size_t>(at - keys.begin());
            if (seen[k])
                return makeError(source, "key \"" + *at + "\" is given twice", lineNo, 1);
            seen[k] = true;
            auto value = scalarText(field.value);
            if (!value)
                return makeError(source,
                                 "the value of \"" + *at + "\" is " + typeName(field.value.type()) +
                                     ": values are strings, numbers or booleans",
                                 lineNo, 1);
            if (value->find('\0') != std::string::npos)
                return makeError(source, "the value of \"" + *at + "\" holds a NUL character",
                                 lineNo, 1);
            values[k] = std::move(*value);
        }
        for (std::size_t k = 0; k < keys.size(); ++k)
            if (!seen[k])
                return makeError(source,
                                 "no \"" + keys[k] +
                                     "\": every item has the first item's keys (line " +
                                     std::to_string(keysLine) + ")",
                                 lineNo, 1);
        // The command first, then the variables in the first line's order (WorkList::append).
        std::size_t n = 0;
        if (commandKey >= 0)
            fields[n++] = values[static_cast<std::size_t>(commandKey)];
        for (std::size_t k = 0; k < keys.size(); ++k)
            if (static_cast<int>(k) != commandKey)
                fields[n++] = values[k];
        list.append(fields);
    }
    if (list.empty())
        return makeError(source, "no items: the file has only blank lines");
    list.setOrigin(source, "jsonl");
    return list;
}

} // namespace tessera::worklist
