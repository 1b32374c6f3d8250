#pragma once
// Time in the engine: wall-clock instants with millisecond precision. The engine never reads a
// clock itself; every function that needs "now" takes it as an argument (see Clock.h).
#include <chrono>
#include <cstdint>

namespace tessera::engine {

using Duration = std::chrono::milliseconds;
using TimePoint = std::chrono::time_point<std::chrono::system_clock, Duration>;

constexpr TimePoint fromUnixMillis(int64_t ms) {
    return TimePoint{Duration{ms}};
}
constexpr int64_t toUnixMillis(TimePoint t) {
    return t.time_since_epoch().count();
}
constexpr double toSeconds(Duration d) {
    return static_cast<double>(d.count()) / 1000.0;
}

} // namespace tessera::engine
