/// SwiftUI rules about view structure, member order and modern API forms.
extension SwiftUIRules {
    static let structureRules: [any SyntaxRule.Type] = []
    static let structureProjectRules: [any ProjectRule.Type] = []
}
