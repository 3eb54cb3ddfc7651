/// The rules of RULES.md's "Architecture — MV (Container/Presentation)" table.
enum ArchitectureRules {
    static let syntax: [any SyntaxRule.Type] = [
        ScatteredScreenStateRule.self,
    ]
    static let project: [any ProjectRule.Type] = [
        PresentationHoldsModelRule.self,
        PresentationEmbedsContainerRule.self,
        ContainerCallsServiceRule.self,
        ContainerBusinessLogicRule.self,
        ContainerUIDetailRule.self,
        FatViewRule.self,
        PresentationLogicInViewRule.self,
        StateNamedModelRule.self,
        AsyncRowFormattingRule.self,
    ]
}
