internal import SwiftSyntax

/// The values of a Swift manifest (`Package.swift`, Tuist's `Project.swift`) as its syntax states them, with
/// simple `let` constants resolved: `swiftSettings: shared + [.defaultIsolation(MainActor.self)]` reads the
/// array `shared` was given. The manifest is never run.
struct ManifestSyntax {
    private var constants: [String: ExprSyntax] = [:]

    /// How deep constants may refer to constants; stops `let a = b; let b = a` from looping.
    private static let maximumIndirection = 8

    /// A manifest's tree, parsed within the default file budget: a pathological manifest is a settings warning,
    /// never a crash or a stall of the run.
    static func parseWithinBudget(_ text: String, path: String, describedAs what: String) throws(ProjectFileError) -> SourceFileSyntax {
        switch FileBudget().parse(SourceText(text)) {
        case .success(let tree): return tree
        case .failure(let problem):
            throw ProjectFileError(path: path, line: 1, column: 1, message: "\(what) is not read: \(problem.reason)")
        }
    }

    init(_ tree: SourceFileSyntax) {
        for statement in tree.statements {
            guard let variable = statement.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   let value = binding.initializer?.value {
                    constants[name] = value
                }
            }
        }
    }

    static func labeledArguments(of call: FunctionCallExprSyntax) -> [String: ExprSyntax] {
        var arguments: [String: ExprSyntax] = [:]
        for argument in call.arguments {
            if let label = argument.label?.text, arguments[label] == nil { arguments[label] = argument.expression }
        }
        return arguments
    }

    /// The elements of an array literal, of a constant holding one, or of `a + b`; empty for anything else.
    func elements(of expression: ExprSyntax?, indirection: Int = 0) -> [ExprSyntax] {
        guard let expression = resolved(expression, indirection: indirection) else { return [] }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return [] }
        var result: [ExprSyntax] = []
        for (position, element) in sequence.elements.enumerated() {
            if position.isMultiple(of: 2) {
                result += elements(of: element, indirection: indirection + 1)
            } else if element.as(BinaryOperatorExprSyntax.self)?.operator.text != "+" {
                return []
            }
        }
        return result
    }

    /// A string literal without interpolation, or a constant holding one.
    func string(of expression: ExprSyntax?) -> String? {
        guard let literal = resolved(expression, indirection: 0)?.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }

    /// `.v17` → 17.0, `.v16_4` → 16.4, `"14.0"` → 14.0, `.version("6")` → 6.0.
    func version(of expression: ExprSyntax?) -> Version? {
        guard let expression = resolved(expression, indirection: 0) else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            return name.hasPrefix("v") ? Version(String(name.dropFirst())) : nil
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.memberName == "version" {
            return version(of: call.arguments.first?.expression)
        }
        return string(of: expression).flatMap(Version.init)
    }

    private func resolved(_ expression: ExprSyntax?, indirection: Int) -> ExprSyntax? {
        var current = expression
        var depth = indirection
        while let reference = current?.as(DeclReferenceExprSyntax.self) {
            depth += 1
            guard depth <= Self.maximumIndirection else { return nil }
            current = constants[reference.baseName.text]
        }
        return current
    }
}

extension FunctionCallExprSyntax {
    /// `iOS` for `.iOS(.v17)`, `target` for `Target.target(name:)`: how manifests name platforms, targets and settings.
    var memberName: String? {
        calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}
