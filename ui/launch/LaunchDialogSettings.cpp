// The Launch dialog's job settings: the form, the presets of a re-run, and the Job / LaunchSpec
// it stands for.
#include "LaunchDialog.h"
#include "LaunchDialogSupport.h"
#include "LimitSpinBox.h"
#include "engine/Defaults.h"
#include "launch/LaunchGenerator.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace tessera::ui::launch {

using detail::qs;

QWidget* LaunchDialog::buildSettings() {
    auto* box = new QGroupBox(tr("Job settings"), this);
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
    m_nameError->setStyleSheet(detail::errorStyle(this));
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
    m_parallelism->setToolTip(tr("How many items run at the same time (spec.parallelism)."));
    form->addRow(tr("&Parallelism:"), m_parallelism);
    // A work list retries per item by default (LaunchSpec.h says why); a manifest's own values
    // replace these when one is opened.
    m_backoffPerIndex = new LimitSpinBox(QStringLiteral("backoffLimitPerIndex"), 1000, box);
    m_backoffPerIndex->setLimit(tessera::launch::kWorkListBackoffLimitPerIndex);
    m_backoffPerIndex->setToolTip(
        tr("<p><b>backoffLimitPerIndex</b>: how many times each index may be retried. An index "
           "that fails once more is marked failed for good, and the other indexes go on; the Job "
           "fails at the end if any index failed.</p><p>Unset: no per-index limit; every failure "
           "then counts against backoffLimit.</p>"));
    form->addRow(tr("bac&koffLimitPerIndex:"), m_backoffPerIndex);
    m_backoffLimit = new LimitSpinBox(QStringLiteral("backoffLimit"), 1000000, box);
    m_backoffLimit->setToolTip(
        tr("<p><b>backoffLimit</b>: how many failed pods the whole Job may have. One more fails "
           "the Job (BackoffLimitExceeded) and stops every index still to run.</p><p>Default: 6, "
           "or unlimited when backoffLimitPerIndex is set (as Kubernetes does).</p>"));
    form->addRow(tr("&backoffLimit:"), m_backoffLimit);
    m_maxFailed = new LimitSpinBox(QStringLiteral("maxFailedIndexes"), 1000000, box);
    m_maxFailed->setToolTip(
        tr("<p><b>maxFailedIndexes</b> (needs backoffLimitPerIndex): how many indexes may fail for "
           "good before the Job fails at once (MaxFailedIndexesExceeded).</p><p>Unset: no limit; "
           "every index runs.</p>"));
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
    const QString successTip =
        tr("<p><b>successPolicy</b>: the Job succeeds as soon as these indexes (and/or this many "
           "of them) succeeded; the rest are stopped.</p><p>Empty: every index must succeed.</p>");
    m_successIndexes->setToolTip(successTip);
    m_successCount->setToolTip(successTip);
    form->addRow(tr("Success policy:"), success);
    m_deadline = new QSpinBox(box);
    m_deadline->setObjectName(QStringLiteral("activeDeadline"));
    m_deadline->setRange(0, 30 * 86400);
    m_deadline->setSuffix(tr(" s"));
    m_deadline->setSpecialValueText(tr("none"));
    m_deadline->setToolTip(
        tr("<p><b>activeDeadlineSeconds</b>: how long the Job may run in total; then it fails "
           "(DeadlineExceeded) and its running pods are stopped.</p>"));
    form->addRow(tr("Active &deadline:"), m_deadline);
    showBackoffLimitDefault();
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
    connect(m_backoffPerIndex, &QSpinBox::valueChanged, this,
            &LaunchDialog::showBackoffLimitDefault);
    for (QSpinBox* s :
         std::initializer_list<QSpinBox*>{m_parallelism, m_backoffPerIndex, m_backoffLimit,
                                          m_maxFailed, m_successCount, m_deadline})
        connect(s, &QSpinBox::valueChanged, this, [this] {
            scheduleGenerate();
            updateState();
        });
    return box;
}

void LaunchDialog::presetSettings(const tessera::launch::LaunchSpec& spec) {
    m_namespace->setText(qs(spec.namespace_));
    if (!spec.image.empty())
        m_image->setText(qs(spec.image));
    m_parallelism->setValue(std::max(1, spec.parallelism));
    setLimits(spec.backoffLimitPerIndex, spec.backoffLimit, spec.maxFailedIndexes);
    m_deadline->setValue(static_cast<int>(spec.activeDeadlineSeconds.value_or(0)));
}

void LaunchDialog::setLimits(std::optional<int32_t> perIndex, std::optional<int32_t> backoffLimit,
                             std::optional<int32_t> maxFailedIndexes) {
    m_backoffPerIndex->setLimit(perIndex);
    m_backoffLimit->setLimit(backoffLimit);
    m_maxFailed->setLimit(maxFailedIndexes);
}

void LaunchDialog::showBackoffLimitDefault() {
    // Unset, backoffLimit is what the API server fills in: it depends on backoffLimitPerIndex.
    const int32_t limit = engine::defaultBackoffLimit(m_backoffPerIndex->limit().has_value());
    m_backoffLimit->setSpecialValueText(tr("default: %1").arg(LimitSpinBox::limitText(limit)));
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
    spec.backoffLimitPerIndex = m_backoffPerIndex->limit();
    spec.backoffLimit = m_backoffLimit->limit();
    spec.maxFailedIndexes = m_maxFailed->limit();
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
    spec.backoffLimitPerIndex = m_backoffPerIndex->limit();
    spec.backoffLimit = m_backoffLimit->limit();
    spec.maxFailedIndexes = m_maxFailed->limit();
    if (m_deadline->value() > 0)
        spec.activeDeadlineSeconds = m_deadline->value();
    spec.successPolicy = successPolicyFromForm();
    spec.subset = m_subset;
    spec.itemOrigins = m_itemOrigins;
    return spec;
}

} // namespace tessera::ui::launch
