#include "StatePalette.h"

#include <QCoreApplication>

namespace tessera::ui {

using engine::IndexState;

StatePalette::StatePalette(const QPalette& palette)
    : m_dark(isDark(palette)) {
    auto set = [this](IndexState s, QRgb light, QRgb dark) {
        m_rgb[static_cast<int>(s)] = m_dark ? dark : light;
    };
    // Hues follow the usual traffic-light reading; the light/dark pairs keep about the same
    // contrast against their background.
    set(IndexState::NotStarted, qRgb(0xc9, 0xce, 0xd6), qRgb(0x4b, 0x51, 0x5b));
    set(IndexState::Pending, qRgb(0xe3, 0xb3, 0x1c), qRgb(0xd9, 0xa8, 0x20));
    set(IndexState::Running, qRgb(0x2f, 0x7f, 0xe8), qRgb(0x4a, 0x93, 0xf0));
    set(IndexState::Succeeded, qRgb(0x2d, 0xa4, 0x4e), qRgb(0x3f, 0xb9, 0x5f));
    set(IndexState::FailedWillRetry, qRgb(0xf0, 0x83, 0x1f), qRgb(0xf5, 0x8f, 0x35));
    set(IndexState::FailedTerminal, qRgb(0xd1, 0x24, 0x2f), qRgb(0xf0, 0x45, 0x4f));
    set(IndexState::OutOfRange, qRgb(0xee, 0xf0, 0xf3), qRgb(0x2b, 0x2e, 0x34));
}

QString StatePalette::name(IndexState state) {
    switch (state) {
    case IndexState::NotStarted:
        return QCoreApplication::translate("StatePalette", "Not started");
    case IndexState::Pending:
        return QCoreApplication::translate("StatePalette", "Pending");
    case IndexState::Running:
        return QCoreApplication::translate("StatePalette", "Running");
    case IndexState::Succeeded:
        return QCoreApplication::translate("StatePalette", "Succeeded");
    case IndexState::FailedWillRetry:
        return QCoreApplication::translate("StatePalette", "Failed, will retry");
    case IndexState::FailedTerminal:
        return QCoreApplication::translate("StatePalette", "Failed index");
    case IndexState::OutOfRange:
        return QCoreApplication::translate("StatePalette", "Out of range");
    }
    return {};
}

int StatePalette::severity(IndexState state) {
    switch (state) {
    case IndexState::FailedTerminal:
        return 6;
    case IndexState::FailedWillRetry:
        return 5;
    case IndexState::Pending:
        return 4;
    case IndexState::Running:
        return 3;
    case IndexState::NotStarted:
        return 2;
    case IndexState::Succeeded:
        return 1;
    case IndexState::OutOfRange:
        return 0;
    }
    return 0;
}

bool StatePalette::isDark(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

} // namespace tessera::ui
