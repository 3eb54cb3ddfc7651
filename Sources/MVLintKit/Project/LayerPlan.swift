#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A target or folder whose name marks it as presentation code (`ShopPresentation`, `Sources/Presentation`,
/// `CheckoutUIKit`). Profile detection, `mvlint init` and the default layering read these.
public struct PresentationUnit: Sendable, Hashable {
    public enum Kind: String, Sendable { case module, folder }
    public var kind: Kind
    /// The target name, or the folder's path relative to the configuration's folder.
    public var name: String

    /// `*Presentation*` (any case) or `*UI*Kit*`. Test targets and folders are not presentation code, and
    /// names starting with `UIKit` are Apple's framework or helpers around it, not a design system.
    static func isPresentationName(_ name: String) -> Bool {
        guard !name.hasSuffix("Tests"), !name.hasPrefix("UIKit") else { return false }
        if name.containsIgnoringCase("presentation") { return true }
        guard let ui = name.firstRange(of: "UI") else { return false }
        return name[ui.upperBound...].contains("Kit")
    }
}

/// Which layer each linted file and module belongs to, and what each layer may use. It comes from
/// `layers:` in the configuration or, when that is absent, from presentation-named targets and folders:
/// those form a `presentation` layer that may not depend on the rest of the project (`app`).
public struct LayerPlan: Sendable {
    public enum Origin: Sendable { case configured, defaulted }

    /// A linted file as layers see it.
    public struct File: Sendable {
        /// The path as findings show it (`FileFacts.path`).
        public var path: String
        /// The path relative to the configuration's folder, which `paths:` globs are written against;
        /// nil when the file lies outside that folder.
        public var relativePath: String?
        /// The target compiling the file (`TargetSettings.name`; several are joined with ", "; empty when unknown).
        public var module: String

        public init(path: String, relativePath: String?, module: String) {
            self.path = path
            self.relativePath = relativePath
            self.module = module
        }
    }

    /// The modules in a `TargetSettings.name`: code compiled by several targets carries their names joined by ", ".
    static func moduleNames(inTarget name: String) -> [String] {
        name.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    public static let defaultPresentationLayer = "presentation"
    public static let defaultAppLayer = "app"

    /// Empty when no layer is configured and nothing is named like presentation code: nothing to check.
    public private(set) var layers: [Layer] = []
    public private(set) var origin: Origin = .configured
    /// Display path → layer name, for files a layer claims.
    public private(set) var layerOfFile: [String: String] = [:]
    /// Module → layer: the modules a layer lists, and targets whose linted files all belong to one layer.
    public private(set) var layerOfModule: [String: String] = [:]
    /// Found by name whether or not layers are configured.
    public private(set) var presentationUnits: [PresentationUnit] = []

    public static let none = LayerPlan()

    private init() {}

    /// The configured layers, or the default ones when `configured` is empty.
    public init(configured: [Layer], files: [File]) {
        // Every file of a target names the same modules: each target's are split once.
        var modulesOfTarget: [String: [String]] = [:]
        // Files come target by target: a name equal to the one before (most often the same string) is not hashed again.
        var lastTarget: String?
        for file in files where file.module != lastTarget {
            lastTarget = file.module
            if modulesOfTarget[file.module] == nil { modulesOfTarget[file.module] = LayerPlan.moduleNames(inTarget: file.module) }
        }
        presentationUnits = LayerPlan.presentationUnits(in: files, modulesOfTarget: modulesOfTarget)
        if configured.isEmpty {
            origin = .defaulted
            layers = LayerPlan.defaultLayers(for: presentationUnits)
        } else {
            layers = configured
        }
        guard !layers.isEmpty else { return }
        let patterns = layers.map { $0.paths.map(GlobPattern.init) }
        var layersOfModule: [String: Set<String>] = [:]
        for file in files {
            let modules = modulesOfTarget[file.module] ?? []
            let index = layers.indices.first { index in
                layers[index].modules.contains(where: modules.contains)
                    || file.relativePath.map { path in patterns[index].contains { $0.matches(path) } } ?? false
            }
            // The default `app` layer is everything presentation code does not claim, wherever it lies.
            let layer = index.map { layers[$0].name } ?? (origin == .defaulted ? LayerPlan.defaultAppLayer : nil)
            if let layer { layerOfFile[file.path] = layer }
            for module in modules { layersOfModule[module, default: []].insert(layer ?? "") }
        }
        for (module, owners) in layersOfModule where owners.count == 1 {
            if let layer = owners.first, !layer.isEmpty { layerOfModule[module] = layer }
        }
        for layer in layers.reversed() {
            for module in layer.modules { layerOfModule[module] = layer.name }
        }
    }

    public var isActive: Bool { !layers.isEmpty }

    /// A layer may always use itself.
    public func mayDepend(_ layer: String, on other: String) -> Bool {
        layer == other || layers.first { $0.name == layer }?.mayDependOn.contains(other) == true
    }

    /// Presentation-named targets, then folders (the shallowest presentation-named folder on each file's path)
    /// holding files of other targets: a target's own folder usually carries its name and adds nothing.
    private static func presentationUnits(in files: [File], modulesOfTarget: [String: [String]]) -> [PresentationUnit] {
        var modules: [String] = []
        var folders: [String] = []
        // Folder names repeat in every file's path; each is judged once.
        var isPresentationFolder: [Substring: Bool] = [:]
        func isPresentation(_ folder: Substring) -> Bool {
            if let known = isPresentationFolder[folder] { return known }
            let verdict = PresentationUnit.isPresentationName(String(folder))
            isPresentationFolder[folder] = verdict
            return verdict
        }
        /// The path up to and including the shallowest presentation-named folder of `folderPath`.
        func shallowestPresentationFolder(in folderPath: Substring) -> String? {
            // Split by UTF-8 unit: a split by `Character` segmented every path's graphemes, most of this step.
            let folderNames = folderPath.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
            return folderNames.firstIndex(where: isPresentation).map { folderNames[...$0].joined(separator: "/") }
        }
        var lastFolder: (path: Substring, presentation: String?)?
        let presentationModulesOfTarget = modulesOfTarget.mapValues { $0.filter(PresentationUnit.isPresentationName) }
        var lastTarget: (name: String, presentationModules: [String])?
        for file in files {
            if file.module != lastTarget?.name {
                lastTarget = (file.module, presentationModulesOfTarget[file.module] ?? [])
                for module in lastTarget?.presentationModules ?? [] where !modules.contains(module) {
                    modules.append(module)
                }
            }
            guard lastTarget?.presentationModules.isEmpty != false, let relativePath = file.relativePath else { continue }
            // Files come folder by folder: the folder of the file before has the same answer.
            let folderPath = Self.folder(of: relativePath)
            if folderPath != lastFolder?.path {
                lastFolder = (folderPath, mayNamePresentation(folderPath) ? shallowestPresentationFolder(in: folderPath) : nil)
            }
            if let folder = lastFolder?.presentation, !folders.contains(folder) { folders.append(folder) }
        }
        return modules.sorted().map { PresentationUnit(kind: .module, name: $0) }
            + folders.sorted().map { PresentationUnit(kind: .folder, name: $0) }
    }

    /// The folder part of `path`, without its last slash; empty for a bare file name. Searched from the end by UTF-8
    /// unit in the string's own bytes (the collection algorithm's `lastIndex(of:)` was a fifth of the plan's cost).
    private static func folder(of path: String) -> Substring {
        var path = path
        let slash = path.withUTF8 { bytes in bytes.lastIndex(of: UInt8(ascii: "/")) }
        guard let slash else { return "" }
        return path[..<path.utf8.index(path.utf8.startIndex, offsetBy: slash)]
    }

    private static let presentationWord = Array("presentation".utf8)

    /// False when no folder of `path` can have a presentation name: the path is ASCII and holds neither `UI` nor
    /// `presentation` in any case, the two things `isPresentationName` looks for. Most paths, which are then not split
    /// into their folders (every run makes the plan before its files are walked: see `LintEngine.recordsTypeReferences`).
    static func mayNamePresentation(_ path: Substring) -> Bool {
        var matched = 0, previous: UInt8 = 0
        for byte in path.utf8 {
            // Outside ASCII, case folding is Foundation's to decide.
            if byte >= 0x80 || (previous == UInt8(ascii: "U") && byte == UInt8(ascii: "I")) { return true }
            let lowercased = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            // The word's first letter occurs in it only once: a mismatch restarts at that letter or before the word.
            matched = lowercased == presentationWord[matched] ? matched + 1 : (lowercased == presentationWord[0] ? 1 : 0)
            if matched == presentationWord.count { return true }
            previous = byte
        }
        return false
    }

    /// Presentation code may not depend on the app; the app (every other file) may use presentation code.
    private static func defaultLayers(for units: [PresentationUnit]) -> [Layer] {
        guard !units.isEmpty else { return [] }
        return [
            Layer(defaultPresentationLayer, paths: units.filter { $0.kind == .folder }.map(\.name),
                  modules: units.filter { $0.kind == .module }.map(\.name)),
            Layer(defaultAppLayer, mayDependOn: [defaultPresentationLayer]),
        ]
    }
}
