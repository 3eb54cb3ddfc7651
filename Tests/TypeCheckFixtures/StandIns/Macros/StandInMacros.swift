// Test-only stand-in for the expansions of SwiftUI's `#Preview` and `@Entry`, whose plugins ship only with Xcode.
// The harness builds this as a compiler plugin library against the toolchain's own swift-syntax
// (`usr/lib/swift/host`) and loads it with `-load-plugin-library`. Each expansion writes what Apple's plugin writes,
// as far as a type-check can tell: the user's code lands in the same place, with the same types and isolation.
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Entry var name: Type = value` in `extension EnvironmentValues` becomes (as Apple's plugin writes it)
///
///     var name: Type {
///         get { self[__Key_name.self] }
///         set { self[__Key_name.self] = newValue }
///     }
///     private struct __Key_name: SwiftUI.EnvironmentKey {
///         typealias Value = Type
///         static var defaultValue: Value { value }
///     }
///
/// so the default is evaluated on every read, inside a `private` key only this declaration names.
public struct EntryMacro: AccessorMacro, PeerMacro {
    struct Entry {
        var name: String
        var type: String?
        var value: String?

        init?(_ declaration: some DeclSyntaxProtocol) {
            guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                  let binding = variable.bindings.first,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription else { return nil }
            self.name = name
            type = binding.typeAnnotation?.type.trimmedDescription
            value = binding.initializer?.value.trimmedDescription
        }
    }

    public static func expansion(of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [AccessorDeclSyntax] {
        guard let entry = Entry(declaration) else { throw MacroError("@Entry applies to one `var name: Type = value`") }
        return ["get { self[__Key_\(raw: entry.name).self] }", "set { self[__Key_\(raw: entry.name).self] = newValue }"]
    }

    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let entry = Entry(declaration) else { return [] }
        let value = entry.value ?? "nil"
        guard let type = entry.type else {
            return ["private struct __Key_\(raw: entry.name): SwiftUI.EnvironmentKey { static let defaultValue = \(raw: value) }"]
        }
        return ["""
            private struct __Key_\(raw: entry.name): SwiftUI.EnvironmentKey {
                typealias Value = \(raw: type)
                static var defaultValue: Value { \(raw: value) }
            }
            """]
    }
}

/// `#Preview("Name") { body }` becomes (as Apple's plugin writes it, there with `DeveloperToolsSupport` names)
///
///     struct $uniqueName: SwiftUI.PreviewRegistry {
///         static func makePreview() throws -> SwiftUI._PreviewStandIn {
///             SwiftUI._PreviewStandIn("Name") { body }
///         }
///     }
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        var arguments = node.arguments.map { $0.trimmedDescription }.joined(separator: ", ")
        var body = node.trailingClosure?.trimmedDescription
        if body == nil, let last = node.arguments.last, last.label?.text == "body" {
            body = last.expression.trimmedDescription
            arguments = node.arguments.dropLast().map { $0.trimmedDescription }.joined(separator: ", ")
        }
        guard let body else { throw MacroError("#Preview needs a body closure") }
        let call = arguments.isEmpty ? "SwiftUI._PreviewStandIn \(body)" : "SwiftUI._PreviewStandIn(\(arguments)) \(body)"
        return ["""
            struct \(context.makeUniqueName("PreviewRegistry")): SwiftUI.PreviewRegistry {
                static func makePreview() throws -> SwiftUI._PreviewStandIn {
                    \(raw: call)
                }
            }
            """]
    }
}

struct MacroError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
