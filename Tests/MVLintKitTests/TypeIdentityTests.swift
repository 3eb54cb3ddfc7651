@testable import MVLintKit
import XCTest

/// A type is its enclosing types (+ module, + file when private), and a name resolves in its scope, never
/// project-wide: nested types of one name stay apart, and a nested `Color` does not hide SwiftUI's elsewhere.
final class TypeIdentityTests: XCTestCase {
    private let feed = """
    import SwiftUI
    struct FeedView: View {
        @State private var viewModel = ViewModel()
        var body: some View { TextField("Filter", text: $viewModel.filter) }
    }
    extension FeedView {
        @MainActor @Observable final class ViewModel {
            var filter = ""
            var posts: [String] = []
        }
    }
    """
    private let search = """
    import SwiftUI
    struct SearchView: View {
        @State private var viewModel = ViewModel()
        var body: some View { Text(viewModel.query) }
    }
    extension SearchView {
        @Observable final class ViewModel {
            var query = ""
        }
    }
    extension SearchView.ViewModel {
        func clear() async { query = "" }
    }
    """

    func testNestedTypesOfOneNameAreTwoTypes() {
        let project = TestProject.context(["Feed.swift": feed, "Search.swift": search])
        let index = project.index
        XCTAssertEqual(index.entries(named: "ViewModel").map(\.id), ["FeedView.ViewModel", "SearchView.ViewModel"])
        // Code in an extension is the extended type's; asked once, and in a run of one file's facts.
        XCTAssertEqual(index.id(ofEnclosing: "SearchView.ViewModel", in: "Search.swift"), "SearchView.ViewModel")
        XCTAssertNil(index.id(ofEnclosing: nil, in: "Search.swift"))
        var scope = index.scope(of: "Feed.swift")
        XCTAssertEqual(["FeedView", "FeedView.ViewModel", "FeedView.ViewModel", "FeedView", "Missing"].map { scope.id(ofEnclosing: $0) },
                       ["FeedView", "FeedView.ViewModel", "FeedView.ViewModel", "FeedView", nil])
        XCTAssertEqual(index.entry("SearchView.ViewModel")?.methods.map(\.name), ["clear"], "the extension joins its own type")
        XCTAssertEqual(index.entry("FeedView.ViewModel")?.methods.map(\.name), [])
        XCTAssertEqual(index.displayName("FeedView.ViewModel"), "FeedView.ViewModel")
        XCTAssertEqual(index.displayName("FeedView"), "FeedView")
        let owns = project.architecture.relations.filter { $0.kind == .owns }.map { "\($0.from)→\($0.to)" }.sorted()
        XCTAssertEqual(owns, ["FeedView→FeedView.ViewModel", "SearchView→SearchView.ViewModel"])
    }

    /// An entry's conformances and initializer assignments are its declaration's list when it has no extension, and
    /// the declaration's then each extension's, each once, when it has.
    func testConformancesAndAssignmentsOfADeclarationAndItsExtensionsAreListedOnce() {
        let project = TestProject.context([
            "Item.swift": "struct Item: Codable, Identifiable { let id: Int; init(id: Int) { self.id = id } }",
            "Item+Hashable.swift": "extension Item: Hashable, Codable {}\nextension Item: Sendable, Identifiable {}",
            "Plain.swift": "struct Plain: Equatable, Comparable { var value = 0 }",
        ])
        let item = project.index.entry("Item")
        XCTAssertEqual(item?.inherited, ["Codable", "Identifiable", "Hashable", "Sendable"])
        XCTAssertEqual(item?.initializerAssignments, ["id"])
        XCTAssertEqual(project.index.entry("Plain")?.inherited, ["Equatable", "Comparable"])
        XCTAssertEqual(project.index.ids(inheritingAnyOf: ["Hashable", "Missing"]), ["Item"])
    }

    func testEachNestedViewModelIsJudgedOnItsOwnIsolation() {
        let findings = TestProject.lint("observable-missing-main-actor", ["Feed.swift": feed, "Search.swift": search])
        XCTAssertEqual(findings.map { "\($0.file):\($0.line)" }, ["Search.swift:7"])
        XCTAssertTrue(findings.first?.message.hasPrefix("`SearchView.ViewModel` is held by `SearchView`") ?? false,
                      findings.first?.message ?? "")
    }

    func testPrivateTypesOfOneNameInTwoFilesStayApart() {
        let first = """
        import SwiftUI
        private final class Loader: ObservableObject { @Published var done = false }
        struct FirstView: View {
            @StateObject private var loader = Loader()
            var body: some View { Text("a") }
        }
        """
        let second = """
        import SwiftUI
        private struct Loader { var count = 0 }
        struct SecondView: View {
            @State private var loader = Loader()
            var body: some View { Text("b") }
        }
        """
        let project = TestProject.context(["First.swift": first, "Second.swift": second])
        let loaders = project.index.entries(named: "Loader")
        XCTAssertEqual(loaders.count, 2)
        XCTAssertEqual(Set(loaders.map { $0.declaration?.kind }), [.class, .struct])
        XCTAssertEqual(project.architecture.role(of: "FirstView"), .container, "owns the private class of its own file")
        XCTAssertEqual(project.architecture.role(of: "SecondView"), .presentation, "its Loader is a value")
        let displayed = Set(loaders.map { project.index.displayName($0.id) })
        XCTAssertEqual(displayed, ["Loader (First.swift)", "Loader (Second.swift)"])
    }

    func testSharedInstancesLinkTheHolderToTheirType() {
        let models = """
        import SwiftUI
        final class ThemeManager: ObservableObject {
            static let shared = ThemeManager()
            @Published var accent = "blue"
        }
        @Observable final class Store {
            static let main = Store()
            var items: [String] = []
        }
        @Observable final class Catalog {
            static let preview: Catalog = Catalog()
            var names: [String] = []
        }
        enum Config { static let title = "App" }
        """
        let views = """
        import SwiftUI
        struct ThemedView: View {
            @ObservedObject var theme = ThemeManager.shared
            let store = Store.main
            let catalog = Catalog.preview
            let title = Config.title
            var body: some View { Text(title) }
        }
        """
        let project = TestProject.context(["Models.swift": models, "Views.swift": views])
        let observed = project.architecture.relations.filter { $0.kind == .observes }.map { "\($0.from)→\($0.to) \($0.via)" }.sorted()
        XCTAssertEqual(observed, ["ThemedView→Catalog let", "ThemedView→Store let", "ThemedView→ThemeManager @ObservedObject"])
        XCTAssertEqual(project.architecture.role(of: "ThemedView"), .container)
    }

    func testANestedColorShadowsSwiftUIsOnlyInsideItsType() {
        let theme = """
        import SwiftUI
        struct Palette {
            enum Color { case primary, secondary }
            var main: Color = .primary
        }
        """
        let model = """
        import SwiftUI
        @Observable final class BadgeViewModel {
            var tint: Color = .red
            var swatch: Palette.Color = .primary
        }
        """
        let findings = TestProject.lint("viewmodel-ui-types", ["Palette.swift": theme, "BadgeViewModel.swift": model], profile: .mvvm)
        XCTAssertEqual(findings.map { "\($0.file):\($0.line)" }, ["BadgeViewModel.swift:3"])
    }

    func testAReferenceResolvesToTheInnermostScope() {
        let code = """
        struct Outer {
            struct Item {}
            struct Inner {
                struct Item {}
                var local: Item
                var outer: Outer.Item
            }
            var mine: Item
        }
        struct Item {}
        """
        let index = TestProject.context(["Scopes.swift": code]).index
        XCTAssertEqual(index.resolve("Item", from: "Outer.Inner", in: "Scopes.swift"), "Outer.Inner.Item")
        XCTAssertEqual(index.resolve("Outer.Item", from: "Outer.Inner", in: "Scopes.swift"), "Outer.Item")
        XCTAssertEqual(index.resolve("Item", from: "Outer", in: "Scopes.swift"), "Outer.Item")
        XCTAssertEqual(index.resolve("Item", from: nil, in: "Scopes.swift"), "Item")
        XCTAssertEqual(index.resolve("Item?", from: nil, in: "Scopes.swift"), "Item")
        XCTAssertNil(index.resolve("Color", from: "Outer", in: "Scopes.swift"))
    }

    /// A nested type's superclass named as its enclosing type's superclass declares it (`class Store: Model` inside
    /// `class Screen: Base`, meaning `Base.Model`) is found whatever order the index holds its entries in: the
    /// enclosing type's clause is resolved first. Twenty such pairs, and a deeper one, so that an order-dependent index
    /// could not pass by chance; `ObservableObject` through `Base.Model` makes each store an observable class.
    func testANestedTypeInheritsThroughItsEnclosingTypesSuperclass() {
        let screens = (1...20).map { number in
            """
            class Base\(number) { class Model: ObservableObject { @Published var count = 0 } }
            class Screen\(number): Base\(number) {
                final class Store: Model { @Published var name = "" }
                enum Parts { final class Deeper: Model {} }
            }
            """
        }
        let index = TestProject.context(["Screens.swift": screens.joined(separator: "\n")]).index
        for number in 1...20 {
            XCTAssertEqual(index.entry("Screen\(number).Store")?.inheritedIDs, ["Base\(number).Model"], "pair \(number)")
            XCTAssertTrue(index.isObservableClass("Screen\(number).Store"), "pair \(number)")
            XCTAssertEqual(index.entry("Screen\(number).Parts.Deeper")?.inheritedIDs, ["Base\(number).Model"], "pair \(number)")
        }
    }

    /// A reference whose last name no project type has is answered before any scope is searched; the others still
    /// resolve through inherited scopes, qualified names and a module prefix.
    func testOnlyReferencesEndingInAProjectTypesNameAreSearched() {
        let code = """
        class Base { struct Row {} }
        struct Screen {
            final class Model: Base {
                var row: Row
            }
        }
        """
        let index = TestProject.context(["Screen.swift": code]).index
        XCTAssertEqual(index.resolve("Row", from: "Screen.Model", in: "Screen.swift"), "Base.Row")
        XCTAssertEqual(index.resolve("Screen.Model", from: nil, in: "Screen.swift"), "Screen.Model")
        XCTAssertEqual(index.resolve("MyApp.Screen", from: nil, in: "Screen.swift"), "Screen")
        XCTAssertEqual(index.resolve("Model?", from: "Screen", in: "Screen.swift"), "Screen.Model")
        XCTAssertNil(index.resolve("Text", from: "Screen.Model", in: "Screen.swift"))
        XCTAssertNil(index.resolve("Swift.String", from: nil, in: "Screen.swift"))
        XCTAssertNil(index.resolve("Screen.", from: nil, in: "Screen.swift"))
    }

    /// A scope is searched only when some qualified name nests under it (`enclosesTypes`): that holds for every
    /// prefix of a deeper name, for a type nested in an extension of an outside type, and for names that are not
    /// ASCII (which the name filter never rules out); a type that nests nothing sends the search on to file scope.
    func testScopesAreSearchedWhereverANameNestsUnderThem() {
        let code = """
        import SwiftUI
        struct Outer {
            struct Inner { struct Item {} }
            var item: Inner.Item
        }
        extension View { struct Badge {} }
        struct Café { struct Menü {} }
        struct Leaf {}
        struct Item {}
        """
        let index = TestProject.context(["Nesting.swift": code]).index
        XCTAssertEqual(index.resolve("Inner.Item", from: "Outer", in: "Nesting.swift"), "Outer.Inner.Item")
        XCTAssertEqual(index.resolve("Item", from: "Outer.Inner", in: "Nesting.swift"), "Outer.Inner.Item")
        XCTAssertEqual(index.resolve("Badge", from: "View", in: "Nesting.swift"), "View.Badge")
        XCTAssertEqual(index.resolve("Menü", from: "Café", in: "Nesting.swift"), "Café.Menü")
        XCTAssertEqual(index.resolve("Item", from: "Leaf", in: "Nesting.swift"), "Item")
        XCTAssertEqual(index.resolve("Item", from: "Outer", in: "Nesting.swift"), "Item")
        XCTAssertNil(index.resolve("Menü", from: "Leaf", in: "Nesting.swift"))
    }

    /// The filter never rules out a name it was given, by its last component, nor one that is not ASCII; and it
    /// rules out most others (a filter that said "perhaps" to all would pass the first two checks).
    func testTheNameFilterKeepsEveryNameGivenAndRulesOutMostOthers() {
        var filter = NameFilter(capacity: 2_000)
        for number in 0..<2_000 { filter.insert(lastComponentOf: "Module.Screen\(number).Model\(number)") }
        for number in 0..<2_000 {
            XCTAssertTrue(filter.mayContain(lastComponentOf: "Model\(number)"))
            XCTAssertTrue(filter.mayContain(lastComponentOf: "Other.Model\(number)"))
        }
        XCTAssertTrue(filter.mayContain(lastComponentOf: "Menü"))
        XCTAssertTrue(filter.mayContain(lastComponentOf: "Screen.Cafe\u{301}"))
        let wronglyKept = (0..<2_000).count { filter.mayContain(lastComponentOf: "Screen\($0)") || filter.mayContain(lastComponentOf: "Text\($0)") }
        XCTAssertLessThan(wronglyKept, 100)

        // The Kelvin sign is `K` to `String` equality: once a name that is not ASCII is in, nothing is ruled out.
        var kelvin = NameFilter(capacity: 10)
        kelvin.insert(lastComponentOf: "Units.Kelvin")
        XCTAssertFalse(kelvin.mayContain(lastComponentOf: "K"))
        kelvin.insert(lastComponentOf: "Units.\u{212A}")
        XCTAssertEqual("\u{212A}", "K")
        XCTAssertTrue(kelvin.mayContain(lastComponentOf: "K"))
    }

    /// A run of one key is answered once; a new key, or the old one after it, is asked again.
    func testTheLastAnswerIsKeptOnlyForARunOfOneKey() {
        var asked: [String] = []
        var lastAnswer = LastAnswer<Int>()
        let answers = ["Feed", "Feed", "Search", "Feed", "Feed"].map { key in
            lastAnswer.value(for: key) { key in
                asked.append(key)
                return key.count
            }
        }
        XCTAssertEqual(answers, [4, 4, 6, 4, 4])
        XCTAssertEqual(asked, ["Feed", "Search", "Feed"])
    }

    /// The merged lists' own searches find what the collection's would, in the parts' order, across empty parts.
    func testMergedFactsSearchAcrossPartsInOrder() {
        let merged = MergedFacts([[1, 2], [], [3, 4, 2], [5]])
        XCTAssertEqual(merged.first { $0 > 2 }, 3)
        XCTAssertEqual(merged.first { $0 % 2 == 0 }, 2)
        XCTAssertNil(merged.first { $0 > 5 })
        XCTAssertTrue(merged.contains { $0 == 5 })
        XCTAssertFalse(merged.contains { $0 == 6 })
        XCTAssertEqual(merged.first { $0 > 3 }, Array(merged).first { $0 > 3 })
        XCTAssertFalse(MergedFacts<Int>().contains { _ in true })
    }

    /// A type's members are its declaration's, then each extension's in order, read where they are.
    func testATypesMembersAreItsDeclarationsThenEachExtensions() throws {
        let code = """
        struct Card { var title = "" }
        extension Card { var subtitle: String { title } }
        extension Card {}
        extension Card {
            var footer: String { "" }
            func share() {}
        }
        struct Empty {}
        """
        let index = TestProject.context(["Card.swift": code]).index
        let card = try XCTUnwrap(index.entry("Card"))
        XCTAssertEqual(card.properties.map(\.name), ["title", "subtitle", "footer"])
        XCTAssertEqual(card.properties.count, 3)
        XCTAssertEqual(card.methods.map(\.name), ["share"])
        let empty = try XCTUnwrap(index.entry("Empty"))
        XCTAssertTrue(empty.properties.isEmpty)
        XCTAssertEqual(empty.methods.count, 0)
        XCTAssertNil(empty.methods.first)
    }

    func testTypesOfTwoModulesWithOneNameStayApartAndEachSideSeesItsOwn() {
        let settings = ["A/Theme.swift": TargetSettings(name: "A"), "B/Theme.swift": TargetSettings(name: "B"),
                        "A/View.swift": TargetSettings(name: "A")]
        let project = TestProject.context([
            "A/Theme.swift": "@Observable final class Theme { var accent = 1 }",
            "B/Theme.swift": "struct Theme { var accent = 1 }",
            "A/View.swift": "import SwiftUI\nstruct AView: View {\n    let theme: Theme\n    var body: some View { Text(\"a\") }\n}\n",
        ], settings: settings)
        XCTAssertEqual(project.index.entries(named: "Theme").map(\.id).sorted(), ["A.Theme", "B.Theme"])
        XCTAssertEqual(project.index.resolve("Theme", from: "AView", in: "A/View.swift"), "A.Theme")
        XCTAssertEqual(project.architecture.relations.map { "\($0.from)→\($0.to)" }, ["AView→A.Theme"])
        XCTAssertEqual(project.index.displayName("A.Theme"), "Theme", "the other target's Theme is out of sight")
    }

    /// A type of target `App` named like another target's (`Foo`) is keyed `App.Foo`, which is also the qualified name
    /// of a `Foo` nested in an `App` type: the two stay two entries, the nested one keeping its qualified name, instead
    /// of one becoming the other's extension in whichever order the index's table gave (it changes from run to run).
    /// Ten such names, so that an order-dependent index could not pass by chance.
    func testATargetQualifiedIDNeverMergesWithANestedTypeOfThatName() {
        var files: [String: String] = [:], settings: [String: TargetSettings] = [:]
        for number in 0..<10 {
            files["App/Foo\(number).swift"] = "struct Foo\(number) { var x = 0 }"
            files["Core/Foo\(number).swift"] = "struct Foo\(number) { var y = 0 }"
            files["App/Nested\(number).swift"] = "enum App { struct Foo\(number) { var z = 0 } }"
            settings["App/Foo\(number).swift"] = TargetSettings(name: "App")
            settings["Core/Foo\(number).swift"] = TargetSettings(name: "Core")
            settings["App/Nested\(number).swift"] = TargetSettings(name: "App")
        }
        let index = TestProject.context(files, settings: settings).index
        for number in 0..<10 {
            let nested = index.entry("App.Foo\(number)")
            XCTAssertEqual(nested?.declarationPath, "App/Nested\(number).swift", "name \(number)")
            XCTAssertEqual(nested?.extensions.count, 0, "name \(number)")
            XCTAssertEqual(index.entry("Foo\(number) @App/Foo\(number).swift")?.declaration?.properties.map(\.name), ["x"], "name \(number)")
            XCTAssertEqual(index.entry("Core.Foo\(number)")?.declaration?.properties.map(\.name), ["y"], "name \(number)")
        }
    }

    /// What a reference names, with optionals, `any`, generic arguments and outer spaces stripped; names already bare
    /// (the bytes' shortcut) come back as written.
    func testBareTypeNames() {
        let cases: [(String, String)] = [
            ("Store", "Store"), ("Feed.Item", "Feed.Item"), ("Store?", "Store"), ("Store!?", "Store"),
            ("any Service", "Service"), ("Loader<Item>", "Loader"), (" Store ", "Store"), ("\tStore", "Store"),
            ("Café", "Café"), ("Größe?", "Größe"), ("", ""), ("anyService", "anyService"), ("[Item]", "[Item]"),
        ]
        for (written, bare) in cases { XCTAssertEqual(Architecture.bareTypeName(written), bare, written) }
    }

    /// The receiver part a call's relation resolves (`Store` of `Store.shared`): what `split(separator: ".")` gives
    /// first, read by UTF-8 unit.
    func testFirstComponentOfDottedNames() {
        let cases: [(String, String)] = [
            ("Store.shared", "Store"), ("Store", "Store"), (".shared.load", "shared"), ("Café.shared", "Café"),
            ("a..b", "a"), ("..", ""), ("", ""), ("e\u{301}.x", "e\u{301}"),
        ]
        for (dotted, first) in cases {
            XCTAssertEqual(Architecture.firstComponent(of: dotted), first, dotted)
            XCTAssertEqual(Architecture.firstComponent(of: dotted), dotted.split(separator: ".").first.map(String.init) ?? "", dotted)
        }
    }

    func testAViewWhoseIdANamesakeQualifiesStillHasItsViewOnlyFindings() {
        func badge(_ access: String) -> String {
            """
            import SwiftUI
            \(access)struct Badge: View {
                let id: Int
                init(id: Int) {
                    self.id = id
                    Task { await Prefetcher.warm(id) }
                }
                var body: some View { Text("\\(id)") }
            }
            """
        }
        // Two private namesakes (ids `Badge @A.swift`, `Badge @B.swift`), and one type in each of two targets
        // (`Feed.Badge`, `Inbox.Badge`): each is a view, and a rule that judges only views' code reports in all four.
        let files = ["A.swift": badge("private "), "B.swift": badge("private "), "Feed/Badge.swift": badge(""), "Inbox/Badge.swift": badge("")]
        let settings = ["Feed/Badge.swift": TargetSettings(name: "Feed"), "Inbox/Badge.swift": TargetSettings(name: "Inbox")]
        let findings = TestProject.lint("task-in-view-init", files, settings: settings)
        XCTAssertEqual(findings.map { "\($0.file):\($0.line)" }, ["A.swift:6", "B.swift:6", "Feed/Badge.swift:6", "Inbox/Badge.swift:6"])
    }

    func testWhatAnExtensionJoinsDoesNotDependOnWhichFileComesFirst() throws {
        let moduleQualified = "import SwiftUI\nextension SwiftUI.View {\n    func card() -> some View { padding() }\n}\n"
        let plain = "import SwiftUI\nextension View {\n    var isCard: Bool { true }\n}\n"
        let nested = "import SwiftUI\nextension Color.Resolved {\n    var isDark: Bool { red < 0.5 }\n}\n"
        let outer = "import SwiftUI\nextension Color {\n    static let brand = Color.blue\n}\n"
        let resolved = "struct Resolved {\n    var value = 0\n}\n"
        // Each pair in both orders of the file list (files are linted in path order).
        for (first, second) in [("A.swift", "B.swift"), ("B.swift", "A.swift")] {
            let views = TestProject.context([first: moduleQualified, second: plain]).index
            XCTAssertEqual(views.entry("View")?.extensions.count, 2, first)
            XCTAssertNil(views.entry("SwiftUI.View"), first)

            let colors = TestProject.context([first: nested, second: outer, "Resolved.swift": resolved]).index
            XCTAssertEqual(colors.entry("Color.Resolved")?.extensions.count, 1, first)
            XCTAssertEqual(colors.entry("Resolved")?.extensions.count, 0, "the project's `Resolved` is not SwiftUI's; \(first)")
        }
    }

    func testAFilesPrivateTypeIsNotTheTypeAnotherFileExtendsByItsName() throws {
        let privateLabel = """
        import SwiftUI
        private struct Label: View {
            let text: String
            var body: some View { Text(text) }
        }
        extension Label {
            var shouted: Label { Label(text: text.uppercased()) }
        }
        """
        let sdkLabel = """
        import SwiftUI
        extension Label where Title == Text, Icon == Image {
            init(starred title: String) { self.init(title, systemImage: "star") }
        }
        """
        let index = TestProject.context(["Badge.swift": privateLabel, "Starred.swift": sdkLabel]).index
        let own = try XCTUnwrap(index.entry("Label @Badge.swift"))
        XCTAssertEqual(own.extensions.map(\.path), ["Badge.swift"])
        XCTAssertEqual(index.entry("Label")?.extensions.map(\.path), ["Starred.swift"])
        XCTAssertNil(index.entry("Label")?.declaration)
        XCTAssertEqual(index.displayName("Label @Badge.swift"), "Label")
    }
}

