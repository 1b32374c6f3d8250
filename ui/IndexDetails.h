#pragma once
// The grid's tooltip text for one index: what its recorded attempts say (live pods and what the
// history kept of pods that are gone), and, when nothing was recorded, plainly that.
#include "store/JobSnapshot.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace tessera::ui {

class IndexDetails {
    Q_DECLARE_TR_FUNCTIONS(IndexDetails)
public:
    // Rich text; `state` is the index's state in the grid.
    static QString html(const store::JobSnapshot& snapshot, int index, engine::IndexState state);
    // "Index 3", or for an index of a re-run "Index 3 (original index 17)" (plain text): the
    // grid's tooltip and the details panel name an index so.
    static QString indexName(int index, std::optional<int> originalIndex);
    // The sentence for an index without a recorded attempt.
    static QString unrecorded(engine::IndexState state);
};

} // namespace tessera::ui
