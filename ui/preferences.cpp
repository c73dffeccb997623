#include "ui/preferences.h"

#include <QApplication>
#include <QFileInfo>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>

namespace tenace::ui {

namespace {

int boundedInt(const QSettings &s, const char *key, int fallback, int low, int high)
{
    bool ok = false;
    const int v = s.value(QLatin1String(key), fallback).toInt(&ok);
    return ok && v >= low && v <= high ? v : fallback;
}

template<typename Enum>
Enum boundedEnum(const QSettings &s, const char *key, Enum fallback, Enum last)
{
    const int v = boundedInt(s, key, static_cast<int>(fallback), 0, static_cast<int>(last));
    return static_cast<Enum>(v);
}

} // namespace

Preferences loadPreferences(const QSettings &settings)
{
    Preferences p;
    p.tableThreads = boundedInt(settings, "solver/tableThreads", p.tableThreads, 0, 256);
    p.tableMemoryMb = boundedInt(settings, "solver/tableMemoryMb", p.tableMemoryMb, 8, 65536);
    p.annotationStyle = boundedEnum(settings, "view/annotationStyle", p.annotationStyle,
                                    AnnotationStyle::TricksLost);
    p.cardScalePercent = boundedInt(settings, "view/cardScalePercent", p.cardScalePercent, 70, 160);
    p.fourColour = settings.value(QStringLiteral("view/fourColour"), p.fourColour).toBool();
    p.theme = boundedEnum(settings, "view/theme", p.theme, Theme::Dark);
    return p;
}

void savePreferences(QSettings &settings, const Preferences &p)
{
    settings.setValue(QStringLiteral("solver/tableThreads"), p.tableThreads);
    settings.setValue(QStringLiteral("solver/tableMemoryMb"), p.tableMemoryMb);
    settings.setValue(QStringLiteral("view/annotationStyle"), static_cast<int>(p.annotationStyle));
    settings.setValue(QStringLiteral("view/cardScalePercent"), p.cardScalePercent);
    settings.setValue(QStringLiteral("view/fourColour"), p.fourColour);
    settings.setValue(QStringLiteral("view/theme"), static_cast<int>(p.theme));
}

QStringList recentFiles(const QSettings &settings)
{
    QStringList files;
    for (const QString &f : settings.value(QStringLiteral("files/recent")).toStringList()) {
        if (QFileInfo::exists(f) && !files.contains(f) && files.size() < maxRecentFiles)
            files << f;
    }
    return files;
}

void addRecentFile(QSettings &settings, const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = settings.value(QStringLiteral("files/recent")).toStringList();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > maxRecentFiles)
        files.removeLast();
    settings.setValue(QStringLiteral("files/recent"), files);
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xf4, 0xf2, 0xec));
    p.setColor(QPalette::WindowText, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xee, 0xeb, 0xe3));
    p.setColor(QPalette::Text, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Button, QColor(0xea, 0xe7, 0xdf));
    p.setColor(QPalette::ButtonText, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x7d, 0x52));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xfd, 0xf2));
    p.setColor(QPalette::ToolTipText, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Link, QColor(0x1f, 0x5f, 0xa8));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x9a, 0x9a, 0x9a));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe8, 0xe6, 0xe1));
    p.setColor(QPalette::Base, QColor(0x1c, 0x1d, 0x20));
    p.setColor(QPalette::AlternateBase, QColor(0x2c, 0x2e, 0x32));
    p.setColor(QPalette::Text, QColor(0xe8, 0xe6, 0xe1));
    p.setColor(QPalette::Button, QColor(0x33, 0x35, 0x39));
    p.setColor(QPalette::ButtonText, QColor(0xe8, 0xe6, 0xe1));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x7d, 0x52));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x33, 0x35, 0x39));
    p.setColor(QPalette::ToolTipText, QColor(0xe8, 0xe6, 0xe1));
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8a, 0x8a));
    p.setColor(QPalette::Link, QColor(0x7d, 0xb4, 0xf0));
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x80));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x77, 0x77, 0x77));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x77, 0x77, 0x77));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x77, 0x77, 0x77));
    return p;
}

void applyTheme(Theme theme)
{
    if (theme == Theme::System) {
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    if (QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(fusion);
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : lightPalette());
}

} // namespace tenace::ui
