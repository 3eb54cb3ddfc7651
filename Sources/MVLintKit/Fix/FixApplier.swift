#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Applies one round of fixes to one file's text: every fix whose edits do not conflict with an earlier
/// fix's, all edits of a fix or none. The rest waits for the next round, computed on the edited text.
enum FixApplier {
    struct Outcome {
        var text: String
        /// Indices into the fixes passed in, of those applied (a fix identical to an applied one counts as applied).
        var applied: [Int]
    }

    static func apply(_ fixes: [Fix], to text: String) -> Outcome {
        let bytes = Array(text.utf8)
        let style = LineBreakStyle(of: text)
        var accepted: [TextEdit] = []
        var acceptedFixes: Set<[TextEdit]> = []
        var applied: [Int] = []
        // Front to back, so which fix wins a conflict does not depend on the rules' order.
        let order = fixes.indices.sorted { (fixes[$0].edits.map(\.range.lowerBound).min() ?? 0, $0) < (fixes[$1].edits.map(\.range.lowerBound).min() ?? 0, $1) }
        for index in order {
            let edits = fixes[index].edits
            if acceptedFixes.contains(edits) {
                applied.append(index)
                continue
            }
            guard !edits.isEmpty, isValid(edits, byteCount: bytes.count),
                  !edits.contains(where: { edit in accepted.contains { $0.conflicts(with: edit) } }) else { continue }
            accepted += edits
            acceptedFixes.insert(edits)
            applied.append(index)
        }
        guard !accepted.isEmpty else { return Outcome(text: text, applied: []) }

        var result = bytes
        for edit in accepted.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: style.apply(to: edit.replacement).utf8)
        }
        // Edits start and end on token boundaries; should one ever split a character, the file is left alone.
        guard let edited = String(validating: result, as: UTF8.self) else { return Outcome(text: text, applied: []) }
        return Outcome(text: style.keepingFinalLineBreak(of: text, in: edited), applied: applied)
    }

    /// Inside the text, and not conflicting with each other: a fix whose own edits collide is a bug, never applied.
    private static func isValid(_ edits: [TextEdit], byteCount: Int) -> Bool {
        for (position, edit) in edits.enumerated() {
            guard edit.range.lowerBound >= 0, edit.range.upperBound <= byteCount else { return false }
            if edits[(position + 1)...].contains(where: edit.conflicts) { return false }
        }
        return true
    }
}

/// The file's line breaks: edits are written with `\n` and take the style of the file they land in.
struct LineBreakStyle {
    let lineBreak: String

    /// CRLF when most line breaks in the text are CRLF.
    init(of text: String) {
        var crlf = 0
        var lf = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                if previous == UInt8(ascii: "\r") { crlf += 1 } else { lf += 1 }
            }
            previous = byte
        }
        lineBreak = crlf > lf ? "\r\n" : "\n"
    }

    func apply(to replacement: String) -> String {
        guard lineBreak == "\r\n" else { return replacement }
        return replacement.replacingEvery("\r\n", with: "\n").replacingEvery("\n", with: "\r\n")
    }

    /// Whether the file ended with a line break is the author's choice, not the fix's.
    func keepingFinalLineBreak(of original: String, in edited: String) -> String {
        let hadBreak = original.utf8.last == UInt8(ascii: "\n")
        let hasBreak = edited.utf8.last == UInt8(ascii: "\n")
        if hadBreak, !hasBreak, !edited.isEmpty { return edited + lineBreak }
        if !hadBreak, hasBreak {
            var trimmed = Substring(edited)
            trimmed.removeLast()  // "\r\n" is one Character, so this drops either style of break
            return String(trimmed)
        }
        return edited
    }
}
