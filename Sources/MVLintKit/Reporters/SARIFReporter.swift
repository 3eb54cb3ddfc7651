#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// SARIF 2.1.0, the format GitHub code scanning and other result viewers import. One run; the rules listed
/// are those with results, each with its documentation; fixable results carry their fix as replacements.
/// Columns count Unicode scalars (`columnKind`), converted from the UTF-8 columns findings carry.
public struct SARIFReporter: Reporter {
    public init() {}

    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// Base for relative artifact locations: the folder mvlint ran in, which the consumer maps to its checkout.
    static let sourceRoot = "%SRCROOT%"
    /// Key of our own fingerprint in `partialFingerprints`: versioned, since changing the recipe would
    /// make every result look new.
    static let fingerprintKey = "mvlint/lineHash/v1"

    public func render(_ report: LintReport) -> String {
        let ruleIDs = Array(Set(report.findings.map(\.rule))).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let driver = JSONValue.object([
            ("name", .string("mvlint")),
            ("version", .string(MVLintVersion.current)),
            ("semanticVersion", .string(MVLintVersion.current)),
            ("informationUri", .string(MVLintVersion.homepage)),
            ("rules", .array(ruleIDs.map(Self.ruleDescriptor))),
        ])
        let run = JSONValue.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(report.findings.map { result($0, ruleIndex: ruleIndex[$0.rule] ?? 0, sources: report.sources) })),
        ])
        let log = JSONValue.object([("$schema", .string(Self.schema)), ("version", .string("2.1.0")), ("runs", .array([run]))])
        return log.rendered() + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .advice: return "note"
        }
    }

    /// A rule from its own metadata; a rule mvlint does not know (none today) still gets its required id.
    static func ruleDescriptor(_ id: String) -> JSONValue {
        guard let rule = RuleRegistry.description(of: id) else { return .object([("id", .string(id))]) }
        let profiles: [String] = switch rule.profiles {
        case .all: Profile.allCases.map(\.rawValue)
        case .only(let enabled): Profile.allCases.filter(enabled.contains).map(\.rawValue)
        case .optIn: []
        }
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(pascalCased(rule.id))),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.rationale))])),
            ("help", .object([("text", .string(RuleTable.explanation(rule))), ("markdown", .string(helpMarkdown(rule)))])),
            ("defaultConfiguration", .object([("enabled", .bool(rule.profiles != .optIn)), ("level", .string(level(rule.severity)))])),
            ("properties", .object([
                ("tags", .array(["mvlint", rule.family.rawValue].map(JSONValue.string))),
                ("profiles", .array(profiles.map(JSONValue.string))),
                ("fixable", .bool(rule.fix == .auto)),
            ])),
        ])
    }

    /// `foreground-color` → `ForegroundColor`: SARIF wants `name` to be an identifier-like word.
    static func pascalCased(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The `mvlint explain` sections as Markdown, which GitHub shows on the alert page.
    static func helpMarkdown(_ rule: RuleDescription) -> String {
        func swiftBlock(_ example: Example) -> String {
            "```swift\n" + ExampleRunner.strip(example.code).code.droppingTrailing(while: \.isNewline) + "\n```"
        }
        var sections = [rule.summary, "**Why this is bad.** " + rule.rationale, "**Instead.** " + rule.instead]
        if let bad = rule.triggering.first { sections.append("Reported:\n\n" + swiftBlock(bad)) }
        if let good = rule.nonTriggering.first { sections.append("Not reported:\n\n" + swiftBlock(good)) }
        return sections.joined(separator: "\n\n")
    }

    private func result(_ finding: Finding, ruleIndex: Int, sources: SourceTexts) -> JSONValue {
        let lines = sources.lines(of: finding.file)
        let column = lines?.scalarColumn(line: finding.line, utf8Column: finding.column) ?? finding.column
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(finding.rule)),
            ("ruleIndex", .number(ruleIndex)),
            ("level", .string(Self.level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([("physicalLocation", .object([
                ("artifactLocation", Self.artifactLocation(finding.file)),
                ("region", .object([("startLine", .number(finding.line)), ("startColumn", .number(column))])),
            ]))])])),
            ("partialFingerprints", .object([(Self.fingerprintKey, .string(Self.fingerprint(finding, lines: lines)))])),
        ]
        if let fix = finding.fix, let lines {
            members.append(("fixes", .array([Self.fix(fix, file: finding.file, lines: lines)])))
        }
        return .object(members)
    }

    /// Rule, file and the finding's line without surrounding blanks: stable when code above moves or is reindented.
    static func fingerprint(_ finding: Finding, lines: SourceLines?) -> String {
        let line = lines?.line(finding.line)?.trimmingSpaces() ?? ""
        let hash = SourceDigest.fnv1a([finding.rule, finding.file, line].joined(separator: "\u{0}"))
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func fix(_ fix: Fix, file: String, lines: SourceLines) -> JSONValue {
        let replacements = fix.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit -> JSONValue in
            let start = lines.position(ofUTF8Offset: edit.range.lowerBound)
            let end = lines.position(ofUTF8Offset: edit.range.upperBound)
            return .object([
                ("deletedRegion", .object([("startLine", .number(start.line)), ("startColumn", .number(start.column)),
                                           ("endLine", .number(end.line)), ("endColumn", .number(end.column))])),
                ("insertedContent", .object([("text", .string(lines.lineBreakStyle.apply(to: edit.replacement)))])),
            ])
        }
        return .object([
            ("description", .object([("text", .string(fix.description + (fix.safety == .unsafe ? " (unsafe: may change behaviour)" : "")))])),
            ("artifactChanges", .array([.object([("artifactLocation", artifactLocation(file)), ("replacements", .array(replacements))])])),
        ])
    }

    /// Relative paths resolve against `%SRCROOT%`; a file outside the working directory keeps an absolute `file:` URI.
    static func artifactLocation(_ path: String) -> JSONValue {
        let uri = URIEncoding.path(path.replacingEvery("\\", with: "/"))
        guard !path.hasPrefix("/") else { return .object([("uri", .string("file://" + uri))]) }
        return .object([("uri", .string(uri)), ("uriBaseId", .string(sourceRoot))])
    }
}

/// Percent-encoding for file paths written as URI references.
enum URIEncoding {
    static func path(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            // RFC 3986 unreserved characters and `/` stay; everything else, UTF-8 byte by byte, is encoded.
            if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}
