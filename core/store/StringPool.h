#pragma once
// One shared copy of strings that repeat across many records (a pod's node, phase, reason and
// message): a job of 270,000 attempts has a few hundred distinct values, and each record then
// holds a reference to the pool's copy instead of its own allocation.
#include <QSet>
#include <QString>

namespace tessera::store {

class StringPool {
public:
    // Past this many distinct values (unbounded messages, say) strings are kept as given.
    explicit StringPool(qsizetype maxValues = 4096)
        : m_maxValues(maxValues) {}

    // `s` itself the first time; the same shared copy for every equal string after that.
    QString intern(const QString& s) {
        if (s.isEmpty())
            return QString();
        if (const auto it = m_values.constFind(s); it != m_values.cend())
            return *it;
        if (m_values.size() < m_maxValues)
            m_values.insert(s);
        return s;
    }

private:
    QSet<QString> m_values;
    qsizetype m_maxValues;
};

} // namespace tessera::store
