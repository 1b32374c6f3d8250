#pragma once
// Column sizing for the small tables of a job view: every column as wide as its content, one
// (the free text, e.g. an event's message) taking the rest of the width. By default Qt stretches
// the last column instead, which gave "Last seen" the width and cut Reason and Message off.
class QTableView;

namespace tessera::ui {

void fitColumnsStretching(QTableView* view, int stretchColumn);

} // namespace tessera::ui
