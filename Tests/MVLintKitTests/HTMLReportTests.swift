import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import MVLintKit
import XCTest

/// `lint --format html` and `map --format svg`: the SVG's nodes, edges and layers on a small shop, the
/// layout on made-up maps, escaping, self-containment, determinism, and a screenshot in a headless browser.
final class HTMLReportTests: XCTestCase {
    static let oddName = "`<script>alert(\"x\") & 'y'</script>`"

    /// A Container/Presentation shop: an app injecting a model, a screen owning and observing models, a
    /// presentation view that holds a model (a violation), a service, and a type named like markup.
    static let shop: [String: String] = [
        ".mvlint.yml": "profile: container-presentation",
        "Sources/App/ShopApp.swift": """
        import SwiftUI

        @main
        struct ShopApp: App {
            @State private var cart = CartStore()
            var body: some Scene {
                WindowGroup { CartScreen().environment(cart) }
            }
        }
        """,
        "Sources/App/CartStore.swift": """
        import Observation

        struct PriceService {
            func price(of item: Int) async throws -> Int { item }
        }

        @MainActor @Observable final class CartStore {
            var items: [Int] = []
            private let prices = PriceService()
            func total() async throws -> Int { try await prices.price(of: items.count) }
        }

        @MainActor @Observable final class \(oddName) {
            var note = ""
        }
        """,
        "Sources/App/CartScreen.swift": """
        import SwiftUI

        struct CartScreen: View {
            @Environment(CartStore.self) private var cart
            @Environment(\(oddName).self) private var odd
            @State private var draft = DraftModel()
            var body: some View {
                VStack {
                    CartRow(title: "<b>Tom & \\"Jerry\\"</b>", cart: cart)
                    PriceLabel(text: odd.note)
                    Text("<b>&</b>").foregroundColor(.red)
                }
            }
        }

        @MainActor @Observable final class DraftModel {
            var text = ""
        }
        """,
        "Sources/App/Presentation/CartRow.swift": """
        import SwiftUI

        struct CartRow: View {
            let title: String
            let cart: CartStore
            var body: some View { Text(title) }
        }
        """,
        "Sources/App/Presentation/PriceLabel.swift": """
        import SwiftUI

        struct PriceLabel: View {
            let text: String
            var body: some View { Text(text) }
        }
        """,
    ]

    /// The shop in `Shop/` inside a scratch folder; returns the folder and the shop's directory.
    private func writeShop() throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        for (path, text) in Self.shop { try folder.write("Shop/" + path, text + "\n") }
        return (folder, URL(fileURLWithPath: folder.url.appendingPathComponent("Shop").path, isDirectory: true))
    }

    private func run(_ arguments: [String], in directory: URL) -> (status: CommandLineTool.ExitCode, out: String, err: String) {
        let output = CapturedOutput()
        let status = CommandLineTool(console: output.console, workingDirectory: directory).run(arguments)
        return (status, output.out, output.err)
    }

    /// The HTML report of the project in `directory`, as `lint --format html` run there writes it.
    static func htmlReport(in directory: URL, extraFindings: [Finding] = []) throws -> String {
        let configuration = try CommandLineTool(console: CapturedOutput().console, workingDirectory: directory).loadConfiguration(explicitPath: nil)
        let outcome = Linter.run(Linter.Request(paths: [], workingDirectory: directory, configuration: configuration))
        let findings = (outcome.findings + extraFindings).sorted(by: Finding.reportOrder)
        return HTMLReporter().render(LintReport(
            findings: findings, summary: LintSummary(files: outcome.filesLinted, findings: findings), showAdvice: false,
            project: outcome.project, workingDirectory: directory))
    }

    // MARK: The SVG

    func testSVGDrawsTheShopsNodesEdgesAndLayers() throws {
        let (folder, shop) = try writeShop()
        let result = run(["map", "--format", "svg"], in: shop)
        XCTAssertEqual(result.status, .success, result.err)
        let svg = try XMLElements(result.out)
        let nodes = svg.elements.filter { $0.attributes["class"]?.hasPrefix("node ") == true }
        XCTAssertEqual(nodes.map { "\($0.attributes["data-name"] ?? "") \($0.attributes["data-role"] ?? "")" }, [
            "CartRow container", "CartScreen container", "CartStore model", "DraftModel model", "PriceLabel presentation",
            "PriceService service", "ShopApp other", "\(Self.oddName) model",
        ])
        XCTAssertEqual(nodes.first?.attributes["id"], "n_CartRow")
        let edges = svg.elements.filter { $0.attributes["class"]?.hasPrefix("edge ") == true }
        XCTAssertEqual(edges.map { [$0.attributes["data-from"], $0.attributes["data-kind"], $0.attributes["data-to"], $0.attributes["class"]]
            .map { $0 ?? "" }.joined(separator: " ") }, [
            "n_CartRow observes n_CartStore edge observes violation",
            "n_CartScreen shows n_CartRow edge shows",
            "n_CartScreen observes n_CartStore edge observes",
            "n_CartScreen owns n_DraftModel edge owns",
            "n_CartScreen shows n_PriceLabel edge shows",
            "n_CartStore calls n_PriceService edge calls",
            "n_ShopApp injects n_CartStore edge injects",
        ])
        // Kinds are told apart by colour and dashes; violations are red whatever their kind.
        let strokes = Dictionary(edges.map { ($0.attributes["class"] ?? "", ($0.attributes["stroke"] ?? "") + " " + ($0.attributes["stroke-dasharray"] ?? "solid")) },
                                 uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(strokes["edge owns"], "#1d4ed8 solid")
        XCTAssertEqual(strokes["edge observes"], "#6d28d9 6 4")
        XCTAssertEqual(strokes["edge injects"], "#0e7490 1.5 3.5")
        XCTAssertEqual(strokes["edge shows"], "#64748b solid")
        XCTAssertEqual(strokes["edge calls"], "#b45309 solid")
        XCTAssertEqual(strokes["edge observes violation"], "#dc2626 6 4")
        // The rules it breaks beside the red edge, where no line passes, and in its tooltip.
        XCTAssertTrue(svg.texts.contains("layer-dependency, presentation-holds-model"), "\(svg.texts)")
        XCTAssertTrue(result.out.contains("CartRow observes let; violates layer-dependency, presentation-holds-model → CartStore"))

        // Layers top to bottom: the app, containers (the one shown one row below the one showing it),
        // presentation views, models, services.
        let rows = svg.nodeLabelPositions
        let order = ["ShopApp", "CartScreen", "CartRow", "PriceLabel", "CartStore", "PriceService"]
        XCTAssertEqual(order.compactMap { rows[$0]?.y }, order.compactMap { rows[$0]?.y }.sorted())
        XCTAssertEqual(Set(order.compactMap { rows[$0]?.y }).count, order.count, "one row each: \(rows)")
        XCTAssertEqual(rows["CartStore"]?.y, rows["DraftModel"]?.y)
        XCTAssertEqual(svg.texts.filter { $0.hasSuffix("types") || $0.hasSuffix("views") || $0 == "Services" }, [
            "App and other types", "Container views", "Presentation views", "Services",
        ])
        withExtendedLifetime(folder) {}
    }

    func testEscapingIsCompleteAndThePageLoadsNothing() throws {
        let (folder, shop) = try writeShop()
        let hostile = Finding(rule: "fat-view", severity: .advice, file: "Sources/App/CartScreen.swift", line: 3, column: 8,
                              message: "`CartScreen` says </span><script>alert('x')</script> & \"more\"")
        let html = try Self.htmlReport(in: shop, extraFindings: [hostile])
        XCTAssertEqual(html.components(separatedBy: "<script").count, 2, "only the report's own script")
        XCTAssertFalse(html.contains("alert('x')") || html.contains("alert(\"x\")"))
        let escapedName = "`&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;`"
        XCTAssertTrue(html.contains("data-name=\"\(escapedName)\" data-role=\"model\""), "node attribute")
        XCTAssertTrue(html.contains("<tr><td><code>\(escapedName)</code></td><td><span class=\"role role-model\">model</span></td>"),
                      "roles table")
        XCTAssertTrue(html.contains("<span class=\"message\"><code>CartScreen</code> says &lt;/span&gt;&lt;script&gt;alert(&#39;x&#39;)"
            + "&lt;/script&gt; &amp; &quot;more&quot;</span>"), "message")
        XCTAssertTrue(html.contains("""
            <pre class="excerpt"><span class="line"><span class="number">10</span>             PriceLabel(text: odd.note)</span>
            <span class="line hit"><span class="number">11</span>             Text(&quot;&lt;b&gt;&amp;&lt;/b&gt;&quot;).foregroundColor(.red)</span>
            <span class="line"><span class="number">12</span>         }</span></pre>
            """), "excerpt: the line and one on each side")
        XCTAssertEqual(Markup.escape("a<b>&\"c\"'d'\u{1}\te"), "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;\u{FFFD}\te")

        // Self-contained: every reference points inside the page; the one URI is the SVG namespace.
        for attribute in ["href=\"", "src=\"", "url("] {
            for reference in html.components(separatedBy: attribute).dropFirst() {
                XCTAssertTrue(reference.hasPrefix("#"), "\(attribute)\(reference.prefix(40))")
            }
        }
        XCTAssertEqual(html.components(separatedBy: "http").count - 1, 1)
        XCTAssertTrue(html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertFalse(html.contains("<link") || html.contains("@import") || html.contains("<img"))
        withExtendedLifetime(folder) {}
    }

    func testBidiAndOtherInvisibleCharactersAreSpelledOutInExcerpts() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "import SwiftUI\nstruct A: View {\n    var body: some View { Text(\"a\u{202E}b\u{2066}c\u{200B}\").foregroundColor(.red) }\n}\n")
        let report = run(["lint", "--format", "html"], in: folder.url)
        XCTAssertEqual(report.status, .success, report.err)
        XCTAssertTrue(report.out.contains(#"Text(&quot;a\u{202E}b\u{2066}c\u{200B}&quot;).foregroundColor(.red)"#), report.out)
        XCTAssertFalse(report.out.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{2066}" || $0 == "\u{200B}" })
        XCTAssertEqual(Markup.escape("\u{202A}\u{2069}\u{061C}\u{FEFF}"), #"\u{202A}\u{2069}\u{61C}\u{FEFF}"#)
        XCTAssertEqual(Markup.escape("👩\u{200D}💻 ای\u{200C}ران"), "👩\u{200D}💻 ای\u{200C}ران", "joiners are text, not controls")
    }

    func testReportSections() throws {
        let (folder, shop) = try writeShop()
        let html = try Self.htmlReport(in: shop)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        XCTAssertTrue(html.contains("<h1>mvlint report: Shop</h1>\n<p class=\"meta\">mvlint \(MVLintVersion.current) · profile "
            + "<strong>container-presentation</strong> · 5 files linted</p>\n<p class=\"counts\"><span class=\"badge error\">2 errors</span> "
            + "<span class=\"badge warning\">1 warning</span> <span class=\"badge advice none\">0 advice</span></p>"), html)
        // Both groupings, each finding in each; errors' rules first, then by id; files by path.
        let byRule = try XCTUnwrap(html.components(separatedBy: "data-group=\"rule\"").last?.components(separatedBy: "data-group=\"file\"").first)
        let byFile = try XCTUnwrap(html.components(separatedBy: "data-group=\"file\"").last)
        XCTAssertEqual(summaries(byRule), ["<code>layer-dependency</code> <span class=\"count\">1</span>",
                                           "<code>presentation-holds-model</code> <span class=\"count\">1</span>",
                                           "<code>foreground-color</code> <span class=\"count\">1</span>"])
        XCTAssertEqual(summaries(byFile), ["<code>Sources/App/CartScreen.swift</code> <span class=\"count\">1</span>",
                                           "<code>Sources/App/Presentation/CartRow.swift</code> <span class=\"count\">2</span>"])
        XCTAssertEqual(byRule.components(separatedBy: "<li class=\"finding\"").count - 1, 3)
        XCTAssertEqual(byFile.components(separatedBy: "<li class=\"finding\"").count - 1, 3)
        // Each entry has an anchor of its own, the finding's place in the report and, in the by-file grouping, a suffix.
        XCTAssertEqual(byRule.components(separatedBy: "<li class=\"finding\" id=\"finding-").count - 1, 3)
        XCTAssertEqual(byFile.components(separatedBy: "-by-file\" data-severity=").count - 1, 3)
        XCTAssertTrue(byRule.contains(" data-severity=\"error\" data-rule=\"presentation-holds-model\">\n"
            + "<p><span class=\"badge error\">error</span> <code class=\"where\">Sources/App/Presentation/CartRow.swift:5:9</code> "))
        // The filter form is hidden without JavaScript; advice starts unticked unless --advice.
        XCTAssertTrue(html.contains("<form id=\"filters\" class=\"filters\" hidden>"))
        XCTAssertTrue(html.contains("<input type=\"checkbox\" name=\"severity\" value=\"advice\"> "))
        XCTAssertTrue(html.contains("<option value=\"layer-dependency\">layer-dependency (1)</option>"))
        XCTAssertTrue(html.contains("<tr><td><code>DraftModel</code></td><td><span class=\"role role-model\">model</span></td>"
            + "<td>@Observable class (CartScreen.swift:16); lifetime app: created by CartScreen (CartScreen.swift:6)</td>"
            + "<td><code>Sources/App/CartScreen.swift:16</code></td></tr>"))
        XCTAssertTrue(html.contains("<p class=\"lead\">8 types and 7 relations; 1 relation breaks an architecture rule (red)."))
        withExtendedLifetime(folder) {}
    }

    func testOutputIsDeterministic() throws {
        let (folder, shop) = try writeShop()
        XCTAssertEqual(try Self.htmlReport(in: shop), try Self.htmlReport(in: shop))
        let first = run(["map", "--format", "svg"], in: shop).out
        XCTAssertEqual(first, run(["map", "--format", "svg"], in: shop).out)
        XCTAssertTrue(first.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mvlint-map\""))
        withExtendedLifetime(folder) {}
    }

    func testAnEmptyMapSaysSo() throws {
        let svg = try XMLElements(SVGRenderer.render(ArchitectureMap(nodes: [], edges: [])))
        XCTAssertEqual(svg.texts.last, "no views, models or services to map")
        XCTAssertFalse(svg.elements.contains { $0.attributes["class"]?.hasPrefix("node ") == true })
    }

    // MARK: Layout

    private static func node(_ name: String, _ role: Role) -> ArchitectureMap.Node {
        ArchitectureMap.Node(id: ArchitectureMap.nodeID(name), name: name, role: role, file: "\(name).swift", line: 1)
    }

    private static func edge(_ from: String, _ kind: Relation.Kind, _ to: String) -> ArchitectureMap.Edge {
        ArchitectureMap.Edge(from: ArchitectureMap.nodeID(from), to: ArchitectureMap.nodeID(to), kind: kind, via: "", file: "\(from).swift",
                             line: 1, violatedRules: [])
    }

    func testRowsAreOrderedToAvoidCrossings() {
        // By name the presentation row would be Y, Z under A, B, crossing A→Z and B→Y.
        let map = ArchitectureMap(nodes: [Self.node("A", .container), Self.node("B", .container), Self.node("Y", .presentation),
                                          Self.node("Z", .presentation), Self.node("M", .model)],
                                  edges: [Self.edge("A", .shows, "Z"), Self.edge("B", .shows, "Y"), Self.edge("Y", .observes, "M")])
        let layout = SVGLayout(map)
        let x = Dictionary(uniqueKeysWithValues: layout.boxes.map { ($0.node.name, $0.x) })
        XCTAssertLessThan(x["A"] ?? 0, x["B"] ?? 0)
        XCTAssertLessThan(x["Z"] ?? 0, x["Y"] ?? 0)
        XCTAssertEqual(layout.boxes.map { "\($0.node.name)\($0.row)" }, ["A0", "B0", "M2", "Y1", "Z1"])
        XCTAssertEqual(layout.bands.map(\.title), ["Container views", "Presentation views", "Models, view models, state and values"])
        let neighbours = Self.neighbours(map)
        XCTAssertEqual(SVGLayout.crossings([[0, 1], [3, 4], [2]], neighbours: neighbours), 1, "by name")
        XCTAssertEqual(SVGLayout.orderedRows(map).map(\.nodes), [[0, 1], [4, 3], [2]])
        XCTAssertEqual(SVGLayout.crossings([[0, 1], [4, 3], [2]], neighbours: neighbours), 0)
    }

    /// Each node's neighbours by index in `map.nodes`, as the layout sees them (also for `MapLayoutMetricsTests`).
    static func neighbours(_ map: ArchitectureMap) -> [[Int]] {
        let index = Dictionary(uniqueKeysWithValues: map.nodes.enumerated().map { ($1.id, $0) })
        var neighbours = [[Int]](repeating: [], count: map.nodes.count)
        for edge in map.edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            neighbours[from].append(to)
            neighbours[to].append(from)
        }
        return neighbours
    }

    func testCyclesInABandStillGetRanks() {
        // successors: 0→1→2→0 (a cycle), 3→2.
        XCTAssertEqual(SVGLayout.ranks(successors: [[1], [2], [0], [2]]), [0, 1, 2, 0])
    }

    func testTextWidthIsEstimatedFromCharacters() {
        XCTAssertEqual(SVGLayout.textWidth("CartStore", fontSize: 13), 71)
        XCTAssertEqual(SVGLayout.textWidth("日本", fontSize: 13), 32)
        XCTAssertEqual(SVGLayout.textWidth("e\u{301}", fontSize: 10), 6)
        XCTAssertEqual(SVGLayout.boxWidth(Self.node("A", .model)), SVGLayout.minimumBoxWidth)
        // 23 characters of 7.8 pixels, rounded up, and the padding.
        XCTAssertEqual(SVGLayout.boxWidth(Self.node("CartScreenContainerView", .container)), 180 + 2 * SVGLayout.boxPadding)
    }

    func testAFewHundredNodesStayWithinTheWidthAndLayOutFast() {
        var nodes: [ArchitectureMap.Node] = []
        let roles: [(Role, Int)] = [(.container, 100), (.presentation, 150), (.model, 40), (.service, 10)]
        for (role, count) in roles { nodes += (0..<count).map { Self.node("\(role.rawValue.capitalized)Type\($0)", role) } }
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let kinds: [Relation.Kind] = [.shows, .observes, .owns, .calls]
        let edges = (0..<900).map { _ in
            Self.edge(nodes[next(nodes.count)].name, kinds[next(kinds.count)], nodes[next(nodes.count)].name)
        }
        let map = ArchitectureMap(nodes: nodes, edges: edges)
        let started = Date()
        let svg = SVGRenderer.render(map)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "300 nodes and 900 edges")
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"node ").count - 1, 300)
        let layout = SVGLayout(map)
        XCTAssertLessThanOrEqual(layout.width, SVGLayout.maximumRowWidth)
        for row in Dictionary(grouping: layout.boxes, by: \.row).values {
            let sorted = row.sorted { $0.x < $1.x }
            for (left, right) in zip(sorted, sorted.dropFirst()) { XCTAssertEqual(right.x - (left.x + left.width), SVGLayout.columnGap) }
        }
        XCTAssertEqual(svg, SVGRenderer.render(map))
        // The sweeps cut crossings well below those of the rows in name order.
        let rows = SVGLayout.orderedRows(map).map(\.nodes)
        let ordered = SVGLayout.crossings(rows, neighbours: Self.neighbours(map))
        let byName = SVGLayout.crossings(rows.map { $0.sorted() }, neighbours: Self.neighbours(map))
        XCTAssertLessThan(Double(ordered), Double(byName) * 0.9, "\(ordered) crossings, \(byName) by name")
    }

    // MARK: Through the binary

    func testLintAndMapFormatsThroughTheBinary() throws {
        let (folder, shop) = try writeShop()
        let lint = try BinaryRunner.run(["lint", "--format", "html"], in: shop)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        XCTAssertTrue(lint.stdout.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(lint.stdout.contains("<span class=\"number\">11</span>"), "excerpts read relative to the working directory")
        // The header says where the profile came from, as the summary line does.
        let reason = try XCTUnwrap(lint.stderr.range(of: #"; profile \S+ \((.*)\)\n"#, options: .regularExpression)
            .map { String(lint.stderr[$0].drop { $0 != "(" }.dropFirst().dropLast(2)) })
        XCTAssertTrue(lint.stdout.contains("</strong> (\(Markup.escape(reason))) · "), reason)
        let map = try BinaryRunner.run(["map", "--format", "svg"], in: shop)
        XCTAssertEqual(map.status, 0, map.stderr)
        XCTAssertEqual(map.stdout, run(["map", "--format", "svg"], in: shop).out)
        XCTAssertTrue(lint.stdout.contains(map.stdout), "the report embeds the same picture")
        withExtendedLifetime(folder) {}
    }

    /// Renders the reference app's report in headless Chromium and checks the screenshot is a full-size PNG.
    func testReportRendersInAHeadlessBrowser() throws {
        let browser = try Self.headlessBrowser()
        let folder = try TemporaryFolder()
        let report = try BinaryRunner.run(["lint", "--format", "html", "Examples/UserDirectory"])
        XCTAssertEqual(report.status, 0, report.stderr)
        let page = try folder.write("report.html", report.stdout)
        let screenshot = folder.url.appendingPathComponent("report.png")
        _ = try Self.runBrowser(browser, ["--screenshot=\(screenshot.path)", "--window-size=1400,2000", page.absoluteString], in: folder)
        let png = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")
        let header = Array(png.dropFirst(16).prefix(8))
        let width = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }, height = header.suffix(4).reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual([width, height], [1400, 2000])
        // A blank page compresses to a few kilobytes; the map, findings and table take far more.
        XCTAssertGreaterThan(png.count, 50_000)
    }

    /// The filter script runs in a browser: it shows the form, hides advice (not asked for) and the
    /// by-file grouping, and leaves every other finding shown.
    func testFilterScriptRunsInAHeadlessBrowser() throws {
        let browser = try Self.headlessBrowser()
        let folder = try TemporaryFolder()
        let report = try BinaryRunner.run(["lint", "--format", "html", "Examples/"])
        XCTAssertEqual(report.status, 1, report.stderr)
        let page = try folder.write("report.html", report.stdout)
        let dom = try Self.runBrowser(browser, ["--dump-dom", page.absoluteString], in: folder)
        XCTAssertTrue(report.stdout.contains("<form id=\"filters\" class=\"filters\" hidden>"))
        XCTAssertTrue(dom.contains("<form id=\"filters\" class=\"filters\">"), "the form is shown")
        XCTAssertTrue(dom.contains("<div class=\"findings-view\" data-group=\"rule\">"))
        XCTAssertTrue(dom.contains("<div class=\"findings-view\" data-group=\"file\" hidden=\"\">"))
        let items = dom.components(separatedBy: "<li class=\"finding\" ").dropFirst().compactMap { $0.components(separatedBy: ">").first }
        let advice = items.filter { $0.contains("data-severity=\"advice\"") }
        XCTAssertFalse(advice.isEmpty)
        XCTAssertEqual(advice.filter { $0.contains("hidden") }.count, advice.count)
        XCTAssertEqual(items.filter { !$0.contains("data-severity=\"advice\"") && $0.contains("hidden") }, [])
    }

    /// Chromium from PATH, or a skip saying how to get it.
    static func headlessBrowser() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for name in ["chromium", "chromium-browser"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return URL(fileURLWithPath: "\(folder)/\(name)")
            }
        }
        throw XCTSkip("no chromium or chromium-browser on PATH; install it (apt-get install chromium) to check the HTML report in a browser")
    }

    /// Runs headless Chromium with its own profile in `folder`; its standard output, or a failure after two minutes.
    static func runBrowser(_ browser: URL, _ arguments: [String], in folder: TemporaryFolder) throws -> String {
        let process = Process()
        process.executableURL = browser
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.url.path)/profile"] + arguments
        let output = try folder.write("browser-output.txt", "")
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        if process.isRunning {
            process.terminate()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(browser.path) did not finish within 120 s"])
        }
        return try String(contentsOf: output, encoding: .utf8)
    }

    // MARK: Helpers

    /// The `<summary>` contents of the finding groups in a part of the page.
    private func summaries(_ html: String) -> [String] {
        html.components(separatedBy: "<summary>").dropFirst().compactMap { $0.components(separatedBy: "</summary>").first }
    }
}

/// The elements of an XML document with their attributes, and the text of its `<text>` elements, in
/// document order; parsing fails on a document that is not well-formed.
final class XMLElements: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private(set) var texts: [String] = []
    private var textOpen = false

    init(_ document: String) throws {
        super.init()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
    }

    /// Each node's name label position: the first `<text>` inside its group.
    var nodeLabelPositions: [String: (x: Int, y: Int)] {
        var positions: [String: (x: Int, y: Int)] = [:]
        var current: String?
        for element in elements {
            if let name = element.attributes["data-name"] {
                current = name
            } else if element.name == "text", let name = current {
                positions[name] = (Int(element.attributes["x"] ?? "") ?? -1, Int(element.attributes["y"] ?? "") ?? -1)
                current = nil
            }
        }
        return positions
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((elementName, attributes))
        if elementName == "text" {
            texts.append("")
            textOpen = true
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "text" { textOpen = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if textOpen { texts[texts.count - 1] += string }
    }
}
