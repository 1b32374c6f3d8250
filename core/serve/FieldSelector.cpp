#include "FieldSelector.h"

#include <algorithm>

namespace tessera::serve {

ApiOutcome<FieldSelector> FieldSelector::parse(const QString& text) {
    FieldSelector s;
    for (const QString& raw : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString term = raw.trimmed();
        Term t;
        int at = term.indexOf(QLatin1String("!="));
        int skip = 2;
        if (at >= 0) {
            t.negate = true;
        } else if ((at = term.indexOf(QLatin1String("=="))) >= 0) {
            skip = 2;
        } else if ((at = term.indexOf(QLatin1Char('='))) >= 0) {
            skip = 1;
        } else {
            // The API server's wording (fields.ParseSelector).
            return apiFailure(
                400, "BadRequest",
                QStringLiteral("invalid selector: '%1'; can't understand '%2'").arg(text, raw));
        }
        t.path = term.left(at).trimmed().split(QLatin1Char('.'));
        t.value = term.mid(at + skip).trimmed();
        s.m_terms.push_back(std::move(t));
    }
    return s;
}

namespace {

const SelectableField kDefaultFields[] = {{"metadata.name", "metadata.name"},
                                          {"metadata.namespace", "metadata.namespace"}};

} // namespace

ApiOutcome<FieldSelector> FieldSelector::parse(const QString& text, const ResourceInfo& kind) {
    auto s = parse(text);
    if (!s)
        return s;
    const bool custom = !kind.selectableFields.empty();
    const std::span<const SelectableField> fields =
        custom ? kind.selectableFields : std::span<const SelectableField>(kDefaultFields);
    for (Term& t : s->m_terms) {
        const QString label = t.path.join(QLatin1Char('.'));
        const auto found =
            std::find_if(fields.begin(), fields.end(),
                         [&](const SelectableField& f) { return label == QLatin1String(f.label); });
        if (found == fields.end())
            // A kind with its own field label conversion (pkg/apis/core/v1/conversion.go) words it
            // so; the others get runtime.DefaultMetaV1FieldSelectorConversion's message.
            return apiFailure(400, "BadRequest",
                              custom ? QStringLiteral("field label not supported: %1").arg(label)
                                     : QStringLiteral("\"%1\" is not a known field selector: only "
                                                      "\"metadata.name\", \"metadata.namespace\"")
                                           .arg(label));
        t.path = QString::fromLatin1(found->path).split(QLatin1Char('.'));
        t.whenMissing = QLatin1String(found->whenMissing);
    }
    return s;
}

bool FieldSelector::matches(const QJsonObject& object) const {
    for (const Term& t : m_terms) {
        QJsonValue v = object;
        for (const QString& part : t.path)
            v = v.toObject().value(part);
        QString text = t.whenMissing;
        if (v.isString())
            text = v.toString();
        else if (v.isBool())
            text = v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        else if (v.isDouble())
            text = QString::number(v.toDouble());
        if ((text == t.value) == t.negate)
            return false;
    }
    return true;
}

QString FieldSelector::exactName() const {
    for (const Term& t : m_terms)
        if (!t.negate && t.path.size() == 2 && t.path[0] == QLatin1String("metadata") &&
            t.path[1] == QLatin1String("name"))
            return t.value;
    return {};
}

} // namespace tessera::serve
