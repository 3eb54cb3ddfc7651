#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// `--format html`: one self-contained page to read a run in a browser or attach to a CI job — a header
/// with the counts, the architecture map as an SVG picture, the findings by rule and by file with the code
/// around each, and every type's role with its evidence.
///
/// The page loads nothing: styles and the small filter script are inline, and without JavaScript every
/// finding is shown in both groupings. Everything that comes from the code (names, messages, paths,
/// excerpts) is escaped. Like the JSON report it always includes advice; `--advice` only decides whether
/// the advice filter starts ticked.
public struct HTMLReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let settings = report.project.settingsByPath
        let anchors = Dictionary(uniqueKeysWithValues: report.findings.indices.map { ($0, Self.findingAnchor($0)) })
        let explorer = MapExplorer(architecture: report.project.architecture, findings: report.findings, anchors: anchors) {
            settings[$0]?.name
        }
        let title = "mvlint report: " + projectName(report.project.files.map(\.path), workingDirectory: report.workingDirectory)
        var page = HTMLPage.head(title: title)
        page += header(report, title: title)
        page += mapSection(explorer)
        page += findingsSection(report)
        page += rolesSection(report.project.architecture)
        page += HTMLPage.tail
        return page
    }

    // MARK: Sections

    private func header(_ report: LintReport, title: String) -> String {
        let summary = report.summary
        var counts = [(Severity.error, summary.errors, summary.errors == 1 ? "error" : "errors"),
                      (.warning, summary.warnings, summary.warnings == 1 ? "warning" : "warnings"), (.advice, summary.advice, "advice")]
            .map { severity, count, noun in Self.badge(severity, "\(count) \(noun)", none: count == 0) }
        if summary.parseErrors > 0 { counts.append("<span class=\"note\">\(summary.parseErrors) file\(summary.parseErrors == 1 ? "" : "s") did not parse</span>") }
        return """
        <header>
        <h1>\(Markup.escape(title))</h1>
        <p class="meta">mvlint \(Markup.escape(MVLintVersion.current)) · profile <strong>\(report.project.profile.rawValue)</strong>\(report.profileChoice.map { " (" + Markup.escape($0.reason) + ")" } ?? "") · \
        \(summary.files) file\(summary.files == 1 ? "" : "s") linted</p>
        <p class="counts">\(counts.joined(separator: " "))</p>
        <nav><a href="#map">Architecture map</a> <a href="#findings">Findings</a> <a href="#roles">Roles</a></nav>
        </header>

        """
    }

    /// The fitted picture with its note and the violating relations, as readable without JavaScript; the
    /// explorer's bar, side panel and opened pictures are hidden or inert until the script takes them up.
    private func mapSection(_ explorer: MapExplorer) -> String {
        let map = explorer.overview
        let violations = map.edges.filter(\.isViolation).count
        return """
        <section id="map">
        <h2>Architecture map</h2>
        <p class="lead">\(map.nodes.count) \(map.isCollapsed ? "boxes" : "types") and \(map.edges.count) \(map.isCollapsed ? "arrows" : "relations"); \
        \(violations) \(map.isCollapsed ? "arrow" : "relation")\(violations == 1 ? "" : "s") \
        break\(violations == 1 ? "s" : "") an architecture rule (red). Hover a box or an arrow for where it is written.</p>
        \(map.grouping.map { "<p class=\"note\">\(Markup.escape($0.note)) (options of <code>mvlint map</code>).</p>\n" } ?? "")
        \(explorer.toolbar)<div class="map-explorer">
        <div class="map-frame" id="map-frame">
        \(SVGRenderer.render(map))</div>
        \(explorer.panel)</div>
        \(explorer.templates)\(explorer.violationsTable)</section>

        """
    }

    private func findingsSection(_ report: LintReport) -> String {
        var html = "<section id=\"findings\">\n<h2>Findings</h2>\n"
        guard !report.findings.isEmpty else { return html + "<p class=\"lead\">No findings.</p>\n</section>\n" }
        // Each finding is rendered once and shown in both groupings, under an anchor of its own in each.
        let items = report.findings.enumerated().map { index, finding in
            (finding: finding, body: findingBody(finding, excerpt: excerpt(of: finding, in: report.sources)), anchor: Self.findingAnchor(index))
        }
        let byRule = Dictionary(grouping: items, by: \.finding.rule).sorted { lhs, rhs in
            let (left, right) = (lhs.value.map(\.finding.severity).max() ?? .advice, rhs.value.map(\.finding.severity).max() ?? .advice)
            return left != right ? left > right : lhs.key < rhs.key
        }
        let byFile = Dictionary(grouping: items, by: \.finding.file).sorted { $0.key < $1.key }
        html += filters(report, rules: byRule.map { ($0.key, $0.value.count) })
        html += "<div class=\"findings-view\" data-group=\"rule\">\n<h3>By rule</h3>\n"
        for (rule, group) in byRule {
            let summary = RuleRegistry.description(of: rule).map { "<p class=\"rule-summary\">\(Self.message($0.summary))</p>\n" } ?? ""
            html += findingGroup(heading: "<code>\(Markup.escape(rule))</code>", intro: summary, items: group.map { Self.findingItem(anchor: $0.anchor, body: $0.body) })
        }
        html += "</div>\n<div class=\"findings-view\" data-group=\"file\">\n<h3>By file</h3>\n"
        for (file, group) in byFile {
            html += findingGroup(heading: "<code>\(Markup.escape(file))</code>", intro: "", items: group.map { Self.findingItem(anchor: $0.anchor + Self.byFileSuffix, body: $0.body) })
        }
        return html + "</div>\n</section>\n"
    }

    /// The filter form, hidden until the script shows it: without JavaScript it could not act.
    private func filters(_ report: LintReport, rules: [(id: String, count: Int)]) -> String {
        let severities = Severity.allCases.sorted(by: >).map { severity in
            let count = report.findings.filter { $0.severity == severity }.count
            let checked = severity != .advice || report.showAdvice ? " checked" : ""
            return "<label><input type=\"checkbox\" name=\"severity\" value=\"\(severity.rawValue)\"\(checked)> "
                + "\(Self.badge(severity, severity.rawValue)) \(count)</label>"
        }
        let options = rules.map { "<option value=\"\(Markup.escape($0.id))\">\(Markup.escape($0.id)) (\($0.count))</option>" }
        return """
        <form id="filters" class="filters" hidden>
        <fieldset><legend>Severity</legend> \(severities.joined(separator: " "))</fieldset>
        <label>Rule <select name="rule"><option value="">all rules</option>\(options.joined())</select></label>
        <label>Group by <select name="group"><option value="rule">rule</option><option value="file">file</option></select></label>
        </form>

        """
    }

    private func findingGroup(heading: String, intro: String, items: [String]) -> String {
        "<details class=\"finding-group\" open>\n<summary>\(heading) <span class=\"count\">\(items.count)</span></summary>\n"
            + intro + "<ol>\n" + items.joined() + "</ol>\n</details>\n"
    }

    /// The finding's line with one line of context on each side; empty when the file cannot be read.
    private func excerpt(of finding: Finding, in sources: SourceTexts) -> [(number: Int, text: String)] {
        guard let lines = sources.lines(of: finding.file), lines.line(finding.line) != nil else { return [] }
        return (max(1, finding.line - 1)...(finding.line + 1)).compactMap { number in lines.line(number).map { (number, $0) } }
    }

    private static func findingItem(anchor: String, body: String) -> String { "<li class=\"finding\" id=\"\(anchor)\"" + body }

    /// A finding's entry after its opening `<li class="finding" id=…`.
    private func findingBody(_ finding: Finding, excerpt: [(number: Int, text: String)]) -> String {
        var html = " data-severity=\"\(finding.severity.rawValue)\" data-rule=\"\(Markup.escape(finding.rule))\">\n"
        html += "<p>\(Self.badge(finding.severity, finding.severity.rawValue)) "
            + "<code class=\"where\">\(Markup.escape("\(finding.file):\(finding.line):\(finding.column)"))</code> "
            + "<span class=\"message\">\(Self.message(finding.message))</span> <code class=\"rule\">\(Markup.escape(finding.rule))</code>"
            + (finding.fixable ? " <span class=\"fixable\">fixable</span>" : "") + "</p>\n"
        if !excerpt.isEmpty {
            let width = String(excerpt.last?.number ?? 0).count
            let lines = excerpt.map { line in
                let number = String(repeating: " ", count: width - String(line.number).count) + String(line.number)
                let hit = line.number == finding.line ? " hit" : ""
                return "<span class=\"line\(hit)\"><span class=\"number\">\(number)</span> \(Markup.escape(line.text))</span>"
            }
            html += "<pre class=\"excerpt\">" + lines.joined(separator: "\n") + "</pre>\n"
        }
        return html + "</li>\n"
    }

    private func rolesSection(_ architecture: Architecture) -> String {
        let assignments = RoleReport.assignments(of: architecture)
        var html = "<section id=\"roles\">\n<h2>Roles</h2>\n"
        guard !assignments.isEmpty else { return html + "<p class=\"lead\">No types with a role.</p>\n</section>\n" }
        html += "<p class=\"lead\">What <code>mvlint roles</code> shows: every type, the role mvlint gives it and why.</p>\n"
        html += "<table class=\"roles\">\n<thead><tr><th>Type</th><th>Role</th><th>Evidence</th><th>Declared</th></tr></thead>\n<tbody>\n"
        for assignment in assignments {
            let node = ArchitectureMap.Node(id: "", name: assignment.name, role: assignment.role, file: assignment.path,
                                            line: assignment.position.line)
            html += "<tr><td><code>\(Markup.escape(assignment.name))</code></td>"
                + "<td><span class=\"role role-\(MapStyle.look(of: node).className)\">\(assignment.role.rawValue)</span></td>"
                + "<td>\(Markup.escape(RoleReport.evidence(of: assignment)))</td>"
                + "<td><code>\(Markup.escape("\(assignment.path):\(assignment.position.line)"))</code></td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// The anchor of the finding at `index` in the report's order, in the by-rule grouping; the by-file one adds
    /// `byFileSuffix`.
    static func findingAnchor(_ index: Int) -> String { "finding-\(index + 1)" }
    static let byFileSuffix = "-by-file"

    /// `none` greys out a count of zero.
    static func badge(_ severity: Severity, _ text: String, none: Bool = false) -> String {
        "<span class=\"badge \(severity.rawValue)\(none ? " none" : "")\">\(Markup.escape(text))</span>"
    }

    /// Escaped, with the `code` spans rule messages use set in code type.
    static func message(_ text: String) -> String {
        let escaped = Markup.escape(text)
        let parts = escaped.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.count % 2 == 1 else { return escaped }
        return parts.enumerated().map { $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : String($0.element) }.joined()
    }

    // MARK: Project name

    /// The name of the folder that holds the linted files' package or project (`Package.swift`, an
    /// `.xcodeproj` or `.mvlint.yml`), else of the deepest folder they share.
    func projectName(_ paths: [String], workingDirectory: URL) -> String {
        let folders = paths.map { ArchitectureMap.folder(of: $0) }
        let shared = folders.dropFirst().reduce(folders.first ?? ".", ArchitectureMap.commonFolder)
        let start = Discovery.resolve(shared, against: workingDirectory).standardizedFileURL
        var folder = start
        while true {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if entries.contains(where: { $0 == "Package.swift" || $0 == ConfigurationLoader.fileName || $0.hasSuffix(".xcodeproj") }) {
                return folder.lastPathComponent
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return start.lastPathComponent }
            folder = parent
        }
    }
}
