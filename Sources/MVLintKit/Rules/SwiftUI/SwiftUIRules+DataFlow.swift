/// SwiftUI rules about state, data flow, identity and body evaluation.
extension SwiftUIRules {
    static let dataFlowRules: [any SyntaxRule.Type] = [
        ForegroundColorRule.self,
    ]
    static let dataFlowProjectRules: [any ProjectRule.Type] = []
}
