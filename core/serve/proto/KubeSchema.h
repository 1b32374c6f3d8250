#pragma once
// The schema of the kinds `tessera serve` serves, read from the protobuf descriptors of the .proto
// files beside this one: which message a kind is, the JSON name of each field (with the fields Go
// inlines into their parent, such as a Volume's VolumeSource), the types whose JSON differs from
// their protobuf form, and the scalar fields that are pointers in Go (where 0, false or "" is a
// value, not an absence). The protobuf codec, the OpenAPI documents and field validation all read
// this one description.
#include <QString>
#include <string>
#include <vector>

namespace google::protobuf {
class Descriptor;
class FieldDescriptor;
} // namespace google::protobuf

namespace tessera::serve {

// The types with a JSON form of their own.
enum class SpecialType {
    None,
    Time,         // RFC 3339, seconds ("2024-05-01T10:00:00Z")
    MicroTime,    // RFC 3339 with microseconds
    Duration,     // Go duration string ("1h2m3s")
    Quantity,     // a string ("500m")
    IntOrString,  // a bare number or string
    FieldsV1,     // the embedded JSON object
    RawExtension, // the embedded JSON object
};

// One JSON key of a message: the field that holds it, and for keys a Go-inlined struct brings
// in, the inlined field first (path has two entries then).
struct JsonField {
    QString name;
    std::vector<const google::protobuf::FieldDescriptor*> path;
    const google::protobuf::FieldDescriptor* field() const { return path.back(); }
};

namespace schema {

// The message of a kind ("v1"/"Pod", "batch/v1"/"JobList", "v1"/"Status"); nullptr when unknown.
const google::protobuf::Descriptor* messageFor(const QString& apiVersion, const QString& kind);
SpecialType specialType(const google::protobuf::Descriptor* message);
// The JSON keys of a message, inlined fields flattened, in declaration order.
const std::vector<JsonField>& jsonFields(const google::protobuf::Descriptor* message);
const JsonField* findJsonField(const google::protobuf::Descriptor* message, const QString& name);
// A field Go inlines into its parent's JSON (Volume.volumeSource, Probe.handler, ...).
bool isInlined(const google::protobuf::FieldDescriptor* field);
// A scalar that is a pointer in Go: its zero value is kept when converting from protobuf.
bool keepsZero(const google::protobuf::FieldDescriptor* field);
// How a list merges (upstream's +listType, +listMapKey, +patchMergeKey, +patchStrategy): for
// lists of objects, the keys that identify an item (containers by name, ports by containerPort
// and protocol); empty mapKeys when the list is atomic or a set.
struct ListSemantics {
    QString listType; // "map", "set", "atomic" or "" (unspecified)
    std::vector<QString> mapKeys;
    QString patchMergeKey; // strategic merge patch key ("" when the list is replaced whole)
    QString patchStrategy; // "merge", "merge,retainKeys" or ""
};
ListSemantics listSemantics(const google::protobuf::FieldDescriptor* field);
std::vector<QString> listMapKeys(const google::protobuf::FieldDescriptor* field);
// What a field means, for `kubectl explain` ("" when the schema has no text for it).
QString description(const google::protobuf::FieldDescriptor* field);
QString description(const google::protobuf::Descriptor* message);

} // namespace schema
} // namespace tessera::serve
