#include "LaunchDialog.h"

#include "AsyncTask.h"
#include "EditedManifests.h"
#include "engine/Defaults.h"
#include "engine/IndexSet.h"
#include "engine/Simulator.h"
#include "engine/Validation.h"
#include "history/JobHistory.h"
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

namespace {

constexpr int kPreviewRows = 50;

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString seconds(std::chrono::milliseconds d) {
    const double s = static_cast<double>(d.count()) / 1000.0;
    if (s < 120)
        return QCoreApplication::translate("LaunchDialog", "%1 s").arg(s, 0, 'f', 1);
    if (s < 7200)
        return QCoreApplication::translate("LaunchDialog", "%1 min").arg(s / 60, 0, 'f', 1);
    return QCoreApplication::translate("LaunchDialog", "%1 h").arg(s / 3600, 0, 'f', 2);
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

QSpinBox* optionalSpin(QWidget* parent, const QString& objectName, int max) {
    auto* spin = new QSpinBox(parent);
    spin->setObjectName(objectName);
    spin->setRange(-1, max);
    spin->setValue(-1);
    spin->setSpecialValueText(QCoreApplication::translate("LaunchDialog", "unset"));
    return spin;
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
    m_errors = new QListWidget(preview);
    m_errors->setObjectName(QStringLiteral("errorList"));
    m_errors->setMaximumHeight(90);
    m_errors->setStyleSheet(QStringLiteral("color: #b00020;"));
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

QWidget* LaunchDialog::buildSettings() {
    auto* box = new QGroupBox(tr("Job"), this);
    auto* outer = new QVBoxLayout(box);
    auto* form = new QFormLayout;
    m_target = new QComboBox(box);
    m_target->setObjectName(QStringLiteral("target"));
    m_target->addItems({tr("Local run"), tr("Dry-run (forecast)"), tr("Cluster")});
    form->addRow(tr("&Target:"), m_target);
    m_name = new QLineEdit(box);
    m_name->setObjectName(QStringLiteral("jobName"));
    m_name->setMaxLength(63);
    form->addRow(tr("&Name:"), m_name);
    m_nameError = new QLabel(box);
    m_nameError->setObjectName(QStringLiteral("jobNameError"));
    m_nameError->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_nameError->setWordWrap(true);
    form->addRow(QString(), m_nameError);
    m_command = new QLineEdit(box);
    m_command->setObjectName(QStringLiteral("commandTemplate"));
    m_command->setPlaceholderText(
        tr("for items without their own command, e.g. render \"$FRAME\""));
    form->addRow(tr("&Command template:"), m_command);
    m_parallelism = new QSpinBox(box);
    m_parallelism->setObjectName(QStringLiteral("parallelism"));
    m_parallelism->setRange(1, 100000);
    m_parallelism->setValue(4);
    form->addRow(tr("&Parallelism:"), m_parallelism);
    m_backoffPerIndex = optionalSpin(box, QStringLiteral("backoffLimitPerIndex"), 1000);
    form->addRow(tr("bac&koffLimitPerIndex:"), m_backoffPerIndex);
    m_maxFailed = optionalSpin(box, QStringLiteral("maxFailedIndexes"), 1000000);
    form->addRow(tr("ma&xFailedIndexes:"), m_maxFailed);
    auto* success = new QHBoxLayout;
    m_successIndexes = new QLineEdit(box);
    m_successIndexes->setObjectName(QStringLiteral("successIndexes"));
    m_successIndexes->setPlaceholderText(tr("succeededIndexes, e.g. 0-9"));
    m_successCount = new QSpinBox(box);
    m_successCount->setObjectName(QStringLiteral("successCount"));
    m_successCount->setRange(0, 1000000);
    m_successCount->setSpecialValueText(tr("any count"));
    success->addWidget(m_successIndexes, 1);
    success->addWidget(m_successCount);
    form->addRow(tr("Success policy:"), success);
    m_deadline = new QSpinBox(box);
    m_deadline->setObjectName(QStringLiteral("activeDeadline"));
    m_deadline->setRange(0, 30 * 86400);
    m_deadline->setSuffix(tr(" s"));
    m_deadline->setSpecialValueText(tr("none"));
    form->addRow(tr("Active &deadline:"), m_deadline);
    outer->addLayout(form);

    m_pages = new QStackedWidget(box);
    m_pages->addWidget(buildLocalPage());
    m_pages->addWidget(buildDryRunPage());
    m_pages->addWidget(buildClusterPage());
    outer->addWidget(m_pages, 1);

    connect(m_target, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_pages->setCurrentIndex(i);
        if (target() == Target::Cluster)
            scheduleGenerate();
        updateState();
    });
    connect(m_name, &QLineEdit::textChanged, this, [this] {
        validateName();
        scheduleGenerate();
        updateState();
    });
    for (QLineEdit* e : {m_command, m_successIndexes})
        connect(e, &QLineEdit::textChanged, this, [this] {
            scheduleGenerate();
            updateState();
        });
    for (QSpinBox* s : {m_parallelism, m_backoffPerIndex, m_maxFailed, m_successCount, m_deadline})
        connect(s, &QSpinBox::valueChanged, this, [this] {
            scheduleGenerate();
            updateState();
        });
    return box;
}

QWidget* LaunchDialog::buildLocalPage() {
    auto* page = new QLabel(tr("Runs the items as processes on this machine, as a local Indexed "
                               "Job (journaled, resumable); it appears under \"Local runs\"."),
                            this);
    page->setWordWrap(true);
    page->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    return page;
}

QWidget* LaunchDialog::buildDryRunPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    m_itemSeconds = new QDoubleSpinBox(page);
    m_itemSeconds->setObjectName(QStringLiteral("itemSeconds"));
    m_itemSeconds->setRange(0.1, 86400);
    m_itemSeconds->setValue(30);
    m_itemSeconds->setSuffix(tr(" s per item"));
    m_failRate = new QDoubleSpinBox(page);
    m_failRate->setObjectName(QStringLiteral("failRate"));
    m_failRate->setRange(0, 100);
    m_failRate->setSuffix(tr(" % fail"));
    m_simulate = new QPushButton(tr("&Simulate"), page);
    m_simulate->setObjectName(QStringLiteral("simulateButton"));
    row->addWidget(m_itemSeconds);
    row->addWidget(m_failRate);
    row->addWidget(m_simulate);
    layout->addLayout(row);
    m_forecastText = new QLabel(page);
    m_forecastText->setObjectName(QStringLiteral("makespan"));
    m_forecastText->setWordWrap(true);
    m_forecastText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_forecastText);
    auto* chart = new QChart;
    chart->setTitle(tr("Succeeded indexes over time"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(2, 2, 2, 2));
    m_chart = new QChartView(chart, page);
    m_chart->setObjectName(QStringLiteral("forecastChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(200);
    layout->addWidget(m_chart, 1);
    connect(m_simulate, &QPushButton::clicked, this, &LaunchDialog::simulate);
    return page;
}

QWidget* LaunchDialog::buildClusterPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout;
    m_cluster = new QComboBox(page);
    m_cluster->setObjectName(QStringLiteral("clusterContext"));
    form->addRow(tr("C&ontext:"), m_cluster);
    m_namespace = new QLineEdit(page);
    m_namespace->setObjectName(QStringLiteral("clusterNamespace"));
    m_namespace->setPlaceholderText(tr("the context's namespace"));
    form->addRow(tr("Na&mespace:"), m_namespace);
    m_image = new QLineEdit(QStringLiteral("busybox:1.36"), page);
    m_image->setObjectName(QStringLiteral("image"));
    form->addRow(tr("&Image:"), m_image);
    layout->addLayout(form);
    m_clusterInfo = new QLabel(page);
    m_clusterInfo->setObjectName(QStringLiteral("clusterInfo"));
    m_clusterInfo->setWordWrap(true);
    layout->addWidget(m_clusterInfo);
    m_yaml = new QPlainTextEdit(page);
    m_yaml->setObjectName(QStringLiteral("yamlPreview"));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono(QStringLiteral("DejaVu Sans Mono"));
    mono.setStyleHint(QFont::Monospace);
    m_yaml->setFont(mono);
    layout->addWidget(m_yaml, 1);
    auto* buttons = new QHBoxLayout;
    m_regenerate = new QPushButton(tr("&Regenerate"), page);
    m_regenerate->setObjectName(QStringLiteral("regenerateYaml"));
    m_regenerate->setToolTip(tr("Discard edits and generate the YAML from the form again"));
    m_saveYaml = new QPushButton(tr("Save &YAML…"), page);
    m_saveYaml->setObjectName(QStringLiteral("saveYamlButton"));
    buttons->addWidget(m_regenerate);
    buttons->addStretch(1);
    buttons->addWidget(m_saveYaml);
    layout->addLayout(buttons);

    connect(m_image, &QLineEdit::textChanged, this, [this] {
        scheduleGenerate();
        updateState();
    });
    connect(m_namespace, &QLineEdit::textChanged, this, [this] { scheduleGenerate(); });
    connect(m_yaml, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_settingYaml) {
            m_yamlEdited = true;
            updateState();
        }
    });
    connect(m_regenerate, &QPushButton::clicked, this, [this] {
        m_yamlEdited = false;
        generate();
    });
    connect(m_saveYaml, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save YAML"), QDir::home().filePath(m_name->text() + QStringLiteral(".yaml")),
            tr("YAML (*.yaml *.yml)"));
        if (!path.isEmpty())
            saveYaml(path);
    });
    return page;
}

void LaunchDialog::setClusterTargets(const QList<ClusterTarget>& targets) {
    m_targets = targets;
    m_cluster->clear();
    for (const ClusterTarget& t : targets)
        m_cluster->addItem(t.label);
    updateState();
}

void LaunchDialog::presetCluster(const tessera::launch::LaunchSpec& spec, const QString& sourceId) {
    for (int i = 0; i < m_targets.size(); ++i)
        if (m_targets[i].sourceId == sourceId)
            m_cluster->setCurrentIndex(i);
    presetSettings(spec);
    setTarget(Target::Cluster);
}

void LaunchDialog::presetSettings(const tessera::launch::LaunchSpec& spec) {
    m_namespace->setText(qs(spec.namespace_));
    if (!spec.image.empty())
        m_image->setText(qs(spec.image));
    m_parallelism->setValue(std::max(1, spec.parallelism));
    m_backoffPerIndex->setValue(spec.backoffLimitPerIndex.value_or(-1));
    m_maxFailed->setValue(spec.maxFailedIndexes.value_or(-1));
    m_deadline->setValue(static_cast<int>(spec.activeDeadlineSeconds.value_or(0)));
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
    for (const QString& e : f.errorTexts)
        m_errors->addItem(e);
    m_errors->setVisible(!f.errorTexts.isEmpty());
    if (!f.ok()) {
        m_summary->setText(tr("%n error(s): fix the file and drop it again.", nullptr,
                              static_cast<int>(f.errors.size())));
    } else if (f.kind == LaunchFile::Kind::JobManifest) {
        const auto& spec = f.job.spec;
        m_summary->setText(tr("Job manifest \"%1\": %2 completions, parallelism %3, %4")
                               .arg(qs(f.job.metadata.name))
                               .arg(spec.completions.value_or(1))
                               .arg(spec.parallelism.value_or(1))
                               .arg(spec.completionMode == engine::CompletionMode::Indexed
                                        ? tr("Indexed")
                                        : tr("NonIndexed")));
        if (!f.job.metadata.name.empty())
            m_name->setText(qs(f.job.metadata.name));
        if (spec.parallelism)
            m_parallelism->setValue(*spec.parallelism);
        if (spec.backoffLimitPerIndex)
            m_backoffPerIndex->setValue(*spec.backoffLimitPerIndex);
        if (spec.maxFailedIndexes)
            m_maxFailed->setValue(*spec.maxFailedIndexes);
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
            text += tr(" (format: %1)").arg(qs(list.format()));
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
    return m_parsing || m_generating > 0 || m_simulating || m_launching ||
           m_generateTimer->isActive();
}

LaunchDialog::Target LaunchDialog::target() const {
    return static_cast<Target>(m_target->currentIndex());
}

void LaunchDialog::setTarget(Target t) {
    m_target->setCurrentIndex(static_cast<int>(t));
}

void LaunchDialog::validateName() {
    const std::string reason =
        tessera::launch::LaunchGenerator::checkName(m_name->text().toStdString());
    m_nameError->setText(reason.empty() ? QString() : qs(reason));
    m_nameError->setVisible(!reason.empty());
}

std::optional<engine::SuccessPolicy> LaunchDialog::successPolicyFromForm() const {
    const QString indexes = m_successIndexes->text().trimmed();
    if (indexes.isEmpty() && m_successCount->value() == 0)
        return std::nullopt;
    engine::SuccessPolicyRule rule;
    if (!indexes.isEmpty())
        rule.succeededIndexes = indexes.toStdString();
    if (m_successCount->value() > 0)
        rule.succeededCount = m_successCount->value();
    return engine::SuccessPolicy{{rule}};
}

engine::Job LaunchDialog::jobFromForm() const {
    engine::Job job;
    if (m_file && m_file->kind == LaunchFile::Kind::JobManifest)
        job = m_file->job;
    job.metadata.name = m_name->text().toStdString();
    job.status = {};
    auto& spec = job.spec;
    if (!m_file || m_file->kind == LaunchFile::Kind::WorkList) {
        spec.completionMode = engine::CompletionMode::Indexed;
        spec.completions = itemCount();
        spec.podTemplate.containers = {engine::ContainerInfo{"main", false}};
        spec.podTemplate.restartPolicy = engine::RestartPolicy::Never;
    }
    spec.parallelism = m_parallelism->value();
    spec.backoffLimitPerIndex = m_backoffPerIndex->value() >= 0
                                    ? std::optional<int32_t>(m_backoffPerIndex->value())
                                    : std::nullopt;
    spec.maxFailedIndexes =
        m_maxFailed->value() >= 0 ? std::optional<int32_t>(m_maxFailed->value()) : std::nullopt;
    spec.activeDeadlineSeconds =
        m_deadline->value() > 0 ? std::optional<int64_t>(m_deadline->value()) : std::nullopt;
    if (auto policy = successPolicyFromForm())
        spec.successPolicy = std::move(policy);
    engine::applyDefaults(spec);
    return job;
}

tessera::launch::LaunchSpec LaunchDialog::specFromForm() const {
    tessera::launch::LaunchSpec spec;
    spec.name = m_name->text().toStdString();
    spec.namespace_ = m_namespace->text().trimmed().toStdString();
    spec.image = m_image->text().trimmed().toStdString();
    spec.parallelism = m_parallelism->value();
    if (m_backoffPerIndex->value() >= 0)
        spec.backoffLimitPerIndex = m_backoffPerIndex->value();
    if (m_maxFailed->value() >= 0)
        spec.maxFailedIndexes = m_maxFailed->value();
    if (m_deadline->value() > 0)
        spec.activeDeadlineSeconds = m_deadline->value();
    spec.successPolicy = successPolicyFromForm();
    spec.subset = m_subset;
    spec.itemOrigins = m_itemOrigins;
    return spec;
}

void LaunchDialog::scheduleGenerate() {
    if (target() != Target::Cluster || !m_file || !m_file->ok() ||
        m_file->kind != LaunchFile::Kind::WorkList)
        return;
    m_generateTimer->start();
}

void LaunchDialog::generate() {
    m_generateTimer->stop();
    if (!m_file || !m_file->ok() || m_file->kind != LaunchFile::Kind::WorkList)
        return;
    ++m_generating;
    const quint64 generation = ++m_generation;
    worklist::WorkList list = m_file->list;
    if (!list.hasItemCommands())
        list.setCommandTemplate(m_command->text().toStdString());
    tessera::launch::LaunchSpec spec = specFromForm();
    runAsync(
        this,
        [spec = std::move(spec), list = std::move(list)] {
            auto m = tessera::launch::LaunchGenerator::generate(spec, list);
            std::shared_ptr<tessera::launch::LaunchManifests> manifests;
            std::string yaml, error;
            if (m.ok()) {
                yaml = m->yaml();
                manifests = std::make_shared<tessera::launch::LaunchManifests>(std::move(*m));
            } else {
                error = m.error().message;
            }
            return std::make_tuple(manifests, yaml, error);
        },
        [this, generation](auto result) {
            --m_generating;
            if (generation != m_generation) {
                updateState();
                return;
            }
            auto& [manifests, yaml, error] = result;
            m_generateError = qs(error);
            if (manifests) {
                m_manifests = std::make_unique<tessera::launch::LaunchManifests>(*manifests);
                m_clusterInfo->setText(tr("ConfigMap %1 (%2 KiB of items, limit 1024 KiB) and "
                                          "Indexed Job %3, completions: %4")
                                           .arg(qs(manifests->configMapName))
                                           .arg((manifests->configMapDataBytes + 1023) / 1024)
                                           .arg(qs(manifests->jobName))
                                           .arg(manifests->completions));
                if (!m_yamlEdited) {
                    m_settingYaml = true;
                    m_yaml->setPlainText(QString::fromStdString(yaml));
                    m_settingYaml = false;
                }
            } else {
                m_manifests.reset();
                m_clusterInfo->setText(tr("Cannot launch: %1").arg(m_generateError));
            }
            updateState();
            emit generated();
        });
    updateState();
}

QString LaunchDialog::yamlText() const {
    return m_yaml->toPlainText();
}

bool LaunchDialog::saveYaml(const QString& path) {
    QSaveFile out(path);
    const QByteArray data = m_yaml->toPlainText().toUtf8();
    if (!out.open(QIODevice::WriteOnly) || out.write(data) != data.size() || !out.commit()) {
        setStatus(tr("%1: %2").arg(QDir::toNativeSeparators(path), out.errorString()), true);
        return false;
    }
    setStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void LaunchDialog::setStatus(const QString& text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
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
    m_launch->setText(target() == Target::DryRun ? tr("&Simulate") : tr("&Launch"));
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
    if (m_backoffPerIndex->value() >= 0)
        config.backoffLimitPerIndex = m_backoffPerIndex->value();
    if (m_maxFailed->value() >= 0)
        config.maxFailedIndexes = m_maxFailed->value();
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

void LaunchDialog::launchCluster() {
    const int at = m_cluster->currentIndex();
    if (at < 0 || at >= m_targets.size())
        return;
    const ClusterTarget target = m_targets.at(at);
    kube::ClusterConnection connection;
    const QString nsOverride = m_namespace->text().trimmed();
    if (target.connection) {
        connection = *target.connection;
        if (!nsOverride.isEmpty())
            connection.namespace_ = nsOverride;
    } else {
        auto config = kube::Kubeconfig::load();
        if (!config.ok()) {
            setStatus(qs(config.error().describe()), true);
            return;
        }
        auto resolved = config->resolve(target.context, nsOverride);
        if (!resolved.ok()) {
            setStatus(qs(resolved.error().describe()), true);
            return;
        }
        connection = std::move(resolved).value();
    }
    const QString ns = connection.namespace_;

    // What to create: the generated manifests, or the YAML as the user edited it.
    tessera::launch::LaunchManifests manifests;
    const bool manifest = m_file->kind == LaunchFile::Kind::JobManifest;
    if (manifest || m_yamlEdited) {
        auto edited = manifestsFromYaml(m_yaml->toPlainText().toStdString());
        if (!edited.ok()) {
            setStatus(qs(edited.error().message), true);
            return;
        }
        manifests = std::move(edited).value();
    } else {
        manifests = *m_manifests;
    }
    m_launching = true;
    updateState();
    setStatus(tr("Creating %1 in %2/%3…").arg(qs(manifests.jobName), target.label, ns));
    m_client = std::make_unique<kube::ApiClient>(std::move(connection));
    const QString sourceId = target.sourceId;
    const QString jobName = qs(manifests.jobName);
    auto done = [this, sourceId, ns, jobName](engine::Result<tessera::launch::LaunchedJob> r) {
        m_launching = false;
        if (!r.ok()) {
            setStatus(qs(r.error().message), true);
            updateState();
            emit launchFailed(qs(r.error().message));
            return;
        }
        setStatus(tr("Created %1/%2").arg(ns, jobName));
        emit clusterLaunched(sourceId, ns, jobName);
        accept();
    };
    if (manifests.configMapName.empty())
        launchJobOnly(*m_client, ns, manifests, this, std::move(done));
    else
        tessera::launch::ClusterLauncher::launch(*m_client, ns, manifests, this, std::move(done));
}

void LaunchDialog::simulate() {
    if (!canLaunch() || target() != Target::DryRun)
        return;
    m_simulating = true;
    updateState();
    setStatus(tr("Simulating…"));
    engine::SimulationConfig base;
    base.job = jobFromForm();
    const auto problems = engine::validateJob(base.job);
    if (!problems.empty()) {
        m_simulating = false;
        setStatus(
            tr("The API server would reject this Job: %1").arg(qs(problems.front().describe())),
            true);
        updateState();
        return;
    }
    const double secondsPerItem = m_itemSeconds->value();
    base.duration.kind = engine::DurationModel::Kind::Uniform;
    base.duration.min = std::chrono::milliseconds(static_cast<int64_t>(secondsPerItem * 800));
    base.duration.max = std::chrono::milliseconds(static_cast<int64_t>(secondsPerItem * 1200));
    base.failures.probability = m_failRate->value() / 100.0;
    base.maxTimelineSamples = 300;
    // The chosen parallelism and a few around it, each capped by the number of items.
    const int32_t chosen = m_parallelism->value();
    const int32_t items = base.job.spec.completions.value_or(1);
    std::vector<int32_t> values;
    for (const int32_t p : {chosen / 4, chosen / 2, chosen, chosen * 2, chosen * 4}) {
        const int32_t v = std::clamp<int32_t>(p, 1, std::max<int32_t>(1, items));
        if (std::find(values.begin(), values.end(), v) == values.end())
            values.push_back(v);
    }
    runAsync(
        this,
        [base, values] {
            std::vector<Forecast> out;
            for (const int32_t p : values) {
                engine::SimulationConfig config = base;
                config.job.spec.parallelism = p;
                const engine::SimulationResult r = engine::simulate(config);
                Forecast f;
                f.parallelism = p;
                f.finished = r.finished;
                f.outcome = r.outcome;
                f.makespan = std::chrono::duration_cast<std::chrono::milliseconds>(r.makespan);
                // The same succeeded-over-time curve the window and the report compute for a
                // real run, from the simulation's attempts.
                const history::JobHistory h = history::historyOfSimulation(
                    r, config.job.spec.completions.value_or(1), config.start);
                for (const history::CountAt& c : history::thin(h.succeeded, 300))
                    f.succeededOverTime.emplace_back(double(c.t - h.start) / 1000.0, c.value);
                out.push_back(std::move(f));
            }
            return out;
        },
        [this](std::vector<Forecast> forecasts) {
            m_simulating = false;
            m_forecasts = std::move(forecasts);
            showForecasts();
            setStatus(tr("Forecast ready"));
            updateState();
            emit simulated();
        });
}

void LaunchDialog::showForecasts() {
    QStringList lines;
    const int32_t chosen = m_parallelism->value();
    for (const Forecast& f : m_forecasts) {
        QString line =
            tr("parallelism %1: %2, %3").arg(f.parallelism).arg(seconds(f.makespan), qs(f.outcome));
        if (f.parallelism == std::clamp<int32_t>(chosen, 1, std::max(1, itemCount())))
            line = QStringLiteral("<b>%1</b>").arg(line);
        lines << line;
    }
    m_forecastText->setText(
        tr("Makespan (simulated):<br>%1").arg(lines.join(QStringLiteral("<br>"))));

    QChart* chart = m_chart->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    double maxX = 1;
    auto* x = new QValueAxis;
    x->setTitleText(tr("minutes"));
    auto* y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%d"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (const Forecast& f : m_forecasts) {
        auto* series = new QLineSeries;
        series->setName(tr("parallelism %1").arg(f.parallelism));
        for (const auto& [at, succeeded] : f.succeededOverTime) {
            series->append(at / 60.0, succeeded);
            maxX = std::max(maxX, at / 60.0);
        }
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    x->setRange(0, maxX);
    y->setRange(0, std::max(1, itemCount()));
}

} // namespace tessera::ui::launch
