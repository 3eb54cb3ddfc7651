/// SwiftUI rules about view structure, member order and modern API forms.
extension SwiftUIRules {
    static let structureRules: [any SyntaxRule.Type] = [
        ComplexViewPropertyRule.self,
        LazyStackForCollectionsRule.self,
        UnstableViewIdentityRule.self,
        EnvironmentKeyBoilerplateRule.self,
        PreviewProviderRule.self,
        ViewMemberOrderRule.self,
        TaskInViewInitRule.self,
        StackSpacingLiteralRule.self,
    ]
    static let structureProjectRules: [any ProjectRule.Type] = []
}
