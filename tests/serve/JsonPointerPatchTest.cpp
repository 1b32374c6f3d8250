// RFC 6902 JSON patch on documents (core/serve/JsonPointerPatch): the RFC's own examples plus the
// failures a client must see named (operation, path, why).
#include "serve/JsonPointerPatch.h"

#include <QJsonDocument>
#include <gtest/gtest.h>

using tessera::serve::applyJsonPatch;

namespace {

QJsonObject object(const char* json) {
    return QJsonDocument::fromJson(json).object();
}
QJsonArray ops(const char* json) {
    return QJsonDocument::fromJson(json).array();
}

struct Case {
    const char* name;
    const char* target;
    const char* patch;
    const char* expected; // nullptr: the patch fails with `error` in its message
    const char* error = nullptr;
};

const Case kCases[] = {
    {"AddsAnObjectMember", R"({"foo":"bar"})", R"([{"op":"add","path":"/baz","value":"qux"}])",
     R"({"baz":"qux","foo":"bar"})"},
    {"AddsAnArrayElement", R"({"foo":["bar","baz"]})",
     R"([{"op":"add","path":"/foo/1","value":"qux"}])", R"({"foo":["bar","qux","baz"]})"},
    {"AppendsWithDash", R"({"foo":[1]})", R"([{"op":"add","path":"/foo/-","value":2}])",
     R"({"foo":[1,2]})"},
    {"RemovesAMember", R"({"baz":"qux","foo":"bar"})", R"([{"op":"remove","path":"/baz"}])",
     R"({"foo":"bar"})"},
    {"RemovesAnArrayElement", R"({"foo":["bar","qux","baz"]})",
     R"([{"op":"remove","path":"/foo/1"}])", R"({"foo":["bar","baz"]})"},
    {"ReplacesAValue", R"({"baz":"qux","foo":"bar"})",
     R"([{"op":"replace","path":"/baz","value":"boo"}])", R"({"baz":"boo","foo":"bar"})"},
    {"MovesAValue", R"({"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}})",
     R"([{"op":"move","from":"/foo/waldo","path":"/qux/thud"}])",
     R"({"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}})"},
    {"CopiesAValue", R"({"a":{"b":1}})", R"([{"op":"copy","from":"/a","path":"/c"}])",
     R"({"a":{"b":1},"c":{"b":1}})"},
    {"ReadsEscapedPointers", R"({"a/b":1,"m~n":2})",
     R"([{"op":"replace","path":"/a~1b","value":3},{"op":"remove","path":"/m~0n"}])",
     R"({"a/b":3})"},
    {"PassesAMatchingTest", R"({"baz":"qux","foo":["a",2,"c"]})",
     R"([{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}])",
     R"({"baz":"qux","foo":["a",2,"c"]})"},
    {"FailsAMismatchedTest", R"({"baz":"qux"})", R"([{"op":"test","path":"/baz","value":"bar"}])",
     nullptr, "operation 0 (test /baz): the value is [\"qux\"], not [\"bar\"]"},
    {"FailsOnAMissingParent", R"({"foo":"bar"})",
     R"([{"op":"add","path":"/baz/bat","value":"qux"}])", nullptr,
     "operation 0 (add /baz/bat): path not found"},
    {"FailsOnRemovingWhatIsNotThere", R"({"a":1})",
     R"([{"op":"add","path":"/b","value":2},{"op":"remove","path":"/c"}])", nullptr,
     "operation 1 (remove /c): path not found"},
    {"FailsOnAnIndexPastTheEnd", R"({"a":[1]})", R"([{"op":"replace","path":"/a/1","value":2}])",
     nullptr, "array index 1 is out of range"},
    {"FailsOnAnUnknownOperation", R"({"a":1})", R"([{"op":"merge","path":"/a","value":2}])",
     nullptr, "unknown operation"},
    {"FailsWithoutAValue", R"({"a":1})", R"([{"op":"add","path":"/b"}])", nullptr,
     "\"value\" is required"},
};

// Test names print the case's name, not its bytes.
void PrintTo(const Case& c, std::ostream* out) {
    *out << c.name;
}

class JsonPointerPatchCases : public testing::TestWithParam<Case> {};

} // namespace

TEST_P(JsonPointerPatchCases, AppliesOrNamesTheFailingOperation) {
    const Case& c = GetParam();
    const auto result = applyJsonPatch(object(c.target), ops(c.patch));
    if (c.expected) {
        ASSERT_TRUE(result) << result.error().message.toStdString();
        EXPECT_EQ(*result, object(c.expected))
            << QJsonDocument(*result).toJson(QJsonDocument::Compact).toStdString();
    } else {
        ASSERT_FALSE(result);
        EXPECT_EQ(result.error().code, 422);
        EXPECT_TRUE(result.error().message.contains(QLatin1String(c.error)))
            << result.error().message.toStdString();
    }
}

INSTANTIATE_TEST_SUITE_P(Rfc6902, JsonPointerPatchCases, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case>& param) {
                             return std::string(param.param.name);
                         });

TEST(JsonPointerPatch, LeavesTheTargetUntouchedWhenAnOperationFails) {
    const QJsonObject target = object(R"({"a":1})");
    EXPECT_FALSE(applyJsonPatch(target, ops(R"([{"op":"replace","path":"/a","value":2},)"
                                            R"({"op":"remove","path":"/nope"}])")));
    EXPECT_EQ(target, object(R"({"a":1})"));
}
