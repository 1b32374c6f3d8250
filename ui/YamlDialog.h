#pragma once
// The live YAML of a Job or a pod: read-only and highlighted, copied or saved; a Job's can be
// edited and applied by server-side apply as the field manager "tessera". Before applying, the
// edit is shown as a line diff against the object as it is now; the API server's refusal is
// listed under the editor field by field (422 causes), and a conflict with another field manager
// (409) is applied only when the user takes the fields over (force). Managed fields are hidden
// unless asked for. Every request goes through the source's kube::ApiClient (its own thread);
// nothing here waits.
#include "ObjectRef.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;

namespace tessera::kube {
struct ApiError;
}

namespace tessera::ui {

class YamlHighlighter;

class YamlDialog : public QDialog {
    Q_OBJECT
public:
    enum class Stage { Loading, Viewing, Editing, Reviewing, Applying };

    YamlDialog(kube::ApiClient* client, ObjectRef object, QWidget* parent = nullptr);

    Stage stage() const { return m_stage; }
    QPlainTextEdit* editor() const { return m_editor; }
    QPlainTextEdit* diffView() const { return m_diff; }
    QListWidget* causes() const { return m_causes; }
    QString statusText() const;
    QCheckBox* managedFieldsBox() const { return m_managed; }
    // Shown after a 409 conflict with another field manager: apply again with force.
    QPushButton* forceButton() const { return m_force; }

public slots:
    void refresh();
    // Jobs only: the YAML becomes editable (without status and the server's own fields).
    void startEdit();
    // Fetches the object as it is now and shows what the edit changes.
    void review();
    // Server-side apply of the edit; `force` takes over fields another manager owns.
    void apply(bool force = false);
    void backToEdit();
    void copy();
    bool saveTo(const QString& path);

signals:
    // The stage changed (tests wait for it).
    void stageChanged(tessera::ui::YamlDialog::Stage stage);

private:
    void setStage(Stage stage);
    void setStatus(const QString& text, bool error = false);
    void showError(const kube::ApiError& error);
    QString objectPath() const;
    QString title() const;

    QPointer<kube::ApiClient> m_client;
    ObjectRef m_object;
    Stage m_stage = Stage::Loading;
    QByteArray m_liveJson;
    QString m_edited; // the edit while the diff is shown
    QString m_note;   // said once the object is loaded again ("Applied …")
    QLabel* m_heading;
    QCheckBox* m_managed;
    QPushButton* m_refresh;
    QPushButton* m_copy;
    QPushButton* m_save;
    QPushButton* m_edit;
    QPushButton* m_review;
    QPushButton* m_apply;
    QPushButton* m_force;
    QPushButton* m_back;
    QStackedWidget* m_pages;
    QPlainTextEdit* m_editor;
    QPlainTextEdit* m_diff;
    YamlHighlighter* m_editorColours;
    QListWidget* m_causes;
    QLabel* m_status;
};

} // namespace tessera::ui
