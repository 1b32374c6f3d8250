#include "codec/Rfc3339.h"

#include <gtest/gtest.h>

using namespace tessera;
using codec::formatRfc3339;
using codec::parseRfc3339;

namespace {

// Expected instants were computed independently with Python's datetime (UTC).
struct ParseCase {
    const char* text;
    int64_t unixMillis;
};

class Rfc3339Parses : public testing::TestWithParam<ParseCase> {};

TEST_P(Rfc3339Parses, ToTheRightInstant) {
    const auto t = parseRfc3339(GetParam().text);
    ASSERT_TRUE(t.has_value()) << GetParam().text;
    EXPECT_EQ(engine::toUnixMillis(*t), GetParam().unixMillis) << GetParam().text;
}

INSTANTIATE_TEST_SUITE_P(Rfc3339, Rfc3339Parses,
                         testing::Values(ParseCase{"2026-11-22T10:00:00Z", 1795341600000},
                                         ParseCase{"1970-01-01T00:00:00Z", 0},
                                         ParseCase{"2024-02-29T23:59:59Z", 1709251199000},
                                         ParseCase{"1969-12-31T23:59:59Z", -1000},
                                         ParseCase{"0001-01-01T00:00:00Z", -62135596800000},
                                         ParseCase{"9999-12-31T23:59:59Z", 253402300799000},
                                         // fractions: milliseconds kept, finer digits truncated
                                         ParseCase{"2026-11-22T10:00:00.5Z", 1795341600500},
                                         ParseCase{"2026-11-22T10:00:00.123Z", 1795341600123},
                                         ParseCase{"2026-11-22T10:00:00.123456789Z", 1795341600123},
                                         ParseCase{"2026-11-22T10:00:00.999999Z", 1795341600999},
                                         // offsets: local time minus the offset is UTC
                                         ParseCase{"2026-11-22T12:00:00+02:00", 1795341600000},
                                         ParseCase{"2026-11-22T05:30:00-04:30", 1795341600000},
                                         ParseCase{"2026-11-22T10:00:00+00:00", 1795341600000},
                                         ParseCase{"2026-11-22T10:00:00-00:00", 1795341600000},
                                         ParseCase{"2026-11-22T12:30:00.250+02:30", 1795341600250},
                                         // lower-case separators are allowed by RFC 3339
                                         ParseCase{"2026-11-22t10:00:00z", 1795341600000}));

class Rfc3339Rejects : public testing::TestWithParam<const char*> {};

TEST_P(Rfc3339Rejects, MalformedOrOutOfRangeText) {
    EXPECT_FALSE(parseRfc3339(GetParam()).has_value()) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(
    Rfc3339, Rfc3339Rejects,
    testing::Values("", "2026-11-22", "2026-11-22T10:00:00", "2026-11-22 10:00:00Z",
                    "2026-11-22T10:00Z", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
                    "2026-04-31T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T10:60:00Z",
                    "2026-11-22T10:00:60Z", "2026-11-22T10:00:00.Z", "2026-11-22T10:00:00+0200",
                    "2026-11-22T10:00:00+24:00", "2026-11-22T10:00:00ZZ", "26-11-22T10:00:00Z",
                    "2026-11-22T10:00:00 Z", "yesterday"));

TEST(Rfc3339, FormatsUtcWithSecondsPrecisionLikeKubernetes) {
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(1795341600000)), "2026-11-22T10:00:00Z");
    // metav1.Time drops the fraction (it does not round)
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(1795341600999)), "2026-11-22T10:00:00Z");
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(1709251199000)), "2024-02-29T23:59:59Z");
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(0)), "1970-01-01T00:00:00Z");
}

TEST(Rfc3339, FormatsInstantsBefore1970OnTheRightSecond) {
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(-1000)), "1969-12-31T23:59:59Z");
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(-1)), "1969-12-31T23:59:59Z");
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(-1), codec::TimePrecision::Millis),
              "1969-12-31T23:59:59.999Z");
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(-62135596800000)), "0001-01-01T00:00:00Z");
}

TEST(Rfc3339, FormatsMillisecondsWhenAsked) {
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(1795341600007), codec::TimePrecision::Millis),
              "2026-11-22T10:00:00.007Z");
    EXPECT_EQ(formatRfc3339(engine::fromUnixMillis(1795341600250), codec::TimePrecision::Millis),
              "2026-11-22T10:00:00.250Z");
}

TEST(Rfc3339, RoundTripsEveryMillisecondPrecisionInstant) {
    for (int64_t ms : {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{1795341600123},
                       int64_t{253402300799999}, int64_t{-62135596800000}, int64_t{951782400000}}) {
        const std::string text =
            formatRfc3339(engine::fromUnixMillis(ms), codec::TimePrecision::Millis);
        const auto back = parseRfc3339(text);
        ASSERT_TRUE(back.has_value()) << text;
        EXPECT_EQ(engine::toUnixMillis(*back), ms) << text;
    }
}

} // namespace
