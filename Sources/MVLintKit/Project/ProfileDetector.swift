/// Guesses the architecture a project follows when neither `--profile` nor the configuration names one.
/// It reads the roles of the project's types (not their names alone) and says which ones decided, so the
/// summary line and `mvlint init` can show the evidence: `profile mvvm (detected: 2 view models: …)`.
public enum ProfileDetector {
    /// How many examples a reason names before it stops listing.
    static let examplesShown = 2

    public static func detect(_ project: ProjectContext) -> (Profile, String) {
        let roles = project.architecture.roles.values.sorted { ($0.path, $0.position.line, $0.name) < ($1.path, $1.position.line, $1.name) }
        let viewModels = roles.filter { $0.role == .viewModel }
        if let split = viewModels.first(where: { exposesInputsAndOutputs($0.name, index: project.index) }) {
            return (.mvvmIO, "detected: view model \(describe(split)) exposes `inputs`/`outputs`")
        }
        if !viewModels.isEmpty {
            return (.mvvm, "detected: \(counted(viewModels.count, "view model")): \(list(viewModels))")
        }
        if let unit = project.layers.presentationUnits.first {
            let what = unit.kind == .module ? "target" : "folder"
            return (.containerPresentation, "detected: presentation \(what) `\(unit.name)`")
        }
        let containers = roles.filter { $0.role == .container || $0.role == .mixed }
            .filter { $0.name.hasSuffix("Container") || $0.name.hasSuffix("ContainerView") }
        let presenters = roles.filter { $0.role == .presentation && $0.name.hasSuffix("View") && receivesClosure($0.name, index: project.index) }
        if !containers.isEmpty, !presenters.isEmpty {
            return (.containerPresentation, "detected: \(counted(containers.count, "*Container view")) (\(list(containers))) "
                + "and \(counted(presenters.count, "presentation view")) taking closures (\(list(presenters)))")
        }
        return (.mv, "detected: no view models and no container/presentation split")
    }

    /// The inputs/outputs split: both properties on the class, its extensions, or a protocol it conforms to.
    private static func exposesInputsAndOutputs(_ name: String, index: ProjectIndex) -> Bool {
        guard let entry = index.entry(name) else { return false }
        let protocols = entry.inherited.compactMap { index.entry($0) }.filter { $0.kind == .protocol }
        let names = Set(([entry] + protocols).flatMap(\.properties).map(\.name))
        return names.contains("inputs") && names.contains("outputs")
    }

    /// Stores an action closure (`let onSave: () -> Void`): the presentation half of the split.
    private static func receivesClosure(_ name: String, index: ProjectIndex) -> Bool {
        index.entry(name)?.properties.contains { !$0.isStatic && !$0.isComputed && $0.typeName?.contains("->") == true } ?? false
    }

    private static func describe(_ assignment: RoleAssignment) -> String {
        let file = assignment.path.split(separator: "/").last.map(String.init) ?? assignment.path
        return "\(assignment.name) (\(file):\(assignment.position.line))"
    }

    private static func list(_ assignments: [RoleAssignment]) -> String {
        let shown = assignments.prefix(examplesShown).map(describe).joined(separator: ", ")
        return assignments.count > examplesShown ? shown + ", …" : shown
    }
}

/// "1 view model", "3 view models": for reasons and comments written from counts.
func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
