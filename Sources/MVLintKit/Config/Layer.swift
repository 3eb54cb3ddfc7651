/// One named layer of `.mvlint.yml`'s `layers:` block, as in ArchUnit or dependency-cruiser: which code
/// belongs to it and which other layers it may use. A layer may always use itself.
public struct Layer: Sendable, Equatable {
    public var name: String
    /// Globs relative to the configuration's folder (`Sources/Model/**`); a file matching one belongs here.
    public var paths: [String]
    /// SwiftPM or Xcode target names; their files belong here, and importing them reaches this layer.
    public var modules: [String]
    /// Names of the layers this one may depend on.
    public var mayDependOn: [String]

    public init(_ name: String, paths: [String] = [], modules: [String] = [], mayDependOn: [String] = []) {
        self.name = name
        self.paths = paths
        self.modules = modules
        self.mayDependOn = mayDependOn
    }

    /// The keys a layer's mapping accepts.
    static let keys = ["paths", "modules", "may_depend_on"]

    /// Chains of layers that may depend on each other round to the first, each as its names in dependency order
    /// (`[a, b]` for a → b → a). Layers in a cycle may all use one another, so they are one layer in effect and
    /// `layer-dependency` cannot keep them apart. Each cycle is reported once; a layer naming itself is no cycle.
    static func cycles(in layers: [Layer]) -> [[String]] {
        let dependencies = Dictionary(layers.map { ($0.name, $0.mayDependOn) }, uniquingKeysWith: { first, _ in first })
        var finished: Set<String> = []
        var path: [String] = []
        var cycles: [[String]] = []
        var inReportedCycle: Set<String> = []
        func visit(_ name: String) {
            path.append(name)
            for next in dependencies[name] ?? [] where next != name && !finished.contains(next) {
                if let start = path.firstIndex(of: next) {
                    let cycle = Array(path[start...])
                    if !inReportedCycle.isSuperset(of: cycle) {
                        cycles.append(cycle)
                        inReportedCycle.formUnion(cycle)
                    }
                } else if dependencies[next] != nil {
                    visit(next)
                }
            }
            path.removeLast()
            finished.insert(name)
        }
        for layer in layers where !finished.contains(layer.name) { visit(layer.name) }
        return cycles
    }
}
