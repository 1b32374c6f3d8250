#pragma once
// A spin box for an optional Job limit (backoffLimit, backoffLimitPerIndex, maxFailedIndexes):
// -1 means "not set" and shows the caller's text for what then applies (e.g. "default: 6"), and
// 2147483647 (MaxInt32, what Kubernetes puts in backoffLimit when backoffLimitPerIndex is set)
// shows as "unlimited" instead of a number nobody reads. Typing "unlimited" selects it.
#include <QSpinBox>
#include <limits>
#include <optional>

namespace tessera::ui::launch {

class LimitSpinBox : public QSpinBox {
    Q_OBJECT
public:
    static constexpr int kUnset = -1;
    static constexpr int kUnlimited = std::numeric_limits<int>::max();

    // `max` below kUnlimited: the largest number offered (kUnlimited is always offered too).
    LimitSpinBox(const QString& objectName, int max, QWidget* parent = nullptr);

    // The value, or nothing when unset.
    std::optional<int> limit() const;
    void setLimit(std::optional<int> limit);
    // "unlimited" for kUnlimited, else the number (for labels outside a spin box).
    static QString limitText(std::optional<int64_t> limit);

protected:
    QString textFromValue(int value) const override;
    int valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void stepBy(int steps) override;

private:
    int m_max;
};

} // namespace tessera::ui::launch
