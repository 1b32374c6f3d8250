// The one Job gate (codec/ManifestValidation.h) that `tessera serve` and every CLI and window
// entry point call: one row per manifest the API server refuses, with upstream's field path and
// message, and every problem reported at once.
#include "codec/ManifestValidation.h"
#include "engine/ValidationNames.h"
#include "engine/ValidationQuantity.h"
#include "serve/ApiValidation.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace tessera;

namespace {

// A Job every rule accepts; each row below changes one part of it.
const std::string kValid = R"({"apiVersion":"batch/v1","kind":"Job",
  "metadata":{"name":"render","labels":{"app":"render"},"annotations":{"example.com/owner":"me"}},
  "spec":{"completions":4,"parallelism":2,"completionMode":"Indexed",
    "successPolicy":{"rules":[{"succeededCount":2}]},
    "template":{"metadata":{"labels":{"app":"render"}},
      "spec":{"restartPolicy":"Never","dnsPolicy":"ClusterFirst","serviceAccountName":"builder",
        "tolerations":[{"key":"gpu","operator":"Exists","effect":"NoSchedule"}],
        "volumes":[{"name":"scratch","emptyDir":{}}],
        "containers":[{"name":"main","image":"busybox","imagePullPolicy":"IfNotPresent",
          "command":["true"],
          "volumeMounts":[{"name":"scratch","mountPath":"/scratch"}],
          "ports":[{"containerPort":8080}],
          "resources":{"requests":{"cpu":"500m","memory":"1Gi"},
                       "limits":{"cpu":"1","memory":"2Gi"}}}]}}}})";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos)
        text.replace(at, from.size(), to);
    return text;
}

struct Row {
    const char* name;
    std::string from;
    std::string to;
    std::string field;
    std::string message; // a part of "Invalid value: V: message" or the typed message
};

std::string describe(const std::vector<engine::Error>& errors) {
    std::string out;
    for (const engine::Error& e : errors)
        out += "\n  " + e.describe();
    return out;
}

} // namespace

TEST(JobGate, AcceptsTheValidJob) {
    const auto errors = codec::validateJobManifest(kValid);
    EXPECT_TRUE(errors.empty()) << describe(errors);
}

TEST(JobGate, RefusesEachBadInputWithUpstreamsFieldAndMessage) {
    const std::string bigAnnotation(5 * 1024 * 1024, 'a');
    const std::string longLabel(64, 'v');
    const std::vector<Row> rows = {
        {"memory with a space", R"("memory":"2Gi")", R"("memory":"12 GB")",
         "spec.template.spec.containers[0].resources.limits[memory]",
         R"(Invalid value: "12 GB": must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$')"},
        {"cpu that is no quantity", R"("cpu":"1")", R"("cpu":"lots")",
         "spec.template.spec.containers[0].resources.limits[cpu]",
         R"(Invalid value: "lots": must match the regular expression)"},
        {"no restartPolicy", R"("restartPolicy":"Never",)", "", "spec.template.spec.restartPolicy",
         R"(Unsupported value: "Always": supported values: "OnFailure", "Never")"},
        {"label key with a space", R"("labels":{"app":"render"},"annotations")",
         R"("labels":{"a b":"x"},"annotations")", "metadata.labels",
         R"(Invalid value: "a b": name part must consist of alphanumeric characters)"},
        {"64-character label value", R"("labels":{"app":"render"},"annotations")",
         R"("labels":{"app":")" + longLabel + R"("},"annotations")", "metadata.labels",
         "must be no more than 63 characters"},
        {"annotation key x/y/z", R"("example.com/owner":"me")", R"("x/y/z":"me")",
         "metadata.annotations",
         R"(Invalid value: "x/y/z": a qualified name must consist of alphanumeric characters)"},
        {"5 MB annotation", R"("example.com/owner":"me")",
         R"("example.com/owner":")" + bigAnnotation + R"(")", "metadata.annotations",
         "Too long: may not be more than 262144 bytes"},
        {"volumeMount of an undefined volume", R"("volumeMounts":[{"name":"scratch")",
         R"("volumeMounts":[{"name":"data")",
         "spec.template.spec.containers[0].volumeMounts[0].name", R"(Not found: "data")"},
        {"containerPort 70000", R"("containerPort":8080)", R"("containerPort":70000)",
         "spec.template.spec.containers[0].ports[0].containerPort",
         "Invalid value: 70000: must be between 1 and 65535, inclusive"},
        {"requests above limits", R"("requests":{"cpu":"500m")", R"("requests":{"cpu":"2")",
         "spec.template.spec.containers[0].resources.requests",
         R"(Invalid value: "2": must be less than or equal to cpu limit of 1)"},
        {"dnsPolicy Maybe", R"("dnsPolicy":"ClusterFirst")", R"("dnsPolicy":"Maybe")",
         "spec.template.spec.dnsPolicy",
         R"(Unsupported value: "Maybe": supported values: "ClusterFirstWithHostNet", )"
         R"("ClusterFirst", "Default", "None")"},
        {"imagePullPolicy Sometimes", R"("imagePullPolicy":"IfNotPresent")",
         R"("imagePullPolicy":"Sometimes")", "spec.template.spec.containers[0].imagePullPolicy",
         R"(Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never")"},
        {"toleration operator Sometimes", R"("operator":"Exists")", R"("operator":"Sometimes")",
         "spec.template.spec.tolerations[0].operator",
         R"(Unsupported value: "Sometimes": supported values: "Equal", "Exists")"},
        {"serviceAccountName Bad_SA", R"("serviceAccountName":"builder")",
         R"("serviceAccountName":"Bad_SA")", "spec.template.spec.serviceAccountName",
         R"(Invalid value: "Bad_SA": a lowercase RFC 1123 subdomain must consist of)"},
        {"succeededCount -1", R"("succeededCount":2)", R"("succeededCount":-1)",
         "spec.successPolicy.rules[0].succeededCount", "must be greater than or equal to 0"},
        {"a name that is a path", R"("name":"render")", R"("name":"../../x")", "metadata.name",
         R"(Invalid value: "../../x": a lowercase RFC 1123 subdomain)"},
        {"escape characters in the name", R"("name":"render")", R"("name":"\u001b[31mred")",
         "metadata.name", R"(Invalid value: "\x1b[31mred":)"},
    };
    for (const Row& row : rows) {
        SCOPED_TRACE(row.name);
        const auto errors = codec::validateJobManifest(replaced(kValid, row.from, row.to));
        bool found = false;
        for (const engine::Error& e : errors)
            if (e.field == row.field &&
                (e.value.empty() ? e.message : "Invalid value: " + e.value + ": " + e.message)
                        .find(row.message) != std::string::npos)
                found = true;
        EXPECT_TRUE(found) << "want " << row.field << ": " << row.message << "\ngot"
                           << describe(errors);
    }
}

TEST(JobGate, ReportsEveryProblemAtOnce) {
    std::string text = replaced(kValid, R"("memory":"2Gi")", R"("memory":"12 GB")");
    text = replaced(text, R"("dnsPolicy":"ClusterFirst")", R"("dnsPolicy":"Maybe")");
    text = replaced(text, R"("succeededCount":2)", R"("succeededCount":-1)");
    const auto errors = codec::validateJobManifest(text);
    ASSERT_EQ(errors.size(), 3u) << describe(errors);
    std::vector<std::string> fields;
    for (const engine::Error& e : errors)
        fields.push_back(e.field);
    EXPECT_EQ(fields, (std::vector<std::string>{
                          "spec.successPolicy.rules[0].succeededCount",
                          "spec.template.spec.containers[0].resources.limits[memory]",
                          "spec.template.spec.dnsPolicy",
                      }));
}

TEST(JobGate, ANameThatIsNoLabelValueIsRefusedInTheTemplatesLabelsAsUpstream) {
    // The server adds job-name labels to the template: a 64-character name is a valid subdomain
    // but no label value, and upstream names the template's labels.
    const std::string name(64, 'n');
    const auto errors = codec::validateJobManifest(
        replaced(replaced(kValid, R"("name":"render")", R"("name":")" + name + R"(")"),
                 R"("completionMode":"Indexed",)", ""));
    ASSERT_FALSE(errors.empty());
    EXPECT_EQ(errors.back().field, "spec.template.labels") << describe(errors);
    EXPECT_EQ(errors.back().message, "must be no more than 63 characters");
}

TEST(JobGate, ServeTurnsEachErrorIntoACauseOfItsType) {
    std::string text = replaced(kValid, R"("memory":"2Gi")", R"("memory":"12 GB")");
    text = replaced(text, R"("restartPolicy":"Never",)", "");
    text = replaced(text, R"("volumeMounts":[{"name":"scratch")", R"("volumeMounts":[{"name":"x")");
    const QJsonArray causes = serve::causesOf(codec::validateJobManifest(text));
    QStringList reasons;
    for (const QJsonValue& c : causes)
        reasons << c.toObject().value(QStringLiteral("reason")).toString();
    EXPECT_EQ(reasons, (QStringList{QStringLiteral("FieldValueNotFound"),
                                    QStringLiteral("FieldValueInvalid"),
                                    QStringLiteral("FieldValueNotSupported")}));
}

TEST(Quantity, ParsesTheApiServersGrammarAndComparesExactly) {
    using engine::compareQuantities;
    using engine::parseQuantity;
    const auto q = [](const char* text) {
        const auto parsed = parseQuantity(text);
        EXPECT_TRUE(parsed.quantity.has_value()) << text;
        return parsed.quantity.value_or(engine::Quantity{});
    };
    EXPECT_EQ(compareQuantities(q("100m"), q("0.1")), 0);
    EXPECT_EQ(compareQuantities(q("1Ki"), q("1024")), 0);
    EXPECT_EQ(compareQuantities(q("1Gi"), q("1G")), 1);
    EXPECT_EQ(compareQuantities(q("1e3"), q("1k")), 0);
    EXPECT_EQ(compareQuantities(q("-1"), q("0")), -1);
    EXPECT_EQ(compareQuantities(q("1.5"), q("1500m")), 0);
    EXPECT_TRUE(q("2").isInteger());
    EXPECT_FALSE(q("1500m").isInteger());
    for (const char* bad : {"12 GB", "lots", "", "1.2.3", "1Gb", "1ki"})
        EXPECT_FALSE(parseQuantity(bad).quantity.has_value()) << bad;
    EXPECT_STREQ(parseQuantity("1ki").problem, engine::kQuantitySuffixMessage);
    EXPECT_STREQ(parseQuantity("12 GB").problem, engine::kQuantityFormatMessage);
}

TEST(Names, QuoteLikeGoSoNoNameReachesATerminalRaw) {
    EXPECT_EQ(engine::quoteValue("a\x1b[31m\"b\\"), R"("a\x1b[31m\"b\\")");
    EXPECT_EQ(engine::quoteValue("zürich"), "\"zürich\"");
    EXPECT_FALSE(engine::isDns1123Label("../../x"));
    EXPECT_EQ(engine::dns1123LabelProblems("a.b"), (engine::Problems{"must not contain dots"}));
}
