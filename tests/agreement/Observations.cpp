#include "Observations.h"

#include <QStringList>
#include <map>

namespace tessera::agreement {

QString Disagreement::text() const {
    return QStringLiteral("%1: %2 shows '%3', %4 shows '%5'")
        .arg(quantity, referenceView, referenceValue, view, value);
}

void Observations::add(const QString& view, const QString& quantity, const QString& value) {
    m_all.push_back({view, quantity, value});
}

QString Observations::valueOf(const QString& view, const QString& quantity) const {
    for (const Observation& o : m_all)
        if (o.view == view && o.quantity == quantity)
            return o.value;
    return {};
}

std::vector<Observation> Observations::of(const QString& quantity) const {
    std::vector<Observation> out;
    for (const Observation& o : m_all)
        if (o.quantity == quantity)
            out.push_back(o);
    return out;
}

std::vector<Disagreement> Observations::disagreements() const {
    std::map<QString, const Observation*> first;
    std::vector<Disagreement> out;
    for (const Observation& o : m_all) {
        const auto [it, inserted] = first.emplace(o.quantity, &o);
        if (!inserted && it->second->value != o.value)
            out.push_back({o.quantity, it->second->view, it->second->value, o.view, o.value});
    }
    return out;
}

QStringList Observations::views() const {
    QStringList out;
    for (const Observation& o : m_all)
        if (!out.contains(o.view))
            out << o.view;
    return out;
}

} // namespace tessera::agreement
