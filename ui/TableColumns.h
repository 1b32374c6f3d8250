#pragma once
// Column sizing for the small tables of a job view: every column as wide as its content, one
// (the free text, e.g. an event's message) taking the rest of the width. By default Qt stretches
// the last column instead, which gave "Last seen" the width and cut Reason and Message off.
#include <QByteArray>
#include <QString>
#include <functional>

class QTableView;

namespace tessera::ui {

void fitColumnsStretching(QTableView* view, int stretchColumn);

// For a list the user arranges (the job list): the columns the user set (`remembered`, a
// QHeaderView state; empty the first time), else each column as wide as its title and
// `widestText(column)`, a typical widest value. Either way no column narrower than its title
// and sort arrow, every column but `stretchColumn` resizable, and `stretchColumn` taking what
// is left, so the list fits the window at 1024 px and a wide screen widens the names, not the
// last column.
void fitColumnsRemembered(QTableView* view, int stretchColumn, const QByteArray& remembered,
                          const std::function<QString(int column)>& widestText);

} // namespace tessera::ui
