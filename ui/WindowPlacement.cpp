#include "WindowPlacement.h"

#include <algorithm>

namespace tessera::ui {

QRect firstWindowGeometry(const QRect& available) {
    constexpr double kShare = 0.8;
    constexpr int kMinWidth = 1200;
    constexpr int kMinHeight = 750;
    auto side = [kShare](int screen, int minimum) {
        const int share = static_cast<int>(screen * kShare);
        return std::min(screen, std::max(share, minimum));
    };
    QRect r(0, 0, side(available.width(), kMinWidth), side(available.height(), kMinHeight));
    r.moveCenter(available.center());
    return r;
}

} // namespace tessera::ui
