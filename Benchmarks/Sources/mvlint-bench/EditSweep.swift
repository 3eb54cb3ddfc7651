import Foundation
import MVLintKit
import OSSCheck

/// `mvlint-bench edits`: the edits a developer makes, one at a time, to files picked at random, each followed by a warm
/// run that must equal an uncached run of the same files byte for byte; and, of each edit, which other files' findings
/// changed, which is how far a project phase kept across runs would have to look (docs/INCREMENTAL.md).
struct EditSweep {
    /// One kind of edit: the file's new text, or nil when the file has nothing it applies to; or the file deleted, or a
    /// file of that text added beside it.
    struct Edit: Sendable {
        enum Target: Sendable {
            case text
            case deletion
            /// A new file of this name in the file's folder.
            case fileBeside(String)
            /// The same, and `made` (a construction of what it declares) put first in the file's first view body.
            case fileBesideShown(String, made: String)
        }

        var name: String
        var target = Target.text
        var apply: @Sendable (String, inout SplitMix64, Project) -> String?

        init(name: String, target: Target = .text, apply: @escaping @Sendable (String, inout SplitMix64) -> String?) {
            self.init(name: name, target: target) { text, random, _ in apply(text, &random) }
        }

        init(name: String, target: Target = .text, apply: @escaping @Sendable (String, inout SplitMix64, Project) -> String?) {
            (self.name, self.target, self.apply) = (name, target, apply)
        }
    }

    /// What an edit may use of the project beyond the file: the names of the views its files declare.
    struct Project: Sendable {
        var viewNames: [String]

        init(files: [URL]) {
            var names = Set<String>()
            for file in files {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                for match in text.matches(of: #/struct ([A-Z]\w*)\s*:\s*(?:[A-Z]\w*\s*,\s*)*View\b/#) { names.insert(String(match.1)) }
            }
            viewNames = names.sorted()
        }
    }

    static let edits: [Edit] = [
        Edit(name: "comment on top") { text, _ in "// mvlint-bench edit\n" + text },
        Edit(name: "blank lines in the middle") { text, _ in
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            lines.insert(contentsOf: ["", "// mvlint-bench edit", ""], at: lines.count / 2)
            return lines.joined(separator: "\n")
        },
        Edit(name: "a line re-indented") { text, random in
            changingOneLine(of: text, random: &random, where: { $0.hasPrefix("    ") && !$0.allSatisfy(\.isWhitespace) }) { "  " + $0 }
        },
        Edit(name: "a string literal edited") { text, _ in
            guard let literal = text.firstMatch(of: #/"([A-Za-z][^"\\\n]{0,40})"/#) else { return nil }
            return text.replacingCharacters(in: literal.range, with: "\"\(literal.1)x\"")
        },
        Edit(name: "a local let added") { text, _ in inFirstFunction(of: text, add: "let mvlintBenchValue = 1") },
        Edit(name: "a call added") { text, _ in inFirstFunction(of: text, add: "mvlintBenchHelper.run()") },
        Edit(name: "a member write added") { text, _ in inFirstFunction(of: text, add: "model.mvlintBenchFlag = true") },
        Edit(name: "a stored property added") { text, _ in inFirstType(of: text, add: "var mvlintBenchCount = 0") },
        Edit(name: "a method added") { text, _ in inFirstType(of: text, add: "func mvlintBenchMethod() { print(1) }") },
        Edit(name: "a body line removed") { text, random in
            changingOneLine(of: text, random: &random, where: { $0.contains(#/^\s+(try |await |self\.|[a-z]\w*\.[a-z]\w*\()/#) }) { _ in nil }
        },
        Edit(name: "a stored property removed") { text, random in
            changingOneLine(of: text, random: &random, where: {
                $0.contains(#/^\s{2,4}(@\w+(\([^)]*\))?\s+)*((private|public|fileprivate)\s+)?(var|let) \w+/#) && !$0.hasSuffix("{")
            }) { _ in nil }
        },
        Edit(name: "observability removed") { text, _ in
            let edited = text.replacing(": ObservableObject", with: "").replacing("@Observable\n", with: "\n", maxReplacements: 1)
            return edited == text ? nil : edited
        },
        Edit(name: "a type renamed") { text, _ in
            guard let type = text.firstMatch(of: #/\b(struct|class|enum) ([A-Z]\w*)/#) else { return nil }
            return text.replacingCharacters(in: type.range, with: "\(type.1) \(type.2)MVLintBench")
        },
        Edit(name: "a type added") { text, _ in text + "\nstruct MVLintBenchAdded {\n    let count = 1\n}\n" },
        Edit(name: "a type added and used") { text, _ in
            inFirstFunction(of: text, add: "let mvlintBenchValue = MVLintBenchAdded()").map { $0 + "\nstruct MVLintBenchAdded {\n    let count = 1\n}\n" }
        },
        Edit(name: "a view added") { text, _ in
            text + "\nimport SwiftUI\n\nstruct MVLintBenchRow: View {\n    let title: String\n    var body: some View {\n        HStack { Text(title) }\n    }\n}\n"
        },
        Edit(name: "a screen and its model added") { text, _ in
            text + "\nimport SwiftUI\nimport Observation\n\n@Observable final class MVLintBenchModel {\n    var count = 0\n}\n\n"
                + "struct MVLintBenchScreen: View {\n    @State private var model = MVLintBenchModel()\n    var body: some View {\n        Button(\"Add\") { model.count += 1 }\n    }\n}\n"
        },
        Edit(name: "a project view shown") { text, random, project in
            // A view another file declares, made in the first view body: the commonest edit that adds a relation.
            guard let opening = text.firstMatch(of: #/var body: some View \{\n/#) else { return nil }
            let others = project.viewNames.filter { !text.contains("struct \($0)") }
            guard !others.isEmpty else { return nil }
            return text.replacingCharacters(in: opening.range, with: opening.output + "        \(others[random.nextIndex(below: others.count)])()\n")
        },
        Edit(name: "a project view taken away") { text, random, project in
            // A line that makes a view the project declares, taken away.
            let views = Set(project.viewNames)
            return changingOneLine(of: text, random: &random, where: { line in
                guard let made = line.firstMatch(of: #/^\s+([A-Z]\w*)\(/#) else { return false }
                return views.contains(String(made.1))
            }) { _ in nil }
        },
        Edit(name: "a wrapper swapped") { text, _ in
            if text.contains("@StateObject") { return text.replacing("@StateObject", with: "@ObservedObject", maxReplacements: 1) }
            return text.contains("@State ") ? text.replacing("@State ", with: "@Bindable ", maxReplacements: 1) : nil
        },
        Edit(name: "a file added beside it", target: .fileBeside("MVLintBenchAdded.swift")) { _, _ in
            "import SwiftUI\n\nstruct MVLintBenchAddedView: View {\n    let title: String\n    var body: some View { Text(title) }\n}\n"
        },
        Edit(name: "a file added and shown", target: .fileBesideShown("MVLintBenchAdded.swift", made: "MVLintBenchAddedView(title: \"\")")) { _, _ in
            "import SwiftUI\n\nstruct MVLintBenchAddedView: View {\n    let title: String\n    var body: some View { Text(title) }\n}\n"
        },
        Edit(name: "the file deleted", target: .deletion) { text, _ in text },
    ]

    /// `line` inserted as the first statement of the first function whose `{` ends its line.
    static func inFirstFunction(of text: String, add line: String) -> String? {
        guard let opening = text.firstMatch(of: #/func [^{\n]*\{\n/#) else { return nil }
        return text.replacingCharacters(in: opening.range, with: opening.output + "        \(line)\n")
    }

    /// `line` inserted as the first member of the first struct or class whose `{` ends its line.
    static func inFirstType(of text: String, add line: String) -> String? {
        guard let opening = text.firstMatch(of: #/(struct|class) [A-Z]\w*[^{\n]*\{\n/#) else { return nil }
        return text.replacingCharacters(in: opening.range, with: opening.output.0 + "    \(line)\n")
    }

    /// One of the lines `matches` picks, at random, replaced by `change` (nil removes it).
    static func changingOneLine(of text: String, random: inout SplitMix64, where matches: (Substring) -> Bool,
                                _ change: (Substring) -> String?) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let candidates = lines.indices.filter { matches(lines[$0]) }
        guard !candidates.isEmpty else { return nil }
        let index = candidates[random.nextIndex(below: candidates.count)]
        if let changed = change(lines[index]) { lines[index] = Substring(changed) } else { lines.remove(at: index) }
        return lines.joined(separator: "\n")
    }

    /// Each file's findings in a JSON report, as the lines of the report that name it, by absolute path (a report names
    /// files relative to the working directory when they lie below it).
    static func findingsByFile(_ report: Data?) -> [String: [String]] {
        guard let report, let text = String(data: report, encoding: .utf8) else { return [:] }
        let workingDirectory = FileManager.default.currentDirectoryPath
        var byFile: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.contains("\"file\": ") {
            guard let file = line.firstMatch(of: #/"file": "([^"]*)"/#) else { continue }
            let path = file.1.hasPrefix("/") ? String(file.1) : workingDirectory + "/" + file.1
            byFile[path, default: []].append(String(line))
        }
        return byFile
    }

    /// On a copy of `folder` (in `scratch`), `fileCount` files picked at random, each edited every way in turn: `before` once
    /// the copy is made, then `measure` after each edit (the edit, the file, its path in the copy), the file put back after
    /// each. Returns the files picked and how many there were to pick from.
    static func eachEdit(of folder: URL, in scratch: URL, files fileCount: Int, seed: UInt64, before: (URL) throws -> Void,
                         measure: (Edit, URL, String) throws -> Void) throws -> (picked: Int, of: Int) {
        let project = scratch.appendingPathComponent(folder.lastPathComponent)
        try copyForWarmRuns(folder, to: project)
        var random = SplitMix64(seed: seed)
        var sources = swiftFiles(in: project).filter { !["Package.swift", "Project.swift"].contains($0.lastPathComponent) }
        random.shuffle(&sources)
        let picked = sources.prefix(fileCount)
        let seen = Project(files: sources)
        try before(project)
        for file in picked {
            let original = try String(contentsOf: file, encoding: .utf8)
            // Reports name files by absolute path: the copy lies outside the working directory.
            let shown = String(file.path.dropFirst(project.path.count + 1))
            for edit in edits {
                guard let edited = edit.apply(original, &random, seen) else { continue }
                // The file's text after the edit (nil: deleted), and a new file beside it.
                let text: String?, beside: (url: URL, text: String)?
                switch edit.target {
                case .text:
                    guard edited != original else { continue }
                    (text, beside) = (edited, nil)
                case .deletion:
                    (text, beside) = (nil, nil)
                case .fileBeside(let name):
                    text = original
                    beside = (file.deletingLastPathComponent().appendingPathComponent(name), edited)
                case .fileBesideShown(let name, let made):
                    guard let opening = original.firstMatch(of: #/var body: some View \{\n/#) else { continue }
                    text = original.replacingCharacters(in: opening.range, with: opening.output + "        \(made)\n")
                    beside = (file.deletingLastPathComponent().appendingPathComponent(name), edited)
                }
                defer {
                    if let beside { try? FileManager.default.removeItem(at: beside.url) }
                    if text != original { try? original.write(to: file, atomically: false, encoding: .utf8) }
                }
                if let text, text != original { try text.write(to: file, atomically: false, encoding: .utf8) }
                if text == nil { try FileManager.default.removeItem(at: file) }
                if let beside { try beside.text.write(to: beside.url, atomically: false, encoding: .utf8) }
                try measure(edit, file, shown)
            }
        }
        return (picked.count, sources.count)
    }

    static func run(_ folder: URL, mvlint: String, files fileCount: Int, seed: UInt64) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-bench-edits-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let project = scratch.appendingPathComponent(folder.lastPathComponent), cache = scratch.appendingPathComponent("cache")
        let builtCache = scratch.appendingPathComponent("built-cache")
        let lint = [mvlint, "lint", project.path, "--quiet", "--format", "json"]
        let report = { (name: String) in scratch.appendingPathComponent(name + ".json").path }
        func read(_ name: String) -> Data? { FileManager.default.contents(atPath: report(name)) }
        var before: [String: [String]] = [:]
        var made = [String: Int](), mismatched = [String: [String]](), reaching = [String: [Int]](), reached: [String] = []
        var keptOtherwise = [String: [String]](), built = [String: Int]()
        // Every edit is one change from the project as it was: its warm run starts from the cache of the untouched project.
        let pristine = scratch.appendingPathComponent("pristine-cache")
        let (picked, sources) = try eachEdit(of: folder, in: scratch, files: fileCount, seed: seed, before: { _ in
            _ = spawn(lint + ["--cache-path", cache.path], output: report("before"))
            before = findingsByFile(read("before"))
            try FileManager.default.copyItem(at: cache, to: pristine)
        }, measure: { edit, file, shown in
            try? FileManager.default.removeItem(at: cache)
            try FileManager.default.copyItem(at: pristine, to: cache)
            _ = spawn(lint + ["--cache-path", cache.path, "--timings"], output: report("warm"), errors: report("timings"))
            _ = spawn(lint + ["--no-cache"], output: report("uncached"))
            made[edit.name, default: 0] += 1
            // A run that made the project index built the whole project; one that did not kept the last run's answers.
            if read("timings").map({ String(decoding: $0, as: UTF8.self).contains(PhaseTimings.Step.index.rawValue) }) ?? true {
                built[edit.name, default: 0] += 1
            }
            if read("warm") != read("uncached") { mismatched[edit.name, default: []].append(shown) }
            // The answers the warm run kept for the next must be a build's, or the next edit is judged against others.
            try? FileManager.default.removeItem(at: builtCache)
            _ = spawn(lint + ["--cache-path", builtCache.path])
            // Each folder holds one cache file, the project's.
            let files = [cache, builtCache].compactMap { (try? FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil))?.first }
            let difference = files.count == 2 ? CacheDecodingBenchmark.keptAnswersDiffer(kept: files[0], built: files[1]) : "no cache file"
            if let difference { keptOtherwise[edit.name, default: []].append("\(shown): \(difference)") }
            let after = findingsByFile(read("uncached"))
            let others = Set(before.keys).union(after.keys).filter { $0 != file.path && before[$0] != after[$0] }
            reaching[edit.name, default: []].append(others.count)
            if !others.isEmpty {
                reached.append("\(edit.name) in \(shown): " + others.sorted().map { String($0.dropFirst(project.path.count + 1)) }.joined(separator: ", "))
            }
        })
        print("files edited: \(picked) of \(sources), seed \(seed)")
        print("edit                         edits  built  warm != uncached  kept != built  changed other files' findings (most files)")
        for edit in edits {
            let count = made[edit.name] ?? 0, reached = reaching[edit.name] ?? []
            print(edit.name.padding(toLength: 29, withPad: " ", startingAt: 0) + String(format: "%5d  %5d  %16d  %13d  %d (%d)", count,
                  built[edit.name] ?? 0, mismatched[edit.name]?.count ?? 0, keptOtherwise[edit.name]?.count ?? 0,
                  reached.filter { $0 > 0 }.count, reached.max() ?? 0))
        }
        for line in reached { print("REACHED: \(line)") }
        for (edit, files) in mismatched.sorted(by: { $0.key < $1.key }) {
            for file in files { print("MISMATCH: \(edit) in \(file)") }
        }
        for (edit, files) in keptOtherwise.sorted(by: { $0.key < $1.key }) {
            for file in files { print("KEPT OTHERWISE: \(edit) in \(file)") }
        }
    }

    /// `mvlint-bench edits DIR --answers`: after each edit, which answers of the whole project changed (in-process, no
    /// cache): the roles, relations, scene roots, profile and gathered tables a file's judgement in a small project takes
    /// from the whole project (docs/INCREMENTAL.md, step 4), told apart by whether only the places they cite moved; and
    /// whether other files' findings changed.
    static func answers(_ folder: URL, files fileCount: Int, seed: UInt64) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-bench-answers-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let project = scratch.appendingPathComponent(folder.lastPathComponent)
        var base: SmallProjectCheck.Snapshot?
        var made = [String: Int](), changed = [String: Int](), movedOnly = [String: Int](), reachedOthers = [String: Int]()
        var changedKinds = [String: [String: Int]](), examples: [String] = [], toldChanged = [String: Int](), missed: [String] = []
        var keptEdits = [String: Int](), judgedAgain = [String: [Int]](), wrong: [String] = []
        func kind(_ key: String) -> String { key.hasPrefix("role ") ? "roles" : key }
        let (picked, sources) = try eachEdit(of: folder, in: scratch, files: fileCount, seed: seed, before: { _ in
            guard let snapshot = SmallProjectCheck.snapshot(of: project) else { throw NothingLinted(folder: folder) }
            base = snapshot
        }, measure: { edit, file, shown in
            guard let base, let after = SmallProjectCheck.snapshot(of: project) else { return }
            made[edit.name, default: 0] += 1
            let keys = Set(base.answers.keys).union(after.answers.keys)
            let differing = keys.filter { base.answers[$0]?.unplaced != after.answers[$0]?.unplaced }
            // A small project must tell every change the whole project shows; a change it tells that the whole project
            // does not show only costs a rebuild.
            let told = base.changesAnswers(ofFileAt: shown, to: after)
            // What a run keeping the previous result would conclude, judging again only what the edit reaches.
            if let kept = base.keptAndJudgedAgain(ofFileAt: shown, to: after) {
                keptEdits[edit.name, default: 0] += 1
                judgedAgain[edit.name, default: []].append(kept.judged)
                if !kept.differing.isEmpty { wrong.append("\(edit.name) in \(shown): " + kept.differing.prefix(4).joined(separator: ", ")) }
            }
            if told { toldChanged[edit.name, default: 0] += 1 }
            if !differing.isEmpty && !told { missed.append("\(edit.name) in \(shown): " + differing.sorted().prefix(4).joined(separator: ", ")) }
            if !differing.isEmpty {
                changed[edit.name, default: 0] += 1
                for key in Set(differing.map(kind)) { changedKinds[edit.name, default: [:]][key, default: 0] += 1 }
                if examples.count < 40 { examples.append("\(edit.name) in \(shown): " + differing.sorted().prefix(4).joined(separator: ", ")) }
            } else if keys.contains(where: { base.answers[$0]?.placed != after.answers[$0]?.placed }) {
                movedOnly[edit.name, default: 0] += 1
            }
            let paths = Set(base.findingsByFile.keys).union(after.findingsByFile.keys)
            if paths.contains(where: { $0 != shown && base.findingsByFile[$0] != after.findingsByFile[$0] }) { reachedOthers[edit.name, default: 0] += 1 }
        })
        print("files edited: \(picked) of \(sources), seed \(seed)")
        print("edit                         edits  answers changed  only their places  told by a small project  other files' findings  kept (files judged, most)  what changed")
        for edit in edits {
            let kinds = (changedKinds[edit.name] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            print(edit.name.padding(toLength: 29, withPad: " ", startingAt: 0)
                  + String(format: "%5d  %15d  %17d  %22d  %21d  ", made[edit.name] ?? 0, changed[edit.name] ?? 0, movedOnly[edit.name] ?? 0,
                           toldChanged[edit.name] ?? 0, reachedOthers[edit.name] ?? 0)
                  + "\(keptEdits[edit.name] ?? 0) (\((judgedAgain[edit.name] ?? []).reduce(0, +)), \((judgedAgain[edit.name] ?? []).max() ?? 0))".padding(toLength: 27, withPad: " ", startingAt: 0)
                  + kinds)
        }
        for example in examples { print("CHANGED: \(example)") }
        for example in missed { print("MISSED BY THE SMALL PROJECT: \(example)") }
        for example in wrong { print("KEPT BUT WRONG: \(example)") }
    }
}
