#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A linted file as its findings know it: the path they show, the digest of the text they were made on, and that
/// text when the run read it (a warm run that trusted the file's stamp did not).
struct AnalysedSource: Sendable {
    var path: String
    var digest: SourceDigest
    var text: String?

    init(path: String, digest: SourceDigest, text: String?) {
        self.path = path
        self.digest = digest
        self.text = text
    }

    init(_ analysis: FileAnalysis) {
        self.init(path: analysis.path, digest: analysis.sourceDigest, text: analysis.text)
    }

    /// The analysed text: the one the run read, else the file's if it still has the content analysed (nil for a
    /// file changed or deleted since).
    func text(workingDirectory: URL) -> String? {
        if let text { return text }
        guard let data = FileManager.default.contents(atPath: Discovery.resolve(path, against: workingDirectory).path),
              SourceDigest(bytes: data) == digest else { return nil }
        return String(validating: data, as: UTF8.self)
    }
}

extension [AnalysedSource] {
    /// The analysed texts of the files at `paths` (as findings show them), read now where the run did not: a run
    /// with few findings reads few files. For the baseline, which keys findings on their lines.
    func texts(of paths: Set<String>, workingDirectory: URL) -> [String: String] {
        var texts: [String: String] = [:]
        for source in self where paths.contains(source.path) && texts[source.path] == nil {
            texts[source.path] = source.text(workingDirectory: workingDirectory)
        }
        return texts
    }

    /// The analysed texts for reporters, each read the first time a reporter quotes the file: most reporters
    /// quote none, so most runs read nothing, and the table of sources by path is made only when one does.
    func sourceTexts(workingDirectory: URL) -> SourceTexts {
        let byPath = Deferred { [self] in
            var byPath: [String: AnalysedSource] = [:]
            byPath.reserveCapacity(count)
            for source in self where byPath[source.path] == nil { byPath[source.path] = source }
            return byPath
        }
        return SourceTexts { path in byPath.value[path]?.text(workingDirectory: workingDirectory) }
    }
}
