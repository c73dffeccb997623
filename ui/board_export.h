#pragma once

// The board as a picture for handouts: the table as it looks (the diagram with the cards still
// held and the trick in progress), and beside it the DD table and par when they are known. One
// painting routine serves PNG (QImage), SVG (QSvgGenerator), the clipboard and printing
// (QPrinter, one board per page). GUI thread only.

#include "core/model/dd_table.h"

#include <QImage>
#include <QString>

#include <optional>
#include <vector>

class QPainter;
class QPrinter;
class QRectF;

namespace tenace::ui {

class TableWidget;

struct HandoutPage
{
    TableWidget *table = nullptr; // drawn as it is now
    std::optional<tenace::core::DdTable> dd;
    QString title; // "Board 7"
    QString par; // plain text, may be empty
};

// Paints `page` into `area` (device units of `painter`).
void paintHandout(QPainter &painter, const QRectF &area, const HandoutPage &page);
// The handout at `width` pixels (height follows the table's aspect).
QImage handoutImage(const HandoutPage &page, int width = 1400);
// Writes PNG or SVG (by the extension; anything else is PNG). False with `error` set on failure.
bool writeHandout(const QString &path, const HandoutPage &page, QString *error = nullptr);
// One board per page, or a hand record of `perPage` boards (2 or 4) per page, top to bottom.
void printHandouts(QPrinter &printer, const std::vector<HandoutPage> &pages, int perPage = 1);

} // namespace tenace::ui
