#include "TimelineWidget.h"

#include "Format.h"
#include "StatePalette.h"

#include <QApplication>
#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace tessera::ui {

using engine::AttemptOutcome;
using engine::IndexState;
using store::AttemptBar;
using store::IndexAttempt;

namespace {

constexpr int kTimeSteps = 100000; // resolution of the time scroll bar over the whole run
constexpr qint64 kMinSpanMs = 1000;

QDateTime startOf(const IndexAttempt& a) {
    return a.started.isValid() ? a.started : a.created;
}

} // namespace

TimelineWidget::TimelineWidget(QWidget* parent)
    : QWidget(parent)
    , m_scroll(new QScrollBar(Qt::Vertical, this))
    , m_timeScroll(new QScrollBar(Qt::Horizontal, this)) {
    setObjectName(QStringLiteral("timeline"));
    setMouseTracking(true);
    m_scroll->setObjectName(QStringLiteral("timelineRows"));
    m_timeScroll->setObjectName(QStringLiteral("timelineTime"));
    m_scroll->setVisible(false);
    m_timeScroll->setVisible(false);
    m_timeScroll->setRange(0, 0);
    connect(m_scroll, &QScrollBar::valueChanged, this, [this] { invalidate(); });
    connect(m_timeScroll, &QScrollBar::valueChanged, this, [this](int value) {
        const qint64 span = m_viewT1 - m_viewT0;
        const double whole = double(m_history.end - m_history.start);
        const qint64 t0 = m_history.start + qint64(whole * value / kTimeSteps);
        if (t0 == m_viewT0)
            return;
        m_viewT0 = t0;
        m_viewT1 = t0 + span;
        invalidate();
    });
}

void TimelineWidget::setSnapshot(const store::JobSnapshotPtr& snapshot) {
    m_snapshot = snapshot;
    m_history = snapshot ? store::RunTimeline::of(*snapshot, QDateTime::currentDateTimeUtc())
                         : store::RunTimeline();
    // A zoom the user chose stays while the data refreshes (clamped into the run); otherwise
    // the whole run is shown.
    const qint64 whole = std::max(kMinSpanMs, m_history.end - m_history.start);
    const qint64 span = m_viewT1 - m_viewT0;
    if (!m_zoomed || span >= whole) {
        m_zoomed = false;
        m_viewT0 = m_history.start;
        m_viewT1 = m_history.start + whole;
    } else {
        m_viewT0 = std::clamp(m_viewT0, m_history.start, m_history.start + whole - span);
        m_viewT1 = m_viewT0 + span;
    }
    m_hovered = -1;
    relayout();
    invalidate();
}

QRect TimelineWidget::plotRect() const {
    const int right = width() - (m_scrolling ? m_scroll->sizeHint().width() : 0) - 4;
    const int bottom = height() - (m_zoomed ? m_timeScroll->sizeHint().height() : 0);
    return QRect(QPoint(kLabelWidth, kAxisHeight),
                 QPoint(std::max(kLabelWidth, right), bottom - 1));
}

void TimelineWidget::relayout() {
    const int rows = static_cast<int>(m_history.rowIndexes.size());
    const int timeBar = m_zoomed ? m_timeScroll->sizeHint().height() : 0;
    const int available = std::max(1, height() - kAxisHeight - timeBar);
    m_rowHeight = rows == 0 ? 10 : std::clamp(available / rows, 2, 14);
    const qint64 content = qint64{rows} * m_rowHeight;
    m_scrolling = content > available;
    if (m_scrolling) {
        const int sw = m_scroll->sizeHint().width();
        m_scroll->setGeometry(width() - sw, kAxisHeight, sw, available);
        m_scroll->setRange(0, static_cast<int>(std::min<qint64>(content - available, INT_MAX)));
        m_scroll->setPageStep(available);
        m_scroll->setSingleStep(m_rowHeight * 3);
    } else {
        m_scroll->setValue(0);
    }
    m_scroll->setVisible(m_scrolling);
    syncTimeScroll();
}

void TimelineWidget::syncTimeScroll() {
    m_timeScroll->setVisible(m_zoomed);
    if (!m_zoomed)
        return;
    const int th = m_timeScroll->sizeHint().height();
    m_timeScroll->setGeometry(kLabelWidth, height() - th, std::max(1, width() - kLabelWidth), th);
    const double whole = std::max(1.0, double(m_history.end - m_history.start));
    const int page = std::max(1, int(double(m_viewT1 - m_viewT0) / whole * kTimeSteps));
    const QSignalBlocker block(m_timeScroll);
    m_timeScroll->setRange(0, std::max(0, kTimeSteps - page));
    m_timeScroll->setPageStep(page);
    m_timeScroll->setSingleStep(std::max(1, page / 10));
    m_timeScroll->setValue(int(double(m_viewT0 - m_history.start) / whole * kTimeSteps));
}

void TimelineWidget::invalidate() {
    m_plotValid = false;
    update();
}

int TimelineWidget::rowTop(int row) const {
    return kAxisHeight + row * m_rowHeight - (m_scrolling ? m_scroll->value() : 0);
}

int TimelineWidget::rowsPerLabel() const {
    // Rounded up: 9 px rows under 15 px labels label every second row, not every row.
    const int labelHeight = fontMetrics().height() + 2;
    return std::max(1, (labelHeight + m_rowHeight - 1) / m_rowHeight);
}

int TimelineWidget::xOf(qint64 t) const {
    const QRect plot = plotRect();
    const double span = double(std::max<qint64>(1, m_viewT1 - m_viewT0));
    const double x = plot.left() + double(t - m_viewT0) / span * plot.width();
    return int(std::clamp(x, -1e6, 1e6));
}

QRect TimelineWidget::barRect(const AttemptBar& bar, int row) const {
    const int x0 = xOf(bar.start);
    const int x1 = std::max(x0 + 2, xOf(bar.end));
    const int gap = m_rowHeight >= 5 ? 1 : 0;
    return QRect(x0, rowTop(row), x1 - x0, m_rowHeight - gap);
}

QRect TimelineWidget::barRectOf(std::size_t attemptPos) const {
    for (std::size_t b = 0; b < m_history.bars.size(); ++b) {
        const AttemptBar& bar = m_history.bars[b];
        if (bar.attemptPos == attemptPos)
            return barRect(bar, m_history.rowOf(bar.index)).intersected(plotRect());
    }
    return {};
}

int TimelineWidget::attemptAt(const QPoint& pos) const {
    if (!m_snapshot || !plotRect().contains(pos))
        return -1;
    const int row = (pos.y() - kAxisHeight + (m_scrolling ? m_scroll->value() : 0)) / m_rowHeight;
    if (row < 0 || row >= static_cast<int>(m_history.rowIndexes.size()))
        return -1;
    const std::size_t first = m_history.rowFirst[static_cast<std::size_t>(row)];
    const std::size_t end = static_cast<std::size_t>(row) + 1 < m_history.rowFirst.size()
                                ? m_history.rowFirst[static_cast<std::size_t>(row) + 1]
                                : m_history.bars.size();
    for (std::size_t b = first; b < end; ++b)
        if (barRect(m_history.bars[b], row).adjusted(-1, 0, 1, 0).contains(pos))
            return static_cast<int>(m_history.bars[b].attemptPos);
    return -1;
}

QString TimelineWidget::tooltipText(const IndexAttempt& a, const AttemptBar& bar) const {
    QString text = tr("<b>Index %1</b>, attempt %2<br>Pod: %3<br>Node: %4<br>Phase: %5")
                       .arg(a.index)
                       .arg(a.attempt + 1)
                       .arg(a.pod.toHtmlEscaped(),
                            a.node.isEmpty() ? tr("unscheduled") : a.node.toHtmlEscaped(),
                            Format::outcome(a.outcome).toHtmlEscaped());
    const QDateTime start = startOf(a);
    QString end, duration;
    if (bar.endKnown) {
        end = Format::time(a.finished);
        duration = Format::between(start, a.finished);
    } else if (bar.open) {
        end = tr("still running");
        duration = Format::between(start, QDateTime::currentDateTimeUtc());
    } else {
        end = tr("not recorded (the attempt was lost: its pod was gone before its end was seen)");
        duration = tr("unknown");
    }
    text += QStringLiteral("<br>") +
            tr("Start: %1<br>End: %2<br>Duration: %3").arg(Format::time(start), end, duration);
    const QString exit = Format::exitCode(a.exitCode, a.signal);
    if (!exit.isEmpty())
        text += QStringLiteral("<br>") + tr("Exit code: %1").arg(exit);
    if (!a.reason.isEmpty())
        text += QStringLiteral("<br>") + tr("Reason: %1").arg(a.reason.toHtmlEscaped());
    if (!a.live)
        text += QStringLiteral("<br><i>") + tr("Recorded in the history; the pod is gone") +
                QStringLiteral("</i>");
    return text;
}

bool TimelineWidget::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = attemptAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            return true;
        }
        const auto pos = static_cast<std::size_t>(i);
        const auto bar = std::find_if(m_history.bars.begin(), m_history.bars.end(),
                                      [pos](const AttemptBar& b) { return b.attemptPos == pos; });
        QToolTip::showText(help->globalPos(), tooltipText(m_snapshot->attempts[pos], *bar), this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineWidget::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        invalidate();
    QWidget::changeEvent(event);
}

void TimelineWidget::renderPlot() {
    ++m_renders;
    const qreal dpr = devicePixelRatioF();
    const QSize size = this->size() * dpr;
    if (m_plot.size() != size)
        m_plot = QImage(size, QImage::Format_ARGB32_Premultiplied);
    m_plot.setDevicePixelRatio(dpr);
    m_plot.fill(palette().color(QPalette::Base));
    m_plotValid = true;
    if (m_history.rowIndexes.empty())
        return;
    QPainter painter(&m_plot);
    const StatePalette colors(palette());
    const QColor running = colors.color(IndexState::Running);
    const QColor pending = colors.color(IndexState::Pending);
    const QColor succeeded = colors.color(IndexState::Succeeded);
    const QColor failed = colors.color(IndexState::FailedTerminal);
    const QColor unknown = palette().color(QPalette::Mid);
    const QRect plot = plotRect();
    const int scrollY = m_scrolling ? m_scroll->value() : 0;
    const int rows = static_cast<int>(m_history.rowIndexes.size());
    const int firstRow = std::max(0, scrollY / m_rowHeight);
    const int lastRow = std::min(rows - 1, (plot.height() + scrollY) / m_rowHeight);
    const int labelEvery = rowsPerLabel();
    painter.setPen(palette().color(QPalette::Text));
    painter.setClipRect(QRect(0, kAxisHeight, kLabelWidth, plot.height()));
    for (int row = firstRow; row <= lastRow; ++row)
        if (row % labelEvery == 0)
            painter.drawText(QRect(0, rowTop(row), kLabelWidth - 6, fontMetrics().height()),
                             Qt::AlignRight | Qt::AlignTop,
                             QString::number(m_history.rowIndexes[static_cast<size_t>(row)]));
    painter.setClipRect(plot);
    for (int row = firstRow; row <= lastRow; ++row) {
        const auto r = static_cast<std::size_t>(row);
        const std::size_t end =
            r + 1 < m_history.rowFirst.size() ? m_history.rowFirst[r + 1] : m_history.bars.size();
        for (std::size_t b = m_history.rowFirst[r]; b < end; ++b) {
            const AttemptBar& bar = m_history.bars[b];
            if (bar.end < m_viewT0 || bar.start > m_viewT1)
                continue;
            const QColor& c = bar.outcome == AttemptOutcome::Failed      ? failed
                              : bar.outcome == AttemptOutcome::Deleted   ? failed
                              : bar.outcome == AttemptOutcome::Succeeded ? succeeded
                              : bar.outcome == AttemptOutcome::Running   ? running
                              : bar.outcome == AttemptOutcome::Pending   ? pending
                                                                         : unknown;
            painter.fillRect(barRect(bar, row), c);
            // A deleted attempt counts as failed (as status.failed counts it) but is hatched, so
            // it reads as what it is.
            if (bar.outcome == AttemptOutcome::Deleted)
                painter.fillRect(barRect(bar, row), QBrush(unknown, Qt::BDiagPattern));
        }
    }
}

void TimelineWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    if (m_history.rowIndexes.empty()) {
        painter.fillRect(rect(), palette().color(QPalette::Base));
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No attempts recorded yet"));
        return;
    }
    if (!m_plotValid || m_plot.size() != size() * devicePixelRatioF())
        renderPlot();
    painter.drawImage(0, 0, m_plot);
    // The hovered bar: an outline over the image.
    if (m_hovered >= 0 && m_hovered < static_cast<int>(m_history.bars.size())) {
        const AttemptBar& bar = m_history.bars[static_cast<std::size_t>(m_hovered)];
        painter.save();
        painter.setClipRect(plotRect());
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawRect(barRect(bar, m_history.rowOf(bar.index)).adjusted(0, 0, -1, -1));
        painter.restore();
    }
    // Time axis: round ticks as offsets from the job's start.
    painter.fillRect(QRect(0, 0, width(), kAxisHeight), palette().color(QPalette::Base));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(kLabelWidth, kAxisHeight - 1, width(), kAxisHeight - 1);
    painter.setPen(palette().color(QPalette::Text));
    for (const AxisTick& tick : axisTicks()) {
        painter.drawLine(tick.x, kAxisHeight - 5, tick.x, kAxisHeight - 1);
        painter.drawText(tick.x + 2, kAxisHeight - 7, tick.label);
    }
    painter.drawText(4, kAxisHeight - 7, tr("Index"));
}

std::vector<TimelineWidget::AxisTick> TimelineWidget::axisTicks() const {
    std::vector<AxisTick> out;
    const QRect plot = plotRect();
    const qint64 span = m_viewT1 - m_viewT0;
    if (span <= 0 || plot.width() <= 0)
        return out;
    const qint64 from = m_viewT0 - m_history.start, to = m_viewT1 - m_history.start;
    const int gap = fontMetrics().horizontalAdvance(QStringLiteral("MM"));
    // The most ticks whose widest label still fits between two of them.
    for (std::size_t most = static_cast<std::size_t>(std::max(1, plot.width() / 40)); most >= 1;
         --most) {
        qint64 step = 0;
        const std::vector<history::Ms> ticks = history::timeTicks(from, to, most, &step);
        out.clear();
        int widest = 0;
        for (const history::Ms t : ticks) {
            const QString label = QStringLiteral("+") + Format::durationAtStep(t, step);
            const int w = fontMetrics().horizontalAdvance(label);
            const int x = xOf(m_history.start + t);
            if (x + 2 + w > width() - 2)
                continue; // no room right of the tick (the last one, at the edge)
            widest = std::max(widest, w);
            out.push_back({x, label});
        }
        const double spacing = double(plot.width()) * double(step) / double(span);
        if (most == 1 || widest + gap <= spacing)
            break;
    }
    return out;
}

void TimelineWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
    invalidate();
}

void TimelineWidget::zoom(double factor, int anchorX) {
    const qint64 whole = std::max(kMinSpanMs, m_history.end - m_history.start);
    const qint64 span = m_viewT1 - m_viewT0;
    const qint64 newSpan = std::clamp<qint64>(qint64(double(span) / factor), kMinSpanMs, whole);
    const QRect plot = plotRect();
    const double at =
        std::clamp(double(anchorX - plot.left()) / std::max(1, plot.width()), 0.0, 1.0);
    const qint64 anchorT = m_viewT0 + qint64(at * double(span));
    qint64 t0 = anchorT - qint64(at * double(newSpan));
    t0 = std::clamp(t0, m_history.start, m_history.start + whole - newSpan);
    m_viewT0 = t0;
    m_viewT1 = t0 + newSpan;
    m_zoomed = newSpan < whole;
    relayout();
    invalidate();
}

void TimelineWidget::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        if (delta.y() != 0)
            zoom(std::pow(1.25, delta.y() / 120.0), event->position().toPoint().x());
        event->accept();
        return;
    }
    const bool pan = (event->modifiers() & Qt::ShiftModifier) || delta.x() != 0;
    if (pan && m_zoomed) {
        const int steps = delta.x() != 0 ? delta.x() : delta.y();
        m_timeScroll->setValue(m_timeScroll->value() - steps / 120 * m_timeScroll->singleStep());
        event->accept();
        return;
    }
    if (m_scrolling)
        QApplication::sendEvent(m_scroll, event);
    else
        QWidget::wheelEvent(event);
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* event) {
    const int pos = attemptAt(event->position().toPoint());
    int hovered = -1;
    if (pos >= 0)
        for (std::size_t b = 0; b < m_history.bars.size(); ++b)
            if (m_history.bars[b].attemptPos == static_cast<std::size_t>(pos))
                hovered = static_cast<int>(b);
    if (hovered != m_hovered) {
        m_hovered = hovered;
        update(); // the overlay only: the cached image stays
    }
    QWidget::mouseMoveEvent(event);
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent* event) {
    m_zoomed = false;
    m_viewT0 = m_history.start;
    m_viewT1 = std::max(m_history.end, m_history.start + kMinSpanMs);
    relayout();
    invalidate();
    QWidget::mouseDoubleClickEvent(event);
}

void TimelineWidget::leaveEvent(QEvent* event) {
    if (m_hovered >= 0) {
        m_hovered = -1;
        update();
    }
    QWidget::leaveEvent(event);
}

} // namespace tessera::ui
