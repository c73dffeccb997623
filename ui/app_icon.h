#pragma once

// The application icon, painted at each standard size (a white spade on the table's green), so
// it is sharp at any scale without an image file. GUI thread.

#include <QIcon>

namespace tenace::ui {

QIcon appIcon();

} // namespace tenace::ui
