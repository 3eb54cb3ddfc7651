internal import SwiftSyntax

/// A hand-written `EnvironmentKey` that only supplies a default value is what the `@Entry` macro generates.
final class EnvironmentKeyBoilerplateRule: SyntaxRule {
    static let description = RuleDescription(
        id: "environment-key-boilerplate", family: .swiftUI, severity: .advice, profiles: .all, fix: .auto,
        summary: "A hand-written `EnvironmentKey` struct that only declares `defaultValue`.",
        rationale: "A custom environment value written by hand takes a key struct plus a computed property with a getter and a setter in `extension EnvironmentValues`: three places to keep in sync for one value. Since Xcode 16 the `@Entry` macro writes all of it from a single line, and it back-deploys to every OS SwiftUI supports.",
        instead: "Delete the key struct and its accessor, and declare `@Entry var name: Type = defaultValue` inside `extension EnvironmentValues`.",
        triggering: [
            Example("""
            private struct ↓ThemeKey: EnvironmentKey {
                static let defaultValue = Theme.standard
            }
            extension EnvironmentValues {
                var theme: Theme {
                    get { self[ThemeKey.self] }
                    set { self[ThemeKey.self] = newValue }
                }
            }
            """),
            Example("""
            struct ↓RefreshActionKey: EnvironmentKey {
                static var defaultValue: @Sendable () async -> Void = {}
            }
            """),
            Example("""
            struct ↓CompactModeKey: SwiftUI.EnvironmentKey {
                typealias Value = Bool
                static let defaultValue: Value = false
            }
            """, ExampleSettings(swiftToolsVersion: Version(6, 1))),
        ],
        nonTriggering: [
            // A preference key also has a `defaultValue`, but flows up the tree and needs `reduce`.
            Example("""
            struct HeightKey: PreferenceKey {
                static var defaultValue: CGFloat = 0
                static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
            }
            """),
            Example("""
            struct SelectedNoteKey: FocusedValueKey {
                typealias Value = Binding<Note>
            }
            """),
            // More than a default: the key carries logic `@Entry` cannot express.
            Example("""
            struct LocaleOverrideKey: EnvironmentKey {
                static let defaultValue: Locale? = nil
                static func resolved(_ value: Locale?) -> Locale { value ?? .current }
            }
            """),
            // `@Entry` needs the Swift 6 toolchain (Xcode 16); this package is built with 5.9.
            Example("""
            struct AccentKey: EnvironmentKey {
                static let defaultValue = Color.blue
            }
            """, ExampleSettings(swiftToolsVersion: Version(5, 9))),
        ]
    )

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        guard let key = node.as(StructDeclSyntax.self), file.enclosingType?.inherited.contains("EnvironmentKey") == true,
              !file.toolsVersionIsKnownBelow(Version(6)), Self.onlyDeclaresDefaultValue(members)
        else { return }
        file.report(id, at: key.name,
                    "`\(key.name.text)` is a hand-written `EnvironmentKey` that only holds a default, plus a get/set accessor to maintain: declare `@Entry var name: Type = default` in `extension EnvironmentValues` instead")
    }

    /// One `static defaultValue`, optionally with the `Value` typealias it is declared with.
    private static func onlyDeclaresDefaultValue(_ members: MemberBlockSyntax) -> Bool {
        var defaultValues = 0
        for member in members.members {
            if member.decl.is(TypeAliasDeclSyntax.self) { continue }
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  SyntaxText.isStatic(variable.modifiers),
                  variable.bindings.count == 1,
                  variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "defaultValue"
            else { return false }
            defaultValues += 1
        }
        return defaultValues == 1
    }
}
