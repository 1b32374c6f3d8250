#pragma once
// RFC 3339 timestamps as Kubernetes writes them (metav1.Time: "2026-11-22T10:00:00Z") and reads
// them (any offset, optional fractional seconds). The engine keeps milliseconds, so finer
// fractions are truncated on input.
#include "engine/Time.h"

#include <optional>
#include <string>
#include <string_view>

namespace tessera::codec {

enum class TimePrecision { Seconds, Millis };

// "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)"; 't'/'z' accepted too, as RFC 3339 allows.
// Years 0000-9999; a leap second (:60) is rejected, as Go's time.Parse rejects it.
// nullopt when malformed or out of range.
std::optional<engine::TimePoint> parseRfc3339(std::string_view text);

// UTC with a 'Z'. Seconds precision drops the milliseconds (floor), as metav1.Time does.
std::string formatRfc3339(engine::TimePoint t, TimePrecision precision = TimePrecision::Seconds);
void appendRfc3339(std::string& out, engine::TimePoint t,
                   TimePrecision precision = TimePrecision::Seconds);

} // namespace tessera::codec
