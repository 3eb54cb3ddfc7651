import Foundation
@testable import MVLintKit
import XCTest

/// `layers:` in the configuration, which file lands in which layer, and `layer-dependency` across files.
/// Single-file cases are the rule's own examples; these need several files or a package around them.
final class LayerTests: XCTestCase {
    // MARK: Configuration

    func testLayersAreReadInOrderWithEveryKey() throws {
        let configuration = try parse("""
        layers:
          presentation: {paths: ["Sources/PresentationUI/**"], modules: [PresentationUI], may_depend_on: []}
          app:
            paths: [Sources/App]
            may_depend_on: [presentation, model]
          model: Sources/Model
        """)
        XCTAssertEqual(configuration.layers, [
            Layer("presentation", paths: ["Sources/PresentationUI/**"], modules: ["PresentationUI"]),
            Layer("app", paths: ["Sources/App"], mayDependOn: ["presentation", "model"]),
            Layer("model", paths: ["Sources/Model"]),
        ])
    }

    func testLayerMistakesArePositionedWithSuggestions() {
        XCTAssertEqual(errors("layers:\n  ui: {path: [Views], may_depend_on: [modle]}\n  model: {modules: [Store]}\n"), [
            "2:8: unknown key of layer 'ui' 'path'; did you mean 'paths'? (valid: paths, modules, may_depend_on)",
            "2:3: layer 'ui' needs 'paths' or 'modules' to say which code belongs to it",
            "2:39: unknown layer 'modle'; did you mean 'model'? (valid: ui, model)",
        ])
        XCTAssertEqual(errors("layers:\n  - name: ui\n    paths: [Views]\n"),
                       ["2:3: 'layers' expects a mapping of layer names to {paths, modules, may_depend_on}, got a list"])
        XCTAssertEqual(errors("layers:\n  ui: {paths: {Views: yes}}\n"), ["2:15: 'paths' expects a path glob or a list of them, got a mapping",
                                                                      "2:3: layer 'ui' needs 'paths' or 'modules' to say which code belongs to it"])
        XCTAssertEqual(errors("layers:\n  ui:\n"), ["2:3: layer 'ui' needs 'paths' or 'modules' to say which code belongs to it"])
        XCTAssertEqual(errors("layers:\n  ui: {modules: [UI], may_depend_on: nothing}\n"),
                       ["2:38: unknown layer 'nothing' (valid: ui)"])
    }

    func testLayersInACycleWarnWhereTheCycleCloses() throws {
        let configuration = try parse("""
            layers:
              ui: {paths: [UI], may_depend_on: [ui, domain]}
              domain: {paths: [Domain], may_depend_on: [data]}
              data: {paths: [Data], may_depend_on: [ui, domain]}
              tools: {paths: [Tools], may_depend_on: [data]}
            """)
        XCTAssertEqual(configuration.warnings.map(\.description), [
            "/project/.mvlint.yml:4:41: warning: layers depend on each other in a cycle (ui → domain → data → ui); together they act "
                + "as one layer, so layer-dependency cannot keep them apart. Remove one of these may_depend_on entries",
        ])
        XCTAssertEqual(try parse("layers:\n  ui: {paths: [UI], may_depend_on: [ui, model]}\n  model: {paths: [Model]}\n").warnings.count, 0)
    }

    func testTheCycleWarningReachesTheCommandLine() throws {
        let folder = try TemporaryFolder()
        try folder.write(".mvlint.yml", "layers:\n  a: {paths: [A], may_depend_on: [b]}\n  b: {paths: [B], may_depend_on: [a]}\n")
        try folder.write("A/A.swift", "struct A {}\n")
        let run = try BinaryRunner.run(["lint", "."], in: folder.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains(".mvlint.yml:3:35: warning: layers depend on each other in a cycle (a → b → a)"), run.stderr)
    }

    // MARK: Which file is in which layer

    func testFilesJoinTheFirstLayerThatClaimsThemAndModulesFollowTheirFiles() {
        let plan = LayerPlan(configured: [
            Layer("ui", paths: ["Sources/UI/**"], modules: ["Widgets"]),
            Layer("model", paths: ["Sources/**"]),
        ], files: [
            LayerPlan.File(path: "Sources/UI/Card.swift", relativePath: "Sources/UI/Card.swift", module: "Shop"),
            LayerPlan.File(path: "Sources/Store/Cart.swift", relativePath: "Sources/Store/Cart.swift", module: "Shop"),
            LayerPlan.File(path: "Sources/Model/User.swift", relativePath: "Sources/Model/User.swift", module: "ShopModel"),
            LayerPlan.File(path: "/elsewhere/Badge.swift", relativePath: nil, module: "Widgets"),
            LayerPlan.File(path: "Tools/Seed.swift", relativePath: "Tools/Seed.swift", module: ""),
        ])
        XCTAssertEqual(plan.origin, .configured)
        XCTAssertEqual(plan.layerOfFile, ["Sources/UI/Card.swift": "ui", "Sources/Store/Cart.swift": "model",
                                          "Sources/Model/User.swift": "model", "/elsewhere/Badge.swift": "ui"])
        // `Shop` spans two layers, so importing it says nothing about a layer.
        XCTAssertEqual(plan.layerOfModule, ["ShopModel": "model", "Widgets": "ui"])
        XCTAssertTrue(plan.mayDepend("ui", on: "ui"))
        XCTAssertFalse(plan.mayDepend("ui", on: "model"))
    }

    func testDefaultLayersComeFromPresentationNames() {
        let plan = LayerPlan(configured: [], files: [
            LayerPlan.File(path: "a.swift", relativePath: "Packages/ShopPresentation/Sources/Card.swift", module: "ShopPresentation"),
            LayerPlan.File(path: "b.swift", relativePath: "App/Presentation/Rows/Row.swift", module: "Shop"),
            LayerPlan.File(path: "c.swift", relativePath: "App/Store.swift", module: "Shop"),
            LayerPlan.File(path: "d.swift", relativePath: "Tests/ShopPresentationTests/CardTests.swift", module: "ShopPresentationTests"),
            LayerPlan.File(path: "e.swift", relativePath: "App/UIKit/Hosting.swift", module: "Shop"),
            LayerPlan.File(path: "f.swift", relativePath: nil, module: "CheckoutUIKit"),
        ])
        XCTAssertEqual(plan.origin, .defaulted)
        XCTAssertEqual(plan.presentationUnits, [
            PresentationUnit(kind: .module, name: "CheckoutUIKit"), PresentationUnit(kind: .module, name: "ShopPresentation"),
            PresentationUnit(kind: .folder, name: "App/Presentation"),
        ])
        XCTAssertEqual(plan.layerOfFile, ["a.swift": "presentation", "b.swift": "presentation", "c.swift": "app",
                                          "d.swift": "app", "e.swift": "app", "f.swift": "presentation"])
        XCTAssertEqual(plan.layerOfModule["ShopPresentationTests"], "app")
        XCTAssertNil(plan.layerOfModule["Shop"])
    }

    func testOnlyPathsThatCannotNameAPresentationFolderSkipTheFolderByFolderTest() {
        for path in ["App/Presentation/Rows", "app/presentation", "App/PRESENTATION", "App/prpresentation", "Kits/DesignUIKit",
                     "App/Ünits", "App/UI"] {
            XCTAssertTrue(LayerPlan.mayNamePresentation(Substring(path)), path)
        }
        for path in ["App/Views/Rows", "App/Present", "Sources/Ui/Kit", "", "App/presentatio/n"] {
            XCTAssertFalse(LayerPlan.mayNamePresentation(Substring(path)), path)
        }
        let plan = LayerPlan(configured: [], files: [
            LayerPlan.File(path: "a.swift", relativePath: "App/Views/Row.swift", module: "Shop"),
            LayerPlan.File(path: "b.swift", relativePath: "App/design/presentation/Card.swift", module: "Shop"),
            LayerPlan.File(path: "c.swift", relativePath: "Kits/BrandUIKit/Button.swift", module: "Shop"),
        ])
        XCTAssertEqual(plan.presentationUnits, [
            PresentationUnit(kind: .folder, name: "App/design/presentation"), PresentationUnit(kind: .folder, name: "Kits/BrandUIKit"),
        ])
    }

    func testNothingToCheckWithoutLayersOrPresentationNames() {
        let plan = LayerPlan(configured: [], files: [LayerPlan.File(path: "a.swift", relativePath: "Sources/App/a.swift", module: "App")])
        XCTAssertFalse(plan.isActive)
        XCTAssertTrue(plan.layerOfFile.isEmpty)
    }

    // MARK: The rule across files

    func testTypesFromAForbiddenLayerAreReportedOncePerFileWhereverTheyAreMentioned() throws {
        let folder = try TemporaryFolder()
        try folder.write(".mvlint.yml", """
        layers:
          ui: {paths: [Sources/UI], may_depend_on: [values]}
          values: {paths: [Sources/Values]}
          store: {paths: [Sources/Store], may_depend_on: [values]}
        """)
        try folder.write("Sources/Values/Product.swift", "struct Product: Identifiable {\n    let id: Int\n    let name: String\n}\n")
        try folder.write("Sources/Store/CartStore.swift", """
        import Observation

        @Observable final class CartStore {
            static let shared = CartStore()
            var products: [Product] = []
            struct Row {}
        }
        protocol Checkout {}
        private struct Helper {}
        struct Badge {}
        """)
        try folder.write("Sources/UI/CartView.swift", """
        import SwiftUI

        struct CartView: View, Checkout {
            let products: [Product]
            let store: CartStore?
            var body: some View {
                List(products) { Text($0.name) }
                    .task { _ = CartStore.shared.products }
            }
        }

        extension CartStore {
            var isEmpty: Bool { products.isEmpty }
        }

        private struct Helper {}
        struct Badge {}
        struct Row { let badge: Badge }
        """)
        try folder.write("Sources/UI/CartPreview.swift", "let previewStore = CartStore()\n")
        XCTAssertEqual(try layerFindings(in: folder), [
            "Sources/UI/CartPreview.swift:1:20: `CartStore` is declared in layer `store` (Sources/Store/CartStore.swift:3), which layer `ui` may not depend on: pass the data in from a layer it may use, or add `store` to `ui`'s `may_depend_on`",
            "Sources/UI/CartView.swift:3:24: `Checkout` is declared in layer `store` (Sources/Store/CartStore.swift:8), which layer `ui` may not depend on: pass the data in from a layer it may use, or add `store` to `ui`'s `may_depend_on`",
            "Sources/UI/CartView.swift:5:16: `CartStore` is declared in layer `store` (Sources/Store/CartStore.swift:3), which layer `ui` may not depend on: pass the data in from a layer it may use, or add `store` to `ui`'s `may_depend_on`",
        ])
    }

    func testAForbiddenImportIsReportedInsteadOfEachTypeFromThatModule() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            platforms: [.iOS(.v17)],
            targets: [
                .target(name: "ShopModel"),
                .target(name: "ShopUI", dependencies: ["ShopModel"]),
                .executableTarget(name: "ShopApp", dependencies: ["ShopModel", "ShopUI"]),
            ]
        )
        """)
        try folder.write(".mvlint.yml", """
        layers:
          ui: {modules: [ShopUI]}
          model: {modules: [ShopModel]}
          app: {modules: [ShopApp], may_depend_on: [ui, model]}
        """)
        try folder.write("Sources/ShopModel/Cart.swift", "import Observation\n\n@Observable public final class Cart {\n    public var count = 0\n}\n")
        try folder.write("Sources/ShopUI/CartBadge.swift", """
        import SwiftUI
        import ShopModel

        public struct CartBadge: View {
            let cart: Cart
            public var body: some View { Text("\\(cart.count)") }
        }
        """)
        try folder.write("Sources/ShopApp/ShopApp.swift", """
        import SwiftUI
        import ShopModel
        import ShopUI

        @main struct ShopApp: App {
            @State private var cart = Cart()
            var body: some Scene { WindowGroup { CartBadge(cart: cart) } }
        }
        """)
        XCTAssertEqual(try layerFindings(in: folder), [
            "Sources/ShopUI/CartBadge.swift:2:1: `import ShopModel` reaches layer `model`, which layer `ui` may not depend on: pass the data in from a layer it may use, or add `model` to `ui`'s `may_depend_on`",
        ])
    }

    func testDefaultLayersKeepPresentationCodeFromTheAppsModelsAndContainers() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/App/CartStore.swift", "import Observation\n\n@Observable final class CartStore {\n    var items: [Item] = []\n}\n")
        try folder.write("Sources/App/Item.swift", "struct Item: Identifiable {\n    let id: Int\n    let title: String\n}\n")
        try folder.write("Sources/App/CartScreen.swift", """
        import SwiftUI

        struct CartScreen: View {
            @State private var store = CartStore()
            var body: some View { ItemList(items: store.items, onDelete: { _ in }) }
        }
        """)
        try folder.write("Sources/App/Presentation/ItemList.swift", """
        import SwiftUI

        struct ItemList: View {
            let items: [Item]
            let onDelete: (Item) -> Void
            var body: some View {
                List(items) { item in Text(item.title) }
                NavigationLink("Cart") { CartScreen() }
            }
        }
        """)
        try folder.write("Sources/App/Presentation/StoreBadge.swift", """
        import SwiftUI

        struct StoreBadge: View {
            @Environment(CartStore.self) private var store
            var body: some View { Text("\\(store.items.count)") }
        }
        """)
        XCTAssertEqual(try layerFindings(in: folder), [
            "Sources/App/Presentation/ItemList.swift:8:34: `CartScreen` is a container view of layer `app` (Sources/App/CartScreen.swift:3), which presentation code (layer `presentation`) may not depend on: give the view values and closures instead",
            "Sources/App/Presentation/StoreBadge.swift:4:18: `CartStore` is a model of layer `app` (Sources/App/CartStore.swift:3), which presentation code (layer `presentation`) may not depend on: give the view values and closures instead",
        ])
    }

    func testDefaultLayersReportImportsOnlyOfModulesHoldingAppCode() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "ShopValues"),
                .target(name: "ShopFeatures", dependencies: ["ShopValues"]),
                .target(name: "ShopPresentation", dependencies: ["ShopValues", "ShopFeatures"]),
            ]
        )
        """)
        try folder.write("Sources/ShopValues/Item.swift", "public struct Item: Identifiable, Sendable {\n    public let id: Int\n}\n")
        try folder.write("Sources/ShopFeatures/Basket.swift", "import Observation\n\n@Observable public final class Basket {\n    public var items: [Int] = []\n}\n")
        try folder.write("Sources/ShopPresentation/ItemRow.swift", """
        import SwiftUI
        import ShopValues
        import ShopFeatures

        public struct ItemRow: View {
            let item: Item
            public var body: some View { Text("\\(item.id)") }
        }
        """)
        XCTAssertEqual(try layerFindings(in: folder), [
            "Sources/ShopPresentation/ItemRow.swift:3:1: `import ShopFeatures` reaches the app's models and container views, which presentation code (layer `presentation`) may not depend on: give the view values and closures instead",
        ])
    }

    func testNoLayersAndNoPresentationNamesMeansNoFindings() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/App/CartStore.swift", "import Observation\n\n@Observable final class CartStore {}\n")
        try folder.write("Sources/App/Views/CartView.swift", "import SwiftUI\n\nstruct CartView: View {\n    let store: CartStore\n    var body: some View { Text(\"Cart\") }\n}\n")
        XCTAssertEqual(try layerFindings(in: folder), [])
    }

    func testTypeNamesAreRecordedOnlyWhenLayersCanBeChecked() {
        let code = "struct CartView: View {\n    let store: CartStore\n    var body: some View { Text(\"Cart\") }\n}\n"
        var engine = LintEngine(selection: RuleSelection(rules: []))
        let recorded = engine.analyze(path: "CartView.swift", text: code, settings: .unknown).facts.dependencies.typeReferences
        XCTAssertEqual(recorded.map(\.name), ["View", "CartStore", "Text"])
        engine.recordsTypeReferences = false
        XCTAssertEqual(engine.analyze(path: "CartView.swift", text: code, settings: .unknown).facts.dependencies.typeReferences.count, 0)
    }

    /// The walk does not descend below a name, a type without generic arguments, a literal or an operator (only tokens
    /// lie there); the types written as generic arguments are still read, each name once, in the order first written.
    func testTypesInGenericArgumentsAreReadThoughTheWalkSkipsWhatHoldsOnlyTokens() {
        let code = """
        struct CartView: View {
            @State private var count = 0
            let stores: [String: Box<CartStore>]
            let feed: Feed<Optional<any ObservableObject>>
            var body: some View { Text("\\(count)").onTapGesture { count = count + 1; _ = CartStore.shared } }
        }

        """
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let facts = engine.analyze(path: "CartView.swift", text: code, settings: .unknown).facts
        XCTAssertEqual(facts.dependencies.typeReferences.map(\.name),
                       ["View", "State", "String", "Box", "CartStore", "Feed", "Optional", "ObservableObject", "Text"])
        XCTAssertEqual(facts.observableObjectTypeUses.map(\.line), [4])
    }

    func testACachedRunWithoutLayersDoesNotHideTheFindingsOfLayersConfiguredLater() throws {
        let folder = try TemporaryFolder(), cache = try TemporaryFolder()
        try folder.write("Sources/Store/CartStore.swift", "import Observation\n\n@Observable final class CartStore {}\n")
        try folder.write("Sources/UI/CartView.swift", "import SwiftUI\n\nstruct CartView: View {\n    let store: CartStore\n    var body: some View { Text(\"Cart\") }\n}\n")
        let cacheFile = cache.url.appendingPathComponent("project.cache")
        // Without layers the walks leave the type names out, and the records are saved so.
        XCTAssertEqual(try layerFindings(in: folder, cacheFile: cacheFile), [])
        try folder.write(".mvlint.yml", "layers:\n  ui: {paths: [Sources/UI]}\n  store: {paths: [Sources/Store]}\n")
        let expected = [
            "Sources/UI/CartView.swift:4:16: `CartStore` is declared in layer `store` (Sources/Store/CartStore.swift:3), which layer `ui` may not depend on: pass the data in from a layer it may use, or add `store` to `ui`'s `may_depend_on`",
        ]
        XCTAssertEqual(try layerFindings(in: folder), expected)
        XCTAssertEqual(try layerFindings(in: folder, cacheFile: cacheFile), expected)
    }

    // MARK: Helpers

    /// Lints the folder as `mvlint lint` run inside it would, keeping `layer-dependency` findings.
    private func layerFindings(in folder: TemporaryFolder, cacheFile: URL? = nil) throws -> [String] {
        // A directory URL, so that "." resolves to the folder itself rather than its parent.
        let root = URL(fileURLWithPath: folder.url.path, isDirectory: true)
        let configFile = root.appendingPathComponent(ConfigurationLoader.fileName)
        let configuration = FileManager.default.fileExists(atPath: configFile.path)
            ? try ConfigurationLoader.load(path: configFile) : Configuration(rootDirectory: root)
        let outcome = Linter.run(Linter.Request(paths: ["."], workingDirectory: root, configuration: configuration, cacheFile: cacheFile))
        XCTAssertEqual(outcome.inputProblems, [])
        return outcome.findings.filter { $0.rule == LayerDependencyRule.description.id }.map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
    }

    private func parse(_ text: String) throws(ConfigurationErrors) -> Configuration {
        try ConfigurationLoader.parse(text, path: "/project/.mvlint.yml", rootDirectory: URL(fileURLWithPath: "/project"), rules: [])
    }

    private func errors(_ text: String) -> [String] {
        do throws(ConfigurationErrors) {
            _ = try parse(text)
            return []
        } catch {
            return error.errors.map { "\($0.line):\($0.column): \($0.message)" }
        }
    }
}
