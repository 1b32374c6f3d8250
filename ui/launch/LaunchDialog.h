#pragma once
// The Launch dialog: one dropped or opened file (a work list or a Job manifest) becomes one job.
// Parsed preview (item count, the first items with their index, every error with its line and
// column; Launch stays disabled until the file is fixed), then a target:
//  - Local run: emits localRunRequested; the caller starts it in the local store's thread
//    (LaunchController does: the new run appears in the dashboard like any other local run);
//  - Dry-run: engine::simulate off the GUI thread for the chosen parallelism and a few others,
//    makespans and a chart of succeeded indexes over time;
//  - Cluster: the ConfigMap + Indexed Job of core/launch as an editable YAML preview, Save YAML,
//    Launch through ClusterLauncher (work lists over 1 MiB are refused with the reason).
// Parsing, generation and simulation run on the thread pool (AsyncTask.h).
#include "LaunchFile.h"
#include "engine/JobState.h"
#include "kube/ClusterConnection.h"
#include "launch/LaunchGenerator.h"
#include "local/LocalRunner.h"

#include <QDialog>
#include <QList>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTableWidget;
class QTimer;

class QChartView;

namespace tessera::kube {
class ApiClient;
}

namespace tessera::ui::launch {

// Somewhere a cluster launch can go: a kubeconfig context (resolved when launching) or a ready
// connection (the Demo endpoint).
struct ClusterTarget {
    QString label;
    QString sourceId; // the dashboard source showing it (SourceHost ids)
    QString context;  // kubeconfig context, when `connection` is unset
    std::optional<kube::ClusterConnection> connection;
};

// One parallelism value of a dry-run forecast.
struct Forecast {
    int32_t parallelism = 0;
    bool finished = false;
    engine::JobState state = engine::JobState::Pending; // Complete or Failed once finished
    std::string reason;     // the terminal condition's reason, e.g. "BackoffLimitExceeded"
    std::string stopReason; // why an unfinished forecast stopped
    int32_t succeeded = 0;
    int32_t failedIndexes = 0;
    std::chrono::milliseconds makespan{0};
    std::vector<std::pair<double, int32_t>> succeededOverTime; // (seconds, succeeded indexes)
};

class LimitSpinBox;

class LaunchDialog : public QDialog {
    Q_OBJECT
public:
    enum class Target { Local = 0, DryRun = 1, Cluster = 2 };

    explicit LaunchDialog(QWidget* parent = nullptr);
    ~LaunchDialog() override;

    // Parses the file on the thread pool; `parsed` follows.
    void openFile(const QString& path);
    // A re-run: the items `subset` (ascending indexes of `list`) of a finished job, as a new job
    // whose index i runs item subset[i]. `origin` names the job for the preview. When that job
    // was a re-run itself, `itemOrigins` maps its indexes to the first job's, and the new job
    // records those.
    void openRerun(const QString& origin, worklist::WorkList list, std::vector<int32_t> subset,
                   const QString& name, std::map<int32_t, int32_t> itemOrigins = {});
    void setClusterTargets(const QList<ClusterTarget>& targets);
    // A re-run of a cluster job: the Cluster target on the source `sourceId` (when it is one of
    // the targets), with the original job's namespace, image, parallelism and limits.
    void presetCluster(const tessera::launch::LaunchSpec& spec, const QString& sourceId);
    // A re-run's settings from the job it re-runs: parallelism, limits, deadline (and the
    // namespace and image, which only a cluster launch uses). The target stays as it is.
    void presetSettings(const tessera::launch::LaunchSpec& spec);

    bool isBusy() const;
    const LaunchFile* file() const { return m_file.get(); }
    // The file given to openFile() (known before it is parsed).
    const QString& filePath() const { return m_filePath; }
    const std::vector<int32_t>& subset() const { return m_subset; }
    // A re-run's index i stands for originalIndexes()[i] of the first job (empty otherwise).
    std::vector<int32_t> originalIndexes() const;
    int itemCount() const;
    QStringList errorTexts() const;
    bool canLaunch() const;
    QString yamlText() const;
    const std::vector<Forecast>& forecasts() const { return m_forecasts; }
    // The launch manifests as generated from the form (nullptr before the first generation).
    const tessera::launch::LaunchManifests* manifests() const { return m_manifests.get(); }
    void setTarget(Target target);
    Target target() const;
    // The Job the form stands for, with the API server's defaults applied (what a dry-run
    // simulates).
    engine::Job jobFromForm() const;

public slots:
    void launch();
    void simulate();
    bool saveYaml(const QString& path);

signals:
    void parsed();
    void generated();
    void simulated();
    // Local run: start it (LocalSource::startRun); `temporaryFile` (may be empty) can be removed
    // once the run was prepared (it copies the items into its run directory).
    void localRunRequested(const tessera::local::RunOptions& options, const QString& temporaryFile);
    void clusterLaunched(const QString& sourceId, const QString& namespace_, const QString& name);
    void launchFailed(const QString& message);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void buildUi();
    QWidget* buildSettings();
    QWidget* buildLocalPage();
    QWidget* buildDryRunPage();
    QWidget* buildClusterPage();
    void showFile();
    void updateState();
    void validateName();
    void setLimits(std::optional<int32_t> perIndex, std::optional<int32_t> backoffLimit,
                   std::optional<int32_t> maxFailedIndexes);
    void showBackoffLimitDefault();
    void scheduleGenerate();
    void generate();
    void showForecasts();
    void setStatus(const QString& text, bool error = false);
    tessera::launch::LaunchSpec specFromForm() const;
    std::optional<engine::SuccessPolicy> successPolicyFromForm() const;
    bool targetIsSimulated() const;
    // With no target: reads the kubeconfig on a worker to say why there is none.
    void readNoClusterReason();
    void updateClusterNote();
    void launchLocal();
    void launchCluster();
    // The launch, once the target's connection is known.
    void launchTo(const ClusterTarget& target, kube::ClusterConnection connection);

    std::shared_ptr<LaunchFile> m_file;
    QString m_filePath;
    std::vector<int32_t> m_subset;            // re-run: original indexes, ascending
    std::map<int32_t, int32_t> m_itemOrigins; // re-run of a re-run: item -> first job's index
    QString m_origin;
    bool m_parsing = false;
    int m_generating = 0;
    bool m_simulating = false;
    bool m_launching = false;
    bool m_readingKubeconfig = false;
    QString m_noClusterReason; // why m_targets is empty
    bool m_yamlEdited = false;
    bool m_settingYaml = false;
    bool m_placed = false;
    quint64 m_generation = 0;
    QString m_generateError;
    std::unique_ptr<tessera::launch::LaunchManifests> m_manifests;
    std::vector<Forecast> m_forecasts;
    QList<ClusterTarget> m_targets;
    std::unique_ptr<kube::ApiClient> m_client;

    QLabel* m_source;
    QLabel* m_summary;
    QTableWidget* m_items;
    QPlainTextEdit* m_errors;
    QComboBox* m_target;
    QLineEdit* m_name;
    QLabel* m_nameError;
    QLineEdit* m_command;
    QSpinBox* m_parallelism;
    LimitSpinBox* m_backoffPerIndex;
    LimitSpinBox* m_backoffLimit;
    LimitSpinBox* m_maxFailed;
    QLineEdit* m_successIndexes;
    QSpinBox* m_successCount;
    QSpinBox* m_deadline;
    QStackedWidget* m_pages;
    QDoubleSpinBox* m_itemSeconds;
    QDoubleSpinBox* m_failRate;
    QPushButton* m_simulate;
    QLabel* m_forecastText;
    QChartView* m_chart;
    QComboBox* m_cluster;
    QLineEdit* m_namespace;
    QLineEdit* m_image;
    QPlainTextEdit* m_yaml;
    QLabel* m_clusterNote; // the Demo simulates, or why no cluster is offered
    QLabel* m_clusterInfo;
    QPushButton* m_regenerate;
    QPushButton* m_saveYaml;
    QPushButton* m_launch;
    QLabel* m_status;
    QTimer* m_generateTimer;
};

} // namespace tessera::ui::launch
