#pragma once
// Internal to the codec: reads an object by its table in Schema.h. Each table becomes, at compile
// time, an array of (JSON name, when wanted, reader) whose reader is the row's typed code, so a
// member costs one key match and one indirect call; the rules of each value kind (null, range,
// enum strings, RFC 3339 times) are written once, here and in JsonDecoder.h.
#include "JsonDecoder.h"

#include <array>
#include <cstring>
#include <utility>

namespace tessera::codec::detail {

// The fields with a codec of their own (DecodeShapes.cpp).
bool decodeCustom(Decoder& d, od::value& v, const Path& path, engine::PodFailurePolicyRule& rule,
                  schema::PodFailureActionCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, std::string& out,
                  schema::RawObjectCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out,
                  schema::TemplateContainersCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out,
                  schema::TemplateInitContainersCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out,
                  schema::JobTemplateCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, engine::ContainerStatus& out,
                  schema::ContainerStateCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, schema::MetaView& view,
                  schema::AnnotationsCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, schema::MetaView& view,
                  schema::FinalizersCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, JobObject& out, schema::JobMetaCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, PodObject& out, schema::PodMetaCodec);
bool decodeCustom(Decoder& d, od::value& v, const Path& path, PodObject& out, schema::PodSpecCodec);
template <typename Object, typename Kind>
bool decodeCustom(Decoder&, od::value&, const Path&, Object&, schema::ApiVersionCodec<Kind>) {
    return true; // not looked at, as the API server's decoder for a known kind
}
template <typename Object, typename Kind>
bool decodeCustom(Decoder& d, od::value& v, const Path& path, Object&, schema::KindCodec<Kind>) {
    return d.kind(v, path, Kind::kind);
}

template <typename Table>
bool decodeFields(Decoder& d, od::value& v, const Path& path, typename Table::Target& out);

template <typename T> constexpr bool kIsEnum = std::is_enum_v<T>;

// One value of type T at path, by the rules of its kind.
template <typename T> bool decodeValue(Decoder& d, od::value& v, const Path& path, T& out) {
    using Inner = typename schema::Unwrapped<T>::type;
    if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::optional<std::string>>) {
        return d.string(v, path, out);
    } else if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, std::optional<int32_t>>) {
        return d.int32(v, path, out);
    } else if constexpr (std::is_same_v<T, std::optional<int64_t>>) {
        return d.int64(v, path, out);
    } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::optional<bool>>) {
        return d.boolean(v, path, out);
    } else if constexpr (std::is_same_v<T, std::optional<engine::TimePoint>>) {
        return d.time(v, path, out);
    } else if constexpr (std::is_same_v<T, Labels>) {
        return d.stringMap(v, path, out);
    } else if constexpr (schema::IsVector<T>::value) {
        return d.elements(v, path, [&](od::value& ev, const Path& ep) {
            out.emplace_back();
            return decodeValue(d, ev, ep, out.back());
        });
    } else if constexpr (schema::HasTable<Inner>::value) {
        using Table = typename schema::TableOf<Inner>::type;
        if constexpr (schema::IsOptional<T>::value) {
            // null leaves an optional object unset
            json_type t = json_type::null;
            if (!d.typeOf(v, path, t))
                return false;
            if (t == json_type::null)
                return true;
            out.emplace();
            return decodeFields<Table>(d, v, path, *out);
        } else {
            return decodeFields<Table>(d, v, path, out);
        }
    } else if constexpr (kIsEnum<Inner>) {
        using Strings = schema::EnumStrings<Inner>;
        if constexpr (Strings::allowed == nullptr) {
            // lenient: any string, an unknown one kept as the enum's Unknown
            std::string s;
            if (!d.string(v, path, s))
                return false;
            out = Strings::parse(s);
            return true;
        } else {
            return d.enumeration(v, path, out, Strings::parse, Strings::allowed);
        }
    } else {
        static_assert(sizeof(T) == 0, "Schema.h: no codec for this member type");
    }
}

template <typename Target> struct FieldReader {
    std::string_view name;
    schema::Need need;
    bool (*read)(Decoder&, od::value&, const Path&, Target&);
};

template <typename Table, size_t I>
bool decodeRow(Decoder& d, od::value& v, const Path& path, typename Table::Target& out) {
    constexpr const auto& row = std::get<I>(Table::rows);
    using Row = std::remove_cvref_t<decltype(row)>;
    using Codec = typename Row::CodecTag;
    if constexpr (std::is_same_v<Codec, schema::ByType>)
        return decodeValue(d, v, path, row.access(out));
    else if constexpr (requires { Codec::wire; })
        return decodeCustom(d, v, path, row.access(out), Codec{});
    else // a group: more rows of the same target, one level down
        return decodeFields<typename Row::CodecTag::Table>(d, v, path, out);
}

template <typename Table, size_t... I> constexpr auto makeReaders(std::index_sequence<I...>) {
    using Target = typename Table::Target;
    return std::array<FieldReader<Target>, sizeof...(I)>{FieldReader<Target>{
        std::get<I>(Table::rows).name, std::get<I>(Table::rows).need, &decodeRow<Table, I>}...};
}

template <typename Table>
inline constexpr auto kReaders =
    makeReaders<Table>(std::make_index_sequence<std::tuple_size_v<decltype(Table::rows)>>{});

// The members of the object at path, each by its row; members without a row are skipped, and so
// are rows the caller does not want (Need).
template <typename Table>
bool decodeFields(Decoder& d, od::value& v, const Path& path, typename Table::Target& out) {
    return d.members(v, path, [&](std::string_view key, od::value& fv) {
        for (const auto& reader : kReaders<Table>) {
            if (reader.name.size() != key.size() ||
                std::memcmp(reader.name.data(), key.data(), key.size()) != 0)
                continue;
            if (!d.wants(reader.need))
                return true;
            return reader.read(d, fv, path.child(key), out);
        }
        return true;
    });
}

} // namespace tessera::codec::detail
