/// UI framework types or pre-formatted display text inside a view model.
///
/// A project rule: the class is judged by its role, and a type name such as `Image` counts as the framework's
/// only when the project does not declare a type of that name itself. Only view models (a screen's logic) are
/// judged: shared models such as a theme or an image cache hold presentation data by design.
enum ViewModelUITypesRule: ProjectRule {
    static let description = RuleDescription(
        id: "viewmodel-ui-types", family: .observation, severity: .warning, profiles: .only([.mvvm, .mvvmIO]),
        summary: "A ViewModel (a screen's model) holds UI framework types (`Color`, `Font`, `Image`, `UIColor`, `AnyView`, `some View`) or pre-formatted display strings.",
        rationale: "A view model is the part of a screen that can be tested without a UI. Holding `Color`, `UIImage` or views ties it to SwiftUI or UIKit and moves presentation decisions (dark mode, Dynamic Type, locale) away from the view, and a `formattedDate` string freezes one format and locale at the time it was computed.",
        instead: "Expose data: the value, a `Bool`, or a state enum (`.overBudget`), and let the view map it to a `Color` or `Image`; keep a `Date` or `Decimal` and format it where it is shown (`Text(price, format: .currency(code: \"EUR\"))`).",
        triggering: [
            Example("""
            @MainActor final class PriceViewModel: ObservableObject {
                @Published private(set) var price: Decimal = 0
                ↓@Published var priceColor: Color = .green
                ↓@Published var formattedDate = ""
            }
            """),
            Example("""
            @Observable final class ProfileViewModel {
                private(set) var ↓avatar: UIImage?
                var ↓badge: some View { Image(systemName: "star") }
                func ↓header() -> some View { Text("Profile") }
            }
            """),
            // Not named *ViewModel, but owned by one screen and holding its loading state: a view model.
            Example("""
            @Observable final class StatusBoard {
                var isLoading = false
                var ↓tints: [Status: Color] = [:]
                var ↓font: Font = .headline
            }
            struct StatusScreen: View {
                @State private var board = StatusBoard()
                var body: some View { Text("Status").font(board.font) }
            }
            """),
        ],
        nonTriggering: [
            // A project type named like a UI type is the project's own where it is in scope (`Palette.Color`).
            Example("""
            struct Palette {
                enum Color { case primary, secondary }
            }
            @Observable final class BadgeViewModel {
                var swatch: Palette.Color = .primary
            }
            """),
            Example("""
            @MainActor final class PriceViewModel: ObservableObject {
                @Published private(set) var price: Decimal = 0
                @Published private(set) var date: Date = .now
                @Published private(set) var isOverBudget = false
            }
            """),
            // The app declares its own `Image` model; a view's `Color` is not a model's business here.
            Example("""
            struct Image: Codable {
                var url: URL
            }
            @Observable final class GalleryViewModel {
                private(set) var images: [Image] = []
            }
            struct Badge: View {
                var tint: Color
                var body: some View { Circle().fill(tint) }
            }
            """),
            // Shared models: a theme or an image cache holds appearance and images by design.
            Example("""
            @Observable final class Theme {
                var tint: Color = .blue
                var titleFont: Font = .title
            }
            final class ImageCache: ObservableObject {
                @Published private(set) var images: [URL: UIImage] = [:]
            }
            struct Header: View {
                @Environment(Theme.self) private var theme
                @EnvironmentObject private var cache: ImageCache
                var body: some View { Text("Hi").foregroundStyle(theme.tint) }
            }
            struct Footer: View {
                @Environment(Theme.self) private var theme
                var body: some View { Text("Bye").font(theme.titleFont) }
            }
            """),
        ]
    )

    /// Types of SwiftUI, UIKit and AppKit that are presentation, not data.
    static let uiTypes: Set<String> = [
        "Color", "Font", "Image", "AnyView", "UIColor", "NSColor", "UIFont", "NSFont", "UIImage", "NSImage",
    ]

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Void, options: RuleOptions, report: inout [ProjectFinding]) {
        for model in project.observableClasses(touching: file) where model.isViewModel && model.isScreenModel {
            // Each member is reported in its own file: a computed property or method may come from an extension in
            // another file than the class's. `objectWillChange` is the ObservableObject plumbing, whatever it carries.
            let parts = model.parts.filter { $0.path == file.path }
            let instanceProperties = parts.flatMap { part in
                part.fact.properties.filter { !$0.isStatic && $0.name != "objectWillChange" }.map { (path: part.path, property: $0) }
            }
            let uiProperties = instanceProperties.compactMap { path, property in
                uiType(of: property, in: model, index: project.index).map { (path, property, $0) }
            }
            for (path, property, type) in uiProperties {
                let message = type == viewType
                    ? buildsViewMessage("`\(property.name)`", in: model.name)
                    : "`\(property.name)` of `\(model.name)` holds `\(type)`, which ties it to the UI framework and takes presentation decisions away from the view: expose the data (a value or a state enum) and let the view choose the `\(type)`"
                report.append(ProjectFinding(path: path, position: property.reportPosition, message: message))
            }
            for (path, property) in instanceProperties where isPreformattedText(property) {
                report.append(ProjectFinding(path: path, position: property.reportPosition, message: "`\(property.name)` of `\(model.name)` stores display text formatted in advance, which fixes one format and locale outside the view: keep the underlying value and format it where it is shown (`Text(value, format: …)`)"))
            }
            for part in parts {
                for method in part.fact.methods where !method.isInitializer && !method.isStatic && method.buildsView {
                    report.append(ProjectFinding(path: part.path, position: method.position, message: buildsViewMessage("`\(method.name)()`", in: model.name)))
                }
            }
        }
    }

    static let viewType = "some View"

    static func buildsViewMessage(_ member: String, in model: String) -> String {
        "\(member) of `\(model)` builds a view, which ties it to SwiftUI and hides layout from the views: return data and build the view in a View type"
    }

    /// The UI type a property's declared type mentions (`Color?`, `[Status: Color]`, `some View`), if any.
    /// A name the project declares in scope is the project's own type: a nested `Theme.Color` shadows SwiftUI's
    /// `Color` inside `Theme` (and where written `Theme.Color`), nowhere else.
    static func uiType(of property: PropertyFact, in model: ObservableClass, index: ProjectIndex) -> String? {
        guard let typeText = property.heldTypeName else { return nil }
        if SyntaxText.isSomeView(typeText) { return viewType }
        let names = SyntaxText.typeNameWords(in: typeText).map(String.init)
        for name in names where index.resolve(name, from: model.id, in: model.path) == nil {
            let parts = name.split(separator: ".").map(String.init)
            guard let last = parts.last, uiTypes.contains(last) else { continue }
            if parts.count == 1 || (parts.count == 2 && uiFrameworks.contains(parts[0])) { return last }
        }
        return nil
    }

    static let uiFrameworks: Set<String> = ["SwiftUI", "UIKit", "AppKit"]

    /// A stored `formatted…` string: text made for display before any view asked for it.
    static func isPreformattedText(_ property: PropertyFact) -> Bool {
        guard !property.isComputed, property.name.hasPrefix("formatted") else { return false }
        return property.heldTypeName.map { $0 == "String" } ?? property.hasInitializer
    }
}
