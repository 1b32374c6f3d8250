#include "LimitSpinBox.h"

#include <algorithm>

namespace tessera::ui::launch {

namespace {

QString unlimitedWord() {
    return LimitSpinBox::tr("unlimited");
}

} // namespace

LimitSpinBox::LimitSpinBox(const QString& objectName, int max, QWidget* parent)
    : QSpinBox(parent)
    , m_max(max) {
    setObjectName(objectName);
    setRange(kUnset, kUnlimited);
    setValue(kUnset);
    setSpecialValueText(tr("unset"));
}

std::optional<int> LimitSpinBox::limit() const {
    return value() == kUnset ? std::nullopt : std::optional<int>(value());
}

void LimitSpinBox::setLimit(std::optional<int> limit) {
    setValue(limit.value_or(kUnset));
}

QString LimitSpinBox::limitText(std::optional<int64_t> limit) {
    if (!limit)
        return {};
    return *limit == kUnlimited ? unlimitedWord() : QString::number(*limit);
}

QString LimitSpinBox::textFromValue(int value) const {
    return value == kUnlimited ? unlimitedWord() : QSpinBox::textFromValue(value);
}

int LimitSpinBox::valueFromText(const QString& text) const {
    if (text.trimmed().compare(unlimitedWord(), Qt::CaseInsensitive) == 0)
        return kUnlimited;
    return QSpinBox::valueFromText(text);
}

QValidator::State LimitSpinBox::validate(QString& text, int& pos) const {
    const QString typed = text.trimmed();
    if (!typed.isEmpty() && unlimitedWord().startsWith(typed, Qt::CaseInsensitive))
        return typed.size() == unlimitedWord().size() ? QValidator::Acceptable
                                                      : QValidator::Intermediate;
    return QSpinBox::validate(text, pos);
}

void LimitSpinBox::stepBy(int steps) {
    // The arrows walk unset, 0 .. max, unlimited: never through two billion numbers.
    const int v = value();
    if (v == kUnlimited) {
        if (steps < 0)
            setValue(std::max(kUnset, m_max + 1 + steps));
    } else {
        const int64_t next = static_cast<int64_t>(v) + steps;
        setValue(next > m_max ? kUnlimited : static_cast<int>(std::max<int64_t>(kUnset, next)));
    }
    selectAll();
}

} // namespace tessera::ui::launch
