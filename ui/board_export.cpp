#include "ui/board_export.h"

#include "ui/bridge_text.h"
#include "ui/table_widget.h"

#include <QFile>
#include <QPainter>
#include <QPrinter>
#include <QSvgGenerator>

namespace tenace::ui {

using namespace tenace::core;

namespace {

constexpr qreal kSideWidth = 0.36; // share of the width for the DD table and par

// The DD table as a grid: strains across (NT first, as on screen), declarers down.
void paintDdTable(QPainter &p, const QRectF &area, const DdTable &dd)
{
    const qreal cellW = area.width() / 6;
    const qreal cellH = std::min(area.height() / 5, cellW * 0.8);
    QFont font = p.font();
    font.setPixelSize(std::max(8, static_cast<int>(cellH * 0.45)));
    p.setFont(font);
    const Strain order[] = {Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds,
                            Strain::Clubs};
    const Seat seats[] = {Seat::North, Seat::South, Seat::East, Seat::West};
    p.setPen(QPen(QColor(0x9a, 0xa0, 0xa6), 1));
    for (int r = 0; r <= 5; ++r)
        p.drawLine(QPointF(area.left(), area.top() + r * cellH),
                   QPointF(area.left() + 6 * cellW, area.top() + r * cellH));
    for (int c = 0; c <= 6; ++c)
        p.drawLine(QPointF(area.left() + c * cellW, area.top()),
                   QPointF(area.left() + c * cellW, area.top() + 5 * cellH));
    for (int c = 0; c < 5; ++c) {
        const QRectF cell(area.left() + (c + 1) * cellW, area.top(), cellW, cellH);
        p.setPen(order[c] == Strain::NoTrump ? QColor(Qt::black)
                                             : suitColor(suitAt(index(order[c]))));
        p.drawText(cell, Qt::AlignCenter, strainText(order[c]));
    }
    for (int r = 0; r < 4; ++r) {
        const qreal y = area.top() + (r + 1) * cellH;
        p.setPen(Qt::black);
        p.drawText(QRectF(area.left(), y, cellW, cellH), Qt::AlignCenter, seatLetterText(seats[r]));
        for (int c = 0; c < 5; ++c) {
            const int tricks = dd(order[c], seats[r]);
            p.setPen(tricks >= 7 ? QColor(0x1b, 0x5e, 0x20) : QColor(0x55, 0x5b, 0x61));
            p.drawText(QRectF(area.left() + (c + 1) * cellW, y, cellW, cellH), Qt::AlignCenter,
                       QString::number(tricks));
        }
    }
}

} // namespace

void paintHandout(QPainter &p, const QRectF &area, const HandoutPage &page)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.fillRect(area, Qt::white);
    // The table, scaled to the left part, keeping its aspect.
    const QSize tableSize = page.table ? page.table->size() : QSize(820, 680);
    const QRectF left(area.left(), area.top(), area.width() * (1 - kSideWidth), area.height());
    const qreal scale =
        std::min(left.width() / tableSize.width(), left.height() / tableSize.height());
    if (page.table) {
        p.save();
        p.translate(left.left(), left.top());
        p.scale(scale, scale);
        page.table->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
        p.restore();
    }
    // The side: title, DD table, par.
    const qreal margin = area.width() * 0.02;
    QRectF side(left.right() + margin, area.top() + margin, area.width() * kSideWidth - 2 * margin,
                area.height() - 2 * margin);
    QFont font = p.font();
    font.setPixelSize(std::max(9, static_cast<int>(side.width() / 14)));
    font.setBold(true);
    p.setFont(font);
    p.setPen(Qt::black);
    const qreal line = font.pixelSize() * 1.5;
    p.drawText(QRectF(side.left(), side.top(), side.width(), line),
               Qt::AlignLeft | Qt::AlignVCenter, page.title);
    qreal y = side.top() + line * 1.3;
    if (page.dd) {
        font.setBold(false);
        font.setPixelSize(std::max(8, static_cast<int>(side.width() / 20)));
        p.setFont(font);
        p.drawText(QRectF(side.left(), y, side.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                   QObject::tr("Double-dummy tricks"));
        y += line;
        const QRectF grid(side.left(), y, side.width(), side.width() * 0.66);
        paintDdTable(p, grid, *page.dd);
        y = grid.bottom() + line * 0.6;
    }
    if (!page.par.isEmpty()) {
        font.setBold(false);
        font.setPixelSize(std::max(8, static_cast<int>(side.width() / 22)));
        p.setFont(font);
        p.setPen(Qt::black);
        p.drawText(QRectF(side.left(), y, side.width(), side.bottom() - y),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, page.par);
    }
    p.restore();
}

QImage handoutImage(const HandoutPage &page, int width)
{
    const QSize tableSize = page.table ? page.table->size() : QSize(820, 680);
    const int height = static_cast<int>(width * (1 - kSideWidth) * tableSize.height() /
                                        std::max(tableSize.width(), 1));
    QImage image(width, std::max(height, 200), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    paintHandout(p, QRectF(0, 0, image.width(), image.height()), page);
    p.end();
    return image;
}

bool writeHandout(const QString &path, const HandoutPage &page, QString *error)
{
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        const QImage size = handoutImage(page, 200); // for the aspect only
        const int width = 1400;
        const int height = width * size.height() / std::max(size.width(), 1);
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(QSize(width, height));
        svg.setViewBox(QRect(0, 0, width, height));
        svg.setTitle(page.title);
        svg.setDescription(QObject::tr("Board diagram with its double-dummy table and par"));
        QPainter p;
        if (!p.begin(&svg)) {
            if (error)
                *error = QObject::tr("Could not write %1").arg(path);
            return false;
        }
        paintHandout(p, QRectF(0, 0, width, height), page);
        p.end();
        if (QFile(path).size() == 0) {
            if (error)
                *error = QObject::tr("Could not write %1").arg(path);
            return false;
        }
        return true;
    }
    if (!handoutImage(page).save(path, "PNG")) {
        if (error)
            *error = QObject::tr("Could not write %1").arg(path);
        return false;
    }
    return true;
}

void printHandouts(QPrinter &printer, const std::vector<HandoutPage> &pages, int perPage)
{
    perPage = std::clamp(perPage, 1, 4);
    QPainter p;
    if (!p.begin(&printer))
        return;
    for (std::size_t i = 0; i < pages.size(); ++i) {
        const int slot = static_cast<int>(i) % perPage;
        if (i > 0 && slot == 0)
            printer.newPage();
        const QRectF page = printer.pageRect(QPrinter::DevicePixel);
        const qreal slotHeight = page.height() / perPage;
        const QImage aspect = handoutImage(pages[i], 200);
        const qreal height = std::min(slotHeight * 0.96,
                                      page.width() * aspect.height() / std::max(aspect.width(), 1));
        const qreal width = height * aspect.width() / std::max(aspect.height(), 1);
        paintHandout(p, QRectF(0, slot * slotHeight, std::min(width, page.width()), height),
                     pages[i]);
    }
    p.end();
}

} // namespace tenace::ui
