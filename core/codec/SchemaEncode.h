#pragma once
// Internal to the codec: writes an object by its table in Schema.h, rows in table order. What is
// left out follows Go's `omitempty` as the API server applies it: an unset optional, and an empty
// string, list or map unless the row says `.always()`; plain numbers, booleans and enums are
// always written.
#include "Encode.h"
#include "Schema.h"

namespace tessera::codec::detail {

// The fields with a codec of their own (Encode.cpp); each writes its key itself, or nothing.
void encodeCustom(JsonWriter& w, std::string_view name, const engine::PodFailurePolicyRule& rule,
                  schema::PodFailureActionCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const std::string& raw,
                  schema::RawObjectCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job,
                  schema::TemplateContainersCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job,
                  schema::TemplateInitContainersCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job,
                  schema::JobTemplateCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const engine::ContainerStatus& cs,
                  schema::ContainerStateCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const schema::MetaView& view,
                  schema::AnnotationsCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const schema::MetaView& view,
                  schema::FinalizersCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const JobObject& job, schema::JobMetaCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const PodObject& object,
                  schema::PodMetaCodec);
void encodeCustom(JsonWriter& w, std::string_view name, const PodObject& object,
                  schema::PodSpecCodec);
template <typename Object, typename Kind>
void encodeCustom(JsonWriter& w, std::string_view name, const Object&,
                  schema::ApiVersionCodec<Kind>) {
    w.field(name, Kind::apiVersion);
}
template <typename Object, typename Kind>
void encodeCustom(JsonWriter& w, std::string_view name, const Object&, schema::KindCodec<Kind>) {
    w.field(name, Kind::kind);
}

template <typename Table> void encodeFields(JsonWriter& w, const typename Table::Target& object);

// One value of type T (after its key).
template <typename T> void encodeValue(JsonWriter& w, const T& v) {
    if constexpr (schema::IsOptional<T>::value) {
        encodeValue(w, *v);
    } else if constexpr (std::is_same_v<T, engine::TimePoint>) {
        w.time(v);
    } else if constexpr (std::is_enum_v<T>) {
        w.value(engine::toString(v));
    } else if constexpr (std::is_same_v<T, Labels>) {
        w.beginObject();
        for (const auto& [k, value] : v)
            w.field(k, value);
        w.endObject();
    } else if constexpr (schema::IsVector<T>::value) {
        w.beginArray();
        for (const auto& element : v)
            encodeValue(w, element);
        w.endArray();
    } else if constexpr (schema::HasTable<T>::value) {
        encodeFields<typename schema::TableOf<T>::type>(w, v);
    } else {
        w.value(v);
    }
}

// Whether a row's value is left out.
template <typename T> bool omitted(const T& v, bool writeEmpty) {
    if constexpr (schema::IsOptional<T>::value)
        return !v.has_value();
    else if constexpr (std::is_same_v<T, std::string> || schema::IsVector<T>::value ||
                       std::is_same_v<T, Labels>)
        return !writeEmpty && v.empty();
    else
        return false;
}

template <typename Table> void encodeFields(JsonWriter& w, const typename Table::Target& object) {
    w.beginObject();
    schema::forEachRow<Table>([&](const auto& row) {
        using Row = std::remove_cvref_t<decltype(row)>;
        using Codec = typename Row::CodecTag;
        if constexpr (std::is_same_v<Codec, schema::ByType>) {
            const auto& v = row.access(object);
            if (omitted(v, row.writeEmpty))
                return;
            w.key(row.name);
            encodeValue(w, v);
        } else if constexpr (requires { Codec::wire; }) {
            encodeCustom(w, row.name, row.access(object), Codec{});
        } else {
            w.key(row.name);
            encodeFields<typename Codec::Table>(w, object);
        }
    });
    w.endObject();
}

} // namespace tessera::codec::detail
