internal import SwiftSyntax

/// Several `@State` properties that live and die together (one alert's flag, title and message; several
/// presentation flags) kept as separate properties instead of one `AlertState`/`NavigationState` value.
final class ScatteredScreenStateRule: SyntaxRule {
    static let description = RuleDescription(
        id: "scattered-screen-state", family: .architecture, severity: .advice, profiles: .optIn,
        summary: "A view keeps several `@State` properties that share one lifecycle (an alert's flag, title and message; several flags that each present a screen).",
        rationale: "Properties that are set and cleared together drift apart when kept separately: an alert shows the previous title, two sheets are flagged at once, and every container repeats the same boilerplate. A group is at least N `@State` properties named after one presentation (`alert`/`error`, `sheet`, `dialog`/`confirmation`, `toast`/`banner`, `popover`) of which exactly one drives it (`isPresented: $flag` or a `show…` name), or at least N `Bool` flags each passed as `isPresented:` to its own sheet, cover, alert, dialog or navigation destination.",
        instead: "Group them in one value held by a single `@State`: `struct AlertState { var isPresented = false; var title = \"\"; var message = \"\" }`, or for navigation an optional enum (`@State private var destination: Destination?` with `.sheet(item:)`) or a `NavigationState` struct.",
        triggering: [
            Example("""
            struct UserContainerView: View {
                ↓@State private var showAlert = false
                @State private var alertTitle = ""
                @State private var alertMessage = ""
                var body: some View {
                    Text("Users")
                        .alert(alertTitle, isPresented: $showAlert) {} message: { Text(alertMessage) }
                }
            }
            """),
            Example("""
            struct HomeView: View {
                @State private var query = ""
                ↓@State private var showSettings = false
                @State private var showProfile = false
                @State private var showComposer = false
                var body: some View {
                    Text("Home")
                        .sheet(isPresented: $showSettings) { Text("Settings") }
                        .sheet(isPresented: $showProfile) { Text("Profile") }
                        .fullScreenCover(isPresented: $showComposer) { Text("Compose") }
                }
            }
            """),
            Example("""
            struct UploadScreen: View {
                @State private var retryCount = 0
                ↓@State private var isShowingError = false
                @State private var errorTitle = ""
                var body: some View {
                    Text("Upload")
                        .alert(errorTitle, isPresented: $isShowingError) { Button("Retry") { retryCount += 1 } }
                }
            }
            """, .options(["min_properties": 2])),
            // Flags declared per platform count too.
            Example("""
            struct AccountScreen: View {
                ↓@State private var presentingEditor = false
                @State private var presentingPass = false
                #if os(iOS)
                @State private var presentingManage = false
                #endif
                var body: some View {
                    Text("Account")
                        .sheet(isPresented: $presentingEditor) { Text("Edit") }
                        .sheet(isPresented: $presentingPass) { Text("Pass") }
                        #if os(iOS)
                        .manageSubscriptionsSheet(isPresented: $presentingManage)
                        #endif
                }
            }
            """),
        ],
        nonTriggering: [
            // The grouped form.
            Example("""
            struct AlertState {
                var isPresented = false
                var title = ""
                var message = ""
            }
            struct UserContainerView: View {
                @State private var alert = AlertState()
                var body: some View {
                    Text("Users").alert(alert.title, isPresented: $alert.isPresented) {} message: { Text(alert.message) }
                }
            }
            """),
            // Settings that mention alerts are not one alert's lifecycle: nothing presents them.
            Example("""
            struct NotificationSettingsView: View {
                @State private var alertEnabled = true
                @State private var alertSound = "Chime"
                @State private var alertVolume = 0.5
                var body: some View {
                    Form {
                        Toggle("Alerts", isOn: $alertEnabled)
                        Slider(value: $alertVolume)
                    }
                }
            }
            """),
            // Flags that toggle inline content are not navigation.
            Example("""
            struct FiltersView: View {
                @State private var showFavorites = false
                @State private var showArchived = false
                @State private var showHidden = false
                var body: some View {
                    Form {
                        Toggle("Favorites", isOn: $showFavorites)
                        Toggle("Archived", isOn: $showArchived)
                        Toggle("Hidden", isOn: $showHidden)
                    }
                }
            }
            """),
            // Two related properties are below the threshold.
            Example("""
            struct LoginView: View {
                @State private var showError = false
                @State private var errorMessage = ""
                var body: some View {
                    Text("Login").alert(errorMessage, isPresented: $showError) {}
                }
            }
            """),
        ],
        options: [RuleOption("min_properties", default: 3, "How many `@State` properties sharing a lifecycle form a group worth a struct.")],
        onlyInViews: true
    )

    /// Presentations whose state tends to be split over several properties, each with the words that name it.
    static let topics: [(words: Set<String>, suggestion: String)] = [
        (["alert", "error"], "AlertState"),
        (["sheet"], "SheetState"),
        (["dialog", "confirmation", "confirm"], "ConfirmationState"),
        (["toast", "banner", "snackbar", "hud"], "ToastState"),
        (["popover"], "PopoverState"),
    ]
    /// Modifiers that present something while their `isPresented:` flag is true (plus any `…Sheet(isPresented:)`).
    static let presentationModifiers: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "inspector", "alert", "confirmationDialog",
        "fileImporter", "fileExporter", "photosPicker",
    ]

    private struct StateProperty {
        var name: String
        var isBool: Bool
        var attribute: AttributeSyntax
        /// The name's words, made when the type is left, only for a type with enough state to group.
        var words: Set<String> = []
    }

    private struct TypeFrame {
        var states: [StateProperty]
        /// Flags passed as `isPresented: $flag`.
        var presented: Set<String> = []
    }

    private let minProperties: Int
    private var frames: [TypeFrame] = []

    init(options: RuleOptions) {
        minProperties = options["min_properties"]
    }

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        var states: [StateProperty] = []
        for variable in Self.variables(in: members.members) {
            guard let attribute = variable.attributes.eachElement.lazy.compactMap({ $0.as(AttributeSyntax.self) })
                      .first(where: { $0.attributeName.trimmedText == "State" }),
                  !SyntaxText.isStatic(variable.modifiers) else { continue }
            for binding in variable.bindings.eachElement {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText,
                      !states.contains(where: { $0.name == name }) else { continue }
                let isBool = binding.typeAnnotation?.type.trimmedText == "Bool"
                    || binding.initializer?.value.is(BooleanLiteralExprSyntax.self) == true
                states.append(StateProperty(name: name, isBool: isBool, attribute: attribute))
            }
        }
        frames.append(TypeFrame(states: states))
    }

    /// Member variables, also those inside `#if` blocks (`#if os(iOS) @State private var … #endif`).
    private static func variables(in members: MemberBlockItemListSyntax) -> [VariableDeclSyntax] {
        members.flatMap { member -> [VariableDeclSyntax] in
            if let variable = member.decl.as(VariableDeclSyntax.self) { return [variable] }
            guard let conditional = member.decl.as(IfConfigDeclSyntax.self) else { return [] }
            return conditional.clauses.eachElement.flatMap { clause -> [VariableDeclSyntax] in
                guard case .decls(let nested)? = clause.elements else { return [] }
                return variables(in: nested)
            }
        }
    }

    func visit(_ call: CallShape, in file: FileWalk) {
        let node = call.node
        guard !frames.isEmpty, file.mentions("isPresented"), call.member != nil, let name = call.name?.plainText else { return }
        guard Self.presentationModifiers.contains(name) || name.hasSuffix("Sheet"),
              let flag = SyntaxText.argument(node, labeled: "isPresented")?.expression.as(DeclReferenceExprSyntax.self),
              flag.baseName.plainText.hasPrefix("$") else { return }
        frames[frames.count - 1].presented.insert(String(flag.baseName.plainText.dropFirst()))
    }

    func leaveType(_ node: DeclSyntax, in file: FileWalk) {
        guard var frame = frames.popLast(), frame.states.count >= minProperties else { return }
        for index in frame.states.indices { frame.states[index].words = Self.words(of: frame.states[index].name) }
        var grouped = Set<String>()
        for topic in Self.topics {
            // One presentation: exactly one flag drives it, the others are its content (title, message…).
            let group = frame.states.filter { !$0.words.isDisjoint(with: topic.words) }
            let drivers = group.filter { frame.presented.contains($0.name) || Self.isPresentationFlagName($0) }
            guard group.count >= minProperties, drivers.count == 1 else { continue }
            grouped.formUnion(group.map(\.name))
            report(group, in: file, "share one presentation's lifecycle",
                   instead: "group them in one `\(topic.suggestion)` struct held by a single `@State`")
        }
        let flags = frame.states.filter { $0.isBool && !grouped.contains($0.name) && frame.presented.contains($0.name) }
        if flags.count >= minProperties {
            report(flags, in: file, "each present something, though at most one should be up at a time",
                   instead: "replace them with one optional enum (`@State private var destination: Destination?` with `.sheet(item:)`) or a `NavigationState` struct")
        }
    }

    private func report(_ group: [StateProperty], in file: FileWalk, _ problem: String, instead: String) {
        let names = group.map { "`\($0.name)`" }
        let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        file.report(id, at: group[0].attribute,
                    "\(list) are \(group.count) `@State` properties that \(problem), so they drift out of step and repeat in every screen: \(instead)")
    }

    private static func isPresentationFlagName(_ state: StateProperty) -> Bool {
        state.isBool && (state.name.hasPrefix("show") || state.name.hasPrefix("isShowing") || state.name.hasPrefix("isPresenting"))
    }

    /// `alertTitle` → alert, title; `isShowingErrorSheet` → is, showing, error, sheet.
    static func words(of name: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty {
                words.insert(current.lowercased())
                current = ""
            }
            if character.isLetter { current.append(character) }
        }
        if !current.isEmpty { words.insert(current.lowercased()) }
        return words
    }
}
