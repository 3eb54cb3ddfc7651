/// The rules of RULES.md's "SwiftUI usage" table.
enum SwiftUIRules {
    static let all: [any SyntaxRule.Type] = dataFlowRules + structureRules
    static let project: [any ProjectRule.Type] = dataFlowProjectRules + structureProjectRules
}
