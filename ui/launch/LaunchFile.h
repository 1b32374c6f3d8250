#pragma once
// One dropped or opened file, parsed for the Launch dialog: a work list (every format
// core/worklist reads) or a Job manifest (YAML or JSON, multi-document: the first Job is used).
// Pure loading, no widgets: the dialog runs it on a worker thread.
//
//   LaunchFile f = LaunchFile::load(QStringLiteral("items.csv"));
//   if (f.errors.empty()) preview(f.list);
#include "engine/Model.h"
#include "engine/Result.h"
#include "worklist/WorkList.h"

#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace tessera::ui::launch {

struct LaunchFile {
    enum class Kind { WorkList, JobManifest };

    QString path;
    Kind kind = Kind::WorkList;
    worklist::WorkList list;           // Kind::WorkList
    engine::Job job;                   // Kind::JobManifest: the first document of kind Job
    std::string manifestText;          // Kind::JobManifest: the file as read (the YAML preview)
    std::vector<engine::Error> errors; // line/column set where known
    QStringList errorTexts;            // one per error, naming the file, line and column

    bool ok() const { return errors.empty(); }
    // Items the job will have: the work list's size, or the manifest's completions.
    int32_t itemCount() const;

    // Reads `path`; whether it is a manifest or a work list is worklist::looksLikeManifest's rule,
    // the CLI's too.
    static LaunchFile load(const QString& path);
    static bool looksLikeManifest(const QString& path, std::string_view text);
};

} // namespace tessera::ui::launch
