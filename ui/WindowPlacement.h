#pragma once
// Where the first window opens when nothing is remembered yet: big enough to show the job list
// and a job's scoreboard side by side with the tabs (about 80 % of the screen, at least
// 1200×750 when the screen has room for it, never larger than the screen), centred.
#include <QRect>

namespace tessera::ui {

// `available` is the screen's available geometry (without panels and docks).
QRect firstWindowGeometry(const QRect& available);

} // namespace tessera::ui
