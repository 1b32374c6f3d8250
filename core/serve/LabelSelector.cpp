#include "LabelSelector.h"

#include <QJsonArray>

namespace tessera::serve {

namespace {

// Splits at commas that are not inside parentheses.
QStringList splitTerms(const QString& text) {
    QStringList out;
    int depth = 0;
    QString current;
    for (const QChar c : text) {
        if (c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char(')'))
            --depth;
        if (c == QLatin1Char(',') && depth == 0) {
            out << current.trimmed();
            current.clear();
        } else {
            current += c;
        }
    }
    if (!current.trimmed().isEmpty())
        out << current.trimmed();
    return out;
}

tl::unexpected<ApiFailure> badSelector(const QString& text, const QString& why) {
    return apiFailure(400, "BadRequest",
                      QStringLiteral("unable to parse requirement \"%1\": %2").arg(text, why));
}

} // namespace

ApiOutcome<LabelSelector> LabelSelector::parse(const QString& text) {
    LabelSelector s;
    for (const QString& term : splitTerms(text)) {
        if (term.isEmpty())
            continue;
        Requirement r;
        const int open = term.indexOf(QLatin1Char('('));
        if (open >= 0) {
            // "key in (a,b)" / "key notin (a,b)"
            if (!term.endsWith(QLatin1Char(')')))
                return badSelector(term, QStringLiteral("missing ')'"));
            const QStringList head =
                term.left(open).simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (head.size() != 2)
                return badSelector(term, QStringLiteral("expected 'key in (...)'"));
            r.key = head[0];
            if (head[1] == QLatin1String("in"))
                r.op = Op::In;
            else if (head[1] == QLatin1String("notin"))
                r.op = Op::NotIn;
            else
                return badSelector(term, QStringLiteral("unknown operator \"%1\"").arg(head[1]));
            for (const QString& v :
                 term.mid(open + 1, term.size() - open - 2).split(QLatin1Char(',')))
                r.values << v.trimmed();
        } else if (term.startsWith(QLatin1Char('!'))) {
            r.key = term.mid(1).trimmed();
            r.op = Op::DoesNotExist;
        } else if (const int ne = term.indexOf(QLatin1String("!=")); ne >= 0) {
            r.key = term.left(ne).trimmed();
            r.op = Op::NotEquals;
            r.values << term.mid(ne + 2).trimmed();
        } else if (const int eq = term.indexOf(QLatin1Char('=')); eq >= 0) {
            r.key = term.left(eq).trimmed();
            r.op = Op::Equals;
            const int skip = term.mid(eq).startsWith(QLatin1String("==")) ? 2 : 1;
            r.values << term.mid(eq + skip).trimmed();
        } else if (term.contains(QLatin1Char('<')) || term.contains(QLatin1Char('>'))) {
            return badSelector(term, QStringLiteral("'<' and '>' are not supported here"));
        } else {
            r.key = term;
            r.op = Op::Exists;
        }
        if (r.key.isEmpty() || r.key.contains(QLatin1Char(' ')))
            return badSelector(term, QStringLiteral("invalid label key \"%1\"").arg(r.key));
        s.m_requirements.push_back(std::move(r));
    }
    return s;
}

ApiOutcome<LabelSelector> LabelSelector::fromJson(const QJsonObject& selector) {
    LabelSelector s;
    const QJsonObject labels = selector.value(QStringLiteral("matchLabels")).toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        s.m_requirements.push_back({it.key(), Op::Equals, {it.value().toString()}});
    for (const QJsonValue& e : selector.value(QStringLiteral("matchExpressions")).toArray()) {
        const QJsonObject x = e.toObject();
        Requirement r;
        r.key = x.value(QStringLiteral("key")).toString();
        const QString op = x.value(QStringLiteral("operator")).toString();
        if (op == QLatin1String("In"))
            r.op = Op::In;
        else if (op == QLatin1String("NotIn"))
            r.op = Op::NotIn;
        else if (op == QLatin1String("Exists"))
            r.op = Op::Exists;
        else if (op == QLatin1String("DoesNotExist"))
            r.op = Op::DoesNotExist;
        else
            return apiFailure(
                422, "Invalid",
                QStringLiteral("selector.matchExpressions: unknown operator \"%1\"").arg(op));
        for (const QJsonValue& v : x.value(QStringLiteral("values")).toArray())
            r.values << v.toString();
        s.m_requirements.push_back(std::move(r));
    }
    return s;
}

bool LabelSelector::matches(const QJsonObject& labels) const {
    for (const Requirement& r : m_requirements) {
        const auto it = labels.constFind(r.key);
        const bool has = it != labels.constEnd();
        const QString value = has ? it->toString() : QString();
        switch (r.op) {
        case Op::Equals:
        case Op::In:
            if (!has || !r.values.contains(value))
                return false;
            break;
        case Op::NotEquals:
        case Op::NotIn:
            if (has && r.values.contains(value))
                return false;
            break;
        case Op::Exists:
            if (!has)
                return false;
            break;
        case Op::DoesNotExist:
            if (has)
                return false;
            break;
        }
    }
    return true;
}

bool LabelSelector::matchesObject(const QJsonObject& object) const {
    if (m_requirements.empty())
        return true;
    return matches(object.value(QStringLiteral("metadata"))
                       .toObject()
                       .value(QStringLiteral("labels"))
                       .toObject());
}

} // namespace tessera::serve
