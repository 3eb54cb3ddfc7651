/// Guesses the architecture a project follows when neither `--profile` nor the config names one.
public enum ProfileDetector {
    public static func detect(_ files: [FileFacts]) -> (Profile, String) {
        let types = files.flatMap(\.types)
        let viewModels = types.filter { $0.kind == .class && $0.name.hasSuffix("ViewModel") }
        if !viewModels.isEmpty {
            let hasInputsOutputs = viewModels.contains { model in
                let names = Set(model.properties.map(\.name))
                return names.contains("inputs") && names.contains("outputs")
            }
            if hasInputsOutputs {
                return (.mvvmIO, "detected: view models expose `inputs`/`outputs`")
            }
            return (.mvvm, "detected: \(viewModels.count) *ViewModel class\(viewModels.count == 1 ? "" : "es")")
        }
        let containers = types.filter { $0.kind == .struct && $0.name.hasSuffix("Container") }
        if !containers.isEmpty {
            return (.containerPresentation, "detected: \(containers.count) *Container view\(containers.count == 1 ? "" : "s")")
        }
        return (.mv, "detected: no view models")
    }
}
