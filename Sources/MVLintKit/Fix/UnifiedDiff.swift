/// A unified diff (`--- a/path`, `+++ b/path`, `@@` hunks with three lines of context) between a file's text
/// before and after fixing, as `diff -u` and `git diff` print it: `patch -p1` and review tools read it.
enum UnifiedDiff {
    static func render(path: String, original: String, fixed: String, context: Int = 3) -> String {
        let old = lines(of: original)
        let new = lines(of: fixed)
        let script = editScript(old, new)
        let changes = script.indices.filter { script[$0] != .keep }
        guard !changes.isEmpty else { return "" }
        let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var output = "--- a/\(name)\n+++ b/\(name)\n"

        // Changes closer than twice the context share a hunk.
        var hunks: [ClosedRange<Int>] = []
        for change in changes {
            if let last = hunks.last, change - last.upperBound <= 2 * context {
                hunks[hunks.count - 1] = last.lowerBound...change
            } else {
                hunks.append(change...change)
            }
        }
        // Line numbers before each step of the script, in the old and the new text.
        var oldLine = [0], newLine = [0]
        for step in script {
            oldLine.append(oldLine[oldLine.count - 1] + (step == .insert ? 0 : 1))
            newLine.append(newLine[newLine.count - 1] + (step == .delete ? 0 : 1))
        }
        for hunk in hunks {
            let range = max(0, hunk.lowerBound - context)..<min(script.count, hunk.upperBound + context + 1)
            let oldCount = oldLine[range.upperBound] - oldLine[range.lowerBound]
            let newCount = newLine[range.upperBound] - newLine[range.lowerBound]
            output += "@@ -\(span(oldLine[range.lowerBound], oldCount)) +\(span(newLine[range.lowerBound], newCount)) @@\n"
            for index in range {
                switch script[index] {
                case .keep: output += line(" ", old[oldLine[index]])
                case .delete: output += line("-", old[oldLine[index]])
                case .insert: output += line("+", new[newLine[index]])
                }
            }
        }
        return output
    }

    enum Step { case keep, delete, insert }

    /// `start,count` with diff's conventions: 1-based, `,1` left out, and an empty side named by the line before it.
    private static func span(_ linesBefore: Int, _ count: Int) -> String {
        let start = count == 0 ? linesBefore : linesBefore + 1
        return count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private static func line(_ prefix: String, _ text: Substring) -> String {
        text.hasSuffix("\n") ? prefix + text : prefix + text + "\n\\ No newline at end of file\n"
    }

    /// Lines with their line breaks (a `\r` stays part of the line, as `diff` shows it).
    private static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.utf8.startIndex
        for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: "\n") {
            let end = text.utf8.index(after: index)
            result.append(Substring(text.utf8[start..<end]))
            start = end
        }
        if start < text.utf8.endIndex { result.append(Substring(text.utf8[start...])) }
        return result
    }

    /// Myers' shortest edit script. Common leading and trailing lines are matched first, so the search (and the
    /// trace it keeps, which grows with the square of the number of differences) covers only the changed middle.
    static func editScript(_ old: [Substring], _ new: [Substring]) -> [Step] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix].utf8.elementsEqual(new[prefix].utf8) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix].utf8.elementsEqual(new[new.count - 1 - suffix].utf8) { suffix += 1 }
        let a = old[prefix..<(old.count - suffix)].map { Array($0.utf8) }
        let b = new[prefix..<(new.count - suffix)].map { Array($0.utf8) }
        let middle = myers(a, b)
        return Array(repeating: .keep, count: prefix) + middle + Array(repeating: .keep, count: suffix)
    }

    /// Beyond this many differing lines the trace would take too much memory: the changed middle is then
    /// shown as removed and added as a whole, which is still a correct diff.
    static let maximumDifferences = 2_000

    private static func myers(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step] {
        let n = a.count, m = b.count
        let limit = min(n + m, maximumDifferences)
        guard n + m > 0 else { return [] }
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        // `trace[d]` holds the furthest x reached on each diagonal k (-d…d, stored at k + d) before step d.
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(furthest[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1]))
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + k] = x
                if x >= n, y >= m { return backtrack(trace, n: n, m: m, steps: d) }
            }
        }
        return Array(repeating: .delete, count: n) + Array(repeating: .insert, count: m)
    }

    private static func backtrack(_ trace: [[Int]], n: Int, m: Int, steps: Int) -> [Step] {
        var script: [Step] = []
        var x = n, y = m
        for d in stride(from: steps, to: 0, by: -1) {
            let before = trace[d]
            let reached = { (k: Int) in before[k + d] }
            let k = x - y
            let previousK = (k == -d || (k != d && reached(k - 1) < reached(k + 1))) ? k + 1 : k - 1
            let previousX = reached(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                script.append(.keep)
                x -= 1
                y -= 1
            }
            script.append(x == previousX ? .insert : .delete)
            x = previousX
            y = previousY
        }
        script += Array(repeating: .keep, count: x)
        return script.reversed()
    }
}
