import Foundation
@testable import MVLintKit
import XCTest

/// `mvlint map`: exact output for a small shop app in every format, focus, collapse, violations and escaping.
final class MapTests: XCTestCase {
    /// A two-target package: the model and its service in one target, the app and its views in the other.
    static let shop: [String: String] = [
        "Package.swift": """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "Shop",
            platforms: [.iOS(.v17)],
            targets: [
                .target(name: "ShopCore"),
                .executableTarget(name: "ShopUI", dependencies: ["ShopCore"]),
            ]
        )
        """,
        "Sources/ShopCore/CartStore.swift": """
        import Observation

        public struct CartItem: Identifiable, Hashable {
            public let id: Int
            public var name: String
        }

        public struct CheckoutClient {
            public func submit(_ items: [CartItem]) async throws {}
            public func cancel() async {}
        }

        @Observable public final class CartStore {
            public var items: [CartItem] = []
            private let client: CheckoutClient
            public init(client: CheckoutClient) { self.client = client }
            public func checkout() async { try? await client.submit(items) }
            public func abandon() async { await client.cancel() }
        }
        """,
        "Sources/ShopUI/ShopApp.swift": """
        import ShopCore
        import SwiftUI

        @main
        struct ShopApp: App {
            @State private var cart = CartStore(client: CheckoutClient())
            var body: some Scene {
                WindowGroup { CartScreen().environment(cart) }
            }
        }
        """,
        "Sources/ShopUI/Views/CartScreen.swift": """
        import ShopCore
        import SwiftUI

        struct CheckoutAlert { var isShown = false; var message = "" }

        struct CartScreen: View {
            @Environment(CartStore.self)
            private var cart
            @State private var alert = CheckoutAlert()
            var body: some View {
                VStack {
                    CartList(items: cart.items) { Task { await cart.checkout() } }
                    ReceiptView(cart: cart)
                }
            }
        }
        """,
        "Sources/ShopUI/Views/CartList.swift": """
        import ShopCore
        import SwiftUI

        struct CartList: View {
            let items: [CartItem]
            var onCheckout: () -> Void
            @State private var isEditing = false
            var body: some View {
                List(items) { Text($0.name) }
                Button("Check out", action: onCheckout)
            }
        }
        """,
        "Sources/ShopUI/Views/ReceiptView.swift": """
        import ShopCore
        import SwiftUI

        struct ReceiptView: View {
            let cart: CartStore
            var body: some View { Text("\\(cart.items.count) items") }
        }
        """,
    ]

    private func writeShop() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (path, text) in Self.shop { try folder.write(path, text + "\n") }
        return folder
    }

    /// Runs `mvlint map` in-process in `folder`.
    private func map(_ arguments: [String], in folder: TemporaryFolder) -> (status: CommandLineTool.ExitCode, out: String, err: String) {
        let output = CapturedOutput()
        // A directory URL: paths resolved relative to a plain file URL would land in its parent folder.
        let tool = CommandLineTool(console: output.console, workingDirectory: URL(fileURLWithPath: folder.url.path, isDirectory: true),
                                   environment: ["MVLINT_NO_CACHE": "1"])
        let status = tool.run(["map"] + arguments)
        return (status, output.out, output.err)
    }

    // MARK: Formats

    func testMermaid() throws {
        let folder = try writeShop()
        let result = map([], in: folder)
        XCTAssertEqual(result.status, .success, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, """
        flowchart LR
            n_CartList["CartList<br/>presentation"]
            n_CartScreen["CartScreen<br/>container"]
            n_CartStore("CartStore<br/>model")
            n_CheckoutAlert{{"CheckoutAlert<br/>state"}}
            n_CheckoutClient[("CheckoutClient<br/>service")]
            n_ReceiptView["ReceiptView<br/>container"]
            n_ShopApp["ShopApp<br/>other"]
            n_CartScreen -->|"shows body"| n_CartList
            n_CartScreen -->|"observes @Environment"| n_CartStore
            n_CartScreen -->|"shows body"| n_ReceiptView
            n_CartStore -->|"calls submit()"| n_CheckoutClient
            n_ReceiptView -->|"observes let"| n_CartStore
            n_ShopApp -->|"injects .environment"| n_CartStore
            classDef presentation fill:#dcfce7,stroke:#15803d,color:#111827
            class n_CartList presentation
            classDef container fill:#dbeafe,stroke:#1d4ed8,color:#111827
            class n_CartScreen,n_ReceiptView container
            classDef model fill:#ede9fe,stroke:#6d28d9,color:#111827
            class n_CartStore model
            classDef state fill:#cffafe,stroke:#0e7490,color:#111827
            class n_CheckoutAlert state
            classDef service fill:#e5e7eb,stroke:#374151,color:#111827
            class n_CheckoutClient service
            classDef other fill:#f9fafb,stroke:#9ca3af,color:#111827
            class n_ShopApp other

        """)
    }

    func testDot() throws {
        let folder = try writeShop()
        let result = map(["--format", "dot"], in: folder)
        XCTAssertEqual(result.status, .success, result.err)
        XCTAssertEqual(result.out, """
        digraph architecture {
            rankdir=LR;
            node [fontname="Helvetica", fontsize=11, style=filled];
            edge [fontname="Helvetica", fontsize=9];
            "n_CartList" [label="CartList\\npresentation", shape=box, fillcolor="#dcfce7", color="#15803d"];
            "n_CartScreen" [label="CartScreen\\ncontainer", shape=box, fillcolor="#dbeafe", color="#1d4ed8"];
            "n_CartStore" [label="CartStore\\nmodel", shape=box, style="rounded,filled", fillcolor="#ede9fe", color="#6d28d9"];
            "n_CheckoutAlert" [label="CheckoutAlert\\nstate", shape=hexagon, fillcolor="#cffafe", color="#0e7490"];
            "n_CheckoutClient" [label="CheckoutClient\\nservice", shape=cylinder, fillcolor="#e5e7eb", color="#374151"];
            "n_ReceiptView" [label="ReceiptView\\ncontainer", shape=box, fillcolor="#dbeafe", color="#1d4ed8"];
            "n_ShopApp" [label="ShopApp\\nother", shape=box, fillcolor="#f9fafb", color="#9ca3af"];
            "n_CartScreen" -> "n_CartList" [label="shows body"];
            "n_CartScreen" -> "n_CartStore" [label="observes @Environment"];
            "n_CartScreen" -> "n_ReceiptView" [label="shows body"];
            "n_CartStore" -> "n_CheckoutClient" [label="calls submit()"];
            "n_ReceiptView" -> "n_CartStore" [label="observes let"];
            "n_ShopApp" -> "n_CartStore" [label="injects .environment"];
        }

        """)
    }

    func testJSON() throws {
        let folder = try writeShop()
        let result = map(["--format=json"], in: folder)
        XCTAssertEqual(result.status, .success, result.err)
        let core = "Sources/ShopCore/CartStore.swift", views = "Sources/ShopUI/Views/"
        XCTAssertEqual(result.out, """
        {
          "nodes": [
            {"id": "n_CartList", "name": "CartList", "role": "presentation", "file": "\(views)CartList.swift", "line": 4},
            {"id": "n_CartScreen", "name": "CartScreen", "role": "container", "file": "\(views)CartScreen.swift", "line": 6},
            {"id": "n_CartStore", "name": "CartStore", "role": "model", "file": "\(core)", "line": 13},
            {"id": "n_CheckoutAlert", "name": "CheckoutAlert", "role": "state", "file": "\(views)CartScreen.swift", "line": 4},
            {"id": "n_CheckoutClient", "name": "CheckoutClient", "role": "service", "file": "\(core)", "line": 8},
            {"id": "n_ReceiptView", "name": "ReceiptView", "role": "container", "file": "\(views)ReceiptView.swift", "line": 4},
            {"id": "n_ShopApp", "name": "ShopApp", "role": "other", "file": "Sources/ShopUI/ShopApp.swift", "line": 4}
          ],
          "edges": [
            {"from": "n_CartScreen", "to": "n_CartList", "kind": "shows", "via": "body", "file": "\(views)CartScreen.swift", "line": 12, "violation": false, "rules": []},
            {"from": "n_CartScreen", "to": "n_CartStore", "kind": "observes", "via": "@Environment", "file": "\(views)CartScreen.swift", "line": 8, "violation": false, "rules": []},
            {"from": "n_CartScreen", "to": "n_ReceiptView", "kind": "shows", "via": "body", "file": "\(views)CartScreen.swift", "line": 13, "violation": false, "rules": []},
            {"from": "n_CartStore", "to": "n_CheckoutClient", "kind": "calls", "via": "submit()", "file": "\(core)", "line": 17, "violation": false, "rules": []},
            {"from": "n_ReceiptView", "to": "n_CartStore", "kind": "observes", "via": "let", "file": "\(views)ReceiptView.swift", "line": 5, "violation": false, "rules": []},
            {"from": "n_ShopApp", "to": "n_CartStore", "kind": "injects", "via": ".environment", "file": "Sources/ShopUI/ShopApp.swift", "line": 8, "violation": false, "rules": []}
          ]
        }

        """)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: [[String: Any]]]
        XCTAssertEqual(parsed?["nodes"]?.count, 7)
        XCTAssertEqual(parsed?["edges"]?.count, 6)
    }

    // MARK: Focus and collapse

    func testFocusKeepsNeighboursWithinDepthEitherWay() throws {
        let folder = try writeShop()
        func names(_ arguments: [String]) throws -> [String] {
            let result = map(["--format", "json"] + arguments, in: folder)
            XCTAssertEqual(result.status, .success, result.err)
            let parsed = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: [[String: Any]]]
            return (parsed?["nodes"] ?? []).compactMap { $0["name"] as? String }
        }
        // Depth 1 by default: who relates to the list, in either direction.
        XCTAssertEqual(try names(["--focus", "CartList"]), ["CartList", "CartScreen"])
        XCTAssertEqual(try names(["--focus", "CartList", "--depth", "2"]), ["CartList", "CartScreen", "CartStore", "ReceiptView"])
        XCTAssertEqual(try names(["--focus", "CartList", "--depth", "0"]), ["CartList"])
        XCTAssertEqual(try names(["--focus", "CheckoutClient", "--depth", "3"]).count, 6, "everything but the unrelated state")

        let dot = map(["--focus", "ReceiptView", "--format", "dot"], in: folder)
        XCTAssertTrue(dot.out.contains("\"n_ReceiptView\" -> \"n_CartStore\""), dot.out)
        XCTAssertFalse(dot.out.contains("n_CartList"), dot.out)
    }

    func testFocusAndDepthMistakesAreUsageErrors() throws {
        let folder = try writeShop()
        let typo = map(["--focus", "CartStor"], in: folder)
        XCTAssertEqual(typo.status, .usageOrInput)
        XCTAssertTrue(typo.err.contains("no type 'CartStor' on the map; did you mean 'CartStore'?"), typo.err)
        XCTAssertEqual(typo.out, "")
        XCTAssertEqual(map(["--depth", "2"], in: folder).status, .usageOrInput)
        let negative = map(["--focus", "CartStore", "--depth", "-1"], in: folder)
        XCTAssertEqual(negative.status, .usageOrInput)
        XCTAssertTrue(negative.err.contains("--depth must be a whole number"), negative.err)
        XCTAssertTrue(map(["--format", "png"], in: folder).err.contains("--format must be one of mermaid, dot, json, svg, not 'png'"))
        let both = map(["--collapse", "--no-collapse"], in: folder)
        XCTAssertEqual(both.status, .usageOrInput)
        XCTAssertTrue(both.err.contains("--collapse and --no-collapse exclude each other"), both.err)
        XCTAssertTrue(map(["--expand", "ShopUI", "--focus", "CartStore"], in: folder).err.contains("--expand and --focus exclude each other"))
        let unknown = map(["--expand", "ShopUx"], in: folder)
        XCTAssertEqual(unknown.status, .usageOrInput)
        XCTAssertTrue(unknown.err.contains("--expand: no group 'ShopUx' on the map; did you mean 'ShopUI'?"), unknown.err)
    }

    func testCollapseGroupsByTargetWithEdgeCounts() throws {
        let folder = try writeShop()
        let mermaid = map(["--collapse"], in: folder)
        XCTAssertEqual(mermaid.status, .success, mermaid.err)
        XCTAssertEqual(mermaid.out, """
        flowchart LR
            %% 7 of 7 types are drawn as 2 groups as asked by --collapse; open a group with --expand NAME, follow a type with --focus TYPE [--depth N], or draw every type with --no-collapse
            g_ShopCore[["ShopCore<br/>2 types"]]
            g_ShopUI[["ShopUI<br/>5 types"]]
            g_ShopUI -->|"observes ×2, injects"| g_ShopCore
            classDef group fill:#f3f4f6,stroke:#4b5563,color:#111827
            class g_ShopCore,g_ShopUI group

        """)
        let json = map(["--collapse", "--format", "json"], in: folder)
        XCTAssertTrue(json.out.contains(
            "{\"id\": \"g_ShopCore\", \"name\": \"ShopCore\", \"role\": \"group\", \"file\": \"Sources/ShopCore\", \"line\": 0, \"members\": 2}"),
            json.out)
        XCTAssertTrue(json.out.contains("\"kind\": \"observes\", \"via\": \"\""), json.out)
        XCTAssertTrue(json.out.contains("\"count\": 3, \"kinds\": {\"observes\": 2, \"injects\": 1}}"), json.out)
    }

    func testCollapseFallsBackToFoldersWithoutSeveralTargets() throws {
        let files = Self.shop.filter { $0.key != "Package.swift" }
        let collapsed = Self.inMemoryMap(of: files).collapsed { _ in nil }
        XCTAssertEqual(collapsed.nodes.map(\.name), ["Sources/ShopCore", "Sources/ShopUI", "Sources/ShopUI/Views"])
        XCTAssertEqual(collapsed.nodes.map(\.members), [2, 1, 4])
        XCTAssertEqual(collapsed.edges.map { "\($0.from) \($0.kind.rawValue) \($0.to) ×\($0.count)" }, [
            "g_Sources_2f_ShopUI injects g_Sources_2f_ShopCore ×1",
            "g_Sources_2f_ShopUI_2f_Views observes g_Sources_2f_ShopCore ×2",
        ])
        // A deeper common folder is left out of the names.
        let nested = Dictionary(uniqueKeysWithValues: files.map { ("App/" + $0.key, $0.value) })
        XCTAssertEqual(Self.inMemoryMap(of: nested).collapsed { _ in nil }.nodes.map(\.name), ["Sources/ShopCore", "Sources/ShopUI", "Sources/ShopUI/Views"])
    }

    // MARK: Violations

    func testEdgesWithArchitectureFindingsAreViolations() {
        let receipt = "Sources/ShopUI/Views/ReceiptView.swift", screen = "Sources/ShopUI/Views/CartScreen.swift"
        let core = "Sources/ShopCore/CartStore.swift"
        let findings = [
            Finding(rule: "presentation-holds-model", severity: .error, file: receipt, line: 5, column: 9, message: "…"),
            // On the wrapper's own line, above the property.
            Finding(rule: "layer-dependency", severity: .error, file: screen, line: 7, column: 5, message: "…"),
            // On the second call of the same relation.
            Finding(rule: "container-calls-service", severity: .warning, file: core, line: 18, column: 48, message: "…"),
            // Not about the edge: an API spelling rule, advice, and a rule of another family.
            Finding(rule: "prefer-observation", severity: .warning, file: receipt, line: 5, column: 9, message: "…"),
            Finding(rule: "presentation-embeds-container", severity: .advice, file: screen, line: 13, column: 21, message: "…"),
            Finding(rule: "foreground-color", severity: .warning, file: screen, line: 12, column: 21, message: "…"),
        ]
        let map = Self.inMemoryMap(of: Self.shop, findings: findings)
        let violations = map.edges.filter(\.isViolation).map { "\($0.from)→\($0.to) \($0.violatedRules) \($0.file):\($0.line)" }
        XCTAssertEqual(violations, [
            "n_CartScreen→n_CartStore [\"layer-dependency\"] \(screen):7",
            "n_CartStore→n_CheckoutClient [\"container-calls-service\"] \(core):18",
            "n_ReceiptView→n_CartStore [\"presentation-holds-model\"] \(receipt):5",
        ])

        let mermaid = MapFormat.mermaid.render(map)
        XCTAssertTrue(mermaid.contains("    n_ReceiptView -.->|\"observes let<br/>violates presentation-holds-model\"| n_CartStore\n"), mermaid)
        XCTAssertTrue(mermaid.hasSuffix("    linkStyle 1,3,4 stroke:#dc2626,stroke-width:2px\n"), mermaid)
        let dot = MapFormat.dot.render(map)
        XCTAssertTrue(dot.contains("\"n_ReceiptView\" -> \"n_CartStore\" [label=\"observes let\\nviolates presentation-holds-model\", "
            + "style=dashed, color=\"#dc2626\", fontcolor=\"#dc2626\", penwidth=2];"), dot)
        let json = MapFormat.json.render(map)
        XCTAssertTrue(json.contains("\"line\": 5, \"violation\": true, \"rules\": [\"presentation-holds-model\"]}"), json)

        // Families decide for rules the registry knows.
        let swiftUIPolicy = ViolationPolicy(families: [.swiftUI], ruleIDs: [])
        let bySwiftUI = Self.inMemoryMap(of: Self.shop, findings: findings, policy: swiftUIPolicy)
        XCTAssertEqual(bySwiftUI.edges.filter(\.isViolation).map(\.to), ["n_CartList"])
    }

    func testCollapsedEdgesKeepTheirViolations() {
        let finding = Finding(rule: "presentation-holds-model", severity: .error, file: "Sources/ShopUI/Views/ReceiptView.swift",
                              line: 5, column: 9, message: "…")
        let collapsed = Self.inMemoryMap(of: Self.shop, findings: [finding]).collapsed { $0.hasPrefix("Sources/ShopCore") ? "ShopCore" : "ShopUI" }
        let observes = collapsed.edges.first { $0.kind == .observes }
        XCTAssertEqual(observes?.count, 3)
        XCTAssertEqual(observes?.kinds, [.observes: 2, .injects: 1])
        XCTAssertEqual(observes?.violatedRules, ["presentation-holds-model"])
        XCTAssertTrue(MapFormat.mermaid.render(collapsed).contains(
            "g_ShopUI -.->|\"observes ×2, injects<br/>violates presentation-holds-model\"| g_ShopCore"))
    }

    // MARK: Escaping and edge cases

    func testOddNamesAreEscapedInEveryFormat() throws {
        let folder = try TemporaryFolder()
        try folder.write("Odd.swift", """
        import SwiftUI
        @Observable final class `Cart "Deluxe" #1 & co` {}
        struct Café_Screen: View {
            @Environment(`Cart "Deluxe" #1 & co`.self) private var cart
            var body: some View { Text("x") }
        }

        """)
        let mermaid = map([], in: folder).out
        XCTAssertEqual(mermaid.split(separator: "\n").filter { $0.contains("-->") || $0.contains("(\"") }, [
            "    n__60_Cart_20__22_Deluxe_22__20__23_1_20__26__20_co_60_(\"#96;Cart #34;Deluxe#34; #35;1 #38; co#96;<br/>model\")",
            "    n_Caf_e9___Screen -->|\"observes @Environment\"| n__60_Cart_20__22_Deluxe_22__20__23_1_20__26__20_co_60_",
        ])
        let dot = map(["--format", "dot"], in: folder).out
        XCTAssertTrue(dot.contains("[label=\"`Cart \\\"Deluxe\\\" #1 & co`\\nmodel\""), dot)
        let json = map(["--format", "json"], in: folder).out
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [[String: Any]]]
        XCTAssertEqual(Set(parsed?["nodes"]?.compactMap { $0["name"] as? String } ?? []), ["`Cart \"Deluxe\" #1 & co`", "Café_Screen"])
    }

    func testEscapingHelpers() {
        XCTAssertEqual(MermaidRenderer.escape("a\"b#c&d<e>f`g|h\\i\nj"), "a#34;b#35;c#38;d#60;e#62;f#96;g#124;h#92;i j")
        XCTAssertEqual(DotRenderer.escape("a\"b\\lc\td"), "a\\\"b\\\\lc d")
        // One-to-one: underscores and escapes cannot meet.
        let names = ["A_B", "A__B", "A_5f_B", "A B", "A_20_B", "end", "Å"]
        let ids = names.map(ArchitectureMap.nodeID)
        XCTAssertEqual(Set(ids).count, names.count, "\(ids)")
        for id in ids { XCTAssertTrue(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, id) }
        XCTAssertEqual(ArchitectureMap.nodeID("end"), "n_end")
    }

    func testMapsTooBigForMermaidAreNamed() {
        let nodes = (0...501).map { ArchitectureMap.Node(id: "n_V\($0)", name: "V\($0)", role: .presentation, file: "V.swift", line: $0 + 1) }
        let edges = (1...501).map {
            ArchitectureMap.Edge(from: "n_V0", to: "n_V\($0)", kind: .shows, via: "body", file: "V.swift", line: 1, violatedRules: [])
        }
        let big = ArchitectureMap(nodes: nodes, edges: edges)
        let problem = MermaidRenderer.sizeProblem(big, rendered: MapFormat.mermaid.render(big))
        XCTAssertTrue(problem?.hasPrefix("the map has 501 relations in ") == true, problem ?? "no problem reported")
        XCTAssertTrue(problem?.contains("--collapse") == true)
        let small = ArchitectureMap(nodes: Array(nodes.prefix(2)), edges: Array(edges.prefix(1)))
        XCTAssertNil(MermaidRenderer.sizeProblem(small, rendered: MapFormat.mermaid.render(small)))
    }

    func testAProjectWithoutArchitectureGivesAnEmptyButValidMap() throws {
        let folder = try TemporaryFolder()
        try folder.write("Point.swift", "struct Point { var x = 0.0 }\n")
        XCTAssertEqual(map([], in: folder).out, "flowchart LR\n    empty[\"no views, models or services to map\"]\n")
        XCTAssertEqual(map(["--format", "json"], in: folder).out, "{\n  \"nodes\": [],\n  \"edges\": []\n}\n")
        XCTAssertEqual(map(["--format", "dot"], in: folder).out.split(separator: "\n").last, "}")
        let empty = try TemporaryFolder()
        let nothing = map([], in: empty)
        XCTAssertEqual(nothing.status, .usageOrInput)
        XCTAssertTrue(nothing.err.contains("no Swift files to map"), nothing.err)
    }

    // MARK: The binary

    func testMapAndHelpThroughTheBinary() throws {
        let folder = try writeShop()
        let result = try BinaryRunner.run(["map", "--format", "json", "--focus", "CartStore"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [[String: Any]]]
        XCTAssertEqual(parsed?["nodes"]?.compactMap { $0["name"] as? String },
                       ["CartScreen", "CartStore", "CheckoutClient", "ReceiptView", "ShopApp"])
        let help = try BinaryRunner.run(["help", "map"])
        XCTAssertTrue(help.stdout.contains("USAGE: mvlint map"), help.stdout)
        XCTAssertTrue(try BinaryRunner.run(["help"]).stdout.contains("map        Draw the architecture"))
    }

    func testReadmeExamplesMatchTheCommand() throws {
        let readme = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for command in [["map", "Examples/UserDirectory", "--profile", "cp"], ["map", "Examples", "--collapse"]] {
            let result = try BinaryRunner.run(command)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(readme.contains("`mvlint \(command.joined(separator: " "))` gives:\n\n```mermaid\n" + result.stdout + "```\n"),
                          "README.md's architecture map example is stale: paste the output of `mvlint \(command.joined(separator: " "))`")
        }
    }

    // MARK: Helpers

    /// The map of in-memory files, with the given findings.
    static func inMemoryMap(of files: [String: String], findings: [Finding] = [], policy: ViolationPolicy = .standard) -> ArchitectureMap {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let facts = files.keys.sorted().filter { $0.hasSuffix(".swift") && $0 != "Package.swift" }
            .map { engine.analyze(path: $0, text: (files[$0] ?? "") + "\n", settings: .unknown).facts }
        return ArchitectureMap(architecture: ProjectContext(files: facts, settingsByPath: [:]).architecture, findings: findings, policy: policy)
    }
}

/// Collects what `CommandLineTool` prints, for in-process runs.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }

    var console: CommandLineTool.Console {
        CommandLineTool.Console(out: { text in self.lock.withLock { self.outText += text } },
                                err: { text in self.lock.withLock { self.errText += text } })
    }
}
