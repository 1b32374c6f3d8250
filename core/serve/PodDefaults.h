#pragma once
// The API server's defaults for the containers of a Pod spec, wherever one is stored (a Pod, a
// Job's template, a CronJob's jobTemplate, the Pods the job controller creates), as
// SetDefaults_Container does (pkg/apis/core/v1/defaults.go): terminationMessagePath
// /dev/termination-log, terminationMessagePolicy File, resources {}, and imagePullPolicy by the
// image's tag (Always for :latest or no tag, else IfNotPresent). Init containers too.
#include <QJsonObject>
#include <QString>

namespace tessera::serve {

void defaultContainers(QJsonObject& podSpec);

// Always when the image's tag is "latest" or it has neither tag nor digest; else IfNotPresent.
QString defaultImagePullPolicy(const QString& image);

} // namespace tessera::serve
