/// The rules of RULES.md's "SwiftUI usage" table.
enum SwiftUIRules {
    static let all: [any SyntaxRule.Type] = [
        ForegroundColorRule.self,
    ]
    static let project: [any ProjectRule.Type] = []
}
