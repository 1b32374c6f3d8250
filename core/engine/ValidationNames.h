#pragma once
// The API server's rules for names, keys and small values, with its own wording
// (k8s.io/apimachinery/pkg/util/validation/validation.go), so a user can search the message.
// Each function returns every problem of the value (empty when valid), as upstream's Is* do.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::engine {

using Problems = std::vector<std::string>;

// [a-z0-9]([-a-z0-9]*[a-z0-9])?, at most 63: namespaces, container, volume and local run names.
Problems dns1123LabelProblems(std::string_view value);
bool isDns1123Label(std::string_view value);
// Labels joined by '.', at most 253: most object names (Jobs, Pods, ConfigMaps, service accounts).
Problems dns1123SubdomainProblems(std::string_view value);
// [a-z]([-a-z0-9]*[a-z0-9])?, at most 63: Service names.
Problems dns1035LabelProblems(std::string_view value);
// An optional DNS subdomain prefix and '/', then a name of at most 63 alphanumerics, '-', '_'
// or '.': label keys, annotation keys (lowercased first), toleration keys.
Problems qualifiedNameProblems(std::string_view value);
// Empty, or at most 63 alphanumerics, '-', '_' or '.' that start and end alphanumeric.
Problems labelValueProblems(std::string_view value);
// [-._a-zA-Z][-._a-zA-Z0-9]*, and not "." or "..": container environment variable names.
Problems envVarNameProblems(std::string_view value);
// An IANA_SVC_NAME: at most 15 of [-a-z0-9], a letter, no "--", no '-' at either end.
Problems portNameProblems(std::string_view value);
// 1..65535.
Problems portNumberProblems(int64_t value);
// 0..2147483647: user and group ids (runAsUser, runAsGroup, fsGroup, supplementalGroups).
Problems userOrGroupIdProblems(int64_t value);
// [-A-Za-z0-9]+: the header names of an httpGet probe.
Problems httpHeaderNameProblems(std::string_view value);

// A value as Go's %q prints it: quoted, with '"' and '\' escaped and control characters, DEL
// and invalid UTF-8 as escapes, so a name never reaches a terminal raw.
std::string quoteValue(std::string_view value);

} // namespace tessera::engine
