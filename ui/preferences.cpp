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
    p.cardScalePercent = boundedInt(settings, "view/cardScalePercent", p.cardScalePercent, 80, 130);
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

namespace {

// The colours of a palette, by role; disabled text uses `disabled`.
struct PaletteColors
{
    QRgb window, text, base, alternateBase, button, highlight, tooltip, placeholder, link, disabled;
};

QPalette makePalette(const PaletteColors &c)
{
    QPalette p;
    p.setColor(QPalette::Window, c.window);
    for (auto role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText})
        p.setColor(role, c.text);
    p.setColor(QPalette::Base, c.base);
    p.setColor(QPalette::AlternateBase, c.alternateBase);
    p.setColor(QPalette::Button, c.button);
    p.setColor(QPalette::Highlight, c.highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, c.tooltip);
    p.setColor(QPalette::PlaceholderText, c.placeholder);
    p.setColor(QPalette::Link, c.link);
    for (auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, c.disabled);
    return p;
}

} // namespace

QPalette lightPalette()
{
    return makePalette({0xf4f2ec, 0x1e1e1e, 0xffffff, 0xeeebe3, 0xeae7df, 0x2f7d52, 0xfffdf2,
                        0x808080, 0x1f5fa8, 0x9a9a9a});
}

QPalette darkPalette()
{
    return makePalette({0x26282b, 0xe8e6e1, 0x1c1d20, 0x2c2e32, 0x333539, 0x2f7d52, 0x333539,
                        0x8a8a8a, 0x7db4f0, 0x777777});
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
