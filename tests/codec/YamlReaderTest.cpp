// Yaml-cpp's LoadAll() looped forever on valid YAML (`&if:tag:yaml.org,2002:str`, found
// by fuzzing), and read some valid YAML otherwise than kubectl. YamlReader (codec/YamlReader.h)
// lets libyaml split the stream and yaml-cpp read one document at a time, and refuses any node
// the two read differently. Each test returns because the reader is bounded by design: none
// of these inputs reaches LoadAll().
#include "codec/YamlReader.h"

#include "codec/Manifests.h"

#include <gtest/gtest.h>
#include <string>

using namespace tessera::codec;

namespace {

// tests/fuzz/regressions/manifests/timeout-aea733005fbe42c8974d3832ff84a131d474b169, byte for byte.
constexpr const char* kLoopedLoadAll = "&if:tag:yaml.org,2002:str";

bool mentions(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(YamlReader, TheAnchoredNodeThatLoopedLoadAllIsAPositionedError) {
    // libyaml (and kubectl) read the anchor `if` on the string ":tag:yaml.org,2002:str";
    // yaml-cpp reads the anchor `if:tag:yaml.org` on an empty node, then a stray `,`.
    const auto r = readYamlDocuments(kLoopedLoadAll);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().line, 1);
    EXPECT_EQ(r.error().column, 1);
    EXPECT_TRUE(mentions(r.error().message, "\":tag:yaml.org,2002:str\"")) << r.error().message;
    EXPECT_TRUE(mentions(r.error().message, "put a space after an anchor")) << r.error().message;
}

TEST(YamlReader, ManifestsNameTheFileLineAndColumnOfTheAmbiguousNode) {
    const auto r = parseManifests(kLoopedLoadAll, "hang.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("hang.yaml:1:1: YAML: cannot read this node", 0), 0u)
        << r.error().message;
}

TEST(YamlReader, TheSameNodeInAMappingASequenceOrAFlowSequenceIsAnErrorToo) {
    struct Case {
        const char* text;
        long line, column;
    };
    for (const Case c : {Case{"a: &if:tag:yaml.org,2002:str\n", 1, 4},
                         Case{"- &if:tag:yaml.org,2002:str\n- b\n", 1, 3},
                         Case{"[&if:tag:yaml.org,2002:str]\n", 1, 2},
                         Case{"kind: Job\nspec:\n  x: &if:tag:yaml.org,2002:str\n", 3, 6}}) {
        SCOPED_TRACE(c.text);
        const auto r = readYamlDocuments(c.text);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().line, c.line) << r.error().message;
        EXPECT_EQ(r.error().column, c.column) << r.error().message;
        EXPECT_EQ(r.error().message.rfind("YAML: ", 0), 0u) << r.error().message;
    }
}

TEST(YamlReader, InALaterDocumentTheErrorIsAtItsLineInTheWholeText) {
    const auto r = parseManifests("apiVersion: v1\nkind: Pod\n---\n# two\n" +
                                      std::string(kLoopedLoadAll) + "\n",
                                  "multi.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().line, 5) << r.error().message;
    EXPECT_EQ(r.error().message.rfind("multi.yaml:5:1: ", 0), 0u) << r.error().message;
}

TEST(YamlReader, AnAnchorNameFollowedByAColonIsNotSilentlyReadAsAnotherValue) {
    // kubectl: the string ":b c"; yaml-cpp alone: the anchor `a:b` on "c".
    const auto r = readYamlDocuments("key: &a:b c\n");
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(mentions(r.error().message, "\":b c\"")) << r.error().message;
    EXPECT_EQ(r.error().line, 1);
}

TEST(YamlReader, ALoneCarriageReturnReadDifferentlyIsAnErrorThatShowsIt) {
    // libyaml folds a lone CR (a line break in YAML 1.1) into a space; yaml-cpp keeps it.
    const auto r = readYamlDocuments("a: \"x\ry\"\n");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().line, 1);
    EXPECT_EQ(r.error().column, 4);
    EXPECT_TRUE(mentions(r.error().message, "reads the scalar \"x y\", yaml-cpp reads the scalar "
                                            "\"x\\ry\""))
        << r.error().message;
}

TEST(YamlReader, AnEmptyTaggedDocumentKeepsItsTagThoughYamlCppReadsItAlone) {
    // Read on its own, `--- !!str` would end yaml-cpp's input right after the tag, where it
    // drops the tag (a null); the reader ends each document explicitly, as the stream did.
    const auto r = readYamlDocuments("--- !!str\n--- &a\n");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_TRUE((*r)[0].root.IsScalar());
    EXPECT_EQ((*r)[0].root.Scalar(), "");
    EXPECT_EQ((*r)[0].root.Tag(), "tag:yaml.org,2002:str");
    EXPECT_TRUE((*r)[1].root.IsNull());
}

TEST(YamlReader, TheFirstDocumentReadersRefuseTheSameInput) {
    const auto r = readYamlDocument(kLoopedLoadAll);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().line, 1);
    EXPECT_EQ(r.error().column, 1);
}

TEST(YamlReader, EveryDocumentIsReadWithItsNumberAndItsPlaceInTheText) {
    const std::string text = "# first\na: 1\n---\n---\n\nb:\n  c: &x [1, \"2\"]\n  d: *x\n...\n"
                             "# trailing\n--- e\n";
    const auto r = readYamlDocuments(text);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 4u);
    EXPECT_EQ((*r)[0].root["a"].Scalar(), "1");
    EXPECT_TRUE((*r)[1].root.IsNull());
    const YamlDocument& third = (*r)[2];
    EXPECT_EQ(third.index, 2);
    const YAML::Node c = third.root["b"]["c"];
    ASSERT_TRUE(c.IsSequence());
    EXPECT_EQ(c[1].Scalar(), "2");
    EXPECT_EQ(c[1].Tag(), "!"); // quoted: a string, as libyaml read it
    EXPECT_EQ(third.root["b"]["d"][0].Scalar(), "1");
    const YAML::Mark at = markInText(third, c.Mark());
    EXPECT_EQ(at.line + 1, 7);
    EXPECT_EQ(at.column + 1, 6);
    EXPECT_EQ(text.substr(static_cast<size_t>(at.pos), 2), "&x");
    EXPECT_EQ((*r)[3].root.Scalar(), "e");
}

TEST(YamlReader, NonAsciiTextIsReadWholeInEveryDocument) {
    // libyaml's marks count characters, not bytes: documents are cut at byte offsets.
    const auto r = readYamlDocuments("a: caf\u00e9\n---\nb: \u65e5\u672c\u8a9ex\nc: \U0001F600y\n"
                                     "---\nd: \u00fc2\n");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 3u);
    EXPECT_EQ((*r)[0].root["a"].Scalar(), "caf\u00e9");
    EXPECT_EQ((*r)[1].root["b"].Scalar(), "\u65e5\u672c\u8a9ex");
    EXPECT_EQ((*r)[1].root["c"].Scalar(), "\U0001F600y");
    EXPECT_EQ((*r)[2].root["d"].Scalar(), "\u00fc2");
    EXPECT_EQ(markInText((*r)[2], (*r)[2].root["d"].Mark()).line + 1, 6);
}

TEST(YamlReader, AByteOrderMarkAndUtf16TextAreReadAsBefore) {
    const auto bom = readYamlDocuments("\xEF\xBB\xBF"
                                       "a: \u00e9\n---\nb: \u00fc2\n");
    ASSERT_TRUE(bom.ok()) << bom.error().message;
    ASSERT_EQ(bom->size(), 2u);
    EXPECT_EQ((*bom)[1].root["b"].Scalar(), "\u00fc2");

    // UTF-16LE with its byte order mark, as some Windows editors save files.
    const std::u16string wide = u"\uFEFFapiVersion: v1\nkind: Pod\n---\nkind: Job\nx: \"\u00e9\"\n";
    std::string bytes;
    for (const char16_t c : wide) {
        bytes += static_cast<char>(c & 0xFF);
        bytes += static_cast<char>(c >> 8);
    }
    const auto manifests = parseManifests(bytes, "wide.yaml");
    ASSERT_TRUE(manifests.ok()) << manifests.error().message;
    ASSERT_EQ(manifests->size(), 2u);
    EXPECT_EQ((*manifests)[1].json, "{\"kind\":\"Job\",\"x\":\"\u00e9\"}");
    EXPECT_EQ((*manifests)[1].line, 4);
}

TEST(YamlReader, ManifestsInLaterDocumentsKeepTheirLinesOffsetsAndFieldPositions) {
    const std::string text = "apiVersion: v1\nkind: Pod\n---\n# comment\napiVersion: batch/v1\n"
                             "kind: Job\nspec:\n  completions: x\n";
    const auto r = parseManifests(text, "jobs.yaml");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    const Manifest& job = (*r)[1];
    EXPECT_EQ(job.documentIndex, 1);
    EXPECT_EQ(job.line, 5);
    EXPECT_EQ(job.column, 1);
    EXPECT_EQ(job.offset, static_cast<long>(text.find("apiVersion: batch")));
    tessera::engine::Error e;
    e.field = "spec.completions";
    e.message = "bad";
    const tessera::engine::Error located = job.locate(e);
    EXPECT_EQ(located.line, 8);
    EXPECT_EQ(located.column, 16);
}

TEST(YamlReader, AnErrorFoundWhileConvertingALaterDocumentIsAtItsLine) {
    const auto r =
        parseManifests("apiVersion: v1\nkind: Pod\n---\nkind: Job\nx: .inf\n", "inf.yaml");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind("inf.yaml:5:4: ", 0), 0u) << r.error().message;
}

TEST(YamlReader, DirectivesAndRepeatedDocumentEndsBetweenDocumentsAreRead) {
    const auto r = readYamlDocuments("a\n...\n...\n%YAML 1.1\n---\n!!str 1\n");
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->size(), 2u);
    EXPECT_EQ((*r)[1].root.Scalar(), "1");
    EXPECT_EQ((*r)[1].root.Tag(), "tag:yaml.org,2002:str");
}

TEST(YamlReader, AnEmptyTextHasNoDocumentAndTheFirstDocumentReaderGivesNull) {
    const auto all = readYamlDocuments("");
    ASSERT_TRUE(all.ok());
    EXPECT_TRUE(all->empty());
    const auto first = readYamlDocument("# nothing\n");
    ASSERT_TRUE(first.ok());
    EXPECT_TRUE(first->IsNull());
}

TEST(YamlReader, TheFirstDocumentReaderStillChecksTheWholeText) {
    const auto r = readYamlDocument("a: 1\n---\n-\n{},");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().line, 4);
}

TEST(YamlReader, NullsTagsAndMergeKeysReadAsBefore) {
    const auto r = readYamlDocument("base: &b {x: 1}\nm:\n  <<: *b\n  y: ~\n  z: null\n  w:\n"
                                    "  t: !!str 5\n  q: 'null'\n");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE((*r)["m"]["y"].IsNull());
    EXPECT_TRUE((*r)["m"]["z"].IsNull());
    EXPECT_TRUE((*r)["m"]["w"].IsNull());
    EXPECT_EQ((*r)["m"]["t"].Tag(), "tag:yaml.org,2002:str");
    EXPECT_EQ((*r)["m"]["q"].Scalar(), "null");
    EXPECT_EQ((*r)["m"]["<<"]["x"].Scalar(), "1");
}

} // namespace
