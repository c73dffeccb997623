#include "ui/play_analysis_panel.h"

#include "ui/board_session.h"
#include "ui/bridge_text.h"
#include "ui/solver_controller.h"

#include "core/analysis/hand_constraint.h"
#include "core/model/play_state.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tenace::ui {

using namespace tenace::core;

namespace {

QColor declarerErrorColor()
{
    return isDarkPalette() ? QColor(0xff, 0x7a, 0x6e) : QColor(0xc6, 0x28, 0x28);
}

QColor defenceErrorColor()
{
    return isDarkPalette() ? QColor(0x7a, 0xb8, 0xff) : QColor(0x15, 0x65, 0xc0);
}

QString tricksText(int n)
{
    return n == 1 ? QCoreApplication::translate("tenace::ui", "a trick")
                  : QCoreApplication::translate("tenace::ui", "%1 tricks").arg(n);
}

} // namespace

PlayAnalysisStrip::PlayAnalysisStrip(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

QSize PlayAnalysisStrip::sizeHint() const
{
    return {640, 150};
}

QSize PlayAnalysisStrip::minimumSizeHint() const
{
    return {240, 110};
}

void PlayAnalysisStrip::setAnalysis(int start, const std::vector<AnalysedCard> &cards,
                                    Side declarerSide, int target)
{
    m_start = start;
    m_cards = cards;
    m_declarerSide = declarerSide;
    m_target = target;
    m_low = std::min(start, target);
    m_high = std::max(start, target);
    for (const AnalysedCard &c : cards) {
        m_low = std::min(m_low, c.tricks);
        m_high = std::max(m_high, c.tricks);
    }
    m_low = std::max(m_low - 1, 0);
    m_high = std::min(m_high + 1, 13);
    update();
}

void PlayAnalysisStrip::setReviews(const std::vector<CardReview> &reviews)
{
    m_reviews = reviews;
    update();
}

const CardReview *PlayAnalysisStrip::reviewOf(int index) const
{
    const auto it = std::find_if(m_reviews.begin(), m_reviews.end(),
                                 [index](const CardReview &r) { return r.index == index; });
    return it == m_reviews.end() ? nullptr : &*it;
}

void PlayAnalysisStrip::clear()
{
    m_cards.clear();
    m_reviews.clear();
    update();
}

void PlayAnalysisStrip::setCurrent(int cards)
{
    m_current = cards;
    update();
}

QRectF PlayAnalysisStrip::plotRect() const
{
    const int left = fontMetrics().horizontalAdvance(QStringLiteral("13")) + 10;
    const int top = fontMetrics().height() + 6;
    const int bottom = fontMetrics().height() + 6;
    return QRectF(left, top, width() - left - 12, height() - top - bottom);
}

double PlayAnalysisStrip::yOf(int tricks) const
{
    const QRectF r = plotRect();
    const double span = std::max(m_high - m_low, 1);
    return r.bottom() - (tricks - m_low) / span * r.height();
}

QPoint PlayAnalysisStrip::pointPosition(int cards) const
{
    const QRectF r = plotRect();
    const double n = std::max<double>(static_cast<double>(m_cards.size()), 1);
    const int tricks = cards == 0 ? m_start : m_cards[static_cast<std::size_t>(cards - 1)].tricks;
    return QPointF(r.left() + cards / n * r.width(), yOf(tricks)).toPoint();
}

int PlayAnalysisStrip::pointAt(QPoint position) const
{
    if (m_cards.empty())
        return -1;
    const QRectF r = plotRect();
    const double n = static_cast<double>(m_cards.size());
    const double x = (position.x() - r.left()) / r.width() * n;
    const int cards = static_cast<int>(std::lround(x));
    if (cards < 0 || cards > static_cast<int>(m_cards.size()) || position.y() < r.top() - 12 ||
        position.y() > r.bottom() + 12)
        return -1;
    return cards;
}

void PlayAnalysisStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    if (m_cards.empty())
        return;
    const QRectF r = plotRect();
    const QColor grid = pal.color(QPalette::Mid);
    const QColor text = pal.color(QPalette::Text);
    const int n = static_cast<int>(m_cards.size());

    // Trick boundaries and numbers.
    p.setFont(font());
    for (int trick = 0; trick * 4 <= n; ++trick) {
        const double x = r.left() + trick * 4.0 / n * r.width();
        p.setPen(QPen(grid, 1, Qt::DotLine));
        p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
        if (trick * 4 < n) {
            p.setPen(pal.color(QPalette::PlaceholderText));
            const double next = r.left() + std::min(trick * 4 + 4, n) * 1.0 / n * r.width();
            p.drawText(QRectF(x, r.bottom() + 2, next - x, fontMetrics().height()), Qt::AlignCenter,
                       QString::number(trick + 1));
        }
    }
    // Trick scale.
    p.setPen(pal.color(QPalette::PlaceholderText));
    for (int t = m_low; t <= m_high; ++t) {
        if ((m_high - m_low) > 6 && t % 2)
            continue;
        p.drawText(QRectF(0, yOf(t) - 8, r.left() - 5, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(t));
    }
    // The contract's target.
    if (m_target >= m_low && m_target <= m_high) {
        p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DashLine));
        p.drawLine(QPointF(r.left(), yOf(m_target)), QPointF(r.right(), yOf(m_target)));
        p.drawText(QRectF(r.left() + 4, yOf(m_target) - fontMetrics().height() - 1, r.width(),
                          fontMetrics().height()),
                   Qt::AlignRight | Qt::AlignBottom, tr("contract: %1 tricks").arg(m_target));
    }
    // The current position.
    if (m_current >= 0 && m_current <= n) {
        const double x = pointPosition(m_current).x();
        QColor band = pal.color(QPalette::Highlight);
        band.setAlpha(60);
        p.fillRect(QRectF(x - 3, r.top(), 6, r.height()), band);
    }
    // The line.
    QPainterPath path(pointPosition(0));
    for (int j = 1; j <= n; ++j)
        path.lineTo(pointPosition(j));
    p.setPen(QPen(text, 1.6));
    p.drawPath(path);
    // Marks on costly cards, with the player's seat.
    for (int j = 1; j <= n; ++j) {
        const AnalysedCard &c = m_cards[static_cast<std::size_t>(j - 1)];
        const QPoint at = pointPosition(j);
        if (c.cost == 0) {
            p.setPen(Qt::NoPen);
            p.setBrush(text);
            p.drawEllipse(at, 2, 2);
            continue;
        }
        const QColor color =
            sideOf(c.seat) == m_declarerSide ? declarerErrorColor() : defenceErrorColor();
        // Bad luck or a guess single dummy: a ring ("?" for a guess); a mistake (or not judged
        // yet): a filled mark.
        const CardReview *review = reviewOf(j - 1);
        const bool guess = review && review->verdict == Verdict::Guess;
        const bool unlucky = review && (review->verdict == Verdict::Unlucky || guess);
        const bool mistake = review && review->verdict == Verdict::Mistake;
        if (unlucky) {
            p.setPen(QPen(color, 2));
            p.setBrush(pal.color(QPalette::Base));
        } else {
            p.setPen(QPen(pal.color(QPalette::Base), 1.5));
            p.setBrush(color);
        }
        p.drawEllipse(at, 5, 5);
        p.setPen(color);
        QFont bold = font();
        bold.setBold(!unlucky);
        p.setFont(bold);
        p.drawText(
            QRectF(at.x() - 20, at.y() - 8 - fontMetrics().height(), 40, fontMetrics().height()),
            Qt::AlignCenter,
            seatLetterText(c.seat) +
                (mistake     ? QStringLiteral("!")
                     : guess ? QStringLiteral("?")
                             : QString()));
        p.setFont(font());
    }
}

void PlayAnalysisStrip::mousePressEvent(QMouseEvent *event)
{
    const int cards = pointAt(event->position().toPoint());
    if (cards >= 0 && event->button() == Qt::LeftButton)
        emit pointClicked(cards);
}

bool PlayAnalysisStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int j = pointAt(help->pos());
        if (j < 0) {
            QToolTip::hideText();
            return true;
        }
        QString tip;
        if (j == 0) {
            tip = tr("Before the lead: declarer's side can take %1 tricks").arg(m_start);
        } else {
            const AnalysedCard &c = m_cards[static_cast<std::size_t>(j - 1)];
            tip = tr("Trick %1: %2 plays %3 \u2014 declarer's side can take %4")
                      .arg((j - 1) / 4 + 1)
                      .arg(seatText(c.seat), cardText(c.card))
                      .arg(c.tricks);
            if (c.cost > 0)
                tip += c.cost == 1 ? tr("\nThis card cost a trick")
                                   : tr("\nThis card cost %1 tricks").arg(c.cost);
            if (const CardReview *review = reviewOf(j - 1))
                tip +=
                    tr("\nSingle dummy: %1").arg(QString::fromStdString(describeReview(*review)));
        }
        QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

PlayAnalysisPanel::PlayAnalysisPanel(BoardSession *session, SolverController *solver,
                                     QWidget *parent)
    : QWidget(parent), m_session(session), m_solver(solver)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    m_strip = new PlayAnalysisStrip;
    m_strip->setObjectName(QStringLiteral("playAnalysisStrip"));
    layout->addWidget(m_strip, 1);
    auto *row = new QHBoxLayout;
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("playAnalysisSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    row->addWidget(m_summary, 1);
    m_return = new QPushButton(tr("Back to the recorded play"));
    m_return->setToolTip(tr("Leave your own line and continue with the play as recorded"));
    row->addWidget(m_return, 0, Qt::AlignTop);
    layout->addLayout(row);
    connect(m_return, &QPushButton::clicked, this, &PlayAnalysisPanel::returnToRecordedPlay);
    connect(m_strip, &PlayAnalysisStrip::pointClicked, this, &PlayAnalysisPanel::jumpTo);
    connect(m_session, &BoardSession::positionChanged, this, &PlayAnalysisPanel::onPositionChanged);
    // Another level moves the target line; another strain or declarer changes every number.
    connect(m_session, &BoardSession::contractChanged, this, &PlayAnalysisPanel::analyseBoard);
    // What the auction says of the hands changes the layouts each card is judged against.
    connect(m_session, &BoardSession::constraintsChanged, this, [this] {
        if (m_cards.empty())
            return; // the review follows the DD analysis, with the constraints of then
        m_reviewed = false;
        m_reviewError.clear();
        m_strip->setReviews({});
        requestReview();
        m_summary->setText(summary());
    });
    connect(m_solver, &SolverController::requestFinished, this, &PlayAnalysisPanel::onFinished);
    connect(m_solver, &SolverController::requestFailed, this, &PlayAnalysisPanel::onFailed);
    analyseBoard();
}

void PlayAnalysisPanel::analyseBoard()
{
    m_solver->cancelRequest(RequestKind::PlayAnalysis);
    m_solver->cancelRequest(RequestKind::Review);
    m_generation = 0;
    m_reviewGeneration = 0;
    m_reviewed = false;
    m_reviewError.clear();
    m_cards.clear();
    m_strip->clear();
    const Board &board = m_session->board();
    m_recorded = board.recordedPlay;
    if (m_recorded.empty() || !m_session->isFullDeal()) {
        m_summary->setText(tr("No recorded play on this board."));
        m_return->setEnabled(false);
        return; // a run still going was cancelled; its answer will not match m_generation
    }
    m_summary->setText(tr("Analysing the %1 recorded cards\u2026").arg(m_recorded.size()));
    const PlayAnalysisRequest request {board.deal, board.contract.strain,
                                       next(board.contract.declarer, 1), m_recorded};
    m_generation = m_solver->requestPlayAnalysis(request);
    onPositionChanged();
}

bool PlayAnalysisPanel::isBusy() const
{
    return m_solver->isRequestBusy(RequestKind::PlayAnalysis);
}

void PlayAnalysisPanel::onFailed(RequestKind kind, quint64 generation, const QString &message)
{
    if (kind == RequestKind::Review && generation == m_reviewGeneration) {
        m_reviewGeneration = 0;
        m_reviewError = message;
        m_summary->setText(summary());
        emit reviewFinished();
        return;
    }
    if (kind != RequestKind::PlayAnalysis || generation != m_generation)
        return;
    m_summary->setText(tr("The recorded play could not be analysed: %1").arg(message));
    emit analysisFinished();
}

void PlayAnalysisPanel::onFinished(RequestKind kind, quint64 generation, const QVariant &value)
{
    if (kind == RequestKind::Review && generation == m_reviewGeneration) {
        m_reviewGeneration = 0;
        m_reviewed = true;
        m_strip->setReviews(value.value<ReviewReport>().review.cards);
        m_summary->setText(summary());
        emit reviewFinished();
        return;
    }
    if (kind != RequestKind::PlayAnalysis || generation != m_generation)
        return;
    const PlayAnalysisReport report = value.value<PlayAnalysisReport>();
    const Board &board = m_session->board();
    const Side declarerSide = sideOf(board.contract.declarer);
    const std::vector<int> &tricks = report.analysis.tricks;
    m_start = tricks.front();
    m_cards = playCosts(board.deal, board.contract.strain, next(board.contract.declarer, 1),
                        m_recorded, tricks);
    m_strip->setAnalysis(m_start, m_cards, declarerSide, board.contract.level + 6);
    m_strip->setCurrent(m_session->cardsPlayed());
    requestReview();
    m_summary->setText(summary());
    onPositionChanged();
    emit analysisFinished();
}

void PlayAnalysisPanel::requestReview()
{
    const bool costly = std::any_of(m_cards.begin(), m_cards.end(),
                                    [](const AnalysedCard &c) { return c.cost > 0; });
    if (!costly) {
        m_reviewed = true;
        return;
    }
    const Board &board = m_session->board();
    ReviewRequest request;
    request.deal = board.deal;
    request.contract = board.contract;
    request.vulnerability = board.vulnerability;
    request.play = m_recorded;
    request.options.pool.threads = m_solver->tableThreads();
    const std::array<QString, 4> texts = board.constraints.value_or(std::array<QString, 4> {});
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (auto constraint = parseHandConstraint(texts[i].toStdString()))
            request.options.constraints[i] = *constraint;
    }
    m_reviewGeneration = m_solver->requestReview(request);
}

QString PlayAnalysisPanel::reviewSummary() const
{
    if (m_reviewGeneration != 0)
        return tr("Judging the costly cards single dummy\u2026");
    if (!m_reviewError.isEmpty())
        return tr("The single-dummy review failed: %1").arg(m_reviewError);
    if (!m_reviewed)
        return {};
    int mistakes = 0, unlucky = 0;
    QStringList guesses; // each with its text: the cards and chances of the guess
    for (const CardReview &r : m_strip->reviews()) {
        if (r.verdict == Verdict::Guess)
            guesses << tr("trick %1 %2 by %3, %4")
                           .arg(r.index / 4 + 1)
                           .arg(cardText(r.card), seatText(r.seat),
                                QString::fromStdString(describeReview(r)));
        else
            (r.verdict == Verdict::Mistake ? mistakes : unlucky) += 1;
    }
    if (mistakes + unlucky + guesses.size() == 0)
        return tr("Single dummy: no card cost a trick.");
    const QString m = mistakes == 1 ? tr("1 mistake") : tr("%1 mistakes").arg(mistakes);
    const QString u = unlucky == 1 ? tr("1 unlucky card") : tr("%1 unlucky cards").arg(unlucky);
    if (guesses.isEmpty())
        return tr("<b>%1</b> and <b>%2</b> single dummy.").arg(m, u);
    const QString g = guesses.size() == 1 ? tr("1 guess") : tr("%1 guesses").arg(guesses.size());
    return tr("<b>%1</b>, <b>%2</b> and <b>%3</b> single dummy (%4).")
        .arg(m, g, u, guesses.join(QStringLiteral("; ")));
}

QString PlayAnalysisPanel::summary() const
{
    if (m_cards.empty())
        return {};
    const Board &board = m_session->board();
    const Side declarerSide = sideOf(board.contract.declarer);
    QStringList declarerErrors, defenceErrors;
    int declarerLost = 0, defenceLost = 0;
    for (std::size_t j = 0; j < m_cards.size(); ++j) {
        const AnalysedCard &c = m_cards[j];
        if (c.cost == 0)
            continue;
        const QString what = tr("trick %1 %2 by %3")
                                 .arg(static_cast<int>(j) / 4 + 1)
                                 .arg(cardText(c.card), seatText(c.seat));
        if (sideOf(c.seat) == declarerSide) {
            declarerErrors << what;
            declarerLost += c.cost;
        } else {
            defenceErrors << what;
            defenceLost += c.cost;
        }
    }
    const QString red = declarerErrorColor().name(), blue = defenceErrorColor().name();
    QString text = tr("Double dummy before the lead: <b>%1</b> tricks for %2; after the recorded "
                      "play: <b>%3</b>. ")
                       .arg(m_start)
                       .arg(sideText(declarerSide))
                       .arg(m_cards.back().tricks);
    text += declarerErrors.isEmpty()
        ? tr("Declarer's side lost nothing. ")
        : tr("<span style='color:%1'>Declarer's side lost %2</span> (%3). ")
              .arg(red, tricksText(declarerLost), declarerErrors.join(QStringLiteral(", ")));
    text += defenceErrors.isEmpty()
        ? tr("The defence gave nothing away.")
        : tr("<span style='color:%1'>The defence gave %2</span> (%3).")
              .arg(blue, tricksText(defenceLost), defenceErrors.join(QStringLiteral(", ")));
    if (const QString review = reviewSummary(); !review.isEmpty())
        text += QLatin1Char(' ') + review;
    return text;
}

bool PlayAnalysisPanel::hasDiverged() const
{
    if (m_recorded.empty())
        return false;
    const std::vector<Card> line = m_session->line();
    const int played = m_session->cardsPlayed();
    for (int j = 0; j < played; ++j) {
        if (j >= static_cast<int>(m_recorded.size()) ||
            line[static_cast<std::size_t>(j)] != m_recorded[static_cast<std::size_t>(j)])
            return true;
    }
    return false;
}

void PlayAnalysisPanel::returnToRecordedPlay()
{
    const std::vector<Card> line = m_session->line();
    int common = 0;
    while (common < m_session->cardsPlayed() && common < static_cast<int>(m_recorded.size()) &&
           line[static_cast<std::size_t>(common)] == m_recorded[static_cast<std::size_t>(common)])
        ++common;
    m_session->loadLine(m_recorded, common);
}

void PlayAnalysisPanel::jumpTo(int cards)
{
    if (hasDiverged() || m_session->line().size() < m_recorded.size())
        m_session->loadLine(m_recorded, cards);
    else
        m_session->goTo(cards);
}

void PlayAnalysisPanel::onPositionChanged()
{
    const bool diverged = hasDiverged();
    m_return->setEnabled(diverged);
    m_strip->setCurrent(diverged ? -1 : m_session->cardsPlayed());
}

} // namespace tenace::ui
