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
}
