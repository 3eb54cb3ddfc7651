@testable import MVLintKit
import XCTest

/// What the architecture rules' examples cannot show: verdicts that depend on other files, on a file's
/// folder, or on the profile, and the facts the walk records for them.
final class ArchitectureRuleTests: XCTestCase {
    private func lint(_ rule: String, _ files: [String: String], profile: Profile = .containerPresentation) -> [Finding] {
        TestProject.lint(rule, files, profile: profile)
    }

    private func facts(_ code: String) -> FileFacts { TestProject.facts(code) }

    // MARK: presentation-holds-model

    func testModelDeclaredInAnotherFileMakesTheReferenceAModel() throws {
        let findings = lint("presentation-holds-model", [
            "Models/CartModel.swift": "@Observable final class CartModel {\n    var count = 0\n}\n",
            "Views/CartContainerView.swift": "struct CartContainerView: View {\n    @State private var cart = CartModel()\n    var body: some View { CartBadgeView(cart: cart) }\n}\n",
            "Views/CartBadgeView.swift": "struct CartBadgeView: View {\n    let cart: CartModel\n    var body: some View { Text(\"\\(cart.count)\") }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "Views/CartBadgeView.swift")
        XCTAssertEqual([finding.line, finding.column], [2, 9])
        XCTAssertTrue(finding.message.contains("`CartModel`"), finding.message)
        XCTAssertTrue(finding.message.contains("named `*View`"), finding.message)
    }

    func testPresentationFolderDesignatesViewsWithoutTheNamingConvention() throws {
        let model = "@Observable final class SessionModel {\n    var name = \"\"\n}\n"
        let header = "struct Header: View {\n    @Environment(SessionModel.self) private var session\n    var body: some View { Text(session.name) }\n}\n"
        let inLayer = lint("presentation-holds-model", [
            "App/SessionModel.swift": model,
            "ProfilePresentation/Sources/Header.swift": header,
        ])
        let finding = try XCTUnwrap(inLayer.first)
        XCTAssertEqual(inLayer.count, 1)
        XCTAssertEqual([finding.line, finding.column], [2, 5])
        XCTAssertTrue(finding.message.contains("`ProfilePresentation`"), finding.message)

        let elsewhere = lint("presentation-holds-model", ["App/SessionModel.swift": model, "App/Header.swift": header])
        XCTAssertEqual(elsewhere, [], "outside a Presentation folder and without named containers nothing designates Header")
    }

    func testAViewAnAppOrSceneDelegateShowsFirstIsARootNotAPresentationView() {
        // A project that names its containers designates the other `*View`s Presentation views, but not the views an
        // app-level type shows first: a scene delegate's hosting controller as much as a `WindowGroup`.
        let files = [
            "SessionModel.swift": "@Observable final class SessionModel {\n    var name = \"\"\n}\n",
            "InboxContainer.swift": "struct InboxContainer: View {\n    @State private var session = SessionModel()\n    var body: some View { Text(session.name) }\n}\n",
            "HomeView.swift": "struct HomeView: View {\n    @Environment(SessionModel.self) private var session\n    var body: some View { InboxContainer() }\n}\n",
        ]
        let sceneDelegate = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                window?.rootViewController = UIHostingController(rootView: HomeView())
            }
        }
        """
        let app = "@main struct InboxApp: App {\n    var body: some Scene { WindowGroup { HomeView() } }\n}\n"
        for (name, root) in [("SceneDelegate.swift", sceneDelegate), ("InboxApp.swift", app)] {
            XCTAssertEqual(lint("presentation-holds-model", files.merging([name: root]) { $1 }), [], name)
        }
        let shownByAView = "struct Launcher: View {\n    var body: some View { HomeView() }\n}\n"
        XCTAssertEqual(lint("presentation-holds-model", files.merging(["Launcher.swift": shownByAView]) { $1 }).map(\.file), ["HomeView.swift"])
    }

    // MARK: presentation-embeds-container

    func testContainerDeclaredInAnotherFile() throws {
        let findings = lint("presentation-embeds-container", [
            "Favorites.swift": """
            @Observable final class Favorites {
                var ids: Set<Int> = []
            }
            struct FavoriteContainerButton: View {
                @Environment(Favorites.self) private var favorites
                var body: some View { Button("Favorite") { favorites.ids.insert(1) } }
            }
            """,
            "ProductCardView.swift": "struct ProductCardView: View {\n    let name: String\n    var body: some View {\n        VStack {\n            Text(name)\n            FavoriteContainerButton()\n        }\n    }\n}\n",
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "ProductCardView.swift")
        XCTAssertEqual([finding.line, finding.column], [6, 13])
        XCTAssertTrue(finding.message.contains("@ViewBuilder"), finding.message)
    }

    func testViewsHandedTheirModelAreComponentsNotContainers() {
        let findings = lint("presentation-embeds-container", [
            "Loader.swift": "final class ImageLoader: ObservableObject {\n    @Published var image: Data?\n}\n",
            "PosterImage.swift": "struct PosterImage: View {\n    @ObservedObject var loader: ImageLoader\n    var body: some View { Text(\"poster\") }\n}\n",
            "MovieRow.swift": "struct MovieRow: View {\n    let title: String\n    var body: some View {\n        HStack {\n            PosterImage(loader: ImageLoader())\n            Text(title)\n        }\n    }\n}\n",
        ])
        XCTAssertEqual(findings, [])
    }

    // MARK: container-calls-service

    func testEnvironmentClientIsFineInMVButNotInContainerPresentation() throws {
        let files = [
            "FeedClient.swift": "@Observable final class FeedClient {\n    func getFeed() async -> [String] { [] }\n}\n",
            "FeedView.swift": """
            struct FeedView: View {
                @Environment(FeedClient.self) private var client
                @State private var items: [String] = []
                var body: some View {
                    List(items, id: \\.self) { Text($0) }
                        .task { items = await client.getFeed() }
                }
            }
            """,
        ]
        XCTAssertEqual(lint("container-calls-service", files, profile: .mv), [])
        let findings = lint("container-calls-service", files, profile: .containerPresentation)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "FeedView.swift")
        XCTAssertEqual([finding.line, finding.column], [6, 42])
        XCTAssertTrue(finding.message.contains("injected service `FeedClient`"), finding.message)
    }

    func testServiceTheViewCreatesIsReportedInEveryProfile() {
        let files = [
            "Services.swift": "final class WeatherService {\n    func forecast() async -> String { \"\" }\n}\n",
            "WeatherView.swift": "struct WeatherView: View {\n    private let service = WeatherService()\n    @State private var text = \"\"\n    var body: some View { Text(text).task { text = await service.forecast() } }\n}\n",
        ]
        for profile in [Profile.mv, .containerPresentation] {
            let findings = lint("container-calls-service", files, profile: profile)
            XCTAssertEqual(findings.map { [$0.line, $0.column] }, [[4, 66]], "\(profile)")
            XCTAssertTrue(findings.first?.message.contains("`service.forecast()`") ?? false)
        }
    }

    func testAViewReachingAServiceFromTwoFilesIsToldOnceInTheFirstFile() {
        let service = "final class StatsAPI {\n    static let shared = StatsAPI()\n    func fetchStats() async {}\n}\n"
        let view = "struct StatsView: View {\n    var body: some View { Text(\"\") }\n    func reload() async {\n        await StatsAPI.shared.fetchStats()\n        await StatsAPI.shared.fetchStats()\n    }\n}\n"
        let fileExtension = "extension StatsView {\n    func refresh() async { await StatsAPI.shared.fetchStats() }\n}\n"
        // The extension's file first in the project's order, then last: the first file that reaches it tells it.
        for (extensionPath, expected) in [("A/StatsView+Refresh.swift", "A/StatsView+Refresh.swift:2"), ("Z/StatsView+Refresh.swift", "M/StatsView.swift:4")] {
            let findings = lint("container-calls-service", ["Services/StatsAPI.swift": service, "M/StatsView.swift": view, extensionPath: fileExtension])
            XCTAssertEqual(findings.map { "\($0.file):\($0.line)" }, [expected])
        }
    }

    // MARK: container-business-logic, presentation-logic-in-view, fat-view

    func testHelpersInAnExtensionFileAreReportedThere() throws {
        let files = [
            "OrderRow.swift": "struct OrderRow: View {\n    let order: Order\n    var body: some View { Text(title) }\n}\n",
            "OrderRow+Text.swift": "extension OrderRow {\n    var title: String { order.isGift ? \"🎁 #\\(order.number)\" : \"#\\(order.number)\" }\n}\n",
        ]
        let findings = lint("presentation-logic-in-view", files, profile: .mv)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "OrderRow+Text.swift")
        XCTAssertEqual([finding.line, finding.column], [2, 5])
        XCTAssertTrue(finding.message.contains("`OrderRow`"), finding.message)
    }

    func testContainerComputationNamesItsModel() throws {
        let findings = lint("container-business-logic", [
            "Cart.swift": "@Observable final class CartModel {\n    var prices: [Double] = []\n}\n",
            "CartContainerView.swift": """
            struct CartContainerView: View {
                @Environment(CartModel.self) private var cart
                var body: some View { Text("\\(total())") }
                private func total() -> Double {
                    var sum = 0.0
                    for price in cart.prices { sum += price * 1.2 }
                    return sum
                }
            }
            """,
        ])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual([finding.line, finding.column], [4, 5])
        XCTAssertTrue(finding.message.contains("the model `CartModel`"), finding.message)
    }

    func testFatViewAddsUpWorkFromExtensions() throws {
        let view = """
        struct UploadView: View {
            @State private var status = ""
            @State private var isUploading = false
            @State private var attempts = 0
            let uploader: UploadService
            var body: some View {
                VStack {
                    Text(status)
                    ProgressView()
                    Button("Upload", action: upload)
                    Button("Cancel") { isUploading = false }
                    Button("Reset") { attempts = 0 }
                    Divider()
                }
            }
        }
        """
        let work = """
        extension UploadView {
            func upload() {
                Task {
                    isUploading = true
                    attempts += 1
                    var sent = 0
                    for part in 0..<3 {
                        guard isUploading else { break }
                        status = "Sending part \\(part + 1)"
                        if part == 2 { status = "Finishing" }
                        sent += 1
                    }
                    do { try await uploader.send() } catch { status = "Failed" }
                    if sent < 3 {
                        status = "Cancelled"
                        attempts = 0
                    } else {
                        status = "Sent \\(sent) parts"
                        attempts = 0
                    }
                    isUploading = false
                    retryIfNeeded()
                }
            }
            func retryIfNeeded() {
                guard status == "Failed", attempts < 3 else { return }
                status = "Retrying"
                isUploading = true
                attempts += 1
                if attempts == 3 { status = "Last attempt" }
                isUploading = false
            }
        }
        """
        XCTAssertEqual(lint("fat-view", ["UploadView.swift": view], profile: .mv), [], "no async work in the declaration alone")
        let findings = lint("fat-view", ["UploadView.swift": view, "UploadView+Work.swift": work], profile: .mv)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "UploadView.swift")
        XCTAssertTrue(finding.message.contains("async work (1 task, 1 `catch`)"), finding.message)
        XCTAssertTrue(finding.message.contains("model calls (1)"), finding.message)
    }

    // MARK: async-row-formatting, state-named-model

    func testRowViewShownFromAListInAnotherFile() throws {
        let row = "struct PriceRow: View {\n    let product: Product\n    @State private var price = \"\"\n    var body: some View {\n        Text(price).task { price = await product.formattedPrice() }\n    }\n}\n"
        let list = "struct CatalogView: View {\n    let products: [Product]\n    var body: some View {\n        List(products) { PriceRow(product: $0) }\n    }\n}\n"
        let findings = lint("async-row-formatting", ["PriceRow.swift": row, "CatalogView.swift": list], profile: .mv)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(finding.file, "PriceRow.swift")
        XCTAssertEqual([finding.line, finding.column], [5, 21])
        XCTAssertEqual(lint("async-row-formatting", ["PriceRow.swift": row], profile: .mv), [], "not shown as a row anywhere")
    }

    func testStructUsedByAServiceIsDataNotUIState() {
        let files = [
            "FormModel.swift": "struct FormModel {\n    var isValid = false\n    var name = \"\"\n}\n",
            "FormView.swift": "struct FormView: View {\n    @State private var form = FormModel()\n    var body: some View { Text(form.name) }\n}\n",
        ]
        XCTAssertEqual(lint("state-named-model", files).map(\.file), ["FormModel.swift"])
        var withService = files
        withService["Submitter.swift"] = "final class FormSubmitter {\n    func draft() -> FormModel { FormModel() }\n}\n"
        XCTAssertEqual(lint("state-named-model", withService), [])
    }

    // MARK: Roles and facts

    func testViewHoldingASwiftDataModelObservesIt() {
        let files = [
            facts("@Model final class Bird {\n    var name = \"\"\n}\n"),
            facts("struct BirdRow: View {\n    let bird: Bird\n    var body: some View { Text(bird.name) }\n}\n"),
        ]
        let architecture = ProjectContext(files: files, settingsByPath: [:]).architecture
        XCTAssertEqual(architecture.role(of: "BirdRow"), .container)
        XCTAssertEqual(architecture.relations(.observes, from: "BirdRow").map(\.to), ["Bird"])
    }

    /// An outside API's type reached as a member's base (`UserDefaults.standard`) is noted once, whatever its escaping;
    /// a lowercase name of the same letters is a value, not the type; `$model.name` is a projection of `model`.
    func testMemberBasesNameOutsideAPIsAndProjections() throws {
        let file = facts("""
        final class Settings {
            let userDefaults: KeyValueStore
            func save(_ model: Model) {
                UserDefaults.standard.set(1, forKey: "a")
                `FileManager`.default.removeItem(atPath: "/tmp/a")
                userDefaults.set(2, forKey: "b")
                UserDefaults.standard.set(3, forKey: "c")
                _ = Toggle("On", isOn: $model.isOn)
            }
        }
        """)
        let type = try XCTUnwrap(file.types.first)
        XCTAssertEqual(type.externalAPIs, ["UserDefaults", "FileManager"])
        XCTAssertEqual(file.bindingProjections.map { "\($0.base).\($0.member)" }, ["model.isOn"])
    }

    /// An enum's helpers are read by no rule unless it is a view; a struct's, a class's and a view enum's are kept.
    func testAnEnumKeepsNoHelpersUnlessItIsAView() throws {
        let file = facts("""
        enum Tab {
            case feed, settings
            var title: String { self == .feed ? "Feed" : "Settings" }
        }
        enum Badge: View {
            case new
            var label: String { "New" }
            var body: some View { Text(label) }
        }
        struct Score {
            var points: Int
            var doubled: Int { points * 2 }
        }
        extension Tab {
            var icon: String { self == .feed ? "list.bullet" : "gear" }
        }
        """)
        XCTAssertEqual(file.types.map { "\($0.name): \($0.behavior.helpers.map(\.name))" },
                       ["Tab: []", "Badge: [\"label\"]", "Score: [\"doubled\"]", "Tab: [\"icon\"]"])
    }

    func testBehaviorFactsCountWhatHelpersAndBodiesDo() throws {
        let file = facts("""
        struct ScoreView: View {
            @State private var label = ""
            let scores: [Score]
            var body: some View {
                List(scores) { score in
                    ScoreRow(score: score).font(.body).bold().padding()
                }
                .task { label = await summary() }
                .onTapGesture { Task { await reload() } }
            }
            private func total() -> Double {
                var sum = 0.0
                for score in scores { sum += score.points * 2 }
                return scores.filter { $0.isValid }.isEmpty ? 0 : sum
            }
            private var caption: String { "\\(scores.first?.player ?? "")" }
            private func reload() async {
                do { try await Task.sleep(for: .seconds(1)) } catch {}
            }
        }
        """)
        let behavior = try XCTUnwrap(file.types.first).behavior
        XCTAssertEqual(behavior.textStates, ["label"])
        XCTAssertEqual(behavior.rowConstructions, ["ScoreRow"])
        XCTAssertEqual(behavior.longestBodyStylingChain, 3)
        XCTAssertEqual(behavior.eventHandlers, 1)
        XCTAssertEqual(behavior.asyncLaunches, 2)
        XCTAssertEqual(behavior.catchClauses, 1)
        XCTAssertEqual(behavior.taskAssignments.map(\.target), ["label"])
        XCTAssertEqual(behavior.taskAssignments.first?.isAwaited, true)

        let total = try XCTUnwrap(behavior.helpers.first { $0.name == "total" })
        XCTAssertEqual([total.statements, total.loops, total.arithmetic, total.memberArithmetic, total.pipelines, total.memberTernaries], [5, 1, 2, 2, 1, 1])
        XCTAssertEqual(total.returnType, "Double")
        let caption = try XCTUnwrap(behavior.helpers.first { $0.name == "caption" })
        XCTAssertEqual(caption.kind, .computedProperty)
        XCTAssertEqual(caption.memberInterpolations, 1)
        XCTAssertEqual(behavior.helpers.first { $0.name == "reload" }?.isAsync, true)
    }
}
