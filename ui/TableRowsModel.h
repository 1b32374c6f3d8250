#pragma once
// A small read-only table for the job view's panels (failures, events, spread, attempts):
// headers plus rows of values. setRows() keeps the view's selection and scroll position when
// the row count is unchanged (one dataChanged) and resets otherwise. Raw values sort correctly
// (numbers as numbers) through SortRole; DisplayRole may differ when a display text is given.
#include <QAbstractTableModel>
#include <QStringList>
#include <QVariant>
#include <vector>

namespace tessera::ui {

class TableRowsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;
    struct Cell {
        QVariant value;  // sorts, and is shown when `display` is empty
        QString display; // optional text
        QString toolTip; // optional
    };
    using Row = std::vector<Cell>;

    explicit TableRowsModel(QStringList headers, QObject* parent = nullptr);

    void setRows(std::vector<Row> rows);
    const std::vector<Row>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QStringList m_headers;
    std::vector<Row> m_rows;
};

} // namespace tessera::ui
