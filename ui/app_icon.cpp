#include "ui/app_icon.h"

#include <QLinearGradient>
#include <QPainter>
#include <QPixmap>

namespace tenace::ui {

QIcon appIcon()
{
    QIcon icon;
    for (const int size : {16, 24, 32, 48, 64, 128, 256}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        const QRectF r(size * 0.04, size * 0.04, size * 0.92, size * 0.92);
        QLinearGradient felt(r.topLeft(), r.bottomRight());
        felt.setColorAt(0, QColor(0x2f, 0x7d, 0x52));
        felt.setColorAt(1, QColor(0x15, 0x4a, 0x30));
        p.setPen(Qt::NoPen);
        p.setBrush(felt);
        p.drawRoundedRect(r, size * 0.2, size * 0.2);
        QFont font;
        font.setPixelSize(static_cast<int>(size * 0.72));
        p.setFont(font);
        p.setPen(QColor(0xfb, 0xf8, 0xef));
        p.drawText(r.adjusted(0, -size * 0.06, 0, 0), Qt::AlignCenter, QStringLiteral("\u2660"));
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace tenace::ui
