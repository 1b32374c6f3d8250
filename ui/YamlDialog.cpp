#include "YamlDialog.h"

#include "RecentFolders.h"
#include "YamlHighlighter.h"
#include "codec/LineDiff.h"
#include "kube/ApiClient.h"
#include "launch/ObjectYaml.h"

#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <utility>

namespace tessera::ui {

namespace {

QPlainTextEdit* codeView(QWidget* parent, const QString& name) {
    auto* view = new QPlainTextEdit(parent);
    view->setObjectName(name);
    view->setReadOnly(true);
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    return view;
}

} // namespace

YamlDialog::YamlDialog(kube::ApiClient* client, ObjectRef object, QWidget* parent)
    : QDialog(parent)
    , m_client(client)
    , m_object(std::move(object))
    , m_heading(new QLabel(this))
    , m_managed(new QCheckBox(tr("Managed fields"), this))
    , m_refresh(new QPushButton(tr("Refresh"), this))
    , m_copy(new QPushButton(tr("Copy"), this))
    , m_save(new QPushButton(tr("Save…"), this))
    , m_edit(new QPushButton(tr("Edit"), this))
    , m_review(new QPushButton(tr("Review changes"), this))
    , m_apply(new QPushButton(tr("Apply"), this))
    , m_force(new QPushButton(tr("Take the fields over and apply"), this))
    , m_back(new QPushButton(tr("Back to the edit"), this))
    , m_pages(new QStackedWidget(this))
    , m_editor(codeView(this, QStringLiteral("yamlEditor")))
    , m_diff(codeView(this, QStringLiteral("yamlDiff")))
    , m_editorColours(new YamlHighlighter(m_editor->document()))
    , m_causes(new QListWidget(this))
    , m_status(new QLabel(this)) {
    setObjectName(QStringLiteral("yamlDialog"));
    setWindowTitle(title());
    setAttribute(Qt::WA_DeleteOnClose);
    new YamlHighlighter(m_diff->document(), YamlHighlighter::Mode::Diff);
    m_heading->setText(title());
    m_managed->setObjectName(QStringLiteral("yamlManagedFields"));
    m_managed->setToolTip(tr("Show metadata.managedFields: which field manager set which field"));
    m_edit->setObjectName(QStringLiteral("yamlEdit"));
    m_edit->setVisible(m_object.kind == ObjectRef::Kind::Job);
    m_edit->setToolTip(tr("Edit the Job and apply it by server-side apply (field manager "
                          "\"tessera\")"));
    m_review->setObjectName(QStringLiteral("yamlReview"));
    m_apply->setObjectName(QStringLiteral("yamlApply"));
    m_force->setObjectName(QStringLiteral("yamlForce"));
    m_force->setToolTip(tr("Apply again with force: Tessera becomes the manager of the fields "
                           "listed above"));
    m_back->setObjectName(QStringLiteral("yamlBack"));
    m_causes->setObjectName(QStringLiteral("yamlCauses"));
    m_causes->setMaximumHeight(120);
    m_causes->hide();
    m_status->setObjectName(QStringLiteral("yamlStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pages->addWidget(m_editor);
    m_pages->addWidget(m_diff);

    auto* top = new QHBoxLayout;
    top->addWidget(m_heading, 1);
    top->addWidget(m_managed);
    top->addWidget(m_refresh);
    top->addWidget(m_copy);
    top->addWidget(m_save);
    top->addWidget(m_edit);
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_status, 1);
    actions->addWidget(m_back);
    actions->addWidget(m_review);
    actions->addWidget(m_force);
    actions->addWidget(m_apply);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_causes);
    layout->addLayout(actions);
    resize(860, 640);

    connect(m_managed, &QCheckBox::toggled, this, &YamlDialog::refresh);
    connect(m_refresh, &QPushButton::clicked, this, &YamlDialog::refresh);
    connect(m_copy, &QPushButton::clicked, this, &YamlDialog::copy);
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save YAML"),
            RecentFolders::pathIn(QStringLiteral("yaml"), m_object.name + QStringLiteral(".yaml")),
            tr("YAML (*.yaml *.yml)"));
        RecentFolders::remember(QStringLiteral("yaml"), path);
        if (!path.isEmpty())
            saveTo(path);
    });
    connect(m_edit, &QPushButton::clicked, this, &YamlDialog::startEdit);
    connect(m_review, &QPushButton::clicked, this, &YamlDialog::review);
    connect(m_apply, &QPushButton::clicked, this, [this] { apply(false); });
    connect(m_force, &QPushButton::clicked, this, [this] { apply(true); });
    connect(m_back, &QPushButton::clicked, this, &YamlDialog::backToEdit);
    setStage(Stage::Loading);
    refresh();
}

QString YamlDialog::title() const {
    return m_object.kind == ObjectRef::Kind::Job
               ? tr("Job %1/%2").arg(m_object.namespace_, m_object.name)
               : tr("Pod %1/%2").arg(m_object.namespace_, m_object.name);
}

QString YamlDialog::objectPath() const {
    return m_object.kind == ObjectRef::Kind::Job
               ? kube::ApiClient::jobPath(m_object.namespace_, m_object.name)
               : kube::ApiClient::podPath(m_object.namespace_, m_object.name);
}

QString YamlDialog::statusText() const {
    return m_status->text();
}

void YamlDialog::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

void YamlDialog::setStage(Stage stage) {
    m_stage = stage;
    const bool viewing = stage == Stage::Viewing || stage == Stage::Loading;
    m_pages->setCurrentWidget(stage == Stage::Reviewing || stage == Stage::Applying ? m_diff
                                                                                    : m_editor);
    m_editor->setReadOnly(stage != Stage::Editing);
    m_managed->setEnabled(viewing);
    m_refresh->setEnabled(viewing);
    m_edit->setEnabled(stage == Stage::Viewing);
    m_review->setVisible(stage == Stage::Editing);
    m_back->setVisible(stage == Stage::Reviewing || stage == Stage::Editing);
    m_back->setText(stage == Stage::Editing ? tr("Cancel the edit") : tr("Back to the edit"));
    m_apply->setVisible(stage == Stage::Reviewing);
    m_force->hide();
    if (stage != Stage::Reviewing)
        m_causes->hide();
    emit stageChanged(stage);
}

void YamlDialog::refresh() {
    if (!m_client) {
        setStatus(tr("The source of this object is closed."), true);
        return;
    }
    setStage(Stage::Loading);
    setStatus(tr("Loading %1…").arg(objectPath()));
    m_client->getObject(objectPath(), this, [this](const kube::ApiResult<kube::ApiResponse>& r) {
        if (!r) {
            m_editor->clear();
            setStage(Stage::Viewing);
            m_edit->setEnabled(false);
            showError(r.error());
            return;
        }
        QString error;
        const QByteArray yaml = launch::objectYaml(
            r->body,
            m_managed->isChecked() ? launch::ObjectYamlView::LiveWithManagedFields
                                   : launch::ObjectYamlView::Live,
            &error);
        if (yaml.isEmpty()) {
            setStage(Stage::Viewing);
            setStatus(tr("%1: %2").arg(objectPath(), error), true);
            return;
        }
        m_liveJson = r->body;
        m_editor->setPlainText(QString::fromUtf8(yaml));
        setStage(Stage::Viewing);
        if (!m_note.isEmpty())
            setStatus(std::exchange(m_note, QString()));
        else
            setStatus(m_managed->isChecked()
                          ? tr("Live, with the managed fields.")
                          : tr("Live. Managed fields are hidden (tick the box to see them)."));
    });
}

void YamlDialog::startEdit() {
    if (m_object.kind != ObjectRef::Kind::Job || m_liveJson.isEmpty())
        return;
    QString error;
    m_editor->setPlainText(QString::fromUtf8(
        launch::objectYaml(m_liveJson, launch::ObjectYamlView::Editable, &error)));
    setStage(Stage::Editing);
    setStatus(tr("Editing. Status and the fields the server sets are left out; Review changes "
                 "shows the diff before anything is applied."));
    m_editor->setFocus();
}

void YamlDialog::backToEdit() {
    if (m_stage == Stage::Editing) {
        refresh(); // cancel: the live object again
        return;
    }
    setStage(Stage::Editing);
    setStatus(tr("Editing."));
}

void YamlDialog::review() {
    if (!m_client)
        return;
    m_edited = m_editor->toPlainText();
    setStatus(tr("Comparing with the live object…"));
    // Against the object as it is now, not as it was when the edit began.
    m_client->getObject(objectPath(), this, [this](const kube::ApiResult<kube::ApiResponse>& r) {
        if (m_stage != Stage::Editing)
            return;
        if (!r) {
            showError(r.error());
            return;
        }
        QString error;
        const QByteArray live =
            launch::objectYaml(r->body, launch::ObjectYamlView::Editable, &error);
        m_liveJson = r->body;
        const auto diff = codec::diffLines(std::string_view(live.constData(), size_t(live.size())),
                                           m_edited.toStdString());
        if (!codec::hasChanges(diff)) {
            setStatus(tr("The edit changes nothing."));
            return;
        }
        m_diff->setPlainText(QString::fromStdString(codec::unifiedDiff(diff)));
        setStage(Stage::Reviewing);
        setStatus(tr("What the edit changes in the live Job (- live, + edit). Apply sends the "
                     "whole edit by server-side apply."));
    });
}

void YamlDialog::apply(bool force) {
    if (!m_client || m_object.kind != ObjectRef::Kind::Job)
        return;
    setStage(Stage::Applying);
    setStatus(force ? tr("Applying, taking the fields over…") : tr("Applying…"));
    m_client->applyJob(
        m_object.namespace_, m_object.name, m_edited.toUtf8(), force, this,
        [this](const kube::ApiResult<kube::ApiResponse>& r) {
            if (r) {
                m_note = tr("Applied by server-side apply as the field manager \"tessera\".");
                refresh();
                return;
            }
            setStage(Stage::Reviewing);
            showError(r.error());
            if (r.error().kind == kube::ApiError::Kind::Conflict && !r.error().causes.isEmpty())
                m_force->show();
        });
}

void YamlDialog::showError(const kube::ApiError& error) {
    m_causes->clear();
    for (const kube::ApiError::Cause& c : error.causes)
        m_causes->addItem(c.field.isEmpty() ? c.message : tr("%1: %2").arg(c.field, c.message));
    m_causes->setVisible(!error.causes.isEmpty());
    switch (error.kind) {
    case kube::ApiError::Kind::NotFound:
        setStatus(tr("%1 no longer exists.").arg(title()), true);
        break;
    case kube::ApiError::Kind::Invalid:
        setStatus(tr("The API server refused the edit (HTTP %1); the fields are listed above. "
                     "Back to the edit to fix them.")
                      .arg(error.httpStatus),
                  true);
        break;
    case kube::ApiError::Kind::Conflict:
        setStatus(error.causes.isEmpty()
                      ? error.message
                      : tr("Other field managers own the fields listed above. Take them over "
                           "only if Tessera should manage them from now on."),
                  true);
        break;
    default:
        setStatus(error.message, true);
    }
}

void YamlDialog::copy() {
    QGuiApplication::clipboard()->setText(
        m_pages->currentWidget() == m_diff ? m_diff->toPlainText() : m_editor->toPlainText());
    setStatus(tr("Copied."));
}

bool YamlDialog::saveTo(const QString& path) {
    QSaveFile out(path);
    const QByteArray data = m_editor->toPlainText().toUtf8();
    if (!out.open(QIODevice::WriteOnly) || out.write(data) != data.size() || !out.commit()) {
        setStatus(tr("%1: %2").arg(QDir::toNativeSeparators(path), out.errorString()), true);
        return false;
    }
    setStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

} // namespace tessera::ui
