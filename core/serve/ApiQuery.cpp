#include "ApiQuery.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <limits>

namespace tessera::serve {

namespace {

constexpr const char* kContinueVersion = "meta.k8s.io/v1";

std::optional<quint64> decimal(const QString& text) {
    if (text.isEmpty() || text.size() > 20)
        return std::nullopt;
    for (const QChar c : text)
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return std::nullopt;
    bool ok = false;
    const quint64 value = text.toULongLong(&ok);
    return ok ? std::optional<quint64>(value) : std::nullopt;
}

} // namespace

ApiOutcome<std::optional<quint64>> parseResourceVersion(const QString& text) {
    if (text.isEmpty())
        return std::optional<quint64>();
    const std::optional<quint64> value = decimal(text);
    if (!value)
        return apiFailure(400, "BadRequest",
                          QStringLiteral("invalid resource version: \"%1\" (a resourceVersion is "
                                         "a number this server gave out)")
                              .arg(text));
    return value;
}

ApiOutcome<std::optional<std::chrono::milliseconds>> parseTimeoutSeconds(const QString& text) {
    using Ms = std::chrono::milliseconds;
    if (text.isEmpty())
        return std::optional<Ms>();
    const std::optional<quint64> seconds = decimal(text);
    if (!seconds)
        return apiFailure(400, "BadRequest",
                          QStringLiteral("timeoutSeconds: invalid value \"%1\": must be a "
                                         "non-negative number of seconds")
                              .arg(text));
    // A timer counts milliseconds in an int: longer is as good as no timeout.
    constexpr quint64 maxSeconds = std::numeric_limits<int>::max() / 1000;
    if (*seconds == 0 || *seconds > maxSeconds)
        return std::optional<Ms>();
    return std::optional<Ms>(Ms(static_cast<Ms::rep>(*seconds) * 1000));
}

QString encodeContinueToken(const ContinueToken& token) {
    const QJsonObject json{{QStringLiteral("v"), QLatin1String(kContinueVersion)},
                           {QStringLiteral("rv"), static_cast<qint64>(token.resourceVersion)},
                           {QStringLiteral("start"), token.after}};
    return QString::fromLatin1(
        QJsonDocument(json)
            .toJson(QJsonDocument::Compact)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

ApiOutcome<ContinueToken> decodeContinueToken(const QString& text, quint64 oldestVersion,
                                              quint64 currentVersion) {
    auto invalid = [&](const char* why) {
        return apiFailure(400, "BadRequest",
                          QStringLiteral("continue key is not valid: %1").arg(QLatin1String(why)));
    };
    const auto decoded = QByteArray::fromBase64Encoding(
        text.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return invalid("not base64");
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(*decoded, &error);
    const QJsonObject json = doc.object();
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return invalid("not a continue token of this server");
    if (json.value(QStringLiteral("v")).toString() != QLatin1String(kContinueVersion))
        return invalid("unknown token version");
    const QJsonValue rv = json.value(QStringLiteral("rv"));
    const QString after = json.value(QStringLiteral("start")).toString();
    if (!rv.isDouble() || rv.toDouble() < 1 || after.isEmpty() || !after.contains(QLatin1Char('/')))
        return invalid("incomplete token");
    ContinueToken token{static_cast<quint64>(rv.toInteger()), after};
    if (token.resourceVersion > currentVersion)
        return invalid("made at a version this server has not reached");
    if (token.resourceVersion < oldestVersion)
        return apiFailure(410, "Expired",
                          QStringLiteral("The provided continue parameter is too old to display "
                                         "a consistent list result. You can start a new list "
                                         "without the continue parameter."));
    return token;
}

} // namespace tessera::serve
