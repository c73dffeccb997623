#include "core/commands/pbn_batch.h"

#include "core/formats/lin_reader.h"
#include "core/formats/lin_writer.h"
#include "core/formats/pbn_writer.h"

#include <algorithm>
#include <cctype>
#include <ostream>

namespace tenace::core {

namespace {

// Writes every issue; returns the number of errors (warnings do not count).
int report(const std::vector<PbnIssue> &issues, std::ostream &messages)
{
    for (const PbnIssue &issue : issues)
        messages << issue.error.message << '\n';
    return pbnErrorCount(issues);
}

PbnReadOptions namedOptions(std::string_view name)
{
    PbnReadOptions options;
    options.sourceName = std::string(name);
    return options;
}

std::string plural(int n, std::string_view word)
{
    return std::to_string(n) + ' ' + std::string(word) + (n == 1 ? "" : "s");
}

} // namespace

FileBatchResult annotateFile(std::string_view bytes, std::string_view name,
                             const AnnotateOptions &options, std::ostream &messages,
                             const std::function<void(int, int)> &progress,
                             const CancelToken &cancel)
{
    FileBatchResult result;
    PbnReadResult read = readBridgeText(bytes, name, namedOptions(name));
    result.problems = report(read.issues, messages);
    const AnnotateSummary summary = annotatePbnDocument(read.document, options, progress, cancel);
    if (summary.cancelled) {
        result.cancelled = true;
        return result;
    }
    for (const PbnIssue &note : summary.notes)
        messages << name << ": " << note.error.message << '\n';
    result.problems += static_cast<int>(summary.notes.size());
    result.output =
        isLinText(bytes, name) ? writePbnExport(read.document) : writePbn(read.document);
    return result;
}

FileBatchResult convertFile(std::string_view bytes, std::string_view name, ConvertFormat format,
                            std::ostream &messages)
{
    FileBatchResult result;
    PbnReadOptions options = namedOptions(name);
    options.checkSemantics = false; // convert keeps what it reads; check reports the rest
    const PbnReadResult read = readBridgeText(bytes, name, options);
    result.problems = report(read.issues, messages);
    if (format == ConvertFormat::Lin)
        result.output = writeLin(read.document);
    else if (format == ConvertFormat::PbnExport || isLinText(bytes, name))
        result.output = writePbnExport(read.document);
    else
        result.output = writePbn(read.document);
    return result;
}

int checkFile(std::string_view bytes, std::string_view name, std::ostream &messages)
{
    const PbnReadResult read = readBridgeText(bytes, name, namedOptions(name));
    const int problems = report(read.issues, messages);
    const int warnings = static_cast<int>(read.issues.size()) - problems;
    const std::string warned = warnings ? ", " + plural(warnings, "warning") : std::string();
    int boards = 0;
    for (const PbnGame &game : read.document.games)
        boards += game.hasTags() ? 1 : 0;
    if (problems == 0) {
        messages << name << ": " << plural(boards, "board") << ", no problems" << warned << '\n';
        return 0;
    }
    std::vector<int> faulty;
    for (const PbnIssue &issue : read.issues)
        if (!issue.isWarning() && issue.game >= 0 &&
            std::find(faulty.begin(), faulty.end(), issue.game) == faulty.end())
            faulty.push_back(issue.game);
    messages << name << ": " << plural(problems, "problem") << " in " << faulty.size() << " of "
             << plural(boards, "board") << warned << '\n';
    return problems;
}

} // namespace tenace::core
