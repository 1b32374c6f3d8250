#pragma once
// The defaulting and validation of the kinds served around Jobs, as the API server's registry
// strategies and defaulters do them; the table of kinds (ApiKinds.cpp) points its rows here.
#include "ServeTypes.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tessera::serve::strategies {

// A Service keeps its allocated clusterIP on update (previous: the stored object, null on create).
void defaultService(QJsonObject& object, const ObjectPtr& previous);
// type Opaque; stringData merged into data and dropped.
void defaultSecret(QJsonObject& object, const ObjectPtr& previous);
void defaultCronJob(QJsonObject& object, const ObjectPtr& previous);
void defaultPod(QJsonObject& object, const ObjectPtr& previous);

QJsonArray validatePod(const QJsonObject& object);
QJsonArray validateService(const QJsonObject& object);
QJsonArray validateSecret(const QJsonObject& object);
QJsonArray validateConfigMap(const QJsonObject& object);
QJsonArray validateCronJob(const QJsonObject& object);

} // namespace tessera::serve::strategies
