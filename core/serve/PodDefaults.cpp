#include "PodDefaults.h"

#include <QJsonArray>

namespace tessera::serve {

QString defaultImagePullPolicy(const QString& image) {
    // parsers.ParseImageName: a digest (@sha256:...) leaves the tag empty; a colon after the
    // last slash starts the tag (one before it is a registry's port); nothing defaults to latest.
    const qsizetype at = image.indexOf(QLatin1Char('@'));
    const QString named = at >= 0 ? image.left(at) : image;
    const QString last = named.section(QLatin1Char('/'), -1);
    const qsizetype colon = last.indexOf(QLatin1Char(':'));
    const QString tag =
        colon >= 0 ? last.mid(colon + 1) : (at >= 0 ? QString() : QStringLiteral("latest"));
    return tag == QLatin1String("latest") ? QStringLiteral("Always")
                                          : QStringLiteral("IfNotPresent");
}

void defaultContainers(QJsonObject& podSpec) {
    for (const char* list : {"initContainers", "containers"}) {
        if (!podSpec.contains(QLatin1String(list)))
            continue;
        QJsonArray containers = podSpec.value(QLatin1String(list)).toArray();
        for (qsizetype i = 0; i < containers.size(); ++i) {
            QJsonObject c = containers[i].toObject();
            const auto insertDefault = [&c](const char* key, const QJsonValue& value) {
                if (!c.contains(QLatin1String(key)))
                    c.insert(QLatin1String(key), value);
            };
            insertDefault("terminationMessagePath", QStringLiteral("/dev/termination-log"));
            insertDefault("terminationMessagePolicy", QStringLiteral("File"));
            insertDefault("resources", QJsonObject());
            insertDefault("imagePullPolicy",
                          defaultImagePullPolicy(c.value(QStringLiteral("image")).toString()));
            containers[i] = c;
        }
        podSpec.insert(QLatin1String(list), containers);
    }
}

} // namespace tessera::serve
