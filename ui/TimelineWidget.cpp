#include "TimelineWidget.h"

#include "Format.h"
#include "StatePalette.h"

#include <QApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

namespace tessera::ui {

using engine::IndexState;
using store::IndexAttempt;

namespace {

bool failed(const IndexAttempt& a) {
    return a.phase == QLatin1String("Failed") || (a.finished.isValid() && a.exitCode > 0) ||
           a.signal.has_value();
}

QDateTime startOf(const IndexAttempt& a) {
    return a.started.isValid() ? a.started : a.created;
}

} // namespace

TimelineWidget::TimelineWidget(QWidget* parent)
    : QWidget(parent)
    , m_scroll(new QScrollBar(Qt::Vertical, this)) {
    setObjectName(QStringLiteral("timeline"));
    setMouseTracking(true);
    m_scroll->setVisible(false);
    connect(m_scroll, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
}

void TimelineWidget::setSnapshot(const store::JobSnapshotPtr& snapshot) {
    m_snapshot = snapshot;
    m_rowIndexes.clear();
    m_rowFirst.clear();
    m_t0 = std::numeric_limits<qint64>::max();
    m_t1 = std::numeric_limits<qint64>::min();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (snapshot) {
        const auto& attempts = snapshot->attempts;
        for (size_t i = 0; i < attempts.size(); ++i) {
            const IndexAttempt& a = attempts[i];
            if (m_rowIndexes.empty() || m_rowIndexes.back() != a.index) {
                m_rowIndexes.push_back(a.index);
                m_rowFirst.push_back(i);
            }
            const QDateTime s = startOf(a);
            if (s.isValid())
                m_t0 = std::min(m_t0, s.toMSecsSinceEpoch());
            m_t1 = std::max(m_t1, a.finished.isValid() ? a.finished.toMSecsSinceEpoch() : now);
        }
    }
    if (m_t0 >= m_t1) {
        m_t0 = now - 60000;
        m_t1 = now;
    }
    relayout();
    update();
}

void TimelineWidget::relayout() {
    const int rows = static_cast<int>(m_rowIndexes.size());
    const int available = std::max(1, height() - kAxisHeight);
    m_rowHeight = rows == 0 ? 10 : std::clamp(available / rows, 2, 14);
    const qint64 content = qint64{rows} * m_rowHeight;
    m_scrolling = content > available;
    if (m_scrolling) {
        const int sw = m_scroll->sizeHint().width();
        m_scroll->setGeometry(width() - sw, kAxisHeight, sw, available);
        m_scroll->setRange(0, static_cast<int>(content - available));
        m_scroll->setPageStep(available);
        m_scroll->setSingleStep(m_rowHeight * 3);
    } else {
        m_scroll->setValue(0);
    }
    m_scroll->setVisible(m_scrolling);
}

int TimelineWidget::rowTop(int row) const {
    return kAxisHeight + row * m_rowHeight - (m_scrolling ? m_scroll->value() : 0);
}

QRect TimelineWidget::barRect(const IndexAttempt& a, int row) const {
    const int plotW =
        std::max(1, width() - kLabelWidth - (m_scrolling ? m_scroll->sizeHint().width() : 0) - 4);
    const double span = double(m_t1 - m_t0);
    auto x = [&](qint64 t) {
        return kLabelWidth + int(double(t - m_t0) / span * plotW);
    };
    const QDateTime s = startOf(a);
    const qint64 start = s.isValid() ? s.toMSecsSinceEpoch() : m_t0;
    const qint64 end = a.finished.isValid() ? a.finished.toMSecsSinceEpoch() : m_t1;
    const int x0 = x(start);
    const int x1 = std::max(x0 + 2, x(end));
    const int gap = m_rowHeight >= 5 ? 1 : 0;
    return QRect(x0, rowTop(row), x1 - x0, m_rowHeight - gap);
}

int TimelineWidget::attemptAt(const QPoint& pos) const {
    if (!m_snapshot || pos.y() < kAxisHeight)
        return -1;
    const int row = (pos.y() - kAxisHeight + (m_scrolling ? m_scroll->value() : 0)) / m_rowHeight;
    if (row < 0 || row >= static_cast<int>(m_rowIndexes.size()))
        return -1;
    const auto& attempts = m_snapshot->attempts;
    for (size_t i = m_rowFirst[static_cast<size_t>(row)];
         i < attempts.size() && attempts[i].index == m_rowIndexes[static_cast<size_t>(row)]; ++i) {
        if (barRect(attempts[i], row).adjusted(-1, 0, 1, 0).contains(pos))
            return static_cast<int>(i);
    }
    return -1;
}

bool TimelineWidget::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = attemptAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            return true;
        }
        const IndexAttempt& a = m_snapshot->attempts[static_cast<size_t>(i)];
        QString text =
            tr("<b>Index %1</b>, attempt %2<br>Pod: %3<br>Node: %4<br>Phase: %5")
                .arg(a.index)
                .arg(a.attempt + 1)
                .arg(a.pod.toHtmlEscaped(), a.node.toHtmlEscaped(), a.phase.toHtmlEscaped());
        text += QStringLiteral("<br>") +
                tr("Start: %1, end: %2, duration: %3")
                    .arg(Format::time(startOf(a)), Format::time(a.finished),
                         Format::between(startOf(a), a.finished.isValid()
                                                         ? a.finished
                                                         : QDateTime::currentDateTimeUtc()));
        const QString exit = Format::exitCode(a.exitCode, a.signal);
        if (!exit.isEmpty())
            text += QStringLiteral("<br>") + tr("Exit code: %1").arg(exit);
        if (!a.reason.isEmpty())
            text += QStringLiteral("<br>") + tr("Reason: %1").arg(a.reason.toHtmlEscaped());
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void TimelineWidget::paintEvent(QPaintEvent* event) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (m_rowIndexes.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No attempts yet"));
        return;
    }
    const StatePalette colors(palette());
    const QRgb running = colors.rgb(IndexState::Running);
    const QRgb succeeded = colors.rgb(IndexState::Succeeded);
    const QRgb failedColor = colors.rgb(IndexState::FailedTerminal);
    const auto& attempts = m_snapshot->attempts;
    const int scrollY = m_scrolling ? m_scroll->value() : 0;
    const int firstRow = std::max(0, (event->rect().top() - kAxisHeight + scrollY) / m_rowHeight);
    const int lastRow = std::min(static_cast<int>(m_rowIndexes.size()) - 1,
                                 (event->rect().bottom() - kAxisHeight + scrollY) / m_rowHeight);
    painter.save();
    painter.setClipRect(QRect(0, kAxisHeight, width(), height() - kAxisHeight));
    const int labelEvery = std::max(1, (fontMetrics().height() + 2) / m_rowHeight);
    painter.setPen(palette().color(QPalette::Text));
    for (int row = firstRow; row <= lastRow; ++row) {
        const int index = m_rowIndexes[static_cast<size_t>(row)];
        if (row % labelEvery == 0)
            painter.drawText(QRect(0, rowTop(row), kLabelWidth - 6, fontMetrics().height()),
                             Qt::AlignRight | Qt::AlignTop, QString::number(index));
        for (size_t i = m_rowFirst[static_cast<size_t>(row)];
             i < attempts.size() && attempts[i].index == index; ++i) {
            const IndexAttempt& a = attempts[i];
            const QRgb c = !a.finished.isValid() ? running : failed(a) ? failedColor : succeeded;
            painter.fillRect(barRect(a, row), QColor::fromRgb(c));
        }
    }
    painter.restore();
    // Time axis: a tick every fifth of the span, as offsets from the first start.
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(kLabelWidth, kAxisHeight - 1, width(), kAxisHeight - 1);
    painter.setPen(palette().color(QPalette::Text));
    const int plotW =
        std::max(1, width() - kLabelWidth - (m_scrolling ? m_scroll->sizeHint().width() : 0) - 4);
    for (int k = 0; k <= 5; ++k) {
        const int x = kLabelWidth + plotW * k / 5;
        const qint64 seconds = (m_t1 - m_t0) * k / 5 / 1000;
        painter.drawLine(x, kAxisHeight - 5, x, kAxisHeight - 1);
        const QString label = QStringLiteral("+") + Format::duration(seconds);
        const int w = fontMetrics().horizontalAdvance(label);
        painter.drawText(std::min(x + 2, width() - w - 2), kAxisHeight - 7, label);
    }
    painter.drawText(4, kAxisHeight - 7, tr("Index"));
}

void TimelineWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
}

void TimelineWidget::wheelEvent(QWheelEvent* event) {
    if (m_scrolling)
        QApplication::sendEvent(m_scroll, event);
    else
        QWidget::wheelEvent(event);
}

int TimelineWidget::rowOfIndex(int index) const {
    auto it = std::lower_bound(m_rowIndexes.begin(), m_rowIndexes.end(), index);
    if (it == m_rowIndexes.end() || *it != index)
        return -1;
    return static_cast<int>(it - m_rowIndexes.begin());
}

} // namespace tessera::ui
