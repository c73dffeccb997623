// Reading and writing PBN game by game: the same games, text and issues as the whole-document
// reader and writer, whatever the chunk boundaries; a 50 MB file in bounded memory.

#include "core/formats/pbn_game_reader.h"
#include "core/formats/pbn_writer.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <random>
#include <sstream>

using namespace tenace::core;

namespace {

std::string fixture(const std::string &name)
{
    auto bytes = readFileBytes(std::string(TENACE_TEST_DATA) + "/fixtures/pbn/" + name);
    return bytes ? *bytes : std::string();
}

std::string replaceAll(std::string s, const std::string &from, const std::string &to)
{
    for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
        s.replace(pos, from.size(), to);
    return s;
}

struct Streamed
{
    PbnDocument document;
    std::vector<PbnIssue> issues;
};

Streamed readStreamed(const std::string &bytes, std::size_t chunk)
{
    std::istringstream in(bytes);
    PbnGameReader reader(in, {}, chunk);
    Streamed out;
    while (auto game = reader.next(out.issues))
        out.document.games.push_back(std::move(*game));
    out.document.encoding = reader.encoding();
    out.document.newline = reader.newline();
    out.document.leading = reader.leading();
    std::stable_sort(out.issues.begin(), out.issues.end(),
                     [](const PbnIssue &a, const PbnIssue &b) { return a.game < b.game; });
    return out;
}

// Compares everything: items, source text, separators, issues.
QString difference(const PbnReadResult &whole, const Streamed &streamed)
{
    const auto &a = whole.document;
    const auto &b = streamed.document;
    if (a.encoding != b.encoding || a.newline != b.newline || a.leading != b.leading)
        return "document";
    if (a.games.size() != b.games.size())
        return QString("%1 games instead of %2").arg(b.games.size()).arg(a.games.size());
    for (std::size_t i = 0; i < a.games.size(); ++i) {
        if (!(a.games[i] == b.games[i]) || a.games[i].source() != b.games[i].source() ||
            a.games[i].separator() != b.games[i].separator())
            return QString("game %1").arg(i);
    }
    if (whole.issues != streamed.issues)
        return QString("issues: %1 instead of %2")
            .arg(streamed.issues.size())
            .arg(whole.issues.size());
    return {};
}

// An input stream of `copies` copies of a text, made as it is read.
class RepeatingBuffer : public std::streambuf
{
public:
    RepeatingBuffer(std::string text, int copies) : m_text(std::move(text)), m_left(copies) { }

protected:
    int_type underflow() override
    {
        if (gptr() < egptr())
            return traits_type::to_int_type(*gptr());
        if (m_left-- <= 0)
            return traits_type::eof();
        setg(m_text.data(), m_text.data(), m_text.data() + m_text.size());
        return traits_type::to_int_type(*gptr());
    }

private:
    std::string m_text;
    int m_left;
};

long peakMemoryKb()
{
    QFile status("/proc/self/status");
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').front().toLong();
    }
    return -1;
}

} // namespace

class TestPbnGameReader : public QObject
{
    Q_OBJECT
private slots:
    void largeFileInBoundedMemory(); // first, so that the peak memory measured is its own
    void sameAsWholeReader_data();
    void sameAsWholeReader();
    void damagedInput();
    void writesGameByGame();
};

void TestPbnGameReader::sameAsWholeReader_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("chunk");
    for (const char *name : {"endplay-example1.pbn", "endplay-example2.pbn", "endplay-sample.pbn",
                             "bridgebots-sample.pbn"}) {
        const std::string f = fixture(name);
        const std::string crlf = replaceAll(f, "\n", "\r\n");
        std::string utf16le = "\xff\xfe";
        for (char16_t c : QString::fromStdString(crlf).toStdU16String())
            utf16le += std::string {char(c & 0xff), char(c >> 8)};
        const std::vector<std::pair<const char *, std::string>> variants = {
            {"as is", f},
            {"CRLF", crlf},
            {"CR", replaceAll(f, "\n", "\r")},
            {"BOM", "\xef\xbb\xbf" + f},
            {"UTF-16LE", utf16le},
            {"blank lines", "\n\n \n" + replaceAll(f, "\n\n", "\n \t\n\n") + "\n\n"},
            {"no final newline", f.substr(0, f.size() - 1)}};
        for (const auto &[variant, bytes] : variants) {
            for (int chunk : {1, 7, 4096, 65536})
                QTest::addRow("%s %s %d", name, variant, chunk)
                    << QByteArray::fromStdString(bytes) << chunk;
        }
    }
}

void TestPbnGameReader::sameAsWholeReader()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, chunk);
    const std::string text = bytes.toStdString();
    const auto whole = readPbn(text);
    const auto streamed = readStreamed(text, std::size_t(chunk));
    QCOMPARE(difference(whole, streamed), QString());
    QVERIFY(writePbn(streamed.document) == text);
}

// Damaged files smaller than the encoding window: exactly what readPbn() gives, issues included.
void TestPbnGameReader::damagedInput()
{
    std::mt19937 random(31);
    const std::vector<std::string> files = {fixture("bridgebots-sample.pbn"),
                                            fixture("endplay-sample.pbn")};
    static constexpr char specials[] = "[]{};\"%\\#\n\r\t \xff\xc3";
    for (int round = 0; round < 300; ++round) {
        std::string bytes = files[std::size_t(round) % 2];
        for (int e = 1 + int(random() % 10); e > 0; --e) {
            const std::size_t pos = random() % bytes.size();
            if (random() % 2)
                bytes[pos] = specials[random() % (sizeof specials - 1)];
            else
                bytes.erase(pos, random() % 30);
            if (bytes.empty())
                bytes.push_back('{');
        }
        const auto whole = readPbn(bytes);
        const auto streamed = readStreamed(bytes, 1 + random() % 50);
        QVERIFY2(difference(whole, streamed).isEmpty(),
                 qPrintable(QString("round %1: %2").arg(round).arg(difference(whole, streamed))));
    }
}

void TestPbnGameReader::writesGameByGame()
{
    const std::string text = replaceAll(fixture("endplay-example2.pbn"), "\n", "\r\n");
    std::istringstream in(text);
    PbnGameReader reader(in, {}, 1000);
    std::ostringstream out;
    std::vector<PbnIssue> issues;
    std::optional<PbnGameWriter> writer;
    PbnDocument edited = readPbn(text).document;
    int index = 0;
    while (auto game = reader.next(issues)) {
        if (!writer)
            writer.emplace(out, reader.encoding(), reader.newline(), reader.leading());
        if (index % 50 == 7) {
            game->setTag("Event", "Annotated");
            edited.games[std::size_t(index)].setTag("Event", "Annotated");
        }
        writer->write(*game);
        ++index;
    }
    QVERIFY(writer->finish().ok());
    QVERIFY(issues.empty());
    QCOMPARE(index, 299);
    QVERIFY(out.str() == writePbn(edited));
    QVERIFY(out.str().find("[Event \"Annotated\"]\r\n[Site \"RealBridge\"]\r\n") !=
            std::string::npos);
}

void TestPbnGameReader::largeFileInBoundedMemory()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer keeps freed memory in quarantine: peak memory says nothing here");
#endif
    const std::string one = fixture("endplay-example2.pbn") + "\n";
    const int copies = int(50'000'000 / one.size()) + 1;
    RepeatingBuffer buffer(one, copies);
    std::istream in(&buffer);
    std::size_t lastProgress = 0;
    int progressCalls = 0;
    PbnReadOptions options;
    options.progress = [&](std::size_t done, std::size_t) {
        QVERIFY(done >= lastProgress);
        lastProgress = done;
        ++progressCalls;
    };
    PbnGameReader reader(in, options);
    std::vector<PbnIssue> issues;
    const long before = peakMemoryKb();
    int games = 0;
    QElapsedTimer timer;
    timer.start();
    while (auto game = reader.next(issues))
        games += game->deal() ? 1 : 0;
    const double seconds = timer.nsecsElapsed() / 1e9;
    QCOMPARE(games, 299 * copies);
    QVERIFY(issues.empty());
    QCOMPARE(progressCalls, games);
    QCOMPARE(reader.bytesRead(), std::uint64_t(one.size()) * std::uint64_t(copies));
    const long growth = peakMemoryKb() - before;
    qInfo("streamed %.1f MB, %d games in %.2f s (%.1f MB/s, %.0f games/s), peak memory grew by %ld "
          "KB",
          double(reader.bytesRead()) / 1e6, games, seconds,
          double(reader.bytesRead()) / 1e6 / seconds, games / seconds, growth);
    if (before >= 0)
        QVERIFY(growth < 20 * 1024); // a few games and one chunk, not the file
}

QTEST_APPLESS_MAIN(TestPbnGameReader)
#include "tst_pbn_game_reader.moc"
