// YAML that made yaml-cpp loop, exhaust the stack or expand without limit is stopped by
// the libyaml check in front of it (codec/YamlGuard.h), with a positioned reason.
#include "codec/YamlGuard.h"

#include "codec/Manifests.h"

#include <chrono>
#include <gtest/gtest.h>
#include <string>

using namespace tessera::codec;

namespace {

// The classic "billion laughs": `levels` anchors, each a list of nine aliases of the previous.
std::string aliasBomb(int levels) {
    std::string text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int level = 1; level <= levels; ++level) {
        const std::string prev = "*a" + std::to_string(level - 1);
        text += "a" + std::to_string(level) + ": &a" + std::to_string(level) + " [";
        for (int k = 0; k < 9; ++k)
            text += (k ? ", " : "") + prev;
        text += "]\n";
    }
    return text;
}

TEST(YamlGuard, TheFiveByteInputThatLoopsYamlCppIsASyntaxErrorWithItsPosition) {
    const auto started = std::chrono::steady_clock::now();
    const auto r = parseManifests("-\n{},", "five.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("five.yaml:2:3: YAML: ", 0), 0u) << r.error().message;
    EXPECT_EQ(r.error().line, 2);
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
}

TEST(YamlGuard, AnAliasBombIsRefusedWithTheReason) {
    const std::string bomb = aliasBomb(9); // 9^10 scalars once expanded, about 550 bytes of text
    ASSERT_LT(bomb.size(), 700u);
    const auto started = std::chrono::steady_clock::now();
    const auto r = parseManifests(bomb, "bomb.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("excessive aliasing"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("Kubernetes API server"), std::string::npos);
    EXPECT_EQ(r.error().message.rfind("bomb.yaml:", 0), 0u) << r.error().message;
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
}

TEST(YamlGuard, ModestAliasingIsAccepted) {
    // 200 values reused five times: 1,005 of 1,211 nodes come from aliases (83 %), past the
    // rule's thresholds (100 aliased nodes, 1,000 in all) and under its 99 %.
    std::string text = "base: &base [";
    for (int k = 0; k < 200; ++k)
        text += (k ? ", v" : "v") + std::to_string(k);
    text += "]\nuses: [*base, *base, *base, *base, *base]\n";
    const auto r = parseManifests(text, "ok.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_NE(r->at(0).json.find("\"v199\"]]}"), std::string::npos);
    // The same shape three levels deep, nine times each, is 99.1 % aliases: refused, as by the
    // API server.
    EXPECT_FALSE(parseManifests(aliasBomb(3), "bomb3.yaml").ok());
}

TEST(YamlGuard, FollowsTheApiServersAliasRatio) {
    EXPECT_DOUBLE_EQ(allowedAliasRatio(1000), 0.99);
    EXPECT_DOUBLE_EQ(allowedAliasRatio(400'000), 0.99);
    EXPECT_NEAR(allowedAliasRatio(2'200'000), 0.545, 1e-9);
    EXPECT_DOUBLE_EQ(allowedAliasRatio(4'000'000), 0.10);
    EXPECT_DOUBLE_EQ(allowedAliasRatio(40'000'000), 0.10);
}

TEST(YamlGuard, DeepNestingIsRefusedBeforeYamlCppRecursesIntoIt) {
    // The mapping is level 1, so the 400th '[' is level 401.
    const std::string deep = "a: " + std::string(400, '[') + std::string(400, ']') + "\n";
    const auto r = parseManifests(deep, "deep.yaml");
    ASSERT_FALSE(r.ok());
    std::string path = "a";
    for (int level = 0; level < 399; ++level)
        path += "[0]";
    EXPECT_EQ(r.error().message, "deep.yaml:1:403: " + path + ": " + nestingMessage());
    EXPECT_EQ(nestingMessage(), "nested more than 400 levels deep (the limit of every JSON and "
                                "YAML reader)");

    const std::string fine = "a: " + std::string(399, '[') + std::string(399, ']') + "\n";
    const auto ok = parseManifests(fine, "fine.yaml");
    EXPECT_TRUE(ok.ok()) << ok.error().message;

    // Aliases nest their anchor where they stand: 300 levels inside 300 levels is 600.
    const std::string nested = std::string(300, '[') + std::string(300, ']');
    const std::string viaAlias = "a: &deep " + nested + "\nb: " + std::string(200, '[') + "*deep" +
                                 std::string(200, ']') + "\n";
    const auto aliased = parseManifests(viaAlias, "alias.yaml");
    ASSERT_FALSE(aliased.ok());
    EXPECT_NE(aliased.error().message.find("alias *deep puts its anchor's 300 levels at depth 201"),
              std::string::npos)
        << aliased.error().message;
}

TEST(YamlGuard, ANulByteIsNamedWithItsPosition) {
    const std::string text("kind: Job\nmetadata: {name: a\0b}\n", 29);
    const auto r = parseManifests(text, "nul.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
              "nul.yaml:2:19: NUL byte: YAML text cannot contain one (is this a binary file?)");
}

TEST(YamlGuard, BytesThatAreNotUtf8AreNamedWithTheirPosition) {
    const auto r = parseManifests("kind: Job\nname: a\xC0\x80\n", "overlong.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().line, 2);
    EXPECT_EQ(r.error().column, 8);
    EXPECT_NE(r.error().message.find("not UTF-8 text"), std::string::npos) << r.error().message;
}

TEST(YamlGuard, CyclesAndUnknownAliasesAreErrors) {
    auto r = parseManifests("a: &x [1, *x]\n", "cycle.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
              "cycle.yaml:1:11: alias *x refers to a node that contains it (a cycle)");
    r = parseManifests("a: *nowhere\n", "unknown.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message,
              "unknown.yaml:1:4: alias *nowhere refers to no anchor &nowhere defined before it");
}

TEST(YamlGuard, EmptyAndCommentOnlyTextsAreFine) {
    EXPECT_FALSE(checkYaml(std::string_view()).has_value());
    EXPECT_FALSE(checkYaml("# nothing\n---\n").has_value());
}

TEST(YamlGuard, AnchorsAreScopedToTheirDocument) {
    const auto r = checkYaml("a: &x 1\n---\nb: *x\n");
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->line, 3);
}

} // namespace
