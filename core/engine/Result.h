#pragma once
// Errors as values at the engine's boundaries (parsers, validation). std::expected is C++23;
// this is the small subset we need.
#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace tessera::engine {

struct Error {
    std::string message; // human readable, names the field / position
    std::string field;   // e.g. "spec.successPolicy.rules[0].succeededIndexes" (may be empty)
    // The offending value as the Kubernetes API prints it ("-1", "\"Indexed\""); when set the
    // error reads "field: Invalid value: VALUE: message", as the API server's field errors do.
    std::string value;
    long position = -1; // 0-based character offset in the input, -1 when not applicable
    long line = -1;     // 1-based line, -1 when not applicable
    long column = -1;   // 1-based column, -1 when not applicable

    // "field: message (at line L, column C)" with whatever parts are known.
    std::string describe() const;
};

template <typename T> class Result {
public:
    Result(T value)
        : m_v(std::in_place_index<0>, std::move(value)) {}
    Result(Error error)
        : m_v(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(m_v);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(m_v);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(m_v));
    }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const {
        assert(!ok());
        return std::get<1>(m_v);
    }

private:
    std::variant<T, Error> m_v;
};

} // namespace tessera::engine
