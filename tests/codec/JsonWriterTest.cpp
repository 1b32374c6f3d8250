#include "codec/JsonWriter.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <simdjson.h>

using tessera::codec::JsonWriter;

namespace {

// Reads back a JSON string value with simdjson (an independent parser).
std::string parseStringValue(const std::string& json) {
    simdjson::dom::parser parser;
    std::string_view s;
    const auto err = parser.parse(json).get_string().get(s);
    EXPECT_EQ(err, simdjson::SUCCESS) << json;
    return std::string(s);
}

TEST(JsonWriter, WritesNestedContainersWithCommasInTheRightPlaces) {
    JsonWriter w;
    w.beginObject();
    w.key("a").value(int32_t{1});
    w.key("b").beginArray().value(true).value(false).null().beginObject().endObject().endArray();
    w.key("c").beginObject().key("d").value("x").endObject();
    w.key("e").beginArray().endArray();
    w.endObject();
    EXPECT_EQ(w.text(), R"({"a":1,"b":[true,false,null,{}],"c":{"d":"x"},"e":[]})");
    EXPECT_TRUE(w.complete());
}

TEST(JsonWriter, EscapesQuotesBackslashesAndEveryControlCharacter) {
    JsonWriter w;
    w.value("a\"b\\c\n\r\t\b\f\x01\x1f\x7f/");
    EXPECT_EQ(w.text(), "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f\x7f/\"");
}

TEST(JsonWriter, EscapesAllControlCharactersSoThatAParserReadsThemBack) {
    std::string all;
    for (int c = 0; c < 0x20; ++c)
        all.push_back(static_cast<char>(c));
    all += "\"\\ end";
    JsonWriter w;
    w.value(all);
    EXPECT_EQ(parseStringValue(w.text()), all);
}

TEST(JsonWriter, PassesUtf8ThroughUnchanged) {
    const std::string text = "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe6\x97\xa5\xe6\x9c\xac";
    JsonWriter w;
    w.value(text);
    EXPECT_EQ(w.text(), "\"" + text + "\"");
    EXPECT_EQ(parseStringValue(w.text()), text);
}

TEST(JsonWriter, EscapesKeysToo) {
    JsonWriter w;
    w.beginObject().key("we\"ird\nkey").value(int32_t{1}).endObject();
    EXPECT_EQ(w.text(), R"({"we\"ird\nkey":1})");
}

TEST(JsonWriter, WritesIntegerExtremes) {
    JsonWriter w;
    w.beginArray()
        .value(std::numeric_limits<int64_t>::min())
        .value(std::numeric_limits<int64_t>::max())
        .value(std::numeric_limits<uint64_t>::max())
        .value(int32_t{-7})
        .endArray();
    EXPECT_EQ(w.text(), "[-9223372036854775808,9223372036854775807,18446744073709551615,-7]");
}

TEST(JsonWriter, WritesDoublesShortestAndNonFiniteAsNull) {
    JsonWriter w;
    w.beginArray()
        .value(0.5)
        .value(10.0)
        .value(0.1)
        .value(-2.25)
        .value(std::nan(""))
        .value(std::numeric_limits<double>::infinity())
        .endArray();
    EXPECT_EQ(w.text(), "[0.5,10,0.1,-2.25,null,null]");
}

TEST(JsonWriter, WritesTimesAsKubernetesDoes) {
    JsonWriter w;
    w.beginObject();
    w.optionalTime("set", tessera::engine::fromUnixMillis(1795341600999));
    w.optionalTime("unset", std::nullopt);
    w.endObject();
    EXPECT_EQ(w.text(), R"({"set":"2026-11-22T10:00:00Z"})");
}

TEST(JsonWriter, SkipsUnsetOptionalsAndEmptyStrings) {
    JsonWriter w;
    w.beginObject();
    w.optionalField("a", std::optional<int32_t>{});
    w.optionalField("b", std::optional<int32_t>{3});
    w.nonEmptyField("c", "");
    w.nonEmptyField("d", "x");
    w.endObject();
    EXPECT_EQ(w.text(), R"({"b":3,"d":"x"})");
}

TEST(JsonWriter, PrettyPrintsWithTheGivenIndent) {
    JsonWriter w(2);
    w.beginObject();
    w.key("a").beginArray().value(int32_t{1}).value(int32_t{2}).endArray();
    w.key("b").beginObject().endObject();
    w.endObject();
    EXPECT_EQ(w.text(), "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}");
}

TEST(JsonWriter, InsertsRawJsonAsAValue) {
    JsonWriter w;
    w.beginObject().key("t").raw(R"({"x":[1,2]})").key("n").value(int32_t{1}).endObject();
    EXPECT_EQ(w.text(), R"({"t":{"x":[1,2]},"n":1})");
}

} // namespace
