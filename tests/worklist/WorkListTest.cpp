// Work list formats: what each parser produces, and the precise error for each kind of bad input.
#include "worklist/WorkListFormats.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace tessera::worklist;
namespace fs = std::filesystem;

namespace {

class TempDir {
public:
    TempDir() {
        char tmpl[] = "/tmp/tessera-worklist-XXXXXX";
        m_path = mkdtemp(tmpl);
    }
    ~TempDir() { fs::remove_all(m_path); }
    std::string write(const std::string& name, const std::string& text) const {
        const std::string p = m_path + "/" + name;
        std::ofstream(p, std::ios::binary) << text;
        return p;
    }
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

std::string envOf(const WorkList& list, int32_t i, std::string_view name) {
    for (const auto& [k, v] : list.item(i).env)
        if (k == name)
            return std::string(v);
    return "<unset>";
}

} // namespace

TEST(WorkListLines, SkipsBlankLinesAndCommentsAndNumbersRealItems) {
    auto list =
        parseLines("# header\n\necho a\n  # indented comment\r\necho b\r\n\n  echo c  \n", "w.txt");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    ASSERT_EQ(list->size(), 3);
    EXPECT_EQ(list->command(0), "echo a");
    EXPECT_EQ(list->command(1), "echo b");
    EXPECT_EQ(list->command(2), "echo c");
    EXPECT_TRUE(list->item(1).env.empty());
    EXPECT_EQ(list->format(), "lines");
}

TEST(WorkListLines, LastLineWithoutNewlineCounts) {
    auto list = parseLines("a\nb", "w.txt");
    ASSERT_TRUE(list.ok());
    EXPECT_EQ(list->size(), 2);
    EXPECT_EQ(list->command(1), "b");
}

TEST(WorkListLines, EmptyListIsAnError) {
    auto list = parseLines("# only\n\n   \n", "w.txt");
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().field, "w.txt");
    EXPECT_NE(list.error().message.find("no items"), std::string::npos);
}

TEST(WorkListLines, NulByteNamesLineAndColumn) {
    auto list = parseLines(std::string("ok\nab\0c\n", 8), "bin.txt");
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().line, 2);
    EXPECT_EQ(list.error().column, 3);
    EXPECT_EQ(list.error().describe(),
              "bin.txt: NUL byte in a command line (is this a binary file?) (at line 2, column 3)");
}

TEST(WorkListLines, MaxItemsIsEnforced) {
    auto list = parseLines("a\nb\nc\n", "w.txt", 2);
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().line, 3);
}

TEST(WorkListLines, HundredThousandItemsAreCheap) {
    std::string text;
    for (int i = 0; i < 100000; ++i)
        text += "process-item --input part-" + std::to_string(i) + ".dat\n";
    auto list = parseLines(text, "big.txt");
    ASSERT_TRUE(list.ok());
    ASSERT_EQ(list->size(), 100000);
    EXPECT_EQ(list->command(99999), "process-item --input part-99999.dat");
    // Commands back to back plus one offset per item: about the file's size, no per-item strings.
    EXPECT_LT(list->memoryBytes(), text.size() + 100000 * 8 + 64 * 1024);
}

TEST(WorkListCsv, ColumnsBecomeVariablesWithQuotedFields) {
    auto list = parseCsv("FRUIT,COLOR,NOTE\napple,green,\"crisp, sweet\"\n"
                         "banana,yellow,\"say \"\"hi\"\"\"\r\n\ncherry,red,\"two\nlines\"\n",
                         "f.csv");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    ASSERT_EQ(list->size(), 3);
    EXPECT_EQ(list->envNames(), (std::vector<std::string>{"FRUIT", "COLOR", "NOTE"}));
    EXPECT_EQ(envOf(*list, 0, "NOTE"), "crisp, sweet");
    EXPECT_EQ(envOf(*list, 1, "NOTE"), "say \"hi\"");
    EXPECT_EQ(envOf(*list, 1, "COLOR"), "yellow");
    EXPECT_EQ(envOf(*list, 2, "NOTE"), "two\nlines");
    EXPECT_FALSE(list->hasItemCommands());
}

TEST(WorkListCsv, CommandColumnIsTheItemsCommand) {
    auto list = parseCsv("N,TESSERA_COMMAND\n1,echo one\n2,\"echo 'a,b'\"\n", "c.csv");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    EXPECT_TRUE(list->hasItemCommands());
    EXPECT_EQ(list->command(1), "echo 'a,b'");
    EXPECT_EQ(list->envNames(), (std::vector<std::string>{"N"}));
    EXPECT_EQ(envOf(*list, 1, "N"), "2");
}

TEST(WorkListCsv, ErrorsNamePositionAndReason) {
    struct Case {
        const char* text;
        long line, column;
        const char* reason;
    } cases[] = {
        {"A,B\n1,2,3\n", 2, 5, "row has 3 fields, the header has 2"},
        {"A,B\n1\n", 2, 1, "row has 1 fields, the header has 2"},
        {"A,B\n1,\"open\n", 2, 3, "unterminated quoted field"},
        {"A,B\n1,ab\"c\n", 2, 5, "quote inside an unquoted field"},
        {"A,9B\n", 1, 3, "is not a variable name"},
        {"A,A\n", 1, 3, "duplicate column 'A'"},
        {"A,B\n1,\"x\"y\n", 2, 6, "unexpected character after a closing quote"},
        {"A,B\n", 1, -1, "no items"},
        {"", -1, -1, "empty file"},
    };
    for (const Case& c : cases) {
        auto list = parseCsv(c.text, "bad.csv");
        ASSERT_FALSE(list.ok()) << c.text;
        EXPECT_EQ(list.error().field, "bad.csv");
        EXPECT_EQ(list.error().line, c.line) << c.text;
        EXPECT_EQ(list.error().column, c.column) << c.text;
        EXPECT_NE(list.error().message.find(c.reason), std::string::npos)
            << c.text << " -> " << list.error().message;
    }
}

TEST(WorkListFuriko, WithCountNumbersItems) {
    auto list = parseFuriko("withCount: 4\ncommand: echo $TASK_INDEX_NUM\n", "c.yaml");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    ASSERT_EQ(list->size(), 4);
    EXPECT_EQ(envOf(*list, 3, "TASK_INDEX_NUM"), "3");
    EXPECT_EQ(list->command(2), "echo $TASK_INDEX_NUM");
}

TEST(WorkListFuriko, WithKeysGivesOneItemPerKey) {
    auto list = parseFuriko("withKeys: [alpha, beta, \"gamma delta\"]\n", "k.yaml");
    ASSERT_TRUE(list.ok());
    ASSERT_EQ(list->size(), 3);
    EXPECT_EQ(envOf(*list, 2, "TASK_INDEX_KEY"), "gamma delta");
}

TEST(WorkListFuriko, WithMatrixIsTheCartesianProductInDocumentOrder) {
    auto list = parseFuriko("withMatrix:\n  os: [linux, mac]\n  go-ver: ['1.21', '1.22', '1.23']\n",
                            "m.yaml");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    ASSERT_EQ(list->size(), 6);
    const char* expected[6][2] = {{"linux", "1.21"}, {"linux", "1.22"}, {"linux", "1.23"},
                                  {"mac", "1.21"},   {"mac", "1.22"},   {"mac", "1.23"}};
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(envOf(*list, i, "TASK_INDEX_MATRIX_OS"), expected[i][0]) << i;
        EXPECT_EQ(envOf(*list, i, "TASK_INDEX_MATRIX_GO_VER"), expected[i][1]) << i;
    }
}

TEST(WorkListFuriko, ErrorsNamePositionAndReason) {
    struct Case {
        const char* text;
        long line, column;
        const char* reason;
    } cases[] = {
        {"withCount: 0\n", 1, 12, "withCount: expected a positive integer"},
        {"withCount: many\n", 1, 12, "withCount: expected a positive integer"},
        {"withKeys: []\n", 1, 11, "withKeys: expected a non-empty list"},
        {"withKeys: [a, [b]]\n", 1, 15, "each key must be a string"},
        {"withMatrix:\n  os: linux\n", 2, 7, "withMatrix.os: expected a non-empty list"},
        {"withCount: 2\nwithKeys: [a]\n", 1, 1, "exactly one of"},
        {"command: x\n", 1, 1, "none of withCount"},
        {"withCount: 2\nparallel: 3\n", 2, 1, "unknown key 'parallel'"},
        {"withKeys: [a, b\n", 2, 1, "YAML:"},
    };
    for (const Case& c : cases) {
        auto list = parseFuriko(c.text, "bad.yaml");
        ASSERT_FALSE(list.ok()) << c.text;
        EXPECT_EQ(list.error().field, "bad.yaml");
        EXPECT_EQ(list.error().line, c.line) << c.text << " -> " << list.error().describe();
        EXPECT_EQ(list.error().column, c.column) << c.text << " -> " << list.error().describe();
        EXPECT_NE(list.error().message.find(c.reason), std::string::npos)
            << c.text << " -> " << list.error().message;
    }
}

TEST(WorkListTemplate, PerCompletionEnvFromQuotedListsAndFiles) {
    TempDir dir;
    dir.write("colors.txt", "green yellow red\n");
    dir.write("sizes.txt", "small\nmedium size\nlarge\n");
    LoadOptions options;
    options.command = "echo \"Have a nice $COLOR $FRUIT\"";
    options.perCompletionEnv = {"FRUIT=\"apple banana cherry\"", "COLOR=@colors.txt",
                                "SIZE=@sizes.txt"};
    options.baseDir = dir.path();
    auto list = loadWorkList("", options);
    ASSERT_TRUE(list.ok()) << list.error().describe();
    ASSERT_EQ(list->size(), 3);
    EXPECT_EQ(list->command(0), options.command);
    EXPECT_EQ(envOf(*list, 0, "FRUIT"), "apple");
    EXPECT_EQ(envOf(*list, 0, "COLOR"), "green");
    EXPECT_EQ(envOf(*list, 1, "SIZE"), "medium size");
    EXPECT_EQ(envOf(*list, 2, "COLOR"), "red");
    EXPECT_EQ(list->format(), "template");
}

TEST(WorkListTemplate, ErrorsNameTheOptionAndReason) {
    TempDir dir;
    LoadOptions options;
    options.baseDir = dir.path();
    options.perCompletionEnv = {"FRUIT=\"a b c\"", "COLOR=\"x y\""};
    auto list = loadWorkList("", options);
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().field, "--per-completion-env COLOR=\"x y\"");
    EXPECT_EQ(list.error().message, "COLOR has 2 values, but FRUIT has 3");

    options.perCompletionEnv = {"FRUIT"};
    list = loadWorkList("", options);
    ASSERT_FALSE(list.ok());
    EXPECT_NE(list.error().message.find("expected KEY=@file"), std::string::npos);

    options.perCompletionEnv = {"1X=a"};
    list = loadWorkList("", options);
    ASSERT_FALSE(list.ok());
    EXPECT_NE(list.error().message.find("'1X' is not a variable name"), std::string::npos);

    options.perCompletionEnv = {"X=@missing.txt"};
    list = loadWorkList("", options);
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().field, dir.path() + "/missing.txt");
    EXPECT_NE(list.error().message.find("cannot open"), std::string::npos);
}

TEST(WorkListLoad, DetectsFormatByExtensionAndContentAndAddsPerIndexVariables) {
    TempDir dir;
    const std::string csv = dir.write("a.csv", "X\n1\n2\n");
    const std::string yaml = dir.write("list.txt", "# furiko\nwithCount: 2\n");
    const std::string lines = dir.write("cmds", "echo 1\necho 2\n");
    EXPECT_EQ(loadWorkList(csv)->format(), "csv");
    EXPECT_EQ(loadWorkList(yaml)->format(), "furiko");
    LoadOptions options;
    options.perCompletionEnv = {"Y=\"p q\""};
    auto list = loadWorkList(lines, options);
    ASSERT_TRUE(list.ok()) << list.error().describe();
    EXPECT_EQ(list->format(), "lines");
    EXPECT_EQ(list->command(1), "echo 2");
    EXPECT_EQ(envOf(*list, 1, "Y"), "q");

    auto missing = loadWorkList(dir.path() + "/nope.txt");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().field, dir.path() + "/nope.txt");
}

TEST(WorkListLoad, CsvRoundTripKeepsCommandsAndValues) {
    TempDir dir;
    auto list =
        parseCsv("TESSERA_COMMAND,A\n\"echo \"\"x,y\"\"\",\"multi\nline\"\nls,\n", "in.csv");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    const std::string out = dir.path() + "/out.csv";
    ASSERT_EQ(saveWorkListCsv(*list, out), "");
    auto back = loadWorkList(out);
    ASSERT_TRUE(back.ok()) << back.error().describe();
    ASSERT_EQ(back->size(), 2);
    EXPECT_EQ(back->command(0), "echo \"x,y\"");
    EXPECT_EQ(envOf(*back, 0, "A"), "multi\nline");
    EXPECT_EQ(back->command(1), "ls");
    EXPECT_EQ(envOf(*back, 1, "A"), "");
}

// Inputs whose errors did not say what happened.
TEST(WorkListLoad, ADirectoryIsNamedAsADirectory) {
    TempDir dir;
    auto list = loadWorkList(dir.path());
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().field, dir.path());
    EXPECT_EQ(list.error().message, "is a directory, not a work list file");
}

TEST(WorkListLoad, BytesThatAreNotUtf8AreRejectedWithLineAndColumnInEveryFormat) {
    TempDir dir;
    // C0 80 is an overlong NUL: passed on, it became a NUL in the ConfigMap.
    const std::string lines = dir.write("w.txt", "echo a\necho b\xC0\x80\n");
    const std::string csv = dir.write("w.csv", "A,B\nx,y\n1,\xED\xA0\x80\n"); // a surrogate
    const std::string yaml = dir.write("w.yaml", "withKeys:\n- a\n- \xF5\x80\x80\x80\n");
    const std::string values = dir.write("values", "p\nq\xFF\n");
    struct Case {
        std::string path;
        LoadOptions options;
        long line, column;
    };
    LoadOptions withValues;
    withValues.perCompletionEnv = {"V=@" + values};
    const Case cases[] = {
        {lines, {}, 2, 7},
        {csv, {}, 3, 3},
        {yaml, {}, 3, 3},
        {lines.substr(0, 0), withValues, 2, 2},
    };
    for (const Case& c : cases) {
        auto list = loadWorkList(c.path, c.options);
        ASSERT_FALSE(list.ok()) << c.path;
        EXPECT_EQ(list.error().line, c.line) << list.error().describe();
        EXPECT_EQ(list.error().column, c.column) << list.error().describe();
        EXPECT_NE(list.error().message.find("not UTF-8 text"), std::string::npos)
            << list.error().describe();
    }
    // Valid multi-byte text is kept as it is.
    auto ok = parseLines("echo \xC3\xA9t\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80\n", "ok.txt");
    ASSERT_TRUE(ok.ok()) << ok.error().describe();
    EXPECT_EQ(ok->command(0), "echo \xC3\xA9t\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80");
}

TEST(WorkListFuriko, YamlThatLoopsYamlCppOrBombsIsAPositionedError) {
    auto looping = parseFuriko("-\n{},", "loop.yaml");
    ASSERT_FALSE(looping.ok());
    EXPECT_EQ(looping.error().line, 2);
    // Seven levels of eight aliases each: 10 * 8^7 keys once expanded.
    std::string bomb = "b0: &b0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int level = 1; level <= 7; ++level) {
        bomb += "b" + std::to_string(level) + ": &b" + std::to_string(level) + " [";
        for (int k = 0; k < 8; ++k)
            bomb += (k ? ", *b" : "*b") + std::to_string(level - 1);
        bomb += "]\n";
    }
    bomb += "withKeys: *b7\n";
    auto bombed = parseFuriko(bomb, "bomb.yaml");
    ASSERT_FALSE(bombed.ok());
    EXPECT_NE(bombed.error().message.find("excessive aliasing"), std::string::npos)
        << bombed.error().describe();
}

namespace {

// The same list with a leading UTF-8 byte order mark, as some Windows editors save it.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

TEST(WorkListLoad, AByteOrderMarkIsNotPartOfTheFirstItem) {
    TempDir dir;
    const std::string lines = dir.write("w.txt", std::string(kByteOrderMark) + "echo a\necho b\n");
    auto list = loadWorkList(lines);
    ASSERT_TRUE(list.ok()) << list.error().describe();
    EXPECT_EQ(list->command(0), "echo a");

    const std::string csv = dir.write("w.csv", std::string(kByteOrderMark) + "FRUIT\napple\n");
    list = loadWorkList(csv);
    ASSERT_TRUE(list.ok()) << list.error().describe();
    EXPECT_EQ(list->envNames().front(), "FRUIT");
    EXPECT_EQ(envOf(*list, 0, "FRUIT"), "apple");

    const std::string values = dir.write("values", std::string(kByteOrderMark) + "p\nq\n");
    LoadOptions options;
    options.perCompletionEnv = {"V=@" + values};
    list = loadWorkList("", options);
    ASSERT_TRUE(list.ok()) << list.error().describe();
    EXPECT_EQ(envOf(*list, 0, "V"), "p");
}

TEST(WorkListFuriko, AKeyGivenTwiceIsRefusedNotTheLastOneRun) {
    TempDir dir;
    const std::string yaml =
        dir.write("w.yaml", "withCount: 2\ncommand: echo first\ncommand: rm -rf scratch\n");
    auto list = loadWorkList(yaml);
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().field, yaml);
    EXPECT_EQ(list.error().line, 3);
    EXPECT_EQ(list.error().column, 1);
    EXPECT_EQ(list.error().message, "duplicate field \"command\"");

    auto matrix = parseFuriko("withMatrix:\n  a: [1]\n  a: [2]\n", "m.yaml");
    ASSERT_FALSE(matrix.ok());
    EXPECT_EQ(matrix.error().message, "duplicate field \"withMatrix.a\"");
}

TEST(WorkListFuriko, NestingPastTheReadersLimitIsAPositionedError) {
    const std::string deep = "withKeys: " + std::string(33'000, '[') + std::string(33'000, ']');
    auto list = parseFuriko(deep, "deep.yaml");
    ASSERT_FALSE(list.ok());
    EXPECT_EQ(list.error().line, 1);
    EXPECT_EQ(list.error().column, 11 + 399);
    EXPECT_NE(list.error().message.find("nested more than 400 levels deep"), std::string::npos)
        << list.error().message;
}

} // namespace

TEST(WorkListJsonLines, EachLineIsAnItemItsKeysTheVariablesAndTesseraCommandItsCommand) {
    const auto list =
        parseJsonLines("{\"TESSERA_COMMAND\": \"echo $N\", \"N\": 1, \"OK\": true}\n"
                       "\n"
                       "{\"OK\": false, \"N\": \"two\", \"TESSERA_COMMAND\": \"ls\"}\n",
                       "items.jsonl");
    ASSERT_TRUE(list.ok()) << list.error().describe();
    ASSERT_EQ(list->size(), 2);
    EXPECT_EQ(list->format(), "jsonl");
    EXPECT_EQ(list->command(0), "echo $N");
    EXPECT_EQ(list->command(1), "ls");
    EXPECT_EQ(envOf(*list, 0, "N"), "1");
    EXPECT_EQ(envOf(*list, 0, "OK"), "true");
    EXPECT_EQ(envOf(*list, 1, "N"), "two");
    EXPECT_EQ(envOf(*list, 1, "OK"), "false");
}

TEST(WorkListJsonLines, ErrorsNameTheLineAndTheKey) {
    struct Case {
        const char* text;
        long line;
        const char* says;
    };
    const Case cases[] = {
        {"{\"A\": 1}\n[1]\n", 2, "each line must be a JSON object, this is an array"},
        {"{\"A\": 1}\n{\"A\": 1\n", 2, "not a JSON object"},
        {"{\"A\": 1}\n{}\n", 2, "no \"A\": every item has the first item's keys (line 1)"},
        {"{\"A\": 1}\n{\"A\": 2, \"B\": 3}\n", 2, "key \"B\" is not one of the first item's"},
        {"{\"A\": {\"x\": 1}}\n", 1, "the value of \"A\" is an object"},
        {"{\"A\": null}\n", 1, "the value of \"A\" is null"},
        {"{\"1A\": 1}\n", 1, "key \"1A\" is not a variable name"},
        {"{\"A\": 1, \"A\": 2}\n", 1, "key \"A\" is given twice"},
        {"{\"A\": \"a\\u0000b\"}\n", 1, "holds a NUL character"},
    };
    for (const Case& c : cases) {
        const auto list = parseJsonLines(c.text, "w.jsonl");
        ASSERT_FALSE(list.ok()) << c.text;
        EXPECT_EQ(list.error().field, "w.jsonl");
        EXPECT_EQ(list.error().line, c.line) << c.text;
        EXPECT_NE(list.error().message.find(c.says), std::string::npos)
            << c.text << " -> " << list.error().message;
    }
}

TEST(WorkListFormatTable, NamesAliasesAndExtensionsComeFromOneTable) {
    EXPECT_EQ(formatFromName("lines"), Format::Lines);
    EXPECT_EQ(formatFromName("csv"), Format::Csv);
    EXPECT_EQ(formatFromName("furiko"), Format::Furiko);
    EXPECT_EQ(formatFromName("yaml"), Format::Furiko);
    EXPECT_EQ(formatFromName("jsonl"), Format::JsonLines);
    EXPECT_EQ(formatFromName("xml"), std::nullopt);
    EXPECT_EQ(formatNames(), "lines, csv, furiko (or yaml) or jsonl");
    for (const FormatInfo& f : formats())
        EXPECT_STREQ(toString(f.format), std::string(f.name).c_str());
    EXPECT_EQ(detectFormat("items.JSONL", "echo 1\n"), Format::JsonLines);
    EXPECT_EQ(detectFormat("items.CSV", ""), Format::Csv);
    EXPECT_EQ(detectFormat("items.yml", ""), Format::Furiko);
}

// A JSON Lines file was run as shell lines (`sh: 1: {cmd:: not found`): its content says what it
// is, and a Kubernetes manifest is named as one, by the rule the Launch dialog uses too.
TEST(WorkListJsonLines, IsDetectedByContentAndTellsItselfFromAManifest) {
    const std::string_view jsonl = "{\"cmd\": \"echo 1\"}\n{\"cmd\": \"echo 2\"}\n";
    EXPECT_EQ(detectFormat("items.txt", jsonl), Format::JsonLines);
    EXPECT_FALSE(looksLikeManifest("items.txt", jsonl));
    EXPECT_TRUE(looksLikeManifest("job.json", "{\"apiVersion\": \"batch/v1\", \"kind\": \"Job\"}"));
    EXPECT_TRUE(looksLikeManifest("job.json", "{\n  \"kind\": \"Job\"\n}\n"));
    EXPECT_TRUE(looksLikeManifest("list.json", "[{\"kind\": \"Job\"}]"));
    EXPECT_TRUE(looksLikeManifest("job.yaml", "apiVersion: batch/v1\nkind: Job\n"));
    EXPECT_FALSE(looksLikeManifest("w.yaml", "withCount: 3\n"));
    EXPECT_FALSE(looksLikeManifest("w.jsonl", "{\"kind\": \"fruit\"}\n"));
    EXPECT_EQ(detectFormat("w.txt", "echo {a}\n"), Format::Lines);

    TempDir dir;
    const auto list = loadWorkList(dir.write("items.txt", std::string(jsonl)), {});
    ASSERT_TRUE(list.ok()) << list.error().describe();
    EXPECT_EQ(list->format(), "jsonl");
    EXPECT_EQ(envOf(*list, 1, "cmd"), "echo 2");
    const auto manifest =
        loadWorkList(dir.write("job.yaml", "apiVersion: batch/v1\nkind: Job\n"), {});
    ASSERT_FALSE(manifest.ok());
    EXPECT_NE(manifest.error().message.find("a Kubernetes manifest, not a work list"),
              std::string::npos)
        << manifest.error().message;
}
