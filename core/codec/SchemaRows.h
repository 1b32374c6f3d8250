#pragma once
// Internal to the codec: what a row of Schema.h's tables is made of (a JSON name, the member it
// reads, when it is read and how it is written) and the traits the walkers (SchemaDecode.h,
// SchemaEncode.h) and the agreement test (tests/serve/CodecSchemaTest.cpp) read from a row.
#include "Objects.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

namespace tessera::codec::schema {

// When the decoder reads a row (the encoder always writes it).
enum class Need : uint8_t {
    Always,    // the engine reads it
    Ownership, // who owns what: read for the reconcile input too
    Extras,    // only with the extras of Objects.h (lists, watches, single objects)
};

// The JSON shape of a row, as the protobuf schema spells it: what the agreement test checks.
enum class Wire : uint8_t { Int32, Int64, Bool, String, Time, Object, StringMap };

// The member a row reads: a chain of member pointers from the table's target.
template <typename... Members> struct Chain {
    std::tuple<Members...> members;

    template <size_t I = 0, typename T> constexpr auto& operator()(T& object) const {
        if constexpr (I == sizeof...(Members)) {
            return object;
        } else {
            auto& next = object.*std::get<I>(members);
            if constexpr (std::is_pointer_v<std::remove_cvref_t<decltype(next)>>)
                return operator()<I + 1>(*next); // a view's member (MetaView)
            else
                return operator()<I + 1>(next);
        }
    }
};
template <typename... Members> constexpr Chain<Members...> chain(Members... members) {
    return Chain<Members...>{{members...}};
}

// The row reads the member's value by its type (the default codec).
struct ByType {};

template <typename Target, typename Access, typename Codec> struct Field {
    using TargetType = Target;
    using CodecTag = Codec;
    std::string_view name;
    Access access;
    Need need = Need::Always;
    bool writeEmpty = false; // strings and lists: written when empty too

    constexpr Field always() const {
        Field f = *this;
        f.writeEmpty = true;
        return f;
    }
    constexpr Field extras() const {
        Field f = *this;
        f.need = Need::Extras;
        return f;
    }
    constexpr Field ownership() const {
        Field f = *this;
        f.need = Need::Ownership;
        return f;
    }
};

// A member of the target struct.
template <typename S, typename M> constexpr auto field(std::string_view name, M S::*member) {
    return Field<S, Chain<M S::*>, ByType>{name, chain(member)};
}
// A member further down (JobObject -> job -> spec -> parallelism).
template <typename S, typename... Members>
constexpr auto field(std::string_view name, Chain<Members...> access) {
    return Field<S, Chain<Members...>, ByType>{name, access};
}
// A field with a codec of its own (Codec is a tag type with a `wire`); it gets the member (or,
// with no member, the whole target).
template <typename Codec, typename S, typename M>
constexpr auto custom(std::string_view name, M S::*member) {
    return Field<S, Chain<M S::*>, Codec>{name, chain(member)};
}
template <typename Codec, typename S, typename... Members>
constexpr auto custom(std::string_view name, Chain<Members...> access) {
    return Field<S, Chain<Members...>, Codec>{name, access};
}
template <typename Codec, typename S> constexpr auto custom(std::string_view name) {
    return Field<S, Chain<>, Codec>{name, chain()};
}

// An object whose members are more rows of the same target (ContainerStatus.state.terminated.*
// are members of the flat engine::ContainerStatus).
template <typename T> struct Group { using Table = T; };
template <typename Table> constexpr auto group(std::string_view name) {
    return Field<typename Table::Target, Chain<>, Group<Table>>{name, chain()};
}

template <typename S> struct TableOf; // the table of a struct that has one (Schema.h)

// ---- what a row's member is, for the walkers and the agreement test ----
template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T> struct IsVector : std::false_type {};
template <typename T> struct IsVector<std::vector<T>> : std::true_type {};

template <typename T> struct Unwrapped { using type = T; };
template <typename T> struct Unwrapped<std::optional<T>> { using type = T; };
template <typename T> struct Unwrapped<std::vector<T>> { using type = T; };

template <typename T, typename = void> struct HasTable : std::false_type {};
template <typename T>
struct HasTable<T, std::void_t<typename TableOf<T>::type>> : std::true_type {};

// The member type a row reads (the whole target for a row without a member).
template <typename Row>
using MemberOf = std::remove_cvref_t<decltype(std::declval<const Row&>().access(
    std::declval<typename Row::TargetType&>()))>;

// The wire shape of a plain value type (after optional / vector).
template <typename T> constexpr Wire wireOf() {
    if constexpr (std::is_same_v<T, int32_t>)
        return Wire::Int32;
    else if constexpr (std::is_same_v<T, int64_t>)
        return Wire::Int64;
    else if constexpr (std::is_same_v<T, bool>)
        return Wire::Bool;
    else if constexpr (std::is_same_v<T, engine::TimePoint>)
        return Wire::Time;
    else if constexpr (std::is_same_v<T, Labels>)
        return Wire::StringMap;
    else if constexpr (HasTable<T>::value)
        return Wire::Object;
    else
        return Wire::String; // std::string and enums
}

template <typename Row> constexpr Wire wireOfRow() {
    using Codec = typename Row::CodecTag;
    if constexpr (std::is_same_v<Codec, ByType>)
        return wireOf<typename Unwrapped<MemberOf<Row>>::type>();
    else if constexpr (requires { Codec::wire; })
        return Codec::wire;
    else
        return Wire::Object; // a group
}

template <typename Row> constexpr bool repeatedRow() {
    using Codec = typename Row::CodecTag;
    if constexpr (std::is_same_v<Codec, ByType>)
        return IsVector<MemberOf<Row>>::value;
    else if constexpr (requires { Codec::repeated; })
        return Codec::repeated;
    else
        return false;
}

// Calls f(row) for each row of a table, in order.
template <typename Table, typename F> constexpr void forEachRow(F&& f) {
    std::apply([&](const auto&... row) { (f(row), ...); }, Table::rows);
}

} // namespace tessera::codec::schema
