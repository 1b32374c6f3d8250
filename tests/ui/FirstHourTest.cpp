// The first hour with the window: keyboard (Tab order, Ctrl+K palette, Ctrl+W/Esc on
// job windows, Ctrl+L, no clashing Alt+letter in any translation), View > Theme repainting the
// scoreboard, the Help menu, the log's attempt rows and "All indexes", action messages that clear
// once the job shows the change, the connection dot, and re-picking the shown source. A
// ScriptedStore stands in for a cluster: the same MainWindow and JobView, no network.
#include "ScriptedStore.h"
#include "report/TranslationLoader.h"
#include "support/Wait.h"
#include "ui/ChartsWidget.h"
#include "ui/CommandPalette.h"
#include "ui/GridLegendWidget.h"
#include "ui/IndexGridWidget.h"
#include "ui/JobListModel.h"
#include "ui/JobView.h"
#include "ui/LogViewWidget.h"
#include "ui/MainWindow.h"
#include "ui/ShortcutsDialog.h"
#include "ui/StatePalette.h"
#include "ui/TableRowsModel.h"
#include "ui/Theme.h"
#include "ui/TimelineWidget.h"
#include "ui/launch/LaunchDialog.h"

#include <QAbstractButton>
#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QValueAxis>
#include <gtest/gtest.h>
#include <map>

using tessera::engine::IndexState;
using tessera::testing::runningJob;
using tessera::testing::ScriptedStore;
using namespace tessera::ui;
using tessera::ui::launch::LaunchDialog;

namespace {

using tessera::test::waitUntil;

// A window on the scripted store with one job listed and open.
struct WindowOnStore {
    ScriptedStore store;
    std::unique_ptr<MainWindow> window;
    tessera::store::JobSnapshot job;
    QString key;

    explicit WindowOnStore(const QString& sourceId = QStringLiteral("context:test"),
                           int completions = 300) {
        QStandardPaths::setTestModeEnabled(true);
        window = std::make_unique<MainWindow>(
            [this](const QString& id, QString*) { return SourceHost::borrow(&store, id); });
        window->resize(1280, 800);
        window->setSourceIds({sourceId});
        window->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        job = runningJob(QStringLiteral("render"), completions);
        key = job.summary.key;
        store.publish(job);
        EXPECT_TRUE(waitUntil([&] { return window->jobModel()->rowCount() == 1; }));
        window->jobTable()->setCurrentIndex(window->jobProxy()->index(0, 0));
        EXPECT_TRUE(waitUntil([&] { return view() != nullptr; }));
        store.publish(job); // the view, watching now, gets its snapshot
        EXPECT_TRUE(waitUntil([&] { return view() && view()->snapshot(); }));
    }
    ~WindowOnStore() { window.reset(); }
    JobView* view() const { return window->jobView(); }
};

QString plainKey(const QString& text) {
    return QKeySequence::mnemonic(text).toString(QKeySequence::PortableText);
}

// Every Alt+letter one window answers to, with who claims it: the menu bar's menus, buttons and
// check boxes, labels with a buddy, group boxes and tabs, in the window itself and every widget
// inside it (also on tab pages not shown now, so switching tabs cannot create a clash). Each
// menu's own items are a separate scope, checked the same way.
QStringList mnemonicClashes(QWidget* window) {
    QStringList clashes;
    std::map<QString, QStringList> claims;
    auto claim = [&](const QString& text, const QString& who) {
        const QString key = plainKey(text);
        if (!key.isEmpty())
            claims[key.toUpper()] << who + QStringLiteral(" \"") + text + QLatin1Char('"');
    };
    QList<QWidget*> widgets = window->findChildren<QWidget*>();
    widgets.prepend(window);
    for (QWidget* w : widgets) {
        if (w->window() != window)
            continue; // menus, dialogs and other windows are scopes of their own
        if (auto* b = qobject_cast<QAbstractButton*>(w))
            claim(b->text(), QStringLiteral("button"));
        else if (auto* l = qobject_cast<QLabel*>(w); l && l->buddy())
            claim(l->text(), QStringLiteral("label"));
        else if (auto* g = qobject_cast<QGroupBox*>(w))
            claim(g->title(), QStringLiteral("group"));
        else if (auto* t = qobject_cast<QTabBar*>(w)) {
            for (int i = 0; i < t->count(); ++i)
                claim(t->tabText(i), QStringLiteral("tab"));
        } else if (auto* m = qobject_cast<QMenuBar*>(w)) {
            for (QAction* a : m->actions())
                claim(a->text(), QStringLiteral("menu"));
        }
    }
    for (const auto& [key, who] : claims) {
        if (who.size() > 1)
            clashes << key + QStringLiteral(": ") + who.join(QStringLiteral(", "));
    }
    for (QMenu* menu : window->findChildren<QMenu*>()) {
        std::map<QString, QStringList> items;
        for (QAction* a : menu->actions()) {
            const QString key = plainKey(a->text());
            if (!key.isEmpty())
                items[key.toUpper()] << a->text();
        }
        for (const auto& [key, texts] : items) {
            if (texts.size() > 1)
                clashes << menu->title() + QStringLiteral(" ") + key + QStringLiteral(": ") +
                               texts.join(QStringLiteral(", "));
        }
    }
    return clashes;
}

// Installs the translation of `locale` ("" = none: English) for the lifetime of this object.
class Language {
public:
    explicit Language(const QString& locale) {
        if (locale.isEmpty())
            return;
        qputenv("TESSERA_TRANSLATIONS_DIR", TESSERA_QM_DIR);
        m_before = qApp->findChildren<QTranslator*>();
        m_loaded = tessera::report::TranslationLoader::install(*qApp, QLocale(locale));
    }
    ~Language() {
        for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
            if (!m_before.contains(t)) {
                QCoreApplication::removeTranslator(t);
                delete t;
            }
        }
    }
    const QString& loaded() const { return m_loaded; }

private:
    QList<QTranslator*> m_before;
    QString m_loaded;
};

} // namespace

TEST(FirstHour, NoAltLetterIsClaimedTwiceInAnyLanguage) {
    for (const QString& locale : {QString(), QStringLiteral("de"), QStringLiteral("zh_CN")}) {
        const Language language(locale);
        if (!locale.isEmpty()) {
            ASSERT_FALSE(language.loaded().isEmpty()) << "no .qm for " << locale.toStdString();
        }
        WindowOnStore w;
        ASSERT_TRUE(w.view());
        const QStringList main = mnemonicClashes(w.window.get());
        EXPECT_TRUE(main.isEmpty())
            << locale.toStdString() << ": " << main.join(QStringLiteral("\n")).toStdString();
        // A job in a window of its own is a scope of its own.
        w.window->openJobInWindow(w.key);
        JobView* own = nullptr;
        for (QWidget* top : QApplication::topLevelWidgets()) {
            if (auto* v = qobject_cast<JobView*>(top); v && v != w.view())
                own = v;
        }
        ASSERT_TRUE(own);
        const QStringList separate = mnemonicClashes(own);
        EXPECT_TRUE(separate.isEmpty())
            << locale.toStdString() << ": " << separate.join(QStringLiteral("\n")).toStdString();
        // The job tabs answer to their own letters, not to the menus'.
        QTabBar* tabs = w.view()->tabs()->tabBar();
        for (int i = 0; i < tabs->count(); ++i) {
            for (QAction* a : w.window->menuBar()->actions())
                EXPECT_NE(plainKey(tabs->tabText(i)), plainKey(a->text()))
                    << locale.toStdString() << ": " << tabs->tabText(i).toStdString();
        }
        own->close();
        // The Launch dialog (a window of its own), as a dropped work list opens it.
        QTemporaryDir dir;
        const QString list = dir.filePath(QStringLiteral("work.txt"));
        QFile file(list);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("echo one\necho two\n");
        file.close();
        w.window->openLaunchFiles({list});
        auto* launch = w.window->findChild<LaunchDialog*>();
        ASSERT_TRUE(launch);
        const QStringList dialog = mnemonicClashes(launch);
        EXPECT_TRUE(dialog.isEmpty())
            << locale.toStdString() << ": " << dialog.join(QStringLiteral("\n")).toStdString();
        launch->close();
    }
}

TEST(FirstHour, TabMovesFromTheJobListToTheGridTheTabsAndTheLog) {
    WindowOnStore w;
    QApplication::setActiveWindow(w.window.get());
    ASSERT_TRUE(QTest::qWaitForWindowActive(w.window.get()));
    QTableView* list = w.window->jobTable();
    list->setFocus();
    ASSERT_TRUE(waitUntil([&] { return list->hasFocus(); }));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    IndexGridWidget* grid = w.view()->grid();
    EXPECT_EQ(QApplication::focusWidget(), grid);
    // The grid shows that it has the focus: a frame in the highlight colour around it.
    const QImage focused = grid->grab().toImage();
    EXPECT_EQ(focused.pixelColor(0, grid->height() / 2).rgb(),
              grid->palette().color(QPalette::Highlight).rgb());
    QTest::keyClick(grid, Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), w.view()->tabs()->tabBar());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), w.view()->logView()->indexBox());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    EXPECT_EQ(QApplication::focusWidget(), w.view()->tabs()->tabBar());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    EXPECT_EQ(QApplication::focusWidget(), grid);
    const QImage unfocused = [&] {
        list->setFocus();
        return grid->grab().toImage();
    }();
    EXPECT_NE(unfocused.pixelColor(0, grid->height() / 2).rgb(),
              grid->palette().color(QPalette::Highlight).rgb());
    // Ctrl+L: the log's index box, ready for typing.
    QTest::keyClick(w.window.get(), Qt::Key_L, Qt::ControlModifier);
    EXPECT_EQ(QApplication::focusWidget(), w.view()->logView()->indexBox());
}

TEST(FirstHour, ThemeSwitchRepaintsTheGridAndIsRemembered) {
    WindowOnStore w;
    IndexGridWidget* grid = w.view()->grid();
    auto themeAction = [&](const QString& name) -> QAction* {
        auto* menu = w.window->findChild<QMenu*>(QStringLiteral("themeMenu"));
        for (QAction* a : menu->actions()) {
            if (a->text().remove(QLatin1Char('&')) == name)
                return a;
        }
        return nullptr;
    };
    ASSERT_TRUE(themeAction(QStringLiteral("Light")) && themeAction(QStringLiteral("Dark")));
    themeAction(QStringLiteral("Light"))->trigger();
    QApplication::processEvents(); // the new style's layout
    const QPoint lightCell = grid->cellRect(299).center();
    const QImage light = grid->grab().toImage();
    themeAction(QStringLiteral("Dark"))->trigger();
    QApplication::processEvents();
    const QPoint notStarted = grid->cellRect(299).center();
    const QImage dark = grid->grab().toImage();
    ASSERT_FALSE(light.isNull());
    ASSERT_FALSE(dark.isNull());
    EXPECT_EQ(QSettings().value(themeSettingKey()).toString(), QStringLiteral("dark"));
    // The background (the margin) and a not-started cell both follow the theme.
    const QColor lightBackground = light.pixelColor(light.width() - 1, light.height() - 1);
    const QColor darkBackground = dark.pixelColor(dark.width() - 1, dark.height() - 1);
    EXPECT_GT(lightBackground.lightness(), 128);
    EXPECT_LT(darkBackground.lightness(), 128);
    EXPECT_EQ(dark.pixelColor(notStarted).rgb(),
              StatePalette(themePalette(Theme::Dark)).rgb(IndexState::NotStarted));
    EXPECT_EQ(light.pixelColor(lightCell).rgb(),
              StatePalette(themePalette(Theme::Light)).rgb(IndexState::NotStarted));
    EXPECT_NE(light.pixelColor(lightCell).rgb(), dark.pixelColor(notStarted).rgb());
    EXPECT_EQ(savedTheme(), Theme::Dark);
    // The timeline (custom painted too) and the legend's swatches follow as well.
    auto* timeline = w.view()->findChild<TimelineWidget*>();
    ASSERT_TRUE(timeline);
    timeline->resize(400, 200);
    const QImage darkTimeline = timeline->grab().toImage();
    ASSERT_FALSE(darkTimeline.isNull());
    EXPECT_LT(darkTimeline.pixelColor(1, 1).lightness(), 128);
    auto* swatchOwner = w.view()->findChild<GridLegendWidget*>();
    ASSERT_TRUE(swatchOwner);
    const QImage darkLegend = swatchOwner->grab().toImage();
    const QColor notStartedSwatch = [&] {
        // The first swatch is "Not started": its centre pixel.
        QLabel* swatch = nullptr;
        for (QLabel* l : swatchOwner->findChildren<QLabel*>()) {
            if (!l->pixmap().isNull() && (!swatch || l->x() < swatch->x()))
                swatch = l;
        }
        // In the legend's coordinates: the swatch sits in its entry, after the caption.
        return swatch ? darkLegend.pixelColor(swatch->mapTo(swatchOwner, swatch->rect().center()))
                      : QColor();
    }();
    EXPECT_EQ(notStartedSwatch.rgb(),
              StatePalette(themePalette(Theme::Dark)).rgb(IndexState::NotStarted));
    // Back to the desktop's look, remembered too.
    themeAction(QStringLiteral("System"))->trigger();
    EXPECT_EQ(savedTheme(), Theme::System);
    EXPECT_EQ(QApplication::palette().color(QPalette::Base),
              themePalette(Theme::System).color(QPalette::Base));
}

TEST(FirstHour, CommandPaletteJumpsToAJobATabAndAnAction) {
    WindowOnStore w;
    auto other = runningJob(QStringLiteral("encode"), 50);
    w.store.publish(other);
    ASSERT_TRUE(waitUntil([&] { return w.window->jobModel()->rowCount() == 2; }));
    auto open = [&](const QString& filter) -> CommandPalette* {
        // The one used before goes first (deleteLater).
        if (!waitUntil([&] { return w.window->findChild<CommandPalette*>() == nullptr; }))
            return nullptr;
        QApplication::setActiveWindow(w.window.get());
        QTest::keyClick(w.window.get(), Qt::Key_K, Qt::ControlModifier);
        auto* palette = w.window->findChild<CommandPalette*>();
        if (palette == nullptr) {
            QWidget* f = QApplication::focusWidget();
            ADD_FAILURE() << "no palette; focus on "
                          << (f ? f->metaObject()->className() : "nothing") << " "
                          << (f ? f->objectName().toStdString() : std::string());
            return nullptr;
        }
        // Typing goes to the filter at once (a popup gets no focus from the window system).
        QWidget* typedInto = QApplication::focusWidget();
        if (typedInto == nullptr ||
            typedInto->objectName() != QLatin1String("commandPaletteFilter")) {
            ADD_FAILURE() << "the palette's filter has no focus; focus on "
                          << (typedInto ? typedInto->metaObject()->className() : "nothing");
            return nullptr;
        }
        QTest::keyClicks(typedInto, filter);
        return palette;
    };
    // Ctrl+K works from a text field too (where it would otherwise delete to the line's end).
    w.window->focusFilter();
    CommandPalette* palette = open(QStringLiteral("encode"));
    ASSERT_TRUE(palette);
    ASSERT_FALSE(palette->shownTexts().isEmpty());
    EXPECT_TRUE(palette->shownTexts().first().contains(QStringLiteral("encode")));
    palette->runCurrent();
    ASSERT_TRUE(waitUntil([&] { return w.view() && w.view()->key() == other.summary.key; }));
    // Words in any order, any case.
    palette = open(QStringLiteral("TIMELINE tab"));
    ASSERT_TRUE(palette);
    ASSERT_EQ(palette->shownTexts().size(), 1)
        << palette->shownTexts().join(QLatin1Char('|')).toStdString();
    palette->runCurrent();
    EXPECT_EQ(w.view()->tabs()->currentIndex(), 4);
    // Menu actions, with their path and shortcut.
    palette = open(QStringLiteral("keyboard shortcuts"));
    ASSERT_TRUE(palette);
    ASSERT_EQ(palette->shownTexts().size(), 1);
    EXPECT_TRUE(
        palette->shownTexts().first().contains(QStringLiteral("Help › Keyboard shortcuts")));
    palette->runCurrent();
    auto* shortcuts = w.window->findChild<ShortcutsDialog*>();
    ASSERT_TRUE(shortcuts);
    const QString rows = shortcuts->rows().join(QLatin1Char('\n'));
    EXPECT_TRUE(rows.contains(QStringLiteral("Ctrl+K\tView › Command palette")))
        << rows.toStdString();
    EXPECT_TRUE(rows.contains(QStringLiteral("Ctrl+L\tView › Index logs"))) << rows.toStdString();
    EXPECT_TRUE(rows.contains(QStringLiteral("Ctrl+W, Esc"))) << rows.toStdString();
    shortcuts->close();
}

TEST(FirstHour, HelpMenuHasTheShortcutListAndAnAboutBox) {
    WindowOnStore w;
    QMenu* help = nullptr;
    for (QAction* a : w.window->menuBar()->actions()) {
        if (a->text() == QStringLiteral("&Help"))
            help = a->menu();
    }
    ASSERT_TRUE(help);
    QAction* about = w.window->findChild<QAction*>(QStringLiteral("aboutAction"));
    ASSERT_TRUE(about && help->actions().contains(about));
    about->trigger();
    auto* box = w.window->findChild<QMessageBox*>(QStringLiteral("aboutBox"));
    ASSERT_TRUE(box);
    EXPECT_TRUE(box->isVisible());
    EXPECT_TRUE(box->text().contains(QStringLiteral("Indexed Jobs")));
    box->close();
}

TEST(FirstHour, AJobWindowClosesOnCtrlWAndOnEscape) {
    WindowOnStore w;
    for (const QKeySequence& keys :
         {QKeySequence(QKeySequence::Close), QKeySequence(Qt::Key_Escape)}) {
        w.window->openJobInWindow(w.key);
        QPointer<JobView> own;
        for (QWidget* top : QApplication::topLevelWidgets()) {
            if (auto* v = qobject_cast<JobView*>(top); v && v->isVisible() && v != w.view())
                own = v;
        }
        ASSERT_TRUE(own);
        QApplication::setActiveWindow(own);
        ASSERT_TRUE(QTest::qWaitForWindowActive(own));
        QTest::keySequence(own.data(), keys);
        EXPECT_TRUE(waitUntil([&] { return own.isNull(); })) << keys.toString().toStdString();
    }
}

TEST(FirstHour, AnAttemptRowShowsItsLogAndAllIndexesIsAChoice) {
    WindowOnStore w;
    JobView* view = w.view();
    view->showIndex(0);
    ASSERT_EQ(view->attemptsModel()->rowCount(), 2);
    auto* attempts = view->findChild<QTableView*>(QStringLiteral("attemptsTable"));
    ASSERT_TRUE(attempts);
    // The first attempt (the failed one): click its row.
    int row = -1;
    for (int r = 0; r < attempts->model()->rowCount(); ++r) {
        if (attempts->model()->index(r, 0).data(TableRowsModel::SortRole).toInt() == 1)
            row = r;
    }
    ASSERT_GE(row, 0);
    const QRect cell = attempts->visualRect(attempts->model()->index(row, 1));
    QTest::mouseClick(attempts->viewport(), Qt::LeftButton, {}, cell.center());
    EXPECT_EQ(view->logView()->attempt(), 0);
    EXPECT_EQ(w.store.logIndex, 0);
    EXPECT_EQ(w.store.logAttempt, 0);
    // "All indexes": a box of its own, next to the index.
    auto* all = view->findChild<QCheckBox*>(QStringLiteral("logAllIndexes"));
    ASSERT_TRUE(all);
    EXPECT_TRUE(all->isVisibleTo(view));
    all->click();
    EXPECT_EQ(view->logView()->index(), tessera::store::JobStore::kAllIndexes);
    EXPECT_EQ(w.store.logIndex, tessera::store::JobStore::kAllIndexes);
    EXPECT_FALSE(view->logView()->indexBox()->isEnabled());
    all->click();
    EXPECT_EQ(view->logView()->index(), 0);
}

TEST(FirstHour, ActionMessagesClearOnceTheJobShowsTheChangeAndMoveNothing) {
    WindowOnStore w;
    JobView* view = w.view();
    auto* message = view->findChild<QLabel*>(QStringLiteral("jobActionMessage"));
    auto* tabs = view->tabs();
    ASSERT_TRUE(message);
    const int tabsTop = tabs->geometry().top();
    view->parallelismSpinBox()->setValue(300);
    view->applyParallelism();
    EXPECT_EQ(w.store.askedParallelism, 300);
    EXPECT_TRUE(message->text().contains(QStringLiteral("300"))) << message->text().toStdString();
    QApplication::processEvents();
    EXPECT_EQ(tabs->geometry().top(), tabsTop); // the message did not push the tabs down
    // A snapshot still at the old value keeps the message; the one showing 300 clears it.
    auto job = runningJob(QStringLiteral("render"), 300);
    w.store.publish(job);
    QApplication::processEvents();
    EXPECT_FALSE(message->text().isEmpty());
    job.summary.parallelism = 300;
    w.store.publish(job);
    EXPECT_TRUE(waitUntil([&] { return message->text().isEmpty(); }));
    // Suspending: the same.
    view->toggleSuspended();
    EXPECT_EQ(w.store.askedSuspended, 1);
    EXPECT_FALSE(message->text().isEmpty());
    job.summary.suspended = true;
    w.store.publish(job);
    EXPECT_TRUE(waitUntil([&] { return message->text().isEmpty(); }));
    EXPECT_EQ(tabs->geometry().top(), tabsTop);
}

TEST(FirstHour, PickingTheShownSourceAgainKeepsItAndTheDotShowsTheState) {
    WindowOnStore w(QStringLiteral("demo"));
    EXPECT_EQ(w.window->windowTitle(), QStringLiteral("Tessera — Demo"));
    SourceHost* host = w.window->sourceHost();
    auto* picker = w.window->findChild<QComboBox*>(QStringLiteral("sourcePicker"));
    ASSERT_TRUE(picker);
    emit picker->activated(picker->currentIndex());
    EXPECT_EQ(w.window->sourceHost(), host); // not re-opened (the Demo would restart)
    EXPECT_TRUE(w.view());                   // nor the job closed
    // Connected: the dot is green (the succeeded colour of the theme).
    EXPECT_TRUE(waitUntil([&] {
        return w.window->connectionColour() ==
               StatePalette(w.window->palette()).color(IndexState::Succeeded);
    })) << w.window->connectionColour().name().toStdString();
}

TEST(FirstHour, ChartAxesEndAtARoundNumberJustAboveTheLargestValue) {
    ChartsWidget charts;
    charts.resize(800, 600);
    auto top = [&](const char* name) {
        auto* view = charts.findChild<QChartView*>(QLatin1String(name));
        const auto axes = view ? view->chart()->axes(Qt::Vertical) : QList<QAbstractAxis*>();
        auto* axis = axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.first());
        return axis ? std::pair(axis->max(), axis->tickCount()) : std::pair(-1.0, 0);
    };
    // Succeeded over time runs up to the completions: 20,000 ends at 20,000 (it ended at 40,000,
    // the upper half empty), 300 at 300, 7 at 10.
    for (const auto& [completions, max, ticks] :
         std::vector<std::tuple<int, double, int>>{{20000, 20000, 3}, {300, 300, 4}, {7, 10, 3}}) {
        charts.setSnapshot(std::make_shared<tessera::store::JobSnapshot>(
            runningJob(QStringLiteral("render"), completions)));
        EXPECT_EQ(top("chartSucceeded"), std::pair(max, ticks)) << completions;
    }
}

TEST(FirstHour, ChartsRedrawTheirSeriesInTheNewThemesStateColours) {
    ChartsWidget charts;
    charts.resize(800, 600);
    charts.setSnapshot(
        std::make_shared<tessera::store::JobSnapshot>(runningJob(QStringLiteral("render"), 30)));
    auto histogramColour = [&] {
        for (QChartView* view : charts.findChildren<QChartView*>()) {
            for (QAbstractSeries* series : view->chart()->series()) {
                if (auto* bars = qobject_cast<QBarSeries*>(series))
                    return bars->barSets().value(0)->color();
            }
        }
        return QColor();
    };
    const QPalette dark = themePalette(Theme::Dark);
    ASSERT_NE(histogramColour(), StatePalette(dark).color(IndexState::Succeeded));
    charts.setPalette(dark); // as View > Theme > Dark does for every widget
    EXPECT_EQ(histogramColour(), StatePalette(dark).color(IndexState::Succeeded));
}

// "a re-run's tooltip shows the original index". A re-run's snapshot carries the map
// (ClusterSource: the Job's annotation; LocalSource: run.conf); the grid's tooltip and the details
// panel name both indexes, and an index of any other job is named as before.
TEST(FirstHour, AReRunsTooltipAndDetailsNameTheOriginalIndex) {
    WindowOnStore w;
    JobView* view = w.view();
    EXPECT_FALSE(view->grid()->toolTipText(3).contains(QStringLiteral("original")));
    tessera::store::JobSnapshot rerun = w.job;
    rerun.originalIndexes = std::make_shared<const std::map<int32_t, int32_t>>(
        std::map<int32_t, int32_t>{{0, 4}, {3, 17}});
    w.store.publish(rerun);
    ASSERT_TRUE(waitUntil([&] { return view->snapshot()->originalIndexes != nullptr; }));
    EXPECT_TRUE(
        view->grid()->toolTipText(3).contains(QStringLiteral("<b>Index 3 (original index 17)</b>")))
        << view->grid()->toolTipText(3).toStdString();
    EXPECT_TRUE(
        view->grid()->toolTipText(0).contains(QStringLiteral("Index 0 (original index 4)")));
    EXPECT_TRUE(view->grid()->toolTipText(1).contains(QStringLiteral("<b>Index 1</b>")))
        << view->grid()->toolTipText(1).toStdString();
    view->showIndex(3);
    auto* title = view->findChild<QLabel*>(QStringLiteral("indexDetailsTitle"));
    ASSERT_TRUE(title);
    EXPECT_TRUE(title->text().contains(QStringLiteral("Index 3 (original index 17)")))
        << title->text().toStdString();
    view->showIndex(1);
    EXPECT_TRUE(title->text().contains(QStringLiteral("<b>Index 1</b>")))
        << title->text().toStdString();
}
