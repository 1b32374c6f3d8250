// The rules every JSON and YAML reader shares (codec/InputRules.h): one nesting limit, with the
// file, JSON path and position of the value past it, and no key given twice.
#include "codec/InputRules.h"

#include "codec/Decode.h"
#include "codec/Manifests.h"

#include <gtest/gtest.h>
#include <optional>
#include <random>
#include <string>

using namespace tessera::codec;

namespace {

std::string repeated(std::string_view text, std::size_t times) {
    std::string out;
    out.reserve(text.size() * times);
    for (std::size_t i = 0; i < times; ++i)
        out += text;
    return out;
}

// {"a": [[[ ... ]]]}: the object is level 1, so `arrays` brackets nest arrays + 1 levels.
std::string manifestNestedArrays(std::size_t arrays) {
    return R"({"a":)" + std::string(arrays, '[') + std::string(arrays, ']') + "}";
}

TEST(JsonNesting, AcceptsTheLimitAndRefusesTheLevelPastIt) {
    EXPECT_EQ(kMaxNestingDepth, 400u);
    EXPECT_FALSE(checkJsonNesting(std::string(400, '[') + std::string(400, ']')));
    const auto deep = checkJsonNesting(std::string(401, '[') + std::string(401, ']'));
    ASSERT_TRUE(deep);
    EXPECT_EQ(deep->message, nestingMessage());
    EXPECT_EQ(deep->field, repeated("[0]", 400));
    EXPECT_EQ(deep->position, 400);
    EXPECT_EQ(deep->line, 1);
    EXPECT_EQ(deep->column, 401);
}

TEST(JsonNesting, NamesThePathAndLineOfTheValuePastTheLimit) {
    const std::string json = "{\"spec\": {\"items\": [1,\n  {\"x\": [2]}]}}";
    const auto deep = checkJsonNesting(json, 3);
    ASSERT_TRUE(deep);
    EXPECT_EQ(deep->field, "spec.items[1]");
    EXPECT_EQ(deep->line, 2);
    EXPECT_EQ(deep->column, 3);
    EXPECT_EQ(deep->message, "nested more than 3 levels deep (the limit of every JSON and YAML "
                             "reader)");
}

TEST(JsonNesting, IgnoresBracketsInStringsAndEscapedQuotes) {
    EXPECT_FALSE(checkJsonNesting(R"({"a": "[[{{ \" [[[ \\", "b": "]]]"})", 1));
    const auto deep = checkJsonNesting(R"({"k\"[": {"x": 1}})", 1);
    ASSERT_TRUE(deep);
    EXPECT_EQ(deep->field, R"(["k\"["])");
}

// The rule checkJsonNesting implements, one byte at a time: brackets outside strings count, a
// backslash in a string escapes the next byte, the depth never goes below zero.
std::optional<long> referenceTooDeepAt(std::string_view text, std::size_t maxDepth) {
    std::size_t depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > maxDepth)
                return static_cast<long>(i);
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

TEST(JsonNesting, TheBlockScanAgreesWithTheByteRuleOnRandomText) {
    // The scan reads 64 bytes at a time (strings by a prefix XOR of the quotes) and falls back
    // to bytes for blocks with a backslash: random texts cross every kind of block boundary.
    std::mt19937 random(18);
    for (int round = 0; round < 20'000; ++round) {
        const std::string_view alphabets[] = {"{}[]\"\\ a", "{}[]\" a", "{}[]\"aaaaaaaaaaaa"};
        const std::string_view alphabet = alphabets[round % 3];
        std::string text(random() % 700, ' ');
        for (char& c : text)
            c = alphabet[random() % alphabet.size()];
        const std::size_t maxDepth = random() % 40;
        const std::optional<long> expected = referenceTooDeepAt(text, maxDepth);
        const auto found = checkJsonNesting(text, maxDepth);
        ASSERT_EQ(found.has_value(), expected.has_value()) << text << " (" << maxDepth << ")";
        if (found) {
            ASSERT_EQ(found->position, *expected) << text << " (" << maxDepth << ")";
        }
    }
}

TEST(JsonManifests, AManifest33000LevelsDeepIsRefusedWithFilePathAndPosition) {
    // This input crashed the recursive walk of JSON manifests (a stack overflow).
    const auto r = parseManifests(manifestNestedArrays(33'000), "deep.json");
    ASSERT_FALSE(r.ok());
    // The 400th '[' (byte 404) opens level 401.
    EXPECT_EQ(r.error().message,
              "deep.json:1:405: a" + repeated("[0]", 399) + ": " + nestingMessage());
    EXPECT_EQ(r.error().field, ""); // in the message, which is printed whole
    EXPECT_EQ(r.error().line, 1);
    EXPECT_EQ(r.error().column, 405);
}

TEST(JsonManifests, AcceptTheLimitItself) {
    const auto r = parseManifests(manifestNestedArrays(399), "limit.json");
    ASSERT_TRUE(r.ok()) << r.error().message;
    const auto job = decodeJob(r->front().json);
    EXPECT_TRUE(job.ok()) << job.error().message;
    EXPECT_FALSE(parseManifests(manifestNestedArrays(400), "past.json").ok());
}

TEST(YamlManifests, HaveTheSameLimitAsJson) {
    const std::string limit = "a: " + std::string(399, '[') + std::string(399, ']') + "\n";
    EXPECT_TRUE(parseManifests(limit, "limit.yaml").ok());
    const std::string past = "a: " + std::string(400, '[') + std::string(400, ']') + "\n";
    const auto r = parseManifests(past, "past.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(nestingMessage()), std::string::npos) << r.error().message;
}

TEST(Decode, RefusesADocumentPastTheLimitEvenInAFieldItSkips) {
    const std::string json = R"({"kind": "Job", "metadata": {"x": )" + std::string(500, '[') +
                             std::string(500, ']') + "}}";
    const auto job = decodeJob(json);
    ASSERT_FALSE(job.ok());
    EXPECT_EQ(job.error().message, nestingMessage());
    // The object and metadata are levels 1 and 2: the 399th '[' (byte 34 + 398) opens 401.
    EXPECT_EQ(job.error().field, "metadata.x" + repeated("[0]", 398));
    EXPECT_EQ(job.error().column, 35 + 398);
}

TEST(DuplicateFields, AreRefusedInJsonManifestsWithTheirPath) {
    const auto nested =
        parseManifests("{\"spec\": {\"parallelism\": 1,\n  \"parallelism\": 2}}", "dup.json");
    ASSERT_FALSE(nested.ok());
    EXPECT_EQ(nested.error().message, "dup.json:2:3: duplicate field \"spec.parallelism\"");

    const auto top = parseManifests(R"({"kind": "Job", "kind": "Pod"})", "top.json");
    ASSERT_FALSE(top.ok());
    EXPECT_EQ(top.error().message, "top.json:1:17: duplicate field \"kind\"");

    const auto item =
        parseManifests(R"({"kind": "List", "items": [{}, {"a": 1, "a": 2}]})", "list.json");
    ASSERT_FALSE(item.ok());
    EXPECT_EQ(item.error().message, "list.json:1:41: duplicate field \"items[1].a\"");
}

TEST(DuplicateFields, AreRefusedInYamlManifestsWithTheirPath) {
    const auto r = parseManifests("spec:\n  template:\n    spec:\n      containers:\n"
                                  "      - name: a\n        image: x\n        name: b\n",
                                  "dup.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
              "dup.yaml:7:9: duplicate field \"spec.template.spec.containers[0].name\"");
    // Written differently, the same JSON key.
    const auto resolved = parseManifests("a:\n  1: x\n  0x1: y\n", "resolved.yaml");
    ASSERT_FALSE(resolved.ok());
    EXPECT_EQ(resolved.error().message, "resolved.yaml:3:3: duplicate field \"a.1\"");
}

TEST(Numbers, AYamlIntegerTooBigForAnyNumberIsATextTheFieldRefusesByName) {
    // 310 digits: beyond a double, so go-yaml (kubectl) keeps the text. It once became 0.
    const std::string big = "1" + std::string(309, '0');
    const auto r = parseManifests("kind: Job\nspec:\n  completions: " + big + "\n", "big.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_NE(r->front().json.find("\"completions\":\"" + big + "\""), std::string::npos);
    const auto job = decodeJob(r->front().json);
    ASSERT_FALSE(job.ok());
    EXPECT_EQ(job.error().field, "spec.completions");
    EXPECT_EQ(r->front().describe(job.error()),
              "big.yaml:3:16: spec.completions: expected an integer, got a string");
}

} // namespace
