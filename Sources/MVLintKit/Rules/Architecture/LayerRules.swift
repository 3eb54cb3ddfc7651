/// The rules about layers and the direction of dependencies between them.
enum LayerRules {
    static let project: [any ProjectRule.Type] = [LayerDependencyRule.self]
}
