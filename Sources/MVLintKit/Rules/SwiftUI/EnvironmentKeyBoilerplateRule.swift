internal import SwiftSyntax

/// A hand-written `EnvironmentKey` that only supplies a default value is what the `@Entry` macro generates.
final class EnvironmentKeyBoilerplateRule: SyntaxRule {
    static let description = RuleDescription(
        id: "environment-key-boilerplate", family: .swiftUI, severity: .advice, profiles: .optIn, fix: .auto,
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
            """, fixed: """
            extension EnvironmentValues {
                @Entry var theme: Theme = Theme.standard
            }
            """),
            // No accessor in this file: reported, not rewritten.
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
            // A key nested in the value it carries, named with its owner in the accessor.
            Example("""
            import SwiftUI

            struct Haptics {
                var enabled: Bool
                fileprivate struct ↓Key: EnvironmentKey {
                    static let defaultValue = Haptics(enabled: true)
                }
            }

            extension EnvironmentValues {
                var haptics: Haptics {
                    get { self[Haptics.Key.self] }
                    set { self[Haptics.Key.self] = newValue }
                }
            }
            """, fixed: """
            import SwiftUI

            struct Haptics {
                var enabled: Bool
            }

            extension EnvironmentValues {
                @Entry var haptics: Haptics = Haptics(enabled: true)
            }
            """),
            // A key other files may use, and a default that builds a new object on each read with `@Entry`: unsafe.
            Example("""
            import SwiftUI

            struct ↓SessionKey: EnvironmentKey {
                static let defaultValue = Session()
            }

            extension EnvironmentValues {
                var session: Session {
                    get { self[SessionKey.self] }
                    set { self[SessionKey.self] = newValue }
                }
            }
            """, fixed: """
            import SwiftUI

            extension EnvironmentValues {
                @Entry var session: Session = Session()
            }
            """),
            Example("""
            extension EnvironmentValues {
                /// How dense lists are.
                private struct ↓DensityKey: EnvironmentKey {
                    static let defaultValue: Density = .regular
                }

                public var density: Density {
                    get { return self[DensityKey.self] }
                    set { self[DensityKey.self] = newValue }
                }
            }
            """, fixed: """
            extension EnvironmentValues {
                @Entry public var density: Density = .regular
            }
            """),
            // The key is used besides its accessor, which deleting it would break: reported, not rewritten.
            Example("""
            private struct ↓SpacingKey: EnvironmentKey {
                static let defaultValue: Double = 8
            }
            extension EnvironmentValues {
                var spacing: Double {
                    get { self[SpacingKey.self] }
                    set { self[SpacingKey.self] = newValue }
                }
            }
            struct Card: View {
                var body: some View { Text("Card").padding(SpacingKey.defaultValue) }
            }
            """),
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
            // The accessor is read-only, or unwraps what the key stores: `@Entry` would make it a plain settable value.
            Example("""
            private struct SafeAreaKey: EnvironmentKey {
                static let defaultValue = EdgeInsets()
            }
            extension EnvironmentValues {
                var safeArea: EdgeInsets { self[SafeAreaKey.self] }
            }
            """),
            Example("""
            struct HostKey: EnvironmentKey {
                static let defaultValue = WeakBox<UIViewController>(nil)
            }
            extension EnvironmentValues {
                var host: UIViewController? {
                    get { self[HostKey.self].value }
                    set { self[HostKey.self] = WeakBox(newValue) }
                }
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

    /// A key to report, with what its fix needs; the accessor may come later in the file, so `finish` decides.
    private struct Key {
        var name: String
        var offset: Int
        /// The lines of the key struct and its doc comment.
        var deletion: Range<Int>?
        var defaultValue: String?
        var defaultIndentation: String
        /// Only this file can refer to it, and its default is a literal or constant: `@Entry`, which evaluates the
        /// default on every read, behaves the same.
        var isSafeToReplace: Bool
    }

    /// A `var name: Type { get { self[Key.self] } set { self[Key.self] = newValue } }` in `extension EnvironmentValues`.
    private struct Accessor {
        var range: Range<Int>
        /// `@Entry public var name: Type = `.
        var head: String
        var indentation: String
    }

    private var keys: [Key] = []
    private var accessorsByKey: [String: [Accessor]] = [:]
    /// Keys an `EnvironmentValues` property of this file uses in more than a plain get/set (read-only, unwrapping a
    /// box): `@Entry` would change that property's API.
    private var keysBehindCustomAccessors: Set<String> = []

    init(options: RuleOptions) {}

    func visitType(_ node: DeclSyntax, members: MemberBlockSyntax, in file: FileWalk) {
        if node.is(ExtensionDeclSyntax.self), file.enclosingType?.name == "EnvironmentValues" {
            for member in members.members.eachElement {
                if let (key, accessor) = Self.accessor(member.decl, in: file.source) {
                    accessorsByKey[key, default: []].append(accessor)
                } else if member.decl.is(VariableDeclSyntax.self) {
                    keysBehindCustomAccessors.formUnion(Self.subscriptKeys(in: member.decl))
                }
            }
            return
        }
        guard let key = node.as(StructDeclSyntax.self), file.enclosingType?.inherited.contains("EnvironmentKey") == true,
              !file.toolsVersionIsKnownBelow(Version(6)), let defaultValue = Self.onlyDefaultValue(members)
        else { return }
        let value = defaultValue.bindings.eachElement.first?.initializer?.value
        let isPrivate = key.modifiers.containsModifier(named: "private", or: "fileprivate")
        keys.append(Key(
            name: key.name.plainText, offset: key.name.positionAfterSkippingLeadingTrivia.utf8Offset,
            deletion: FixText.lineStart(ofDeclarationWithComments: key).flatMap {
                FixText.lineDeletion(from: $0, to: key.endPositionBeforeTrailingTrivia.utf8Offset, in: file.source)
            },
            defaultValue: value.map(FixText.text(of:)),
            defaultIndentation: FixText.indentation(ofLineContaining: defaultValue.positionAfterSkippingLeadingTrivia.utf8Offset, in: file.source),
            isSafeToReplace: isPrivate && (value.map(Self.isConstant) ?? false)))
    }

    func finish(_ file: FileWalk) {
        for key in keys where !keysBehindCustomAccessors.contains(key.name) {
            file.report(id, atOffset: key.offset,
                        "`\(key.name)` is a hand-written `EnvironmentKey` that only holds a default, plus a get/set accessor to maintain: declare `@Entry var name: Type = default` in `extension EnvironmentValues` instead",
                        fix: fix(for: key, in: file))
        }
    }

    /// Replaces the accessor with `@Entry var name: Type = default` and deletes the key, when this file holds
    /// exactly one accessor for it and names the key nowhere else (its declaration and the accessor's two
    /// `self[Key.self]`): another use would stop compiling. Unsafe when other files may use the key or the default
    /// builds a new value.
    private func fix(for key: Key, in file: FileWalk) -> Fix? {
        guard let deletion = key.deletion, let value = key.defaultValue,
              let accessors = accessorsByKey[key.name], accessors.count == 1, let accessor = accessors.first,
              FixText.occurrences(ofIdentifier: key.name, in: file.source) == 3 else { return nil }
        let declaration = accessor.head + FixText.reindent(value, from: key.defaultIndentation, to: accessor.indentation)
        return Fix("replace `\(key.name)` and its accessor with an `@Entry` property", safety: key.isSafeToReplace ? .safe : .unsafe,
                   edits: [TextEdit(range: accessor.range, replacement: declaration), TextEdit(range: deletion, replacement: "")])
    }

    /// The one `static defaultValue`, when the key declares nothing else but the `Value` typealias.
    private static func onlyDefaultValue(_ members: MemberBlockSyntax) -> VariableDeclSyntax? {
        var defaultValues: [VariableDeclSyntax] = []
        for member in members.members.eachElement {
            if member.decl.is(TypeAliasDeclSyntax.self) { continue }
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  SyntaxText.isStatic(variable.modifiers),
                  variable.bindings.count == 1,
                  variable.bindings.eachElement.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText == "defaultValue"
            else { return nil }
            defaultValues.append(variable)
        }
        return defaultValues.count == 1 ? defaultValues.first : nil
    }

    /// The key an accessor reads and writes, when it does nothing else.
    private static func accessor(_ decl: DeclSyntax, in source: SourceText) -> (key: String, Accessor)? {
        guard let variable = decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty, !SyntaxText.isStatic(variable.modifiers),
              variable.bindings.count == 1, let binding = variable.bindings.eachElement.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText,
              let type = binding.typeAnnotation?.type,
              case .accessors(let accessors)? = binding.accessorBlock?.accessors, accessors.count == 2,
              let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body?.statements,
              let setter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) }),
              setter.parameters == nil, let setterStatements = setter.body?.statements,
              getter.count == 1, setterStatements.count == 1,
              let readKey = getter.first.flatMap({ $0.item.as(ReturnStmtSyntax.self)?.expression ?? SyntaxText.expression(of: $0) })
                  .flatMap(subscriptKey),
              let assignment = setterStatements.first.flatMap(SyntaxText.expression(of:))?.as(SequenceExprSyntax.self)
        else { return nil }
        let parts = Array(assignment.elements.eachElement)
        guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self), subscriptKey(parts[0]) == readKey,
              parts[2].as(DeclReferenceExprSyntax.self)?.baseName.plainText == "newValue" else { return nil }
        let modifiers = variable.modifiers.isEmpty ? "" : variable.modifiers.trimmedText + " "
        let start = variable.positionAfterSkippingLeadingTrivia.utf8Offset
        return (readKey, Accessor(range: FixText.range(of: variable), head: "@Entry \(modifiers)var \(name): \(FixText.text(of: type)) = ",
                                  indentation: FixText.indentation(ofLineContaining: start, in: source)))
    }

    /// Every `Key` of a `self[Key.self]` in a declaration.
    private static func subscriptKeys(in decl: DeclSyntax) -> Set<String> {
        Set(decl.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.tokenKind == .keyword(.self), token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period,
                  let base = token.previousToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate),
                  case .identifier(let name) = base.tokenKind else { return nil }
            return name
        })
    }

    /// `Key` in `self[Key.self]`.
    private static func subscriptKey(_ expression: ExprSyntax) -> String? {
        guard let subscriptCall = expression.as(SubscriptCallExprSyntax.self),
              subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
              subscriptCall.arguments.count == 1,
              let metatype = subscriptCall.arguments.eachElement.first?.expression.as(MemberAccessExprSyntax.self),
              metatype.declName.baseName.tokenKind == .keyword(.self) else { return nil }
        // `Key` also in `self[Action.Key.self]`, a key nested in the type it carries.
        return metatype.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainText ?? metatype.base?.as(MemberAccessExprSyntax.self)?.declName.baseName.plainText
    }

    /// A literal, a constant such as `.standard` or `Theme.light`, a collection of those, or a closure: evaluating
    /// it on every read (as `@Entry` does) gives the same value as evaluating it once.
    private static func isConstant(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
            || expression.is(StringLiteralExprSyntax.self) || expression.is(ClosureExprSyntax.self) {
            return true
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return isConstant(prefix.expression) }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.eachElement.allSatisfy { isConstant($0.expression) } }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return true }
            return base.is(DeclReferenceExprSyntax.self) || isConstant(base)
        }
        return false
    }
}
