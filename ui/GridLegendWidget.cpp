#include "GridLegendWidget.h"

#include "FlowLayout.h"
#include "IndexGridWidget.h"
#include "StatePalette.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPixmap>

namespace tessera::ui {

using engine::IndexState;

GridLegendWidget::GridLegendWidget(IndexGridWidget* grid, QWidget* parent)
    : QWidget(parent)
    , m_grid(grid) {
    setObjectName(QStringLiteral("gridLegend"));
    // Wraps to a second row when a translation's longer words do not fit one (never forces
    // the window wider).
    auto* layout = new FlowLayout(this);
    // The legend counts indexes; the header's "active" and "failed" count pods (the Job's
    // status): the caption says which, so "Running 80" beside "118 active" is not a puzzle.
    auto* caption = new QLabel(tr("Indexes:"), this);
    caption->setObjectName(QStringLiteral("legendCaption"));
    caption->setToolTip(tr("Indexes per state, as the grid shows them (each index counted once, "
                           "by its newest attempt and the Job's index lists)"));
    layout->addWidget(caption);
    layout->addGap(8);
    for (int s = 0; s < engine::kIndexStateCount; ++s) {
        // A swatch and its label wrap together.
        auto* entry = new QWidget(this);
        auto* entryLayout = new QHBoxLayout(entry);
        entryLayout->setContentsMargins(0, 0, 0, 0);
        entryLayout->setSpacing(4);
        m_swatches[static_cast<size_t>(s)] = new QLabel(entry);
        m_labels[static_cast<size_t>(s)] = new QLabel(entry);
        m_labels[static_cast<size_t>(s)]->setObjectName(QStringLiteral("legendState%1").arg(s));
        entryLayout->addWidget(m_swatches[static_cast<size_t>(s)]);
        entryLayout->addWidget(m_labels[static_cast<size_t>(s)]);
        if (s > 0)
            layout->addGap(8);
        layout->addWidget(entry);
    }
    m_scale = new QLabel(this);
    m_scale->setObjectName(QStringLiteral("legendScale"));
    layout->addGap(16);
    layout->addWidget(m_scale);
    m_follow = new QCheckBox(tr("Follow &running"), this);
    m_follow->setObjectName(QStringLiteral("followRunning"));
    m_follow->setToolTip(tr("Keep the lowest running index in view while the job advances "
                            "(when zoomed in); scrolling by hand turns this off"));
    layout->addGap(16);
    layout->addWidget(m_follow);
    connect(m_follow, &QCheckBox::toggled, grid, &IndexGridWidget::setFollowFrontier);
    connect(grid, &IndexGridWidget::followFrontierChanged, m_follow, &QCheckBox::setChecked);
    refreshSwatches();
    refreshCounts();
    refreshScale();
    connect(grid, &IndexGridWidget::countsChanged, this, &GridLegendWidget::refreshCounts);
    connect(grid, &IndexGridWidget::scaleChanged, this, &GridLegendWidget::refreshScale);
}

QString GridLegendWidget::entryText(int state) const {
    return m_labels.at(static_cast<size_t>(state))->text();
}

void GridLegendWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange)
        refreshSwatches();
    QWidget::changeEvent(event);
}

void GridLegendWidget::refreshSwatches() {
    const StatePalette colors(palette());
    const int size = fontMetrics().height() - 4;
    for (int s = 0; s < engine::kIndexStateCount; ++s) {
        QPixmap pixmap(size, size);
        pixmap.fill(colors.color(static_cast<IndexState>(s)));
        QPainter painter(&pixmap);
        painter.setPen(palette().color(QPalette::Mid));
        painter.drawRect(0, 0, size - 1, size - 1);
        painter.end();
        m_swatches[static_cast<size_t>(s)]->setPixmap(pixmap);
    }
}

void GridLegendWidget::refreshCounts() {
    const QLocale locale;
    const auto& counts = m_grid->counts();
    for (int s = 0; s < engine::kIndexStateCount; ++s) {
        const auto state = static_cast<IndexState>(s);
        const qint64 count = counts[static_cast<size_t>(s)];
        QLabel* label = m_labels[static_cast<size_t>(s)];
        label->setText(tr("%1 %2").arg(StatePalette::name(state), locale.toString(count)));
        // Out of range only matters after an elastic scale-down: hide it while empty.
        const bool show = state != IndexState::OutOfRange || count > 0;
        label->parentWidget()->setVisible(show); // the entry: swatch and label
    }
}

void GridLegendWidget::refreshScale() {
    if (m_grid->indexesPerCell() > 1)
        m_scale->setText(tr("1 pixel = %1 indexes (worst state shown)")
                             .arg(QLocale().toString(m_grid->indexesPerCell())));
    else if (m_grid->cellSize() == 0)
        m_scale->setText(tr("Fit (Ctrl+wheel to zoom)"));
    else
        m_scale->setText(tr("%1 px cells (Ctrl+0 to fit)").arg(m_grid->effectiveCellSize()));
}

} // namespace tessera::ui
