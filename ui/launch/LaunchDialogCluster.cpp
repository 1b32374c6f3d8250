// The Launch dialog's Cluster page: the target contexts, the generated (editable) YAML preview,
// Save YAML, and the launch through ClusterLauncher.
#include "AsyncTask.h"
#include "EditedManifests.h"
#include "LaunchDialog.h"
#include "LaunchDialogSupport.h"
#include "codec/ManifestValidation.h"
#include "kube/ApiClient.h"
#include "kube/Kubeconfig.h"
#include "launch/ClusterLauncher.h"
#include "ui/RecentFolders.h"
#include "ui/SourceHost.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QTimer>
#include <QVBoxLayout>

namespace tessera::ui::launch {

using detail::qs;

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
    m_clusterNote = new QLabel(page);
    m_clusterNote->setObjectName(QStringLiteral("clusterNote"));
    m_clusterNote->setWordWrap(true);
    m_clusterNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_clusterNote->setFrameShape(QFrame::StyledPanel);
    m_clusterNote->setMargin(6);
    m_clusterNote->hide();
    layout->addWidget(m_clusterNote);
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

    connect(m_cluster, &QComboBox::currentIndexChanged, this, [this] {
        updateClusterNote();
        updateState();
    });
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
            this, tr("Save YAML"),
            RecentFolders::pathIn(QStringLiteral("yaml"), m_name->text() + QStringLiteral(".yaml")),
            tr("YAML (*.yaml *.yml)"));
        RecentFolders::remember(QStringLiteral("yaml"), path);
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
    if (targets.isEmpty())
        readNoClusterReason();
    updateClusterNote();
    updateState();
}

bool LaunchDialog::targetIsSimulated() const {
    const int at = m_cluster->currentIndex();
    return at >= 0 && at < m_targets.size() && m_targets.at(at).sourceId == SourceHost::demoId();
}

void LaunchDialog::readNoClusterReason() {
    // The contexts come from the kubeconfig; say what is wrong with it, or that there is none.
    // Its files are read on a worker: they can be large or on a slow disk.
    m_readingKubeconfig = true;
    m_noClusterReason = tr("Reading the kubeconfig…");
    runAsync(
        this,
        [] {
            auto config = kube::Kubeconfig::load();
            return config.ok() ? std::string() : config.error().describe();
        },
        [this](const std::string& error) {
            m_readingKubeconfig = false;
            m_noClusterReason =
                !error.empty()
                    ? tr("No cluster to launch to: %1").arg(qs(error))
                    : tr("No cluster to launch to: the kubeconfig has no contexts. Switch this "
                         "window to the Demo source to try a cluster launch there, or add a "
                         "context (kubectl config set-context).");
            updateClusterNote();
            updateState();
        });
}

void LaunchDialog::updateClusterNote() {
    QString note;
    if (m_targets.isEmpty())
        note = m_noClusterReason;
    else if (targetIsSimulated())
        note = tr("The Demo simulates every pod: the commands are not run. Each pod runs for a few "
                  "seconds and fails at the Demo's rate; the tessera.dev/sim-* annotations in the "
                  "YAML below set the duration, the failing indexes and the exit code.");
    m_clusterNote->setText(note);
    m_clusterNote->setVisible(!note.isEmpty());
}

void LaunchDialog::presetCluster(const tessera::launch::LaunchSpec& spec, const QString& sourceId) {
    for (int i = 0; i < m_targets.size(); ++i)
        if (m_targets[i].sourceId == sourceId)
            m_cluster->setCurrentIndex(i);
    presetSettings(spec);
    setTarget(Target::Cluster);
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

void LaunchDialog::launchCluster() {
    const int at = m_cluster->currentIndex();
    if (at < 0 || at >= m_targets.size())
        return;
    const ClusterTarget target = m_targets.at(at);
    const QString nsOverride = m_namespace->text().trimmed();
    if (target.connection) {
        kube::ClusterConnection connection = *target.connection;
        if (!nsOverride.isEmpty())
            connection.namespace_ = nsOverride;
        launchTo(target, std::move(connection));
        return;
    }
    // Another context: its kubeconfig and certificate files are read on a worker.
    m_launching = true;
    updateState();
    setStatus(tr("Reading the kubeconfig…"));
    runAsync(
        this,
        [context = target.context, nsOverride]() -> engine::Result<kube::ClusterConnection> {
            auto config = kube::Kubeconfig::load();
            if (!config.ok())
                return config.error();
            return config->resolve(context, nsOverride);
        },
        [this, target](engine::Result<kube::ClusterConnection> resolved) {
            m_launching = false;
            if (!resolved.ok()) {
                setStatus(qs(resolved.error().describe()), true);
                updateState();
                return;
            }
            launchTo(target, std::move(resolved).value());
        });
}

void LaunchDialog::launchTo(const ClusterTarget& target, kube::ClusterConnection connection) {
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
    } else if (m_manifests) {
        manifests = *m_manifests;
    } else {
        updateState(); // regenerated while the kubeconfig was read: launch again once it is done
        return;
    }
    // What is created passes the API server's gate first, as on every path that accepts a Job;
    // every problem is named, not only the first.
    if (const auto problems = codec::validateJobManifest(manifests.job.toJson());
        !problems.empty()) {
        QStringList lines;
        for (const engine::Error& e : problems)
            lines << qs(e.describe());
        setStatus(
            tr("The API server would reject this Job:\n%1").arg(lines.join(QLatin1Char('\n'))),
            true);
        return;
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

} // namespace tessera::ui::launch
