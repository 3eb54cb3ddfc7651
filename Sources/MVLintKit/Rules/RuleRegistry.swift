/// Every rule mvlint knows. Adding a rule means adding its type here; docs and tests pick it up.
public enum RuleRegistry {
    static let syntaxRules: [any SyntaxRule.Type] =
        SwiftUIRules.all + PlatformRules.all + ObservationRules.syntax + ArchitectureRules.syntax

    public static let projectRules: [any ProjectRule.Type] =
        SwiftUIRules.project + ObservationRules.project + ArchitectureRules.project + LayerRules.project

    /// Rules without a checker of their own: mvlint reports them itself.
    public static let metaDescriptions: [RuleDescription] = [ParseErrorRule.description, FileTooComplexRule.description,
                                                                   SuperfluousDisableRule.description]

    public static let descriptions: [RuleDescription] =
        syntaxRules.map { $0.description } + projectRules.map { $0.description } + metaDescriptions

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}
