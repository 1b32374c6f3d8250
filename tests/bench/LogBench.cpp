// A large log opened in the log view (docs/PERFORMANCE.md): what each piece costs the thread
// that reads it and the GUI thread that shows it. A 50 MB log is read in the store's 1 MiB pieces
// (read, UTF-8 decode, split into lines); the view then gets one piece per event
// (LogViewWidget::appendText: split and filter) and appends a batch of kLinesPerBatch lines per
// turn of the event loop. The window stays responsive when each of these is a frame or two.
#include "store/LogLineSplitter.h"
#include "ui/LogViewWidget.h"

#include <QApplication>
#include <QFile>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>

namespace {

constexpr qint64 kPiece = 1024 * 1024; // LocalSource's piece
constexpr qint64 kLogBytes = 50LL * 1024 * 1024;

// Log lines of varied length, as a build or a batch job writes them.
QByteArray logText(qint64 bytes) {
    QByteArray out;
    out.reserve(bytes + 200);
    for (int i = 0; out.size() < bytes; ++i)
        out += "2026-11-26T10:00:00Z worker " + QByteArray::number(i % 97) + " step " +
               QByteArray::number(i) + QByteArray(i % 120, 'x') + " done\n";
    return out;
}

// The whole 50 MB file read, decoded and split as the store and the view do, piece by piece.
void BM_LogRead50MB(benchmark::State& state) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.log"));
    {
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(logText(kLogBytes));
    }
    qint64 lines = 0, pieces = 0;
    for (auto _ : state) {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        QStringDecoder decoder(QStringDecoder::Utf8);
        tessera::store::LogLineSplitter splitter;
        lines = pieces = 0;
        while (!f.atEnd()) {
            const QString text = decoder.decode(f.read(kPiece));
            lines += splitter.push(text).size();
            ++pieces;
        }
        benchmark::DoNotOptimize(lines);
    }
    state.counters["lines"] = double(lines);
    state.counters["pieces"] = double(pieces);
    state.SetBytesProcessed(state.iterations() * kLogBytes);
}

// The GUI thread's work for one 1 MiB piece arriving (split, filter, queued for the view).
void BM_LogViewTakesOnePiece(benchmark::State& state) {
    const QString piece = QString::fromUtf8(logText(kPiece));
    tessera::ui::LogViewWidget view;
    view.setIndexRange(1);
    view.showIndex(0);
    view.loadWhole(); // no line limit, as the whole log is shown
    for (auto _ : state) {
        view.appendText(0, 0, piece, false);
        state.PauseTiming();
        view.clear(); // the queue is not what is measured here
        view.loadWhole();
        state.ResumeTiming();
    }
}

// One turn of the event loop while a whole log is shown: one batch appended to the view.
void BM_LogViewAppendsOneBatch(benchmark::State& state) {
    const QString piece = QString::fromUtf8(logText(8 * kPiece));
    tessera::ui::LogViewWidget view;
    view.resize(900, 600);
    view.show();
    view.setIndexRange(1);
    view.showIndex(0);
    view.loadWhole();
    for (auto _ : state) {
        if (view.pendingLines() == 0) {
            state.PauseTiming();
            view.appendText(0, 0, piece, false);
            state.ResumeTiming();
        }
        QCoreApplication::processEvents(); // the drain timer's one batch, and the paint after it
    }
    state.counters["linesPerBatch"] = tessera::ui::LogViewWidget::kLinesPerBatch;
}

} // namespace

BENCHMARK(BM_LogRead50MB)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_LogViewTakesOnePiece)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LogViewAppendsOneBatch)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
