// The pod template and object metadata rules of the one Job gate (codec/ManifestValidation.h)
// beyond names, resources and policies: probes, security contexts, affinity and owner
// references. One row per change to a Job every rule accepts, with the exact errors the API
// server gives for it (field path and message as kubectl prints them), and every problem at once.
#include "codec/ManifestValidation.h"
#include "engine/ValidationNames.h"

#include <gtest/gtest.h>
#include <string>
#include <utility>
#include <vector>

using namespace tessera;

namespace {

// The parts of the valid Job a row may replace as a whole.
const std::string kNodeRequired =
    R"("requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[
      {"matchExpressions":[{"key":"kubernetes.io/arch","operator":"In","values":["amd64"]},
                           {"key":"gpu-count","operator":"Gt","values":["1"]}],
       "matchFields":[{"key":"metadata.name","operator":"In","values":["node-1"]}]}]})";
const std::string kContainerSecurity =
    R"({"runAsUser":1000,"runAsNonRoot":true,"allowPrivilegeEscalation":false,)"
    R"("capabilities":{"drop":["ALL"]},"procMount":"Default",)"
    R"("seccompProfile":{"type":"Localhost","localhostProfile":"profiles/audit.json"}})";
const std::string kOwners =
    R"([{"apiVersion":"batch/v1","kind":"CronJob","name":"nightly","uid":"u-1","controller":true},)"
    R"({"apiVersion":"v1","kind":"ConfigMap","name":"cfg","uid":"u-2"}])";

// A Job every rule accepts, with each part the rules below check.
const std::string kValid = R"({"apiVersion":"batch/v1","kind":"Job",
  "metadata":{"name":"probed","ownerReferences":)" +
                           kOwners +
                           R"(},
  "spec":{"completions":2,"template":{"spec":{"restartPolicy":"Never",
    "securityContext":{"runAsUser":1000,"runAsGroup":1000,"fsGroup":2000,
      "supplementalGroups":[3000],"fsGroupChangePolicy":"OnRootMismatch",
      "seccompProfile":{"type":"RuntimeDefault"}},
    "affinity":{
      "nodeAffinity":{)" + kNodeRequired +
                           R"(,
        "preferredDuringSchedulingIgnoredDuringExecution":[{"weight":10,
          "preference":{"matchExpressions":[{"key":"zone","operator":"Exists"}]}}]},
      "podAntiAffinity":{
        "requiredDuringSchedulingIgnoredDuringExecution":[{
          "labelSelector":{"matchLabels":{"app":"render"},
            "matchExpressions":[{"key":"tier","operator":"NotIn","values":["cache"]}]},
          "namespaces":["default"],"topologyKey":"kubernetes.io/hostname"}],
        "preferredDuringSchedulingIgnoredDuringExecution":[{"weight":100,
          "podAffinityTerm":{"labelSelector":{"matchLabels":{"app":"render"}},
            "topologyKey":"topology.kubernetes.io/zone"}}]}},
    "initContainers":[{"name":"setup","image":"busybox","command":["true"]},
      {"name":"proxy","image":"envoy","restartPolicy":"Always",
       "readinessProbe":{"tcpSocket":{"port":"admin"}}}],
    "containers":[{"name":"main","image":"busybox","command":["true"],
      "securityContext":)" +
                           kContainerSecurity +
                           R"(,
      "livenessProbe":{"httpGet":{"path":"/healthz","port":8080,"scheme":"HTTPS",
          "httpHeaders":[{"name":"X-Probe","value":"1"}]},
        "initialDelaySeconds":5,"periodSeconds":10,"successThreshold":1,"failureThreshold":3,
        "terminationGracePeriodSeconds":30},
      "readinessProbe":{"exec":{"command":["cat","/tmp/ready"]},"successThreshold":2},
      "startupProbe":{"grpc":{"port":9090},"failureThreshold":30}}]}}}})";

const std::string kSpec = "spec.template.spec.";
const std::string kMain = kSpec + "containers[0].";
const std::string kNodeTerm =
    kSpec + "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution."
            "nodeSelectorTerms[0].";
const std::string kAntiTerm =
    kSpec + "affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos)
        text.replace(at, from.size(), to);
    return text;
}

// "field: Invalid value: V: message" for each problem of `value`, as the rules word them.
std::vector<std::string> invalidEach(const std::string& field, const std::string& value,
                                     const engine::Problems& problems) {
    std::vector<std::string> out;
    for (const std::string& p : problems)
        out.push_back(field + ": Invalid value: " + engine::quoteValue(value) + ": " + p);
    return out;
}

struct Row {
    const char* name;
    std::vector<std::pair<std::string, std::string>> changes;
    std::vector<std::string> expected; // empty: the change is valid
};

std::vector<std::string> described(const std::vector<engine::Error>& errors) {
    std::vector<std::string> out;
    for (const engine::Error& e : errors)
        out.push_back(e.describe());
    return out;
}

void expectRows(const std::vector<Row>& rows) {
    for (const Row& row : rows) {
        SCOPED_TRACE(row.name);
        std::string text = kValid;
        for (const auto& [from, to] : row.changes)
            text = replaced(text, from, to);
        EXPECT_EQ(described(codec::validateJobManifest(text)), row.expected);
    }
}

std::string withAllowPrivilegeEscalationFalse(const std::string& extra) {
    return replaced(kContainerSecurity, R"("allowPrivilegeEscalation":false,)",
                    R"("allowPrivilegeEscalation":false,)" + extra);
}

} // namespace

TEST(PodTemplateValidation, AcceptsTheValidJob) {
    EXPECT_EQ(described(codec::validateJobManifest(kValid)), std::vector<std::string>{});
}

TEST(PodTemplateValidation, ProbesHaveOneHandlerValidPortsAndSaneNumbers) {
    const std::string range = "must be between 1 and 65535, inclusive";
    expectRows({
        {"two handlers",
         {{R"("exec":{"command":["cat","/tmp/ready"]},)",
           R"("exec":{"command":["cat","/tmp/ready"]},"tcpSocket":{"port":80},)"}},
         {kMain + "readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type"}},
        {"no handler",
         {{R"("startupProbe":{"grpc":{"port":9090},)", R"("startupProbe":{)"}},
         {kMain + "startupProbe: Required value: must specify a handler type"}},
        {"exec without a command",
         {{R"("exec":{"command":["cat","/tmp/ready"]})", R"("exec":{})"}},
         {kMain + "readinessProbe.exec.command: Required value"}},
        {"httpGet port 70000",
         {{R"("port":8080,"scheme")", R"("port":70000,"scheme")"}},
         {kMain + "livenessProbe.httpGet.port: Invalid value: 70000: " + range}},
        {"httpGet port name that is no IANA_SVC_NAME",
         {{R"("port":8080,"scheme")", R"("port":"Web_Port","scheme")"}},
         invalidEach(kMain + "livenessProbe.httpGet.port", "Web_Port",
                     engine::portNameProblems("Web_Port"))},
        {"httpGet port by name", {{R"("port":8080,"scheme")", R"("port":"https","scheme")"}}, {}},
        {"scheme FTP",
         {{R"("scheme":"HTTPS")", R"("scheme":"FTP")"}},
         {kMain + R"(livenessProbe.httpGet.scheme: Unsupported value: "FTP": supported values: )"
                  R"("HTTP", "HTTPS")"}},
        {"header name with a space",
         {{R"("name":"X-Probe")", R"("name":"X Probe")"}},
         invalidEach(kMain + "livenessProbe.httpGet.httpHeaders", "X Probe",
                     engine::httpHeaderNameProblems("X Probe"))},
        {"tcpSocket port 0",
         {{R"("tcpSocket":{"port":"admin"})", R"("tcpSocket":{"port":0})"}},
         {kSpec + "initContainers[1].readinessProbe.tcpSocket.port: Invalid value: 0: " + range}},
        {"grpc without a port",
         {{R"("grpc":{"port":9090})", R"("grpc":{})"}},
         {kMain + "startupProbe.grpc.port: Invalid value: 0: " + range}},
        {"negative initialDelaySeconds",
         {{R"("initialDelaySeconds":5)", R"("initialDelaySeconds":-5)"}},
         {kMain +
          "livenessProbe.initialDelaySeconds: Invalid value: -5: must be greater than or equal "
          "to 0"}},
        {"negative failureThreshold",
         {{R"("failureThreshold":30)", R"("failureThreshold":-1)"}},
         {kMain +
          "startupProbe.failureThreshold: Invalid value: -1: must be greater than or equal to 0"}},
        {"liveness successThreshold 2",
         {{R"("successThreshold":1,)", R"("successThreshold":2,)"}},
         {kMain + "livenessProbe.successThreshold: Invalid value: 2: must be 1"}},
        {"startup successThreshold 3",
         {{R"("failureThreshold":30})", R"("failureThreshold":30,"successThreshold":3})"}},
         {kMain + "startupProbe.successThreshold: Invalid value: 3: must be 1"}},
        {"liveness terminationGracePeriodSeconds 0",
         {{R"("terminationGracePeriodSeconds":30)", R"("terminationGracePeriodSeconds":0)"}},
         {kMain + "livenessProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater "
                  "than 0"}},
        {"readiness terminationGracePeriodSeconds",
         {{R"("successThreshold":2})",
           R"("successThreshold":2,"terminationGracePeriodSeconds":5})"}},
         {kMain + "readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set "
                  "for readinessProbes"}},
        {"a preStop hook with two handlers",
         {{R"("command":["true"],
      "securityContext")",
           R"("command":["true"],
      "lifecycle":{"preStop":{"sleep":{"seconds":1},"exec":{"command":["true"]}},
                   "postStart":{"httpGet":{"port":0}}},
      "securityContext")"}},
         {kMain + "lifecycle.postStart.httpGet.port: Invalid value: 0: " + range,
          kMain + "lifecycle.preStop.sleep: Forbidden: may not specify more than 1 handler type"}},
        {"a lifecycle hook without a handler",
         {{R"("command":["true"],
      "securityContext")",
           R"("command":["true"],"lifecycle":{"postStart":{}},
      "securityContext")"}},
         {kMain + "lifecycle.postStart: Required value: must specify a handler type"}},
        {"a lifecycle hook on an init container that is no sidecar",
         {{R"("command":["true"]},)",
           R"("command":["true"],"lifecycle":{"preStop":{"exec":{"command":["true"]}}}},)"}},
         {kSpec + "initContainers[0].lifecycle: Forbidden: may not be set for init containers "
                  "without restartPolicy=Always"}},
        {"a probe on an init container that is no sidecar",
         {{R"("command":["true"]},)", R"("command":["true"],"startupProbe":{"exec":{}}},)"}},
         {kSpec + "initContainers[0].startupProbe: Forbidden: may not be set for init containers "
                  "without restartPolicy=Always"}},
    });
}

TEST(PodTemplateValidation, SecurityContextsHaveValidIdsProfilesAndNoContradictions) {
    const std::string idRange = "must be between 0 and 2147483647, inclusive";
    const std::string context = kMain + "securityContext";
    expectRows({
        {"pod runAsUser -1",
         {{R"({"runAsUser":1000,"runAsGroup")", R"({"runAsUser":-1,"runAsGroup")"}},
         {kSpec + "securityContext.runAsUser: Invalid value: -1: " + idRange}},
        {"fsGroup past int32",
         {{R"("fsGroup":2000)", R"("fsGroup":4294967296)"}},
         {kSpec + "securityContext.fsGroup: Invalid value: 4294967296: " + idRange}},
        {"negative supplemental group",
         {{R"([3000])", R"([3000,-2])"}},
         {kSpec + "securityContext.supplementalGroups[1]: Invalid value: -2: " + idRange}},
        {"fsGroupChangePolicy Sometimes",
         {{R"("OnRootMismatch")", R"("Sometimes")"}},
         {kSpec + R"(securityContext.fsGroupChangePolicy: Unsupported value: "Sometimes": )"
                  R"(supported values: "Always", "OnRootMismatch")"}},
        {"shareProcessNamespace with hostPID",
         {{R"("restartPolicy":"Never",)",
           R"("restartPolicy":"Never","hostPID":true,"shareProcessNamespace":true,)"}},
         {kSpec + "securityContext.shareProcessNamespace: Invalid value: true: "
                  "ShareProcessNamespace and HostPID cannot both be enabled"}},
        {"seccomp type Bogus",
         {{R"({"type":"RuntimeDefault"})", R"({"type":"Bogus"})"}},
         {kSpec + R"(securityContext.seccompProfile.type: Unsupported value: "Bogus": supported )"
                  R"(values: "Localhost", "RuntimeDefault", "Unconfined")"}},
        {"seccomp without a type",
         {{R"({"type":"RuntimeDefault"})", "{}"}},
         {kSpec + "securityContext.seccompProfile.type: Required value: type is required when "
                  "seccompProfile is set"}},
        {"localhostProfile of RuntimeDefault",
         {{R"({"type":"RuntimeDefault"})", R"({"type":"RuntimeDefault","localhostProfile":"a"})"}},
         {kSpec + R"(securityContext.seccompProfile.localhostProfile: Invalid value: )"
                  R"({"type":"RuntimeDefault","localhostProfile":"a"}: can only be set when )"
                  R"(seccomp type is Localhost)"}},
        {"Localhost without a profile",
         {{R"({"type":"Localhost","localhostProfile":"profiles/audit.json"})",
           R"({"type":"Localhost"})"}},
         {context + ".seccompProfile.localhostProfile: Required value: must be set when seccomp "
                    "type is Localhost"}},
        {"Localhost profile that climbs out",
         {{R"("profiles/audit.json")", R"("/etc/../x.json")"}},
         {context + R"(.seccompProfile.localhostProfile: Invalid value: "/etc/../x.json": must )"
                    R"(be a relative path)",
          context + R"(.seccompProfile.localhostProfile: Invalid value: "/etc/../x.json": must )"
                    R"(not contain '..')"}},
        {"AppArmor Localhost without a profile",
         {{R"("fsGroupChangePolicy")",
           R"("appArmorProfile":{"type":"Localhost"},"fsGroupChangePolicy")"}},
         {kSpec + "securityContext.appArmorProfile.localhostProfile: Required value: must be set "
                  "when AppArmor type is Localhost"}},
        {"AppArmor profile padded with spaces",
         {{R"("fsGroupChangePolicy")",
           R"("appArmorProfile":{"type":"Localhost","localhostProfile":" k "},"fsGroupChangePolicy")"}},
         {kSpec + R"(securityContext.appArmorProfile.localhostProfile: Invalid value: " k ": )"
                  R"(must not be padded with whitespace)"}},
        {"AppArmor Localhost profile",
         {{R"("fsGroupChangePolicy")",
           R"("appArmorProfile":{"type":"Localhost","localhostProfile":"k"},"fsGroupChangePolicy")"}},
         {}},
        {"AppArmor profile of Unconfined",
         {{R"("procMount")",
           R"("appArmorProfile":{"type":"Unconfined","localhostProfile":"k"},"procMount")"}},
         {context + R"(.appArmorProfile.localhostProfile: Invalid value: "k": can only be set )"
                    R"(when AppArmor type is Localhost)"}},
        {"AppArmor type Enforce",
         {{R"("procMount")", R"("appArmorProfile":{"type":"Enforce"},"procMount")"}},
         {context + R"(.appArmorProfile.type: Unsupported value: "Enforce": supported values: )"
                    R"("Localhost", "RuntimeDefault", "Unconfined")"}},
        {"container runAsGroup -1",
         {{R"("runAsUser":1000,"runAsNonRoot")", R"("runAsGroup":-1,"runAsNonRoot")"}},
         {context + ".runAsGroup: Invalid value: -1: " + idRange}},
        {"runAsNonRoot with runAsUser 0 is the kubelet's to refuse, not the API server's",
         {{R"("runAsUser":1000,"runAsNonRoot")", R"("runAsUser":0,"runAsNonRoot")"}},
         {}},
        {"procMount Masked",
         {{R"("procMount":"Default")", R"("procMount":"Masked")"}},
         {context + R"(.procMount: Unsupported value: "Masked": supported values: "Default", )"
                    R"("Unmasked")"}},
        {"procMount Unmasked in the host's user namespace",
         {{R"("procMount":"Default")", R"("procMount":"Unmasked")"}},
         {context + R"(.procMount: Invalid value: "Unmasked": `hostUsers` must be false to use )"
                    R"(`Unmasked`)"}},
        {"procMount Unmasked in a user namespace",
         {{R"("procMount":"Default")", R"("procMount":"Unmasked")"},
          {R"("restartPolicy":"Never",)", R"("restartPolicy":"Never","hostUsers":false,)"}},
         {}},
        {"privileged without privilege escalation",
         {{kContainerSecurity, withAllowPrivilegeEscalationFalse(R"("privileged":true,)")}},
         {context +
          ": Invalid value: " + withAllowPrivilegeEscalationFalse(R"("privileged":true,)") +
          ": cannot set `allowPrivilegeEscalation` to false and `privileged` to true"}},
        {"CAP_SYS_ADMIN without privilege escalation",
         {{R"({"drop":["ALL"]})", R"({"add":["CAP_SYS_ADMIN"],"drop":["ALL"]})"}},
         {context + ": Invalid value: " +
          replaced(kContainerSecurity, R"({"drop":["ALL"]})",
                   R"({"add":["CAP_SYS_ADMIN"],"drop":["ALL"]})") +
          ": cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` "
          "CAP_SYS_ADMIN"}},
        {"privileged with privilege escalation",
         {{R"("allowPrivilegeEscalation":false,)", R"("privileged":true,)"}},
         {}},
    });
}

TEST(PodTemplateValidation, AffinityTermsHaveValidOperatorsKeysWeightsAndTopology) {
    const std::string badKey = "bad key";
    const std::string preferredNode =
        kSpec + "affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].";
    const std::string preferredPod =
        kSpec + "affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].";
    std::vector<std::string> noTopology = {kAntiTerm +
                                           "topologyKey: Required value: can not be empty"};
    for (std::string& e :
         invalidEach(kAntiTerm + "topologyKey", "", engine::qualifiedNameProblems("")))
        noTopology.push_back(std::move(e));
    expectRows({
        {"no node selector terms",
         {{kNodeRequired,
           R"("requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[]})"}},
         {kSpec + "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution."
                  "nodeSelectorTerms: Required value: must have at least one node selector term"}},
        {"node operator Greater",
         {{R"("operator":"Gt")", R"("operator":"Greater")"}},
         {kNodeTerm + R"(matchExpressions[1].operator: Invalid value: "Greater": not a valid )"
                      R"(selector operator)"}},
        {"Gt over two values",
         {{R"("values":["1"])", R"("values":["1","2"])"}},
         {kNodeTerm + "matchExpressions[1].values: Required value: must be specified single "
                      "value when `operator` is 'Lt' or 'Gt'"}},
        {"In without values",
         {{R"("operator":"In","values":["amd64"])", R"("operator":"In")"}},
         {kNodeTerm + "matchExpressions[0].values: Required value: must be specified when "
                      "`operator` is 'In' or 'NotIn'"}},
        {"Exists with values",
         {{R"({"key":"zone","operator":"Exists"})",
           R"({"key":"zone","operator":"Exists","values":["a"]})"}},
         {preferredNode + "preference.matchExpressions[0].values: Forbidden: may not be "
                          "specified when `operator` is 'Exists' or 'DoesNotExist'"}},
        {"node label key with a space",
         {{R"("key":"kubernetes.io/arch")", R"("key":"bad key")"}},
         invalidEach(kNodeTerm + "matchExpressions[0].key", badKey,
                     engine::qualifiedNameProblems(badKey))},
        {"field selector on spec.nodeName",
         {{R"("key":"metadata.name")", R"("key":"spec.nodeName")"}},
         {kNodeTerm + R"(matchFields[0].key: Invalid value: "spec.nodeName": not a valid field )"
                      R"(selector key)"}},
        {"field selector node name Node_1",
         {{R"("values":["node-1"])", R"("values":["Node_1"])"}},
         invalidEach(kNodeTerm + "matchFields[0].values[0]", "Node_1",
                     engine::dns1123SubdomainProblems("Node_1"))},
        {"node preference weight 0",
         {{R"("weight":10)", R"("weight":0)"}},
         {preferredNode + "weight: Invalid value: 0: must be in the range 1-100"}},
        {"pod anti-affinity weight 101",
         {{R"("weight":100)", R"("weight":101)"}},
         {preferredPod + "weight: Invalid value: 101: must be in the range 1-100"}},
        {"no topologyKey", {{R"(,"topologyKey":"kubernetes.io/hostname")", ""}}, noTopology},
        {"label selector operator Nope",
         {{R"("operator":"NotIn")", R"("operator":"Nope")"}},
         {kAntiTerm + R"(labelSelector.matchExpressions[0].operator: Invalid value: "Nope": not )"
                      R"(a valid selector operator)"}},
        {"label selector value -cache",
         {{R"("values":["cache"])", R"("values":["-cache"])"}},
         invalidEach(kAntiTerm + "labelSelector.matchExpressions[0].values[0]", "-cache",
                     engine::labelValueProblems("-cache"))},
        {"label selector key with a space",
         {{R"("labelSelector":{"matchLabels":{"app":"render"},)",
           R"("labelSelector":{"matchLabels":{"bad key":"render"},)"}},
         invalidEach(kAntiTerm + "labelSelector.matchLabels", badKey,
                     engine::qualifiedNameProblems(badKey))},
        {"namespace Default",
         {{R"(["default"])", R"(["Default"])"}},
         invalidEach(kAntiTerm + "namespace", "Default", engine::dns1123LabelProblems("Default"))},
    });
}

TEST(PodTemplateValidation, OwnerReferencesNameTheirOwnerAndOneController) {
    const std::string twoControllers =
        replaced(kOwners, R"("uid":"u-2"})", R"("uid":"u-2","controller":true})");
    expectRows({
        {"no uid",
         {{R"("uid":"u-2")", R"("uid":"")"}},
         {R"(metadata.ownerReferences.uid: Invalid value: "": uid must not be empty)"}},
        {"no version",
         {{R"("apiVersion":"v1","kind":"ConfigMap")", R"("apiVersion":"","kind":"ConfigMap")"}},
         {R"(metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty)"}},
        {"an apiVersion with two slashes",
         {{R"("apiVersion":"batch/v1","kind":"CronJob")",
           R"("apiVersion":"a/b/c","kind":"CronJob")"}},
         {R"(metadata.ownerReferences.apiVersion: Invalid value: "a/b/c": version must not be )"
          R"(empty)"}},
        {"no kind and no name",
         {{R"("kind":"ConfigMap","name":"cfg",)", ""}},
         {R"(metadata.ownerReferences.kind: Invalid value: "": kind must not be empty)",
          R"(metadata.ownerReferences.name: Invalid value: "": name must not be empty)"}},
        {"an Event as owner",
         {{R"("kind":"ConfigMap")", R"("kind":"Event")"}},
         {R"(metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event",)"
          R"("name":"cfg","uid":"u-2"}: /v1, Kind=Event is disallowed from being an owner)"}},
        {"two controllers",
         {{kOwners, twoControllers}},
         {"metadata.ownerReferences: Invalid value: " + twoControllers +
          R"(: Only one reference can have Controller set to true. Found "true" in references )"
          R"(for CronJob/nightly and ConfigMap/cfg)"}},
    });
}

TEST(PodTemplateValidation, ReportsEveryProblemOfEveryConcernAtOnce) {
    std::string text = replaced(kValid, R"("uid":"u-2")", R"("uid":"")");
    text = replaced(text, R"("fsGroup":2000)", R"("fsGroup":-1)");
    text = replaced(text, R"("weight":10)", R"("weight":0)");
    text = replaced(text, R"("scheme":"HTTPS")", R"("scheme":"FTP")");
    text = replaced(text, R"("procMount":"Default")", R"("procMount":"Masked")");
    std::vector<std::string> fields;
    for (const engine::Error& e : codec::validateJobManifest(text))
        fields.push_back(e.field);
    EXPECT_EQ(fields, (std::vector<std::string>{
                          "metadata.ownerReferences.uid",
                          kMain + "securityContext.procMount",
                          kMain + "livenessProbe.httpGet.scheme",
                          kSpec + "securityContext.fsGroup",
                          kSpec + "affinity.nodeAffinity."
                                  "preferredDuringSchedulingIgnoredDuringExecution[0].weight",
                      }));
}

TEST(PodTemplateValidation, AJobsSelectorIsCheckedAsEveryLabelSelector) {
    const std::string selector =
        R"("manualSelector":true,"selector":{"matchExpressions":[{"key":"app","operator":"Near"}]},)";
    EXPECT_EQ(described(codec::validateJobManifest(
                  replaced(kValid, R"("completions":2,)", R"("completions":2,)" + selector))),
              (std::vector<std::string>{R"(spec.selector.matchExpressions[0].operator: Invalid )"
                                        R"(value: "Near": not a valid selector operator)"}));
}

TEST(PodTemplateValidation, APodsOwnSpecGoesThroughTheSameRules) {
    const auto errors = codec::validatePodSpec(
        R"({"containers":[{"name":"a","image":"busybox","livenessProbe":{}}],
            "affinity":{"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[
              {"topologyKey":"zone","labelSelector":{"matchExpressions":[
                {"key":"app","operator":"Exists","values":["x"]}]}}]}}})",
        "spec", codec::PodSpecOwner::Pod);
    EXPECT_EQ(described(errors),
              (std::vector<std::string>{
                  "spec.containers[0].livenessProbe: Required value: must specify a handler type",
                  "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]."
                  "labelSelector.matchExpressions[0].values: Forbidden: may not be specified "
                  "when `operator` is 'Exists' or 'DoesNotExist'",
              }));
}
