// The Launch dialog and the job list in English, German and Chinese: every form label, button
// and column header shows its whole text, the German legend fits a 1280 px window without
// pushing it wider, and the language check keeps a CJK translation from showing empty boxes when
// no CJK font is installed. With TESSERA_SCREENSHOT_DIR set, each dialog and window is saved
// there as a PNG to look at.
#include "support/Wait.h"
#include "ui/GridLegendWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/LanguageFonts.h"
#include "ui/MainWindow.h"
#include "ui/launch/LaunchDialog.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <gtest/gtest.h>
#include <memory>

using namespace tessera::ui;
using tessera::ui::launch::LaunchDialog;

namespace {

using tessera::test::waitUntil;

// Tessera's translation for `language` installed while it lives ("en": none).
class ScopedLanguage {
public:
    explicit ScopedLanguage(const QString& language) {
        if (language == QLatin1String("en"))
            return;
        m_translator = std::make_unique<QTranslator>();
        m_loaded = m_translator->load(QStringLiteral("tessera_") + language,
                                      QStringLiteral(TESSERA_QM_DIR));
        if (m_loaded)
            QCoreApplication::installTranslator(m_translator.get());
    }
    ~ScopedLanguage() {
        if (m_loaded)
            QCoreApplication::removeTranslator(m_translator.get());
    }
    bool ok() const { return m_translator == nullptr || m_loaded; }

private:
    std::unique_ptr<QTranslator> m_translator;
    bool m_loaded = false;
};

void saveShot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("TESSERA_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget->grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

// Labels (without word wrap) and buttons that are narrower than their text: clipped.
QStringList clippedTexts(QWidget* root) {
    QStringList out;
    for (QLabel* l : root->findChildren<QLabel*>()) {
        if (l->isVisible() && !l->wordWrap() && !l->text().isEmpty() && l->pixmap().isNull() &&
            l->width() < l->minimumSizeHint().width())
            out << l->text() + QStringLiteral(" (%1 < %2)")
                                   .arg(l->width())
                                   .arg(l->minimumSizeHint().width());
    }
    for (QAbstractButton* b : root->findChildren<QAbstractButton*>()) {
        if (b->isVisible() && !b->text().isEmpty() && b->width() < b->sizeHint().width())
            out << b->text() +
                       QStringLiteral(" (%1 < %2)").arg(b->width()).arg(b->sizeHint().width());
    }
    return out;
}

// Column titles of `view` cut short (all but the column that stretches into the rest).
QStringList cutHeaderTitles(QTableView* view) {
    QStringList out;
    QHeaderView* header = view->horizontalHeader();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int c = 0; c < header->count(); ++c) {
        if (header->sectionResizeMode(c) == QHeaderView::Stretch ||
            (header->stretchLastSection() && c == header->count() - 1))
            continue;
        const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
        if (header->sectionSize(c) < header->fontMetrics().horizontalAdvance(title) + 2 * margin)
            out << view->objectName() + QLatin1Char(':') + title;
    }
    return out;
}

class TranslatedLayout : public ::testing::TestWithParam<const char*> {};

} // namespace

TEST_P(TranslatedLayout, TheLaunchDialogShowsEveryLabelWhole) {
    const QString language = QString::fromLatin1(GetParam());
    ScopedLanguage scoped(language);
    ASSERT_TRUE(scoped.ok()) << "no tessera_" << GetParam() << ".qm in " << TESSERA_QM_DIR;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("frames.txt"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("render --frame 1\nrender --frame 2\nrender --frame 3\n");
    }
    LaunchDialog dialog;
    const int width = dialog.width();
    dialog.setClusterTargets({{QStringLiteral("Demo"), SourceHost::demoId(), QString(),
                               tessera::kube::ClusterConnection{}}});
    dialog.openFile(path);
    dialog.show();
    ASSERT_TRUE(waitUntil([&] { return !dialog.isBusy() && dialog.file()->ok(); }));
    for (const auto target : {LaunchDialog::Target::Local, LaunchDialog::Target::DryRun,
                              LaunchDialog::Target::Cluster}) {
        dialog.setTarget(target);
        ASSERT_TRUE(waitUntil([&] { return !dialog.isBusy(); }));
        QCoreApplication::processEvents();
        EXPECT_LE(dialog.minimumSizeHint().width(), width) << "target " << int(target);
        EXPECT_EQ(dialog.width(), width);
        EXPECT_EQ(clippedTexts(&dialog), QStringList()) << "target " << int(target);
        saveShot(&dialog, QStringLiteral("launch-%1-%2").arg(language).arg(int(target)));
    }
}

TEST_P(TranslatedLayout, TheJobListAndLegendFitA1280PixelWindow) {
    const QString language = QString::fromLatin1(GetParam());
    ScopedLanguage scoped(language);
    ASSERT_TRUE(scoped.ok());
    QStandardPaths::setTestModeEnabled(true);
    MainWindow window;
    window.resize(1280, 800);
    window.setSourceIds({SourceHost::demoId()});
    window.show();
    JobListModel* model = window.jobModel();
    ASSERT_TRUE(waitUntil([&] { return model->rowCount() > 0; }));
    window.jobTable()->setCurrentIndex(window.jobProxy()->index(0, 0));
    ASSERT_TRUE(waitUntil([&] { return window.jobView() && window.jobView()->snapshot(); }));
    QTest::qWait(300);
    EXPECT_EQ(window.width(), 1280); // not pushed wider
    EXPECT_LE(window.minimumSizeHint().width(), 1280);

    // Every column header shows its whole title.
    QHeaderView* header = window.jobTable()->horizontalHeader();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int c = 0; c < header->count() - 1; ++c) { // the last one stretches
        const QString title = model->headerData(c, Qt::Horizontal).toString();
        EXPECT_GE(header->sectionSize(c),
                  header->fontMetrics().horizontalAdvance(title) + 2 * margin)
            << title.toStdString();
    }

    // So do the job's own tables: attempts, failing indexes, events, pods by node and zone.
    for (int tab : {0, 1, 2}) {
        window.jobView()->tabs()->setCurrentIndex(tab);
        QTest::qWait(100);
    }
    for (const char* name :
         {"attemptsTable", "failuresTable", "eventsTable", "nodesTable", "zonesTable"}) {
        auto* table = window.jobView()->findChild<QTableView*>(QLatin1String(name));
        ASSERT_NE(table, nullptr) << name;
        EXPECT_EQ(cutHeaderTitles(table).join(QStringLiteral(", ")).toStdString(), "");
    }
    window.jobView()->tabs()->setCurrentIndex(0);

    auto* legend = window.findChild<GridLegendWidget*>(QStringLiteral("gridLegend"));
    ASSERT_NE(legend, nullptr);
    // The Demo keeps changing the counts ("Running 9" becomes "Running 10"): measure once the
    // layouts have caught up with the texts shown now (a label's new size reaches the legend
    // through a chain of posted layout requests; no new snapshot is delivered meanwhile).
    for (int i = 0; i < 4; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    EXPECT_EQ(clippedTexts(legend).join(QStringLiteral(", ")).toStdString(), "");
    EXPECT_LE(legend->minimumSizeHint().width(), legend->width());
    saveShot(&window, QStringLiteral("window-%1").arg(language));
}

INSTANTIATE_TEST_SUITE_P(Languages, TranslatedLayout, ::testing::Values("en", "de", "zh_CN"),
                         [](const ::testing::TestParamInfo<const char*>& language) {
                             return std::string(language.param) == "zh_CN"
                                        ? std::string("zh")
                                        : std::string(language.param);
                         });

TEST(LanguageFonts, ChineseWithoutACjkFontStaysEnglishAndSaysWhichPackageToInstall) {
    const QLocale chinese(QLocale::Chinese, QLocale::China);
    const QString reason = LanguageFonts::missingFontReason(chinese, {});
    EXPECT_TRUE(reason.contains(QStringLiteral("fonts-noto-cjk"))) << reason.toStdString();
    EXPECT_TRUE(
        LanguageFonts::missingFontReason(chinese, {QStringLiteral("Noto Sans CJK SC")}).isEmpty());
    // Languages in Latin script need nothing more.
    EXPECT_TRUE(LanguageFonts::missingFontReason(QLocale(QLocale::German), {}).isEmpty());
    // This machine has one (scripts/deps.sh installs fonts-noto-cjk).
    EXPECT_TRUE(LanguageFonts::missingFontReason(chinese).isEmpty());
}
