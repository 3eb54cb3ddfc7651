#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// For `mvlint-bench reach`: how far a change to one file would reach if the project phase judged again only the files
/// whose judgements asked about a name the changed file's facts hold (docs/INCREMENTAL.md, step 3). An upper bound: an
/// edit changes some of a file's names, not all. Internal types stay internal; this is the one door the benchmark needs.
public enum ReadReachBenchmark {
    public struct Reach: Sendable {
        /// Files linted.
        public var files: Int
        /// Files whose judgements asked about no name at all (they hold no project subject and read nothing).
        public var readingNothing: Int
        /// Each value of the whole project (the profile, the layers, the container naming) with how many files'
        /// judgements read it: what a change of that value judges again.
        public var readingProjectWide: [(name: String, files: Int)] = []
        /// For each file, how many other files' judgements asked about a type it declares or extends, or about what its
        /// code holds, creates, injects, writes, binds or awaits: what an edit of it could reach.
        public var judgedAgain: [Int]
        /// For each file, how many other files' judgements asked about a type it declares or extends: what an edit
        /// of its declarations alone could reach.
        public var judgedAgainForDeclarations: [Int]
        /// For each file, how many files declare or extend a type that it or the judgements `judgedAgain` counts
        /// asked about: the files a project built to judge them again would read.
        public var projectFiles: [Int]
        /// The names the most files' judgements asked about, with how many.
        public var mostRead: [(name: String, files: Int)]
        /// The names judgements asked about that the most files declare or extend, with how many.
        public var mostDeclared: [(name: String, files: Int)]
        /// The files whose judgements asked about the most names, with how many.
        public var widestReaders: [(path: String, names: Int)] = []
        /// `judgedAgain` for each project rule's judgements alone, by rule id.
        public var judgedAgainByRule: [(rule: String, judgedAgain: [Int])] = []
    }

    /// Lints `directory` (its `.mvlint.yml` applies, no cache) and measures; nil when it holds no Swift file to lint.
    public static func measure(_ directory: URL) -> Reach? {
        guard let (outcome, engine) = Linter.lintedForMeasurement(directory) else { return nil }
        let project = outcome.project
        let readByRule = engine.recordedJudgements(in: project) { outcome.rules.enabled.contains($0) }.mapValues { $0.mapValues(\.reads) }
        let read = project.files.map { file in readByRule.values.reduce(into: Set<String>()) { $0.formUnion($1[file.path] ?? []) } }
        // What a file's code holds, creates, injects or reaches through the models (a type's role and lifetime read
        // it), and the members it writes, binds and awaits (the tables rules gather read them).
        let holding = project.files.map { names(in: [$0.constructions, $0.injections, $0.modelSites, $0.types.map(\.properties)] as [Any]) }
        let writing = project.files.map { names(in: [$0.memberWrites, $0.bindingProjections, $0.cancellation] as [Any]) }
        let declared = project.files.map { Set($0.types.map { ReadRecorder.simpleName(ofID: $0.qualifiedName) }) }
        let declarers = DeclaringFiles(project).byName
        func readersOfEachKey(_ read: [Set<String>]) -> [String: [Int]] {
            var readers: [String: [Int]] = [:]
            for position in read.indices { for key in read[position] { readers[key, default: []].append(position) } }
            return readers
        }
        let readers = readersOfEachKey(read)
        func judged(_ keys: [String], besides position: Int, readers: [String: [Int]]) -> Set<Int> {
            var judged: Set<Int> = [position]
            for key in keys { judged.formUnion(readers[key] ?? []) }
            return judged
        }
        // A type's answers change with the files that declare or extend it; its role and lifetime, and the members
        // rules gather, with any file whose code names them.
        let declarationKeys = declared.map { $0.flatMap { [ReadRecorder.key(.type, $0), ReadRecorder.key(.role, $0)] } }
        let keys = project.files.indices.map {
            declarationKeys[$0] + holding[$0].map { ReadRecorder.key(.role, $0) } + writing[$0].map { ReadRecorder.key(.member, $0) }
        }
        var reach = Reach(files: project.files.count, readingNothing: read.filter(\.isEmpty).count, judgedAgain: [],
                          judgedAgainForDeclarations: [], projectFiles: [], mostRead: mostFiles(readers.filter { !$0.key.hasPrefix("p:") }),
                          mostDeclared: mostFiles(declarers.filter { readers[ReadRecorder.key(.type, $0.key)] != nil }))
        reach.readingProjectWide = mostFiles(readers.filter { $0.key.hasPrefix("p:") })
        reach.widestReaders = zip(project.files.map(\.path), read.map(\.count)).sorted { $0.1 > $1.1 }.prefix(5).map { ($0.0, $0.1) }
        for (rule, byPath) in readByRule.sorted(by: { $0.key < $1.key }) {
            let ruleReaders = readersOfEachKey(project.files.map { byPath[$0.path] ?? [] })
            reach.judgedAgainByRule.append((rule, project.files.indices.map { judged(keys[$0], besides: $0, readers: ruleReaders).count - 1 }))
        }
        for position in project.files.indices {
            let reached = judged(keys[position], besides: position, readers: readers)
            var declaring = reached
            for other in reached {
                for key in read[other] where key.hasPrefix("t:") { declaring.formUnion(declarers[String(key.dropFirst(2))] ?? []) }
            }
            reach.judgedAgain.append(reached.count - 1)
            reach.judgedAgainForDeclarations.append(judged(declarationKeys[position], besides: position, readers: readers).count - 1)
            reach.projectFiles.append(declaring.count)
        }
        return reach
    }

    private static func mostFiles(_ filesByName: [String: [Int]]) -> [(name: String, files: Int)] {
        filesByName.map { ($0.key, $0.value.count) }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(12).map { $0 }
    }

    /// Every identifier in the strings of some facts (type names as written, member names, receivers), each once.
    static func names(in facts: Any) -> Set<String> {
        var names = Set<String>()
        func collect(_ value: Any) {
            if let text = value as? String { return ReadRecorder.identifiers(in: text, into: &names) }
            for child in Mirror(reflecting: value).children { collect(child.value) }
        }
        collect(facts)
        return names
    }

}

extension Linter {
    /// `directory` linted in-process as a user would (its `.mvlint.yml` applies, no cache), with the engine that ran, for
    /// the benchmarks that look inside a run; nil when nothing was linted.
    static func lintedForMeasurement(_ directory: URL) -> (outcome: Outcome, engine: LintEngine)? {
        var configuration = ConfigurationLoader.find(from: directory).flatMap { try? ConfigurationLoader.load(path: $0) }
            ?? Configuration(rootDirectory: directory)
        // A measurement compares runs made while other work loads the machine: a file must not be left out for the time
        // its parse took (an app's largest generated file, under load), or two runs of the same files differ.
        configuration.fileBudget.maxParseSeconds = 3_600
        let outcome = Linter.run(Linter.Request(paths: [directory.path], workingDirectory: directory, configuration: configuration))
        guard let engine = outcome.engine, !outcome.project.files.isEmpty else { return nil }
        return (outcome, engine)
    }
}
