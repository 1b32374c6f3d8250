#pragma once
// A layout that places its items left to right and wraps to a new row when the width runs out
// (after Qt's Flow Layout example), so a row of labels never forces its window wider: a
// translation with longer words takes a second row instead.
#include <QLayout>
#include <QList>

namespace tessera::ui {

class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int horizontalSpacing = 4,
                        int verticalSpacing = 2);
    ~FlowLayout() override;

    // Extra space before the next item (a gap between groups); applies to the item added next.
    void addGap(int pixels);

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    // Lays the items out in `rect` (only measures when `apply` is false); returns the height used.
    int layOut(const QRect& rect, bool apply) const;

    QList<QLayoutItem*> m_items;
    QList<int> m_gaps; // extra space before each item
    int m_pendingGap = 0;
    int m_hSpacing;
    int m_vSpacing;
};

} // namespace tessera::ui
