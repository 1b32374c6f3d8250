#include "PodsPanel.h"

#include "Format.h"
#include "PodsModel.h"
#include "TableColumns.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

namespace tessera::ui {

using engine::AttemptOutcome;

PodsPanel::PodsPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new PodsModel(this))
    , m_proxy(new PodsFilterProxy(m_model, this)) {
    setObjectName(QStringLiteral("podsPanel"));
    m_text = new QLineEdit(this);
    m_text->setObjectName(QStringLiteral("podsFilter"));
    m_text->setPlaceholderText(tr("Filter pods by name, node, zone, reason, phase…"));
    m_text->setClearButtonEnabled(true);
    connect(m_text, &QLineEdit::textChanged, this, [this](const QString& text) {
        auto f = m_proxy->filter();
        f.text = text.trimmed();
        setFilter(std::move(f));
    });
    m_phase = valueButton(ValueColumn::Phase, tr("Phase"));
    m_node = valueButton(ValueColumn::Node, tr("Node"));
    m_zone = valueButton(ValueColumn::Zone, tr("Zone"));
    m_exitCode = valueButton(ValueColumn::ExitCode, tr("Exit code"));
    m_scope = new QLabel(this);
    m_scope->setObjectName(QStringLiteral("podsScope"));
    m_clear = new QToolButton(this);
    m_clear->setObjectName(QStringLiteral("podsClearFilters"));
    m_clear->setText(tr("Show all pods"));
    connect(m_clear, &QToolButton::clicked, this, &PodsPanel::clearFilters);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("podsCount"));

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("podsTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    fitColumnsStretching(m_table, PodsModel::ReasonColumn);
    connect(m_table, &QTableView::customContextMenuRequested, this, [this](const QPoint& pos) {
        emit contextMenuRequested(m_table->viewport()->mapToGlobal(pos));
    });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& i) {
        emit indexActivated(m_model->attemptAt(m_proxy->mapToSource(i).row()).index);
    });
    // A new snapshot with another number of pods resets the model: keep the selected pods.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        m_keptSelection.clear();
        for (int row : selectedRows())
            m_keptSelection.append(m_model->attemptAt(row).pod);
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_keptSelection.isEmpty())
            return;
        const QSet<QString> kept(m_keptSelection.begin(), m_keptSelection.end());
        QItemSelection selection;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (!kept.contains(m_model->attemptAt(row).pod))
                continue;
            const QModelIndex at = m_proxy->mapFromSource(m_model->index(row, 0));
            if (at.isValid())
                selection.select(at, at.siblingAtColumn(PodsModel::ColumnCount - 1));
        }
        m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &PodsPanel::refreshLabels);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &PodsPanel::refreshLabels);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &PodsPanel::refreshLabels);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &PodsPanel::refreshLabels);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_text, 1);
    for (QToolButton* b : {m_phase, m_node, m_zone, m_exitCode})
        bar->addWidget(b);
    bar->addWidget(m_count);
    auto* scope = new QHBoxLayout;
    scope->addWidget(m_scope, 1);
    scope->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addLayout(scope);
    layout->addWidget(m_table, 1);
    refreshLabels();
}

QToolButton* PodsPanel::valueButton(ValueColumn column, const QString& text) {
    auto* button = new QToolButton(this);
    button->setText(text);
    button->setPopupMode(QToolButton::InstantPopup);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    static const char* const names[] = {"podsPhaseButton", "podsNodeButton", "podsZoneButton",
                                        "podsExitCodeButton"};
    button->setObjectName(QLatin1String(names[static_cast<int>(column)]));
    auto* menu = new QMenu(button);
    button->setMenu(menu);
    // The values are the pods' own, counted when the menu opens (not at every snapshot).
    connect(menu, &QMenu::aboutToShow, this,
            [this, column, button] { openValueMenu(column, button); });
    return button;
}

void PodsPanel::openValueMenu(ValueColumn column, QToolButton* button) {
    QMenu* menu = button->menu();
    menu->clear();
    // Each value with how many pods have it, the text filter and the other columns aside.
    std::map<QString, std::pair<int, QVariant>> values; // display -> (pods, raw value)
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const store::IndexAttempt& a = m_model->attemptAt(row);
        switch (column) {
        case ValueColumn::Phase:
            ++values.try_emplace(Format::outcome(a.outcome), 0, static_cast<int>(a.outcome))
                  .first->second.first;
            break;
        case ValueColumn::Node:
            ++values.try_emplace(a.node, 0, a.node).first->second.first;
            break;
        case ValueColumn::Zone: {
            const QString zone = m_model->zoneAt(row);
            ++values.try_emplace(zone, 0, zone).first->second.first;
            break;
        }
        case ValueColumn::ExitCode:
            ++values.try_emplace(Format::exitCode(a.exitCode, a.signal), 0, a.exitCode)
                  .first->second.first;
            break;
        }
    }
    const auto& current = m_proxy->filter();
    const auto chosen = [&](const QVariant& v) {
        switch (column) {
        case ValueColumn::Phase:
            return current.phases.count(static_cast<AttemptOutcome>(v.toInt())) > 0;
        case ValueColumn::Node:
            return current.nodes.contains(v.toString());
        case ValueColumn::Zone:
            return current.zones.contains(v.toString());
        case ValueColumn::ExitCode:
            return current.exitCodes.count(v.toInt()) > 0;
        }
        return false;
    };
    menu->addAction(tr("All"), this, [this, column] {
        auto f = m_proxy->filter();
        switch (column) {
        case ValueColumn::Phase:
            f.phases.clear();
            break;
        case ValueColumn::Node:
            f.nodes.clear();
            break;
        case ValueColumn::Zone:
            f.zones.clear();
            break;
        case ValueColumn::ExitCode:
            f.exitCodes.clear();
            break;
        }
        setFilter(std::move(f));
    });
    menu->addSeparator();
    const QLocale locale;
    for (const auto& [display, entry] : values) {
        const QString shown = display.isEmpty() ? tr("(none)") : display;
        QAction* action = menu->addAction(tr("%1 (%2)").arg(shown, locale.toString(entry.first)));
        action->setCheckable(true);
        action->setChecked(chosen(entry.second));
        connect(action, &QAction::toggled, this, [this, column, value = entry.second](bool on) {
            auto f = m_proxy->filter();
            switch (column) {
            case ValueColumn::Phase: {
                const auto o = static_cast<AttemptOutcome>(value.toInt());
                on ? void(f.phases.insert(o)) : void(f.phases.erase(o));
                break;
            }
            case ValueColumn::Node:
                on ? void(f.nodes.insert(value.toString()))
                   : void(f.nodes.remove(value.toString()));
                break;
            case ValueColumn::Zone:
                on ? void(f.zones.insert(value.toString()))
                   : void(f.zones.remove(value.toString()));
                break;
            case ValueColumn::ExitCode:
                on ? void(f.exitCodes.insert(value.toInt()))
                   : void(f.exitCodes.erase(value.toInt()));
                break;
            }
            setFilter(std::move(f));
        });
    }
}

store::JobSnapshotPtr PodsPanel::setSnapshot(store::JobSnapshotPtr snapshot) {
    auto previous = m_model->setSnapshot(std::move(snapshot));
    refreshLabels();
    return previous;
}

void PodsPanel::setFilter(PodsFilterProxy::Filter filter) {
    m_proxy->setFilter(std::move(filter));
    refreshLabels();
}

void PodsPanel::showNode(const QString& node) {
    auto f = m_proxy->filter();
    f.nodes = {node};
    setFilter(std::move(f));
}

void PodsPanel::showZone(const QString& zone) {
    auto f = m_proxy->filter();
    f.zones = {zone};
    setFilter(std::move(f));
}

void PodsPanel::showExitCode(int exitCode) {
    auto f = m_proxy->filter();
    f.exitCodes = {exitCode};
    setFilter(std::move(f));
}

void PodsPanel::showIndexes(const engine::IndexSet& indexes) {
    auto f = m_proxy->filter();
    f.indexes = indexes.empty() ? std::nullopt : std::optional(indexes);
    setFilter(std::move(f));
}

void PodsPanel::showPods(const QSet<QString>& pods, const QString& label) {
    auto f = m_proxy->filter();
    f.pods = pods;
    m_podsLabel = label;
    setFilter(std::move(f));
}

void PodsPanel::clearFilters() {
    m_podsLabel.clear();
    const QSignalBlocker block(m_text);
    m_text->clear();
    setFilter({});
}

QString PodsPanel::scopeText() const {
    return m_scope->text();
}

QStringList PodsPanel::shownPods() const {
    QStringList pods;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        pods.append(m_model->attemptAt(m_proxy->mapToSource(m_proxy->index(row, 0)).row()).pod);
    return pods;
}

std::vector<int> PodsPanel::selectedRows() const {
    std::vector<int> rows;
    if (!m_table->selectionModel())
        return rows;
    for (const QModelIndex& i : m_table->selectionModel()->selectedRows())
        rows.push_back(m_proxy->mapToSource(i).row());
    std::sort(rows.begin(), rows.end());
    return rows;
}

void PodsPanel::refreshLabels() {
    const auto& f = m_proxy->filter();
    const auto mark = [](QToolButton* button, const QString& name, qsizetype chosen) {
        button->setText(chosen > 0 ? QStringLiteral("%1 (%2)").arg(name).arg(chosen) : name);
    };
    mark(m_phase, tr("Phase"), static_cast<qsizetype>(f.phases.size()));
    mark(m_node, tr("Node"), f.nodes.size());
    mark(m_zone, tr("Zone"), f.zones.size());
    mark(m_exitCode, tr("Exit code"), static_cast<qsizetype>(f.exitCodes.size()));
    QStringList scope;
    if (f.indexes)
        scope.append(tr("Indexes %1").arg(QString::fromStdString(f.indexes->toString())));
    if (f.pods)
        scope.append(m_podsLabel);
    m_scope->setText(scope.join(QStringLiteral(" · ")));
    m_clear->setVisible(!f.empty());
    const QLocale locale;
    m_count->setText(
        tr("%1 of %2 pods")
            .arg(locale.toString(m_proxy->rowCount()), locale.toString(m_model->rowCount())));
}

} // namespace tessera::ui
