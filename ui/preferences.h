#pragma once

// The user's preferences and the state the application remembers between runs (recent files,
// window geometry), kept in QSettings under "Tenace/Tenace". Preferences is a value type with
// its defaults here; load/save never fail (unknown or out-of-range values fall back to the
// defaults). The light and dark palettes are readable with the custom-painted table. GUI thread
// only.

#include <QPalette>
#include <QStringList>

class QSettings;

namespace tenace::ui {

// What the number on a legal card means.
enum class AnnotationStyle {
    Mixed, // optimal cards: declarer's side's tricks; the others: the tricks they cost (-1, -2)
    DeclarerTricks, // tricks declarer's side ends with if the card is played now
    PlayerTricks, // tricks the side to play ends with
    TricksLost, // 0 for an optimal card, -1, -2... for the tricks it throws away
};

enum class Theme { System, Light, Dark };

struct Preferences
{
    int tableThreads = 0; // threads for DD tables; 0: all cores
    int tableMemoryMb = 48; // transposition-table limit per solver
    AnnotationStyle annotationStyle = AnnotationStyle::Mixed;
    int cardScalePercent = 100; // size of the cards in the hands (80..130)
    bool fourColour = false; // spades black, hearts red, diamonds orange, clubs green
    Theme theme = Theme::System;
    friend bool operator==(const Preferences &, const Preferences &) = default;
};

Preferences loadPreferences(const QSettings &settings);
void savePreferences(QSettings &settings, const Preferences &preferences);

// Most recent first, at most maxRecentFiles, files that no longer exist dropped on reading.
inline constexpr int maxRecentFiles = 10;
QStringList recentFiles(const QSettings &settings);
void addRecentFile(QSettings &settings, const QString &path);

QPalette lightPalette();
QPalette darkPalette();
// Sets the Fusion style and the palette of `theme` on the application (System: the style's own).
void applyTheme(Theme theme);

} // namespace tenace::ui
