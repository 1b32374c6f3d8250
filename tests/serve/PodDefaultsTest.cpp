// The API server's container defaults (SetDefaults_Container), for containers and init containers.
#include "serve/PodDefaults.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

using namespace tessera::serve;

TEST(PodDefaults, PullsAlwaysOnlyForLatestOrUntaggedImages) {
    const std::pair<const char*, const char*> cases[] = {
        {"busybox", "Always"},
        {"busybox:latest", "Always"},
        {"busybox:1.36", "IfNotPresent"},
        {"docker.io/library/bash", "Always"},
        {"localhost:5000/tools/bash", "Always"},
        {"localhost:5000/tools/bash:5", "IfNotPresent"},
        {"busybox@sha256:0123456789abcdef", "IfNotPresent"},
        {"busybox:latest@sha256:0123456789abcdef", "Always"},
    };
    for (const auto& [image, policy] : cases)
        EXPECT_EQ(defaultImagePullPolicy(QLatin1String(image)), QLatin1String(policy)) << image;
}

TEST(PodDefaults, FillsWhatIsMissingInContainersAndInitContainersAndKeepsWhatIsSet) {
    QJsonObject spec = QJsonDocument::fromJson(R"({
        "initContainers": [{"name": "input", "image": "bash"}],
        "containers": [{"name": "main", "image": "busybox:1.36",
                        "imagePullPolicy": "Never", "terminationMessagePolicy":
                        "FallbackToLogsOnError"}]})")
                           .object();
    defaultContainers(spec);
    const QJsonObject init =
        spec.value(QStringLiteral("initContainers")).toArray().at(0).toObject();
    EXPECT_EQ(init.value(QStringLiteral("imagePullPolicy")).toString(), QStringLiteral("Always"));
    EXPECT_EQ(init.value(QStringLiteral("terminationMessagePath")).toString(),
              QStringLiteral("/dev/termination-log"));
    EXPECT_EQ(init.value(QStringLiteral("terminationMessagePolicy")).toString(),
              QStringLiteral("File"));
    EXPECT_EQ(init.value(QStringLiteral("resources")), QJsonValue(QJsonObject()));
    const QJsonObject main = spec.value(QStringLiteral("containers")).toArray().at(0).toObject();
    EXPECT_EQ(main.value(QStringLiteral("imagePullPolicy")).toString(), QStringLiteral("Never"));
    EXPECT_EQ(main.value(QStringLiteral("terminationMessagePolicy")).toString(),
              QStringLiteral("FallbackToLogsOnError"));
    EXPECT_FALSE(spec.contains(QStringLiteral("ephemeralContainers")));
}
