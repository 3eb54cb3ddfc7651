/// SwiftUI rules about state, data flow, identity and body evaluation.
extension SwiftUIRules {
    static let dataFlowRules: [any SyntaxRule.Type] = [
        ForegroundColorRule.self,
        ForeachIndexIdentityRule.self,
        TaskInOnAppearRule.self,
        NavigationViewRule.self,
        AnyViewRule.self,
        SheetIsPresentedWithItemRule.self,
        HeavyBodyComputationRule.self,
        ComplexBodyClosureRule.self,
    ]
    static let dataFlowProjectRules: [any ProjectRule.Type] = [
        ObservedObjectCreationRule.self,
        StateNotPrivateRule.self,
        MissingBindableRule.self,
        StateObjectSharedInstanceRule.self,
    ]
}
