#pragma once
// resource.Quantity as the API server reads it (k8s.io/apimachinery/pkg/api/resource/quantity.go,
// parseQuantityString and the suffixer): a signed decimal with an optional binary-SI (Ki .. Ei),
// decimal-SI (n u m k M G T P E) or decimal-exponent (e3, E-2) suffix. Values are kept exactly
// (decimal digits and a power of ten), so "100m" and "0.1" compare equal, as Quantity.Cmp does.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tessera::engine {

// The API server's messages for a quantity it cannot parse (ErrFormatWrong, ErrSuffix).
inline constexpr const char* kQuantityFormatMessage =
    "must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
inline constexpr const char* kQuantitySuffixMessage = "unable to parse quantity's suffix";

struct Quantity {
    bool negative = false;
    std::string digits;   // significant decimal digits, no leading zeros ("" is zero)
    int64_t exponent = 0; // value = digits * 10^exponent

    bool isZero() const { return digits.empty(); }
    bool isInteger() const;
};

struct QuantityParse {
    std::optional<Quantity> quantity;
    const char* problem = nullptr; // kQuantityFormatMessage or kQuantitySuffixMessage
};

QuantityParse parseQuantity(std::string_view text);

// <0, 0, >0 as a is less than, equal to or greater than b.
int compareQuantities(const Quantity& a, const Quantity& b);

} // namespace tessera::engine
