#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// What `mvlint settings` prints: for each file, the settings rules judge it by and where each came from.
struct SettingsReport {
    struct Entry {
        /// As findings show it: relative to the working directory when inside it.
        var path: String
        var settings: TargetSettings
    }

    var entries: [Entry]
    /// Turns an absolute path into how the report shows it.
    var display: (String) -> String

    /// One line of the report: a setting's value and why it has it.
    private struct Line {
        var value: String?
        var source: SettingSource?
        /// Why the value is what it is when no file states it.
        var unstated: String
    }

    private func lines(_ settings: TargetSettings) -> (target: Line, minimums: [(Platform, Line)], languageMode: Line,
                                                        isolation: Line, compiler: Line) {
        let sources = settings.sources
        let minimums = Platform.allCases.compactMap { platform in
            settings.deploymentTargets[platform].map { (platform, Line(value: $0.description, source: sources.deploymentTargets[platform], unstated: "")) }
        }
        return (
            Line(value: settings.name.isEmpty ? nil : settings.name, source: sources.target,
                 unstated: "no project file around this file declares targets"),
            minimums,
            Line(value: settings.swiftLanguageMode?.description, source: sources.swiftLanguageMode,
                 unstated: "not stated; judged as the Swift 6 language mode"),
            Line(value: settings.defaultIsolationIsMainActor ? "MainActor" : "nonisolated", source: sources.defaultIsolation,
                 unstated: "not stated; nonisolated is the compiler's default"),
            Line(value: settings.swiftToolsVersion?.description ?? "current", source: sources.swiftToolsVersion,
                 unstated: "not stated; a current compiler is assumed (`swift_version:` in .mvlint.yml sets it)")
        )
    }

    private func reason(_ line: Line) -> String {
        line.source?.described(showingFiles: display) ?? line.unstated
    }

    var text: String {
        var output = ""
        for entry in entries {
            let (target, minimums, languageMode, isolation, compiler) = lines(entry.settings)
            var rows = [("target", target)]
            rows += minimums.isEmpty
                ? [("minimum OS", Line(value: "none stated", source: nil, unstated: "rules assume a current OS"))]
                : minimums.map { ("minimum \($0.0.rawValue)", $0.1) }
            rows += [("language mode", languageMode), ("default isolation", isolation), ("Swift compiler", compiler)]
            output += entry.path + "\n"
            for (label, line) in rows {
                let padded = label.padded(toUTF16Length: 18)
                output += "  \(padded)\(line.value ?? "none") — \(reason(line))\n"
            }
        }
        return output
    }

    /// `{"files": [...]}`, one object per file with the keys sorted; documented in the README.
    var json: String {
        func setting(_ line: Line) -> JSONValue {
            .object([
                ("file", line.source?.file.map { .string(display($0)) } ?? .null),
                ("source", .string(reason(line))),
                ("value", line.value.map(JSONValue.string) ?? .null),
            ])
        }
        let files = entries.map { entry -> JSONValue in
            let (target, minimums, languageMode, isolation, compiler) = lines(entry.settings)
            let sortedMinimums = minimums.sorted { $0.0.rawValue < $1.0.rawValue }
            return .object([
                ("default_isolation", setting(isolation)),
                ("minimum_os", .object(sortedMinimums.map { ($0.0.rawValue, setting($0.1)) })),
                ("path", .string(entry.path)),
                ("swift_compiler", setting(compiler)),
                ("swift_language_mode", setting(languageMode)),
                ("target", setting(target)),
            ])
        }
        return JSONValue.object([("files", .array(files))]).rendered() + "\n"
    }
}
