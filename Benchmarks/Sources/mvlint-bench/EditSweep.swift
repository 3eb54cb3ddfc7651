import Foundation
import OSSCheck

/// `mvlint-bench edits`: the edits a developer makes, one at a time, to files picked at random, each followed by a warm
/// run that must equal an uncached run of the same files byte for byte; and, of each edit, which other files' findings
/// changed, which is how far a project phase kept across runs would have to look (docs/INCREMENTAL.md).
struct EditSweep {
    /// One kind of edit: the file's new text, or nil when the file has nothing it applies to.
    struct Edit: Sendable {
        var name: String
        var apply: @Sendable (String, inout SplitMix64) -> String?
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
        Edit(name: "a wrapper swapped") { text, _ in
            if text.contains("@StateObject") { return text.replacing("@StateObject", with: "@ObservedObject", maxReplacements: 1) }
            return text.contains("@State ") ? text.replacing("@State ", with: "@Bindable ", maxReplacements: 1) : nil
        },
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

    /// Each file's findings in a JSON report, as the lines of the report that name it.
    static func findingsByFile(_ report: Data?) -> [String: [String]] {
        guard let report, let text = String(data: report, encoding: .utf8) else { return [:] }
        var byFile: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.contains("\"file\": ") {
            guard let file = line.firstMatch(of: #/"file": "([^"]*)"/#) else { continue }
            byFile[String(file.1), default: []].append(String(line))
        }
        return byFile
    }

    static func run(_ folder: URL, mvlint: String, files fileCount: Int, seed: UInt64) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mvlint-bench-edits-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let project = scratch.appendingPathComponent(folder.lastPathComponent), cache = scratch.appendingPathComponent("cache")
        try copyForWarmRuns(folder, to: project)
        var random = SplitMix64(seed: seed)
        var sources = swiftFiles(in: project).filter { !["Package.swift", "Project.swift"].contains($0.lastPathComponent) }
        random.shuffle(&sources)
        let picked = sources.prefix(fileCount)
        let lint = [mvlint, "lint", project.path, "--quiet", "--format", "json"]
        let report = { (name: String) in scratch.appendingPathComponent(name + ".json").path }
        func read(_ name: String) -> Data? { FileManager.default.contents(atPath: report(name)) }
        _ = spawn(lint + ["--cache-path", cache.path], output: report("before"))
        let before = findingsByFile(read("before"))

        var made = [String: Int](), mismatched = [String: [String]](), reaching = [String: [Int]](), reached: [String] = []
        for file in picked {
            let original = try String(contentsOf: file, encoding: .utf8)
            // Reports name files by absolute path: the copy lies outside the working directory.
            let shown = String(file.path.dropFirst(project.path.count + 1))
            for edit in edits {
                guard let edited = edit.apply(original, &random), edited != original else { continue }
                try edited.write(to: file, atomically: false, encoding: .utf8)
                _ = spawn(lint + ["--cache-path", cache.path], output: report("warm"))
                _ = spawn(lint + ["--no-cache"], output: report("uncached"))
                try original.write(to: file, atomically: false, encoding: .utf8)
                made[edit.name, default: 0] += 1
                if read("warm") != read("uncached") { mismatched[edit.name, default: []].append(shown) }
                let after = findingsByFile(read("uncached"))
                let others = Set(before.keys).union(after.keys).filter { $0 != file.path && before[$0] != after[$0] }
                reaching[edit.name, default: []].append(others.count)
                if !others.isEmpty {
                    reached.append("\(edit.name) in \(shown): " + others.sorted().map { String($0.dropFirst(project.path.count + 1)) }.joined(separator: ", "))
                }
            }
            // The file is back as it was: this run puts the cache back too, so the next edit starts from the original.
            _ = spawn(lint + ["--cache-path", cache.path])
        }
        print("files edited: \(picked.count) of \(sources.count), seed \(seed)")
        print("edit                         edits  warm != uncached  changed other files' findings (most files)")
        for edit in edits {
            let count = made[edit.name] ?? 0, reached = reaching[edit.name] ?? []
            print(edit.name.padding(toLength: 29, withPad: " ", startingAt: 0) + String(format: "%5d  %16d  %d (%d)", count,
                  mismatched[edit.name]?.count ?? 0, reached.filter { $0 > 0 }.count, reached.max() ?? 0))
        }
        for line in reached { print("REACHED: \(line)") }
        for (edit, files) in mismatched.sorted(by: { $0.key < $1.key }) {
            for file in files { print("MISMATCH: \(edit) in \(file)") }
        }
    }
}
