#pragma once
// The job list's scope in the tool bar: namespaces ("team-a, team-b"; empty = all) and a label
// selector completed from the labels of the jobs seen. Enter applies both (JobScope::parse is
// the gate: a namespace or selector it refuses is shown, not sent). The scope is remembered per
// source (a kubeconfig context, the Demo, local runs) in QSettings: names and selectors only.
#include "store/JobScope.h"

#include <QMap>
#include <QWidget>
#include <functional>

class QComboBox;
class QLineEdit;
class QStringListModel;

namespace tessera::ui {

class ScopeBar : public QWidget {
    Q_OBJECT
public:
    explicit ScopeBar(QWidget* parent = nullptr);

    QComboBox* namespaceBox() const { return m_namespaces; }
    QLineEdit* selectorEdit() const { return m_selector; }
    // The scope last applied (what the store was asked for).
    const store::JobScope& scope() const { return m_scope; }

    // Shows the scope remembered for `sourceId` (nothing remembered: all namespaces, no selector)
    // and returns it; the caller gives it to that source's store.
    store::JobScope restoreFor(const QString& sourceId);
    // What the selector completes: each "key=value" seen, and each key.
    void setSeenLabels(const QMap<QString, QStringList>& valuesByKey);
    // Where the labels seen come from: asked each time the selector gets the focus.
    void setLabelSource(std::function<QMap<QString, QStringList>()> source) {
        m_labelSource = std::move(source);
    }

public slots:
    // Parses both fields; emits scopeChanged (and remembers it) when they are valid and differ.
    void apply();

signals:
    void scopeChanged(const tessera::store::JobScope& scope);
    // The fields do not parse: `message` names the field and the text (the scope is unchanged).
    void scopeRefused(const QString& message);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static QString settingsGroup(const QString& sourceId);

    QComboBox* m_namespaces;
    QLineEdit* m_selector;
    QStringListModel* m_completions;
    store::JobScope m_scope;
    QString m_sourceId;
    std::function<QMap<QString, QStringList>()> m_labelSource;
};

} // namespace tessera::ui
