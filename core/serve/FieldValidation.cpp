#include "FieldValidation.h"

#include "proto/KubeSchema.h"
#include "proto/ProtoJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/message.h>
#include <memory>

namespace tessera::serve {

namespace {

// One step of a field path: a key, or a key and a list index ("containers[0]").
struct Step {
    QString key;
    int index = -1;
};

QList<Step> parsePath(const QString& path) {
    static const QRegularExpression indexed(QStringLiteral("^(.*)\\[(\\d+)\\]$"));
    QList<Step> steps;
    for (const QString& part : path.split(QLatin1Char('.'))) {
        const QRegularExpressionMatch m = indexed.match(part);
        if (m.hasMatch())
            steps << Step{m.captured(1), m.captured(2).toInt()};
        else
            steps << Step{part, -1};
    }
    return steps;
}

void removeSteps(QJsonObject& object, const QList<Step>& steps, qsizetype at) {
    const Step& step = steps[at];
    if (at + 1 == steps.size()) {
        if (step.index < 0)
            object.remove(step.key);
        return;
    }
    if (step.index >= 0) {
        QJsonArray list = object.value(step.key).toArray();
        if (step.index >= list.size() || !list[step.index].isObject())
            return;
        QJsonObject item = list[step.index].toObject();
        removeSteps(item, steps, at + 1);
        list[step.index] = item;
        object.insert(step.key, list);
        return;
    }
    if (!object.value(step.key).isObject())
        return;
    QJsonObject child = object.value(step.key).toObject();
    removeSteps(child, steps, at + 1);
    object.insert(step.key, child);
}

QString join(const QString& path, const QString& name) {
    return path.isEmpty() ? name : path + QLatin1Char('.') + name;
}

// A JSON scanner that only tracks keys: the text has been parsed already, so it is valid JSON.
class DuplicateScanner {
public:
    explicit DuplicateScanner(const QByteArray& text)
        : m_s(text) {}

    QStringList scan() {
        value(QString());
        return m_found;
    }

private:
    const QByteArray& m_s;
    qsizetype m_i = 0;
    QStringList m_found;

    bool atEnd() const { return m_i >= m_s.size(); }
    char peek() const { return atEnd() ? '\0' : m_s[m_i]; }
    void skipSpace() {
        while (!atEnd() && (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t'))
            ++m_i;
    }

    QString string() {
        const qsizetype start = m_i++;
        while (!atEnd() && peek() != '"')
            m_i += peek() == '\\' ? 2 : 1;
        ++m_i;
        // The quoted token, unescaped by Qt's parser.
        const QJsonDocument doc = QJsonDocument::fromJson("[" + m_s.mid(start, m_i - start) + "]");
        return doc.array().at(0).toString();
    }

    void value(const QString& path) {
        skipSpace();
        if (peek() == '{') {
            ++m_i;
            QSet<QString> seen;
            for (skipSpace(); !atEnd() && peek() != '}'; skipSpace()) {
                if (peek() == ',') {
                    ++m_i;
                    continue;
                }
                const QString key = string();
                if (seen.contains(key))
                    m_found << join(path, key);
                seen.insert(key);
                skipSpace();
                ++m_i; // ':'
                value(join(path, key));
            }
            ++m_i;
        } else if (peek() == '[') {
            ++m_i;
            int index = 0;
            for (skipSpace(); !atEnd() && peek() != ']'; skipSpace()) {
                if (peek() == ',') {
                    ++m_i;
                    continue;
                }
                value(QStringLiteral("%1[%2]").arg(path).arg(index++));
            }
            ++m_i;
        } else if (peek() == '"') {
            string();
        } else {
            while (!atEnd() && peek() != ',' && peek() != '}' && peek() != ']' && peek() != ' ' &&
                   peek() != '\n')
                ++m_i;
        }
    }
};

} // namespace

QStringList duplicateFields(const QByteArray& json) {
    return DuplicateScanner(json).scan();
}

void removeFieldPath(QJsonObject& object, const QString& path) {
    const QList<Step> steps = parsePath(path);
    if (!steps.isEmpty())
        removeSteps(object, steps, 0);
}

ApiOutcome<QStringList> validateFields(const ResourceInfo& resource, QJsonObject& object,
                                       const QString& mode, const QByteArray& json) {
    const QString normal = mode.isEmpty() ? QStringLiteral("Warn") : mode;
    if (normal != QLatin1String("Strict") && normal != QLatin1String("Warn") &&
        normal != QLatin1String("Ignore"))
        return apiFailure(
            400, "BadRequest",
            QStringLiteral(
                "fieldValidation must be one of \"Ignore\", \"Warn\" or \"Strict\", not \"%1\"")
                .arg(mode));
    const auto* descriptor =
        schema::messageFor(resource.apiVersion(), QLatin1String(resource.kind));
    if (!descriptor)
        return QStringList();
    std::unique_ptr<google::protobuf::Message> message(
        google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor)->New());
    const JsonToProtoResult checked = jsonToProto(object, *message);
    const QString cannot = QStringLiteral("%1 in version \"%2\" cannot be handled as a %1: ")
                               .arg(QLatin1String(resource.kind), QLatin1String(resource.version));
    if (!checked.ok)
        return apiFailure(400, "BadRequest", cannot + checked.error);
    QStringList problems;
    if (normal != QLatin1String("Ignore") && !json.isEmpty())
        for (const QString& path : duplicateFields(json))
            problems << QStringLiteral("duplicate field \"%1\"").arg(path);
    for (const QString& path : checked.unknown)
        problems << QStringLiteral("unknown field \"%1\"").arg(path);
    if (problems.isEmpty())
        return QStringList();
    if (normal == QLatin1String("Strict"))
        return apiFailure(400, "BadRequest",
                          cannot + QStringLiteral("strict decoding error: ") +
                              problems.join(QStringLiteral(", ")));
    for (const QString& path : checked.unknown)
        removeFieldPath(object, path);
    return normal == QLatin1String("Warn") ? problems : QStringList();
}

} // namespace tessera::serve
