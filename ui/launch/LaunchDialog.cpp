#include "LaunchDialog.h"

#include "AsyncTask.h"
#include "EditedManifests.h"
#include "LaunchDialogSupport.h"
#include "LimitSpinBox.h"
#include "engine/Defaults.h"
#include "engine/IndexSet.h"
#include "engine/Simulator.h"
#include "engine/Validation.h"
#include "kube/ApiClient.h"
#include "kube/Kubeconfig.h"
#include "launch/ClusterLauncher.h"
#include "worklist/WorkListFormats.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTemporaryFile>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace tessera::ui::launch {

using detail::qs;

namespace {

constexpr int kPreviewRows = 50;

// A work-list format as people call it (the format ids are fixed English words).
QString formatName(const std::string& format) {
    if (format == "lines")
        return LaunchDialog::tr("one item per line");
    if (format == "csv")
        return LaunchDialog::tr("CSV, one item per row");
    if (format == "furiko")
        return LaunchDialog::tr("Furiko YAML");
    if (format == "jsonl")
        return LaunchDialog::tr("JSON Lines, one item per line");
    if (format == "template")
        return LaunchDialog::tr("per-completion variables");
    return qs(format);
}

// The items of `list` at `subset` (ascending), as a list of their own.
worklist::WorkList subsetOf(const worklist::WorkList& list, const std::vector<int32_t>& subset) {
    worklist::WorkList out(list.envNames(), list.hasItemCommands());
    out.setCommandTemplate(list.commandTemplate());
    out.setOrigin(list.source(), list.format());
    std::vector<std::string_view> fields;
    for (const int32_t i : subset) {
        fields.clear();
        if (list.hasItemCommands())
            fields.push_back(list.command(i));
        for (std::size_t c = 0; c < list.envNames().size(); ++c)
            fields.push_back(list.envValue(i, c));
        out.append(fields);
    }
    return out;
}

} // namespace

LaunchDialog::LaunchDialog(QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("launchDialog"));
    setWindowTitle(tr("Launch"));
    buildUi();
    updateState();
}

LaunchDialog::~LaunchDialog() = default;

void LaunchDialog::showEvent(QShowEvent* event) {
    QDialog::showEvent(event);
    if (m_placed)
        return;
    m_placed = true;
    // Several dropped files open several dialogs, each centred on the window: cascade them so
    // every one shows its title, wrapping back to the top left of the screen at its edge.
    if (parentWidget() == nullptr)
        return;
    const QRect screen = this->screen() ? this->screen()->availableGeometry() : QRect();
    constexpr int kStep = 32;
    QPoint at = pos();
    const auto taken = [this](const QPoint& p) {
        const auto siblings =
            parentWidget()->findChildren<LaunchDialog*>(Qt::FindDirectChildrenOnly);
        return std::any_of(siblings.begin(), siblings.end(), [&](const LaunchDialog* d) {
            return d != this && d->isVisible() && d->m_placed && d->pos() == p;
        });
    };
    for (int step = 0; taken(at) && step < 50; ++step) {
        at += QPoint(kStep, kStep);
        if (screen.isValid() && !screen.contains(QRect(at, size())))
            at = screen.topLeft() + QPoint(kStep * (step % 4), kStep * (step % 4));
    }
    move(at);
}

void LaunchDialog::buildUi() {
    auto* layout = new QVBoxLayout(this);
    m_source = new QLabel(this);
    m_source->setObjectName(QStringLiteral("sourceFile"));
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setWordWrap(true);
    layout->addWidget(m_source);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* preview = new QGroupBox(tr("Preview"), splitter);
    auto* previewLayout = new QVBoxLayout(preview);
    m_summary = new QLabel(preview);
    m_summary->setObjectName(QStringLiteral("itemCount"));
    m_summary->setWordWrap(true);
    previewLayout->addWidget(m_summary);
    m_items = new QTableWidget(0, 3, preview);
    m_items->setObjectName(QStringLiteral("itemPreview"));
    m_items->setHorizontalHeaderLabels({tr("Index"), tr("Command"), tr("Variables")});
    m_items->verticalHeader()->hide();
    m_items->horizontalHeader()->setStretchLastSection(true);
    m_items->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_items->setColumnWidth(0, 60);
    m_items->setColumnWidth(1, 220);
    previewLayout->addWidget(m_items, 1);
    // Read-only text, not a list: long errors (a path, a line, what was expected) wrap, also
    // inside a path, instead of scrolling sideways, and can be copied.
    m_errors = new QPlainTextEdit(preview);
    m_errors->setObjectName(QStringLiteral("errorList"));
    m_errors->setReadOnly(true);
    m_errors->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_errors->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_errors->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_errors->setMaximumHeight(m_errors->fontMetrics().lineSpacing() * 6 + 12);
    m_errors->setStyleSheet(detail::errorStyle(this));
    m_errors->hide();
    previewLayout->addWidget(m_errors);
    splitter->addWidget(preview);
    splitter->addWidget(buildSettings());
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);

    auto* bottom = new QHBoxLayout;
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("launchStatus"));
    m_status->setWordWrap(true);
    bottom->addWidget(m_status, 1);
    m_launch = new QPushButton(tr("&Launch"), this);
    m_launch->setObjectName(QStringLiteral("launchButton"));
    m_launch->setDefault(true);
    auto* close = new QPushButton(tr("Close"), this);
    close->setObjectName(QStringLiteral("closeButton"));
    bottom->addWidget(m_launch);
    bottom->addWidget(close);
    layout->addLayout(bottom);
    connect(m_launch, &QPushButton::clicked, this, &LaunchDialog::launch);
    connect(close, &QPushButton::clicked, this, &QDialog::reject);

    m_generateTimer = new QTimer(this);
    m_generateTimer->setSingleShot(true);
    m_generateTimer->setInterval(250);
    connect(m_generateTimer, &QTimer::timeout, this, &LaunchDialog::generate);
    resize(1050, 680);
}

QWidget* LaunchDialog::buildLocalPage() {
    auto* page = new QLabel(tr("Runs the items as processes on this machine, as a local Indexed "
                               "Job (journaled, resumable); it appears under \"Local runs\"."),
                            this);
    page->setWordWrap(true);
    page->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    return page;
}

void LaunchDialog::openFile(const QString& path) {
    m_filePath = path;
    m_parsing = true;
    m_subset.clear();
    m_itemOrigins.clear();
    m_origin.clear();
    m_source->setText(tr("File: %1").arg(QDir::toNativeSeparators(path)));
    m_summary->setText(tr("Reading…"));
    setWindowTitle(tr("Launch %1").arg(QFileInfo(path).fileName()));
    if (m_name->text().isEmpty())
        m_name->setText(qs(tessera::launch::LaunchGenerator::nameFromFile(path.toStdString())));
    updateState();
    runAsync(
        this, [path] { return std::make_shared<LaunchFile>(LaunchFile::load(path)); },
        [this](std::shared_ptr<LaunchFile> file) {
            m_file = std::move(file);
            m_parsing = false;
            showFile();
            emit parsed();
        });
}

void LaunchDialog::openRerun(const QString& origin, worklist::WorkList list,
                             std::vector<int32_t> subset, const QString& name,
                             std::map<int32_t, int32_t> itemOrigins) {
    auto file = std::make_shared<LaunchFile>();
    file->path = QString::fromStdString(list.source());
    file->list = std::move(list);
    m_file = std::move(file);
    m_subset = std::move(subset);
    m_itemOrigins = std::move(itemOrigins);
    m_origin = origin;
    m_source->setText(
        tr("Re-run of %1: %n index(es)", nullptr, static_cast<int>(m_subset.size())).arg(origin));
    setWindowTitle(tr("Re-run %1").arg(origin));
    m_name->setText(name);
    showFile();
    emit parsed();
}

void LaunchDialog::showFile() {
    m_items->setRowCount(0);
    m_errors->clear();
    if (!m_file) {
        updateState();
        return;
    }
    const LaunchFile& f = *m_file;
    m_errors->setPlainText(f.errorTexts.join(QLatin1Char('\n')));
    m_errors->setVisible(!f.errorTexts.isEmpty());
    if (!f.ok()) {
        m_summary->setText(tr("%n error(s): fix the file and drop it again.", nullptr,
                              static_cast<int>(f.errors.size())));
    } else if (f.kind == LaunchFile::Kind::JobManifest) {
        const auto& spec = f.job.spec;
        m_summary->setText(
            tr("Job manifest \"%1\": %2 completions, parallelism %3, %4")
                .arg(qs(f.job.metadata.name), QString::number(spec.completions.value_or(1)),
                     QString::number(spec.parallelism.value_or(1)),
                     spec.completionMode == engine::CompletionMode::Indexed ? tr("Indexed")
                                                                            : tr("NonIndexed")));
        if (!f.job.metadata.name.empty())
            m_name->setText(qs(f.job.metadata.name));
        if (spec.parallelism)
            m_parallelism->setValue(*spec.parallelism);
        // A manifest runs with its own limits and the Kubernetes defaults, not a work list's.
        setLimits(spec.backoffLimitPerIndex, spec.backoffLimit, spec.maxFailedIndexes);
        if (spec.activeDeadlineSeconds)
            m_deadline->setValue(static_cast<int>(*spec.activeDeadlineSeconds));
        // A manifest runs as written: Cluster shows (and creates) its own YAML.
        m_settingYaml = true;
        m_yaml->setPlainText(QString::fromStdString(f.manifestText));
        m_settingYaml = false;
        m_yamlEdited = false;
    } else {
        const worklist::WorkList& list = f.list;
        const int32_t count =
            m_subset.empty() ? list.size() : static_cast<int32_t>(m_subset.size());
        QString text = tr("%n item(s)", nullptr, count);
        if (!list.format().empty())
            text += tr(" (format: %1)").arg(formatName(list.format()));
        if (!m_subset.empty())
            text += tr(", new index → original index shown as \"i ← j\"");
        m_summary->setText(text);
        if (!list.commandTemplate().empty() && m_command->text().isEmpty())
            m_command->setText(qs(list.commandTemplate()));
        m_command->setEnabled(!list.hasItemCommands());
        const int rows = std::min(count, kPreviewRows);
        m_items->setRowCount(rows);
        const std::vector<int32_t> originals = originalIndexes();
        for (int r = 0; r < rows; ++r) {
            const auto at = static_cast<std::size_t>(r);
            const int32_t item = m_subset.empty() ? r : m_subset[at];
            const QString index = m_subset.empty()
                                      ? QString::number(r)
                                      : QStringLiteral("%1 ← %2").arg(r).arg(originals[at]);
            QStringList vars;
            const worklist::WorkItem wi = list.item(item);
            for (const auto& [name, value] : wi.env)
                vars << qs(name) + QLatin1Char('=') + qs(value);
            m_items->setItem(r, 0, new QTableWidgetItem(index));
            m_items->setItem(r, 1, new QTableWidgetItem(qs(list.command(item))));
            m_items->setItem(r, 2, new QTableWidgetItem(vars.join(QLatin1Char(' '))));
        }
    }
    validateName();
    scheduleGenerate();
    updateState();
}

int LaunchDialog::itemCount() const {
    if (!m_file || !m_file->ok())
        return 0;
    if (!m_subset.empty())
        return static_cast<int>(m_subset.size());
    return m_file->itemCount();
}

QStringList LaunchDialog::errorTexts() const {
    return m_file ? m_file->errorTexts : QStringList();
}

bool LaunchDialog::isBusy() const {
    return m_parsing || m_generating > 0 || m_simulating || m_launching || m_readingKubeconfig ||
           m_generateTimer->isActive();
}

LaunchDialog::Target LaunchDialog::target() const {
    return static_cast<Target>(m_target->currentIndex());
}

void LaunchDialog::setTarget(Target t) {
    m_target->setCurrentIndex(static_cast<int>(t));
}

void LaunchDialog::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? detail::errorStyle(this) : QString());
}

bool LaunchDialog::canLaunch() const {
    if (m_parsing || m_launching || !m_file || !m_file->ok() || itemCount() <= 0)
        return false;
    if (!tessera::launch::LaunchGenerator::checkName(m_name->text().toStdString()).empty())
        return false;
    const bool manifest = m_file->kind == LaunchFile::Kind::JobManifest;
    const bool needsTemplate = !manifest && !m_file->list.hasItemCommands();
    switch (target()) {
    case Target::Local:
        return !manifest && (!needsTemplate || !m_command->text().trimmed().isEmpty());
    case Target::DryRun:
        return !m_simulating;
    case Target::Cluster:
        if (m_cluster->currentIndex() < 0 || m_image->text().trimmed().isEmpty())
            return false;
        if (manifest || m_yamlEdited)
            return !m_yaml->toPlainText().trimmed().isEmpty();
        return m_manifests != nullptr && m_generateError.isEmpty() && m_generating == 0 &&
               !m_generateTimer->isActive();
    }
    return false;
}

void LaunchDialog::updateState() {
    const bool manifest = m_file && m_file->kind == LaunchFile::Kind::JobManifest;
    if (target() == Target::DryRun)
        m_launch->setText(tr("Simulate")); // Alt+S is the page's own Simulate button
    else if (target() == Target::Cluster && targetIsSimulated())
        m_launch->setText(tr("&Launch (simulated)"));
    else
        m_launch->setText(tr("&Launch"));
    m_launch->setEnabled(canLaunch());
    m_simulate->setEnabled(canLaunch() && target() == Target::DryRun);
    m_regenerate->setEnabled(!manifest && m_yamlEdited);
    m_saveYaml->setEnabled(!m_yaml->toPlainText().isEmpty());
    if (m_file && !m_file->ok())
        m_launch->setToolTip(tr("Fix the errors in the file first"));
    else if (manifest && target() == Target::Local)
        m_launch->setToolTip(tr("A Job manifest has no work-list items to run here: use Dry-run "
                                "or Cluster, or drop a work list"));
    else if (m_file && !manifest && !m_file->list.hasItemCommands() &&
             m_command->text().trimmed().isEmpty())
        m_launch->setToolTip(tr("The items carry no command: give a command template"));
    else if (target() == Target::Cluster && m_targets.isEmpty())
        m_launch->setToolTip(m_clusterNote->text());
    else
        m_launch->setToolTip(QString());
}

void LaunchDialog::launch() {
    if (!canLaunch())
        return;
    switch (target()) {
    case Target::Local:
        launchLocal();
        break;
    case Target::DryRun:
        simulate();
        break;
    case Target::Cluster:
        launchCluster();
        break;
    }
}

std::vector<int32_t> LaunchDialog::originalIndexes() const {
    tessera::launch::LaunchSpec spec;
    spec.subset = m_subset;
    spec.itemOrigins = m_itemOrigins;
    return tessera::launch::LaunchGenerator::originalIndexesOf(spec);
}

void LaunchDialog::launchLocal() {
    local::RunOptions options;
    options.loadOptions.command = m_command->text().trimmed().toStdString();
    local::RunConfig& config = options.config;
    config.name = m_name->text().toStdString();
    config.parallelism = m_parallelism->value();
    config.backoffLimitPerIndex = m_backoffPerIndex->limit();
    config.backoffLimit = m_backoffLimit->limit();
    config.maxFailedIndexes = m_maxFailed->limit();
    if (m_deadline->value() > 0)
        config.activeDeadlineSeconds = m_deadline->value();
    QString temporary;
    if (m_subset.empty()) {
        options.workListPath = m_file->path.toStdString();
    } else {
        // A re-run runs only its items: they go to a list of their own, which the run copies
        // into its directory (worklist.csv) when it is prepared.
        QTemporaryFile file(QDir::temp().filePath(QStringLiteral("tessera-rerun-XXXXXX.csv")));
        file.setAutoRemove(false);
        if (!file.open()) {
            setStatus(tr("Cannot create a temporary file: %1").arg(file.errorString()), true);
            return;
        }
        temporary = file.fileName();
        file.close();
        const std::string error =
            worklist::saveWorkListCsv(subsetOf(m_file->list, m_subset), temporary.toStdString());
        if (!error.empty()) {
            QFile::remove(temporary);
            setStatus(qs(error), true);
            return;
        }
        options.workListPath = temporary.toStdString();
        options.loadOptions.format = worklist::Format::Csv;
        config.originalIndexes = originalIndexes();
    }
    setStatus(tr("Starting the local run…"));
    emit localRunRequested(options, temporary);
    accept();
}

} // namespace tessera::ui::launch
