// MainWindow's file handling: open, save (with DD results through the solver controller),
// export and print, the board list's additions and deletions, recent files and drops. Saving is
// atomic (BoardFile::save writes through QSaveFile) and never discards unsaved work: a question
// or a close that arrives while a save with results runs waits for it without a nested event
// loop. It must never solve anything itself nor wait for the solver.

#include "ui/main_window.h"

#include "ui/analysis_panel.h"
#include "ui/board_list_model.h"
#include "ui/par_text.h"
#include "ui/table_widget.h"

#include "core/model/dealer.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressDialog>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QUrl>

#include <memory>
#include <utility>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

// Dealer and vulnerability of duplicate board `number` (1-based; they repeat every 16 boards).
void setBoardNumber(Board &board, int number)
{
    static constexpr core::Vulnerability vul[16] = {
        core::Vulnerability::None,       core::Vulnerability::NorthSouth,
        core::Vulnerability::EastWest,   core::Vulnerability::Both,
        core::Vulnerability::NorthSouth, core::Vulnerability::EastWest,
        core::Vulnerability::Both,       core::Vulnerability::None,
        core::Vulnerability::EastWest,   core::Vulnerability::Both,
        core::Vulnerability::None,       core::Vulnerability::NorthSouth,
        core::Vulnerability::Both,       core::Vulnerability::None,
        core::Vulnerability::NorthSouth, core::Vulnerability::EastWest};
    board.dealer = core::seatAt((number - 1) % 4);
    board.vulnerability = vul[(number - 1) % 16];
}

} // namespace

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles(QSettings());
    for (const QString &path : files) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })
            ->setToolTip(path);
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open deals"), QString(),
        tr("Bridge files (*.pbn *.lin);;PBN files (*.pbn);;LIN files (*.lin);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::newRandomDeal(std::optional<quint64> seed)
{
    const quint64 s = seed.value_or(core::Dealer::randomSeed());
    if (!maybeSave([this, s] { newRandomDeal(s); }))
        return;
    core::Dealer dealer(s);
    Board b;
    b.deal = dealer.deal();
    b.seed = s;
    setBoardNumber(b, static_cast<int>(s % 16) + 1);
    b.title = tr("Random deal");
    b.contractOrigin = ContractOrigin::None;
    m_file.reset({b});
    m_current = -1;
    refreshBoardList();
    showBoard(0);
    m_autoContract = true;
}

bool MainWindow::openFile(const QString &path)
{
    if (!maybeSave([this, path] { openFile(path); }))
        return false;
    BoardFile file;
    const QString name = QFileInfo(path).fileName();
    if (const auto opened = file.open(path); !opened) {
        statusBar()->showMessage(QString::fromStdString(opened.error().message), 10000);
        return false;
    }
    if (file.count() == 0) {
        statusBar()->showMessage(tr("%1: no playable deal found").arg(name), 10000);
        showProblems(file.problems());
        return false;
    }
    m_file = std::move(file);
    {
        QSettings settings;
        addRecentFile(settings, path);
    }
    refreshBoardList();
    QString message = m_file.count() == 1
        ? tr("Opened %1: 1 board").arg(name)
        : tr("Opened %1: %2 boards").arg(name).arg(m_file.count());
    if (m_file.skippedGames() > 0)
        message += tr(" \u00b7 %1 games without a playable deal kept in the file")
                       .arg(m_file.skippedGames());
    if (!m_file.problems().isEmpty())
        message +=
            tr(" \u00b7 %1 problems, listed in the Problems panel").arg(m_file.problems().size());
    statusBar()->showMessage(message, 8000);
    showProblems(m_file.problems());
    m_current = -1;
    showBoard(0);
    return true;
}

void MainWindow::showProblems(const QStringList &problems)
{
    m_problemList->clear();
    m_problemList->addItems(problems);
    m_problemsDock->setVisible(!problems.isEmpty());
}

void MainWindow::refreshBoardList()
{
    m_boardList->refresh();
    m_boardList->setCurrent(m_current);
    {
        const QSignalBlocker blocker(m_panel->boardCombo());
        m_panel->boardCombo()->clear();
        if (m_file.count() > 1) {
            for (int i = 0; i < m_file.count(); ++i)
                m_panel->boardCombo()->addItem(m_boardList->displayTitle(i));
            m_panel->boardCombo()->setCurrentIndex(m_current);
        }
    }
    const bool listed = m_file.count() > 1 || !m_file.path().isEmpty();
    if (listed && !m_boardDock->isVisible()) {
        m_boardDock->show();
    } else if (!listed) {
        m_boardDock->hide();
    }
    const QString name =
        m_file.path().isEmpty() ? tr("Random deal") : QFileInfo(m_file.path()).fileName();
    setWindowTitle(tr("%1[*] \u2014 Tenace").arg(name));
    setWindowModified(m_file.isModified() && !m_file.path().isEmpty());
}

bool MainWindow::maybeSave(std::function<void()> then)
{
    // A save with DD results still running: go on once it has succeeded.
    if (isSaving()) {
        m_afterSave = std::move(then);
        statusBar()->showMessage(tr("Waiting for the save to finish\u2026"), 5000);
        return false;
    }
    // Only files prompt: random and pasted deals are scratch work (Save As keeps them).
    if (m_file.path().isEmpty() || !m_file.isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has changes that are not saved. Save them?")
            .arg(QFileInfo(m_file.path()).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        if (!save())
            return false;
        if (isSaving()) {
            m_afterSave = std::move(then);
            return false;
        }
        return true;
    }
    return answer == QMessageBox::Discard;
}

bool MainWindow::save()
{
    if (!m_file.canSaveInPlace())
        return saveAs();
    return saveTo(m_file.path());
}

bool MainWindow::saveAs()
{
    QString suggestion = m_file.path();
    if (suggestion.isEmpty())
        suggestion = tr("boards.pbn");
    else if (!suggestion.endsWith(QStringLiteral(".pbn"), Qt::CaseInsensitive))
        suggestion = QFileInfo(suggestion).path() + QLatin1Char('/') +
            QFileInfo(suggestion).completeBaseName() + QStringLiteral(".pbn");
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save as PBN"), suggestion, tr("PBN files (*.pbn)"));
    if (path.isEmpty())
        return false;
    return saveTo(path);
}

bool MainWindow::saveTo(const QString &path)
{
    if (isSaving())
        return false;
    if (!m_addResultsOnSave)
        return writeFile(path, nullptr);
    // Every board solved first by the controller; the save ends in onRequestFinished.
    m_savePath = path;
    m_saveGeneration = m_solver->requestSaveResults(m_file);
    m_saveProgress =
        showProgress(tr("Adding the DD results\u2026"), m_file.count(), RequestKind::SaveResults);
    return true;
}

bool MainWindow::writeFile(const QString &path, const std::string *bytes)
{
    const int current = m_current;
    if (const auto saved = m_file.save(path, bytes); !saved) {
        QMessageBox::critical(this, tr("Save"), QString::fromStdString(saved.error().message));
        return false;
    }
    m_current = std::min(current, m_file.count() - 1);
    {
        QSettings settings;
        addRecentFile(settings, path);
    }
    refreshBoardList();
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    emit fileSaved(path);
    return true;
}

QProgressDialog *MainWindow::showProgress(const QString &text, int total, RequestKind kind)
{
    // Window-modal but not exec()'d: the event loop stays the application's, and the board list
    // cannot change under the request.
    auto *progress = new QProgressDialog(text, tr("Cancel"), 0, total, this);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    connect(progress, &QProgressDialog::canceled, this,
            [this, kind] { m_solver->cancelRequest(kind); });
    progress->setValue(0);
    return progress;
}

void MainWindow::onRequestProgress(RequestKind kind, quint64 generation, int done, int)
{
    QProgressDialog *progress = kind == RequestKind::SaveResults && generation == m_saveGeneration
        ? m_saveProgress.data()
        : kind == RequestKind::PrintTables && generation == m_printGeneration
        ? m_printProgress.data()
        : nullptr;
    if (progress)
        progress->setValue(done);
}

void MainWindow::onRequestFinished(RequestKind kind, quint64 generation, const QVariant &value)
{
    if (kind == RequestKind::Lesson) {
        onLessonStep(generation, value.value<LessonReport>());
        return;
    }
    if (kind == RequestKind::SingleDummy) {
        onSingleDummyProgress(generation, value.value<core::SingleDummyResult>());
        return;
    }
    if (kind == RequestKind::AlphaMu) {
        onAlphaMuProgress(generation, value.value<core::AlphaMuResult>());
        return;
    }
    if (kind == RequestKind::SaveResults && generation == m_saveGeneration) {
        endSave();
        const std::string bytes = value.toByteArray().toStdString();
        const bool saved = writeFile(m_savePath, &bytes);
        auto then = std::exchange(m_afterSave, {});
        if (saved && then)
            then();
    } else if (kind == RequestKind::PrintTables && generation == m_printGeneration) {
        endPrint();
        finishPrint(value.value<TableResults>());
    }
}

void MainWindow::onRequestStopped(RequestKind kind, quint64 generation, const QString &message)
{
    if (kind == RequestKind::Lesson) {
        if (generation == m_lessonGeneration && !message.isEmpty())
            endLesson(tr("Lesson stopped: %1").arg(message));
        return;
    }
    if (kind == RequestKind::SingleDummy) {
        if (generation == m_sdGeneration && !message.isEmpty())
            onSingleDummyFailed(message);
        return;
    }
    if (kind == RequestKind::AlphaMu) // PIMC's values stay, and its failure is reported
        return;
    if (kind == RequestKind::SaveResults && generation == m_saveGeneration) {
        endSave();
        m_afterSave = {};
        if (!message.isEmpty())
            QMessageBox::critical(this, tr("Save"), message);
        else
            statusBar()->showMessage(tr("Save cancelled: nothing was written"), 5000);
    } else if (kind == RequestKind::PrintTables && generation == m_printGeneration) {
        endPrint();
        m_printer.reset();
        if (!message.isEmpty())
            statusBar()->showMessage(tr("Print: %1").arg(message), 8000);
    }
}

void MainWindow::endSave()
{
    m_saveGeneration = 0;
    if (m_saveProgress)
        m_saveProgress->deleteLater();
}

void MainWindow::endPrint()
{
    m_printGeneration = 0;
    if (m_printProgress)
        m_printProgress->deleteLater();
}

HandoutPage MainWindow::handoutPage() const
{
    HandoutPage page;
    page.table = m_table;
    const Board &board = m_session->board();
    if (m_tableReport && m_tableReport->isComplete() && m_tableReport->deal == board.deal)
        page.dd = m_tableReport->table;
    page.title = board.title;
    page.par = m_tableReport ? m_panel->parText() : QString();
    return page;
}

bool MainWindow::exportPicture(const QString &path)
{
    QString error;
    if (!writeHandout(path, handoutPage(), &error)) {
        QMessageBox::critical(this, tr("Export"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::copyPicture()
{
    QApplication::clipboard()->setImage(handoutImage(handoutPage()));
    statusBar()->showMessage(tr("The board is on the clipboard as a picture"), 4000);
}

void MainWindow::printBoard()
{
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageOrientation(QPageLayout::Landscape);
    QPrintDialog dialog(&printer, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    printHandouts(printer, {handoutPage()});
}

void MainWindow::printAllBoards()
{
    if (m_file.count() == 0 || m_printGeneration != 0)
        return;
    bool ok = false;
    const QStringList layouts {tr("One board per page"), tr("Hand record: 2 boards per page"),
                               tr("Hand record: 4 boards per page")};
    const QString layout =
        QInputDialog::getItem(this, tr("Print all boards"), tr("Layout"), layouts, 0, false, &ok);
    if (!ok)
        return;
    const int perPage = layout == layouts[0] ? 1 : layout == layouts[1] ? 2 : 4;
    auto printer = std::make_unique<QPrinter>(QPrinter::HighResolution);
    printer->setPageOrientation(perPage == 1 ? QPageLayout::Landscape : QPageLayout::Portrait);
    QPrintDialog dialog(printer.get(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // The DD tables of every board first, by the controller; printing ends in finishPrint.
    m_printer = std::move(printer);
    m_printPerPage = perPage;
    m_printBoards = m_file.boards();
    std::vector<core::Deal> deals;
    for (const Board &b : m_printBoards)
        deals.push_back(b.deal);
    m_printGeneration = m_solver->requestPrintTables(deals);
    m_printProgress = showProgress(tr("Solving the DD tables\u2026"),
                                   static_cast<int>(deals.size()), RequestKind::PrintTables);
}

void MainWindow::finishPrint(const TableResults &tables)
{
    if (!m_printer)
        return;
    // Each board drawn by an offscreen table of the same size as the one on screen.
    std::vector<HandoutPage> pages;
    std::vector<std::unique_ptr<BoardSession>> sessions;
    std::vector<std::unique_ptr<TableWidget>> widgets;
    for (std::size_t i = 0; i < m_printBoards.size() && i < tables.size(); ++i) {
        const Board &board = m_printBoards[i];
        auto session = std::make_unique<BoardSession>();
        if (!session->setBoard(board))
            continue;
        auto widget = std::make_unique<TableWidget>(session.get());
        widget->resize(m_table->size());
        widget->setFourColour(m_table->isFourColour());
        HandoutPage page;
        page.table = widget.get();
        page.title = board.title;
        const auto &solved = tables[i];
        if (solved && solved->status == core::SolveStatus::Solved) {
            page.dd = solved->table;
            page.par = QTextDocumentFragment::fromHtml(
                           parHtml(solved->table, board.vulnerability, board.dealer))
                           .toPlainText();
        }
        pages.push_back(page);
        sessions.push_back(std::move(session));
        widgets.push_back(std::move(widget));
    }
    printHandouts(*m_printer, pages, m_printPerPage);
    m_printer.reset();
    m_printBoards.clear();
    statusBar()->showMessage(tr("Printed %1 boards").arg(pages.size()), 5000);
}

void MainWindow::addBoard()
{
    Board b;
    const quint64 seed = core::Dealer::randomSeed();
    b.deal = core::Dealer(seed).deal();
    b.seed = seed;
    const int number = m_file.count() + 1;
    setBoardNumber(b, number);
    b.title = tr("Board %1").arg(number);
    const int at = m_file.insertBoard(b, m_current);
    m_current = -1;
    refreshBoardList();
    showBoard(at);
}

void MainWindow::duplicateBoard()
{
    if (m_current < 0 || m_current >= m_file.count())
        return;
    Board b = m_file.board(m_current);
    b.title = tr("%1 (copy)").arg(b.title);
    const int at = m_file.insertBoard(b, m_current);
    m_current = -1;
    refreshBoardList();
    showBoard(at);
}

void MainWindow::deleteBoard()
{
    if (m_current < 0 || m_current >= m_file.count() || m_file.count() <= 1)
        return;
    const int at = m_current;
    m_file.removeBoard(at);
    m_current = -1;
    refreshBoardList();
    showBoard(std::min(at, m_file.count() - 1));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && !event->mimeData()->urls().isEmpty() &&
        event->mimeData()->urls().front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile()) {
        event->acceptProposedAction();
        openFile(urls.front().toLocalFile());
    }
}

} // namespace tenace::ui
