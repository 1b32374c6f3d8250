#pragma once
// What the fields of the served kinds mean, for `kubectl explain`: upstream's OpenAPI
// descriptions (the doc comments of k8s.io/api's types.go), for the messages and fields people
// look up, keyed as "Message" and "Message.field" ("JobSpec.completions"). The one schema
// (KubeSchema.h) carries them into the OpenAPI documents.
#include <string>

namespace tessera::serve::schema {

// The description of `key`, "" when the schema has none.
const char* descriptionOf(const std::string& key);

} // namespace tessera::serve::schema
