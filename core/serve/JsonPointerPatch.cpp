#include "JsonPointerPatch.h"

#include <QJsonDocument>

namespace tessera::serve {

namespace {

using Tokens = QStringList;

// RFC 6901 tokens of a pointer; nullopt when it does not start with '/' (and is not "").
std::optional<Tokens> parsePointer(const QString& pointer) {
    if (pointer.isEmpty())
        return Tokens{};
    if (!pointer.startsWith(QLatin1Char('/')))
        return std::nullopt;
    Tokens out = pointer.mid(1).split(QLatin1Char('/'));
    for (QString& t : out)
        t.replace(QStringLiteral("~1"), QStringLiteral("/"))
            .replace(QStringLiteral("~0"), QStringLiteral("~"));
    return out;
}

// An array index token: digits without leading zeros, below `size` (or == size when `append`).
std::optional<qsizetype> arrayIndex(const QString& token, qsizetype size, bool append) {
    if (append && token == QLatin1String("-"))
        return size;
    bool ok = false;
    const qsizetype i = token.toLongLong(&ok);
    if (!ok || token.isEmpty() || (token.size() > 1 && token.startsWith(QLatin1Char('0'))) ||
        token.startsWith(QLatin1Char('+')) || i < 0 || i > size || (!append && i == size))
        return std::nullopt;
    return i;
}

enum class Edit { Add, Remove, Replace };

// Applies one edit at tokens[depth..] inside `node`; returns the removed/replaced value through
// `old`. An error string names what was missing.
QString edit(QJsonValue& node, const Tokens& tokens, qsizetype depth, Edit how,
             const QJsonValue& value, QJsonValue* old) {
    const QString& token = tokens[depth];
    const bool last = depth + 1 == tokens.size();
    if (node.isObject()) {
        QJsonObject o = node.toObject();
        if (last) {
            if (how != Edit::Add && !o.contains(token))
                return QStringLiteral("path not found");
            if (old)
                *old = o.value(token);
            if (how == Edit::Remove)
                o.remove(token);
            else
                o.insert(token, value);
        } else {
            if (!o.contains(token))
                return QStringLiteral("path not found");
            QJsonValue child = o.value(token);
            if (QString e = edit(child, tokens, depth + 1, how, value, old); !e.isEmpty())
                return e;
            o.insert(token, child);
        }
        node = o;
        return {};
    }
    if (node.isArray()) {
        QJsonArray a = node.toArray();
        const auto i = arrayIndex(token, a.size(), last && how == Edit::Add);
        if (!i)
            return QStringLiteral("array index %1 is out of range or not a number").arg(token);
        if (last) {
            if (old && *i < a.size())
                *old = a.at(*i);
            if (how == Edit::Add)
                a.insert(*i, value);
            else if (how == Edit::Remove)
                a.removeAt(*i);
            else
                a.replace(*i, value);
        } else {
            QJsonValue child = a.at(*i);
            if (QString e = edit(child, tokens, depth + 1, how, value, old); !e.isEmpty())
                return e;
            a.replace(*i, child);
        }
        node = a;
        return {};
    }
    return QStringLiteral("path not found");
}

std::optional<QJsonValue> lookup(const QJsonValue& root, const Tokens& tokens) {
    QJsonValue node = root;
    for (const QString& t : tokens) {
        if (node.isObject() && node.toObject().contains(t)) {
            node = node.toObject().value(t);
        } else if (node.isArray()) {
            const auto i = arrayIndex(t, node.toArray().size(), false);
            if (!i)
                return std::nullopt;
            node = node.toArray().at(*i);
        } else {
            return std::nullopt;
        }
    }
    return node;
}

} // namespace

ApiOutcome<QJsonObject> applyJsonPatch(const QJsonObject& target, const QJsonArray& operations) {
    QJsonValue doc = target;
    for (qsizetype n = 0; n < operations.size(); ++n) {
        const QJsonObject op = operations[n].toObject();
        const QString name = op.value(QStringLiteral("op")).toString();
        const QString path = op.value(QStringLiteral("path")).toString();
        // A 422 with one cause on the patch's path, so kubectl prints
        // `The Job "x" is invalid: /spec/parallelism: the JSON patch's operation 0 (test) ...`.
        const auto fail = [&](const QString& why) {
            const QString verb = name.isEmpty() ? QStringLiteral("?") : name;
            ApiFailure f{422, QStringLiteral("Invalid"),
                         QStringLiteral("the JSON patch's operation %1 (%2 %3): %4")
                             .arg(n)
                             .arg(verb, path, why)};
            f.causes.append(QJsonObject{
                {QStringLiteral("reason"), QStringLiteral("FieldValueInvalid")},
                {QStringLiteral("field"), path},
                {QStringLiteral("message"), QStringLiteral("the JSON patch's operation %1 (%2) "
                                                           "failed: %3")
                                                .arg(n)
                                                .arg(verb, why)}});
            return tl::unexpected(f);
        };
        if (!operations[n].isObject())
            return apiFailure(
                400, "BadRequest",
                QStringLiteral("the JSON patch's operation %1 is not an object").arg(n));
        const auto tokens = parsePointer(path);
        if (!tokens || !op.contains(QStringLiteral("path")))
            return fail(QStringLiteral("\"path\" must be a JSON pointer starting with '/'"));
        if (tokens->isEmpty())
            return fail(QStringLiteral("the whole object cannot be replaced by a JSON patch"));
        const bool needsValue = name == QLatin1String("add") || name == QLatin1String("replace") ||
                                name == QLatin1String("test");
        if (needsValue && !op.contains(QStringLiteral("value")))
            return fail(QStringLiteral("\"value\" is required"));
        const QJsonValue value = op.value(QStringLiteral("value"));
        QString error;
        if (name == QLatin1String("add")) {
            error = edit(doc, *tokens, 0, Edit::Add, value, nullptr);
        } else if (name == QLatin1String("remove")) {
            error = edit(doc, *tokens, 0, Edit::Remove, {}, nullptr);
        } else if (name == QLatin1String("replace")) {
            error = edit(doc, *tokens, 0, Edit::Replace, value, nullptr);
        } else if (name == QLatin1String("test")) {
            const auto found = lookup(doc, *tokens);
            if (!found)
                error = QStringLiteral("path not found");
            else if (*found != value)
                error =
                    QStringLiteral("the value is %1, not %2")
                        .arg(QString::fromUtf8(
                                 QJsonDocument(QJsonArray{*found}).toJson(QJsonDocument::Compact)),
                             QString::fromUtf8(
                                 QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)));
        } else if (name == QLatin1String("move") || name == QLatin1String("copy")) {
            const QString from = op.value(QStringLiteral("from")).toString();
            const auto fromTokens = parsePointer(from);
            if (!fromTokens || fromTokens->isEmpty())
                return fail(QStringLiteral("\"from\" must be a JSON pointer starting with '/'"));
            if (name == QLatin1String("move") && path.startsWith(from + QLatin1Char('/')))
                return fail(QStringLiteral("cannot move a value into itself"));
            const auto found = lookup(doc, *fromTokens);
            if (!found)
                return fail(QStringLiteral("\"from\" %1 not found").arg(from));
            if (name == QLatin1String("move"))
                error = edit(doc, *fromTokens, 0, Edit::Remove, {}, nullptr);
            if (error.isEmpty())
                error = edit(doc, *tokens, 0, Edit::Add, *found, nullptr);
        } else {
            return fail(QStringLiteral("unknown operation (use add, remove, replace, move, copy "
                                       "or test)"));
        }
        if (!error.isEmpty())
            return fail(error);
    }
    if (!doc.isObject())
        return apiFailure(422, "Invalid", QStringLiteral("the JSON patch left no object"));
    return doc.toObject();
}

} // namespace tessera::serve
