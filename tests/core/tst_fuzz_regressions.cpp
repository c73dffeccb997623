// Every input saved in tests/fuzz/regressions (crashes the fuzzers found, and hand-made nasty
// inputs) read by the PBN and the LIN reader in the normal build, with the properties the fuzz
// targets check (tests/fuzz/fuzz_checks.h): no fault, lossless round trip, streaming reader
// equal to readPbn(), LIN games kept when written as PBN.

#include "tests/fuzz/fuzz_checks.h"

#include <QTest>

#include <filesystem>

using namespace tenace::core;

class TestFuzzRegressions : public QObject
{
    Q_OBJECT
private slots:
    void inputs_data();
    void inputs();
};

void TestFuzzRegressions::inputs_data()
{
    QTest::addColumn<QString>("path");
    std::vector<std::filesystem::path> files;
    for (const auto &entry :
         std::filesystem::recursive_directory_iterator(TENACE_FUZZ_REGRESSIONS)) {
        if (entry.is_regular_file())
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    QVERIFY2(files.size() >= 4, "tests/fuzz/regressions holds the hand-made inputs");
    for (const auto &file : files) {
        const auto name = file.parent_path().filename() / file.filename();
        QTest::addRow("%s", name.string().c_str()) << QString::fromStdString(file.string());
    }
}

void TestFuzzRegressions::inputs()
{
    QFETCH(QString, path);
    const auto bytes = readFileBytes(path.toStdString());
    QVERIFY(bytes.ok());
    const std::string pbn = tenace::fuzz::checkPbn(*bytes);
    QVERIFY2(pbn.empty(), pbn.c_str());
    const std::string lin = tenace::fuzz::checkLin(*bytes);
    QVERIFY2(lin.empty(), lin.c_str());
}

QTEST_APPLESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
