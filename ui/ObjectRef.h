#pragma once
// One API object the workbench views (a Job or a pod) and the client that reaches its cluster.
#include <QPointer>
#include <QString>

namespace tessera::kube {
class ApiClient;
}

namespace tessera::ui {

struct ObjectRef {
    enum class Kind { Job, Pod };
    Kind kind = Kind::Job;
    QString namespace_, name;
    // The job the object belongs to (its store key), for what the History recorded of a pod.
    QString jobKey;
};

} // namespace tessera::ui
