/// The role a type plays in the app's architecture (RULES.md "Roles").
public enum Role: String, Sendable, CaseIterable {
    /// A view that owns or observes app state, or runs async work on a model.
    case container
    /// A view that only receives values, bindings, closures and content.
    case presentation
    /// A container that also lays out substantial UI itself.
    case mixed
    /// An observable class holding app or domain state and its logic.
    case model
    /// An observable class serving one screen.
    case viewModel = "view-model"
    /// Talks to the outside world (network, disk, database).
    case service
    /// A value type bundling one screen's UI state, held in a container's `@State`.
    case state
    /// Derives display values from data.
    case formatter
    /// Plain data (structs and enums with no other role).
    case value
    case other

    public var isView: Bool { self == .container || self == .presentation || self == .mixed }
}

/// Why mvlint believes something, pointing at the code that says so.
public struct Evidence: Sendable, CustomStringConvertible {
    public var text: String
    public var path: String
    public var position: SourcePosition

    public var description: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return "\(text) (\(file):\(position.line))"
    }
}

public struct RoleAssignment: Sendable {
    public var name: String
    public var role: Role
    public var evidence: [Evidence]
    public var path: String
    public var position: SourcePosition
}

/// An edge of the architecture map.
public struct Relation: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A view holds the instance in `@State`/`@StateObject`.
        case owns
        /// A view holds it without owning it (`let`, `@ObservedObject`, `@Bindable`, `@Environment`).
        case observes
        /// A view puts it into the environment (`.environment(x)`).
        case injects
        /// A view's code creates another view.
        case shows
        /// A model or view calls or constructs a service.
        case calls
    }

    public var kind: Kind
    public var from: String
    public var to: String
    /// How: `@State`, `let`, `.environment`, `fetch()`…
    public var via: String
    public var path: String
    public var position: SourcePosition
    /// Every line that writes this relation: the first, the wrapper attribute's own line (`@ObservedObject`
    /// above `var model`), later calls or constructions of the same pair. A finding on any of them is about it.
    public var lines: [(path: String, line: Int)] = []

    public static func == (lhs: Relation, rhs: Relation) -> Bool {
        lhs.kind == rhs.kind && lhs.from == rhs.from && lhs.to == rhs.to
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(from)
        hasher.combine(to)
    }
}

/// Roles of every type and the relations between them, derived from facts and the index.
/// Structure decides first; names only break ties.
public struct Architecture: Sendable {
    public private(set) var roles: [String: RoleAssignment] = [:]
    public private(set) var relations: [Relation] = []
    /// Where each relation (by kind and ends) sits in `relations`, so adding one is not a linear search.
    private var relationIndex: [Relation: Int] = [:]

    public func role(of name: String) -> Role? { roles[name]?.role }

    /// Relations of one kind that end at a type.
    public func relations(_ kind: Relation.Kind, to name: String) -> [Relation] {
        relations.filter { $0.kind == kind && $0.to == name }
    }

    public func relations(_ kind: Relation.Kind, from name: String) -> [Relation] {
        relations.filter { $0.kind == kind && $0.from == name }
    }

    /// Protocols plain data conforms to; a value type conforming to anything else (`App`, `EnvironmentKey`,
    /// `ButtonStyle`…) is framework glue, not data.
    static let dataProtocols: Set<String> = [
        "Identifiable", "Hashable", "Equatable", "Codable", "Decodable", "Encodable", "Sendable", "CaseIterable",
        "Comparable", "CustomStringConvertible", "Error", "LocalizedError", "String", "Int", "RawRepresentable",
    ]
    static let serviceSuffixes = ["Service", "Client", "Repository", "API", "Api", "Gateway", "DataSource"]
    /// Conformances and attributes of types the system or a test runner drives (an app, a preview, a toolbar,
    /// a test suite): they touch `UserDefaults` or a `ModelContainer` to set things up, which is not being a service.
    static let hostedProtocols: Set<String> = [
        "App", "Scene", "Widget", "WidgetBundle", "PreviewProvider", "ToolbarContent", "Commands", "ViewModifier", "XCTestCase",
    ]
    static let hostedAttributes: Set<String> = ["main", "Suite"]
    static let ownershipWrappers: Set<String> = ["State", "StateObject"]
    static let observingWrappers: Set<String> = ["ObservedObject", "EnvironmentObject", "Bindable", "Environment"]
    static let queryWrappers: Set<String> = ["Query", "FetchRequest", "SectionedFetchRequest"]
    /// Body size above which a container counts as doing layout itself (matches `container-ui-detail`'s default).
    static let mixedViewThreshold = 12

    public init(index: ProjectIndex, files: [FileFacts]) {
        let declared = index.entriesInNameOrder.filter { $0.declaration != nil }
        let services = Set(declared.filter { isService($0, index: index) }.map(\.name))

        // Views first: their stored properties are where ownership and observation are declared.
        var heldInState: [String: [Evidence]] = [:]
        for entry in declared where index.isView(entry.name) {
            classifyView(entry, index: index, services: services, heldInState: &heldInState)
        }
        var ownersByType: [String: Set<String>] = [:]
        for relation in relations where relation.kind == .owns { ownersByType[relation.to, default: []].insert(relation.from) }
        let sharedData = Architecture.sharedDataTypes(declared, index: index)
        for entry in declared where roles[entry.name] == nil {
            classifyOther(entry, index: index, services: services, heldInState: heldInState, sharedData: sharedData,
                          ownersByType: ownersByType)
        }
        for file in files { collectCodeRelations(file, index: index) }
    }

    // The classification steps are separate functions: besides reading better, one large initializer
    // crashed the Swift 6.3 optimizer (CopyPropagation) when swift-syntax is built as a package.

    /// A view is a container when it owns, observes or queries app state; otherwise it presents values.
    private mutating func classifyView(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex, services: Set<String>,
                                       heldInState: inout [String: [Evidence]]) {
        guard let declaration = entry.declaration, let path = entry.declarationPath else { return }
        var evidence: [Evidence] = []
        var isContainer = false
        for property in entry.properties where !property.isStatic && !property.isComputed {
            guard let held = property.heldTypeName.map(Architecture.bareTypeName) else { continue }
            let wrapper = property.wrapper
            let via = wrapper.map { "@" + $0 } ?? (property.isLet ? "let" : "var")
            let isObservableClass = index.isObservableClass(held)
            let note = { (text: String) in Evidence(text: text, path: path, position: property.position) }
            if let wrapper, Architecture.queryWrappers.contains(wrapper) {
                isContainer = true
                evidence.append(note("queries data via \(via)"))
            } else if let wrapper, Architecture.ownershipWrappers.contains(wrapper), isObservableClass {
                isContainer = true
                evidence.append(note("owns \(held) via \(via)"))
                add(.owns, from: entry.name, to: held, via: via, path: path, position: property.position,
                    alsoOn: property.wrapperPosition)
            } else if wrapper == "State", let kind = index.kind(of: held), kind == .struct || kind == .enum {
                heldInState[held, default: []].append(note("held in \(entry.name)'s @State"))
            } else if let wrapper, Architecture.observingWrappers.contains(wrapper),
                      wrapper != "Environment" || property.wrapperArgument?.hasSuffix(".self") == true {
                isContainer = true
                evidence.append(note("observes \(held) via \(via)"))
                add(.observes, from: entry.name, to: held, via: via, path: path, position: property.position,
                    alsoOn: property.wrapperPosition)
            } else if wrapper == nil, isObservableClass || Architecture.isSwiftDataModel(held, index: index) {
                isContainer = true
                evidence.append(note("observes \(held) via \(via)"))
                add(.observes, from: entry.name, to: held, via: via, path: path, position: property.position,
                    alsoOn: property.wrapperPosition)
            } else if wrapper == nil || wrapper == "Environment", services.contains(held) {
                evidence.append(note("uses service \(held) via \(via)"))
            }
        }
        var role: Role = isContainer ? .container : .presentation
        if isContainer, declaration.bodyViewCount > Architecture.mixedViewThreshold {
            role = .mixed
            evidence.append(Evidence(text: "lays out \(declaration.bodyViewCount) views in body", path: path, position: declaration.position))
        }
        if !isContainer {
            evidence.insert(Evidence(text: "stores only values, bindings and closures", path: path, position: declaration.position), at: 0)
        }
        roles[entry.name] = RoleAssignment(name: entry.name, role: role, evidence: evidence, path: path, position: declaration.position)
    }

    /// Types that models, services or other values also hold are app data, not one screen's UI state.
    private static func sharedDataTypes(_ declared: [ProjectIndex.TypeEntry], index: ProjectIndex) -> Set<String> {
        var sharedData = Set<String>()
        for entry in declared where !index.isView(entry.name) {
            for property in entry.properties where !property.isStatic {
                for word in (property.typeName ?? "").split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }) {
                    sharedData.insert(String(word))
                }
            }
        }
        return sharedData
    }

    /// Models, view models, services, screen state, formatters and plain values.
    private mutating func classifyOther(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex, services: Set<String>,
                                        heldInState: [String: [Evidence]], sharedData: Set<String>,
                                        ownersByType: [String: Set<String>]) {
        guard let declaration = entry.declaration, let path = entry.declarationPath else { return }
        let here = { (text: String) in Evidence(text: text, path: path, position: declaration.position) }
        let role: Role
        var evidence: [Evidence] = []
        if let observation = index.observation(of: entry.name) {
            let how = observation == .observationMacro ? "@Observable class" : "ObservableObject class"
            let owners = ownersByType[entry.name, default: []]
            let screenState = entry.properties.contains { ["isLoading", "error", "errorMessage", "loadingState"].contains($0.name) }
            if let api = declaration.externalAPIs.first, let suffix = Architecture.serviceSuffixes.first(where: entry.name.hasSuffix) {
                // Observable, but it reaches the outside world and is named like a service: a client views
                // call (seed 003's `@Environment(FeedClient.self)`), not a model of app state.
                role = .service
                evidence = [here("\(how) that uses \(api), named *\(suffix)")]
            } else if entry.name.hasSuffix("ViewModel") {
                role = .viewModel
                evidence = [here("\(how) named *ViewModel")]
            } else if owners.count == 1, screenState, let owner = owners.first {
                role = .viewModel
                evidence = [here("\(how) owned only by \(owner) and holding its loading/error state")]
            } else {
                role = .model
                evidence = [here(how)]
            }
        } else if services.contains(entry.name) {
            role = .service
            evidence = [here(serviceReason(entry, index: index))]
        } else if entry.kind == .struct || entry.kind == .enum, let held = heldInState[entry.name],
                  !sharedData.contains(entry.name) {
            role = .state
            evidence = held
        } else if entry.name.hasSuffix("Formatter") || entry.name.hasSuffix("Formattable") || entry.inherited.contains("FormatStyle") {
            role = .formatter
            evidence = [here("formats values for display")]
        } else if entry.kind == .struct || entry.kind == .enum,
                  entry.inherited.allSatisfy({ Architecture.dataProtocols.contains($0) }) {
            role = entry.name.hasSuffix("State") ? .state : .value
            evidence = [here(role == .state ? "value type named *State" : "plain value type")]
        } else {
            role = .other
        }
        roles[entry.name] = RoleAssignment(name: entry.name, role: role, evidence: evidence, path: path, position: declaration.position)
    }

    /// Edges found in code rather than declarations: views shown, injections, service calls.
    private mutating func collectCodeRelations(_ file: FileFacts, index: ProjectIndex) {
        for construction in file.constructions {
            guard let from = construction.enclosingType.map(Architecture.simpleName), let fromRole = roles[from]?.role,
                  let toRole = roles[construction.typeName]?.role, construction.typeName != from else { continue }
            if fromRole.isView, toRole.isView {
                add(.shows, from: from, to: construction.typeName, via: "body", path: file.path, position: construction.position)
            } else if toRole == .service, fromRole.isView || fromRole == .model || fromRole == .viewModel {
                add(.calls, from: from, to: construction.typeName, via: "\(construction.typeName)()", path: file.path, position: construction.position)
            }
        }
        for injection in file.injections {
            guard let from = injection.enclosingType.map(Architecture.simpleName),
                  let target = injection.constructedType ?? heldType(of: injection.value, in: from, index: index),
                  roles[target] != nil else { continue }
            add(.injects, from: from, to: target, via: ".\(injection.modifier)", path: file.path, position: injection.position)
        }
        for call in file.memberCalls {
            guard let from = call.enclosingType.map(Architecture.simpleName), let fromRole = roles[from]?.role,
                  fromRole.isView || fromRole == .model || fromRole == .viewModel || fromRole == .service else { continue }
            let target = call.receiver.contains(".") ? String(call.receiver.split(separator: ".")[0]) : heldType(of: call.receiver, in: from, index: index)
            guard let target, target != from, roles[target]?.role == .service else { continue }
            add(.calls, from: from, to: target, via: call.method + "()", path: file.path, position: call.position)
        }
    }

    /// A SwiftData `@Model` class: observable like an `@Observable` one, so a view holding it observes app data.
    /// (Kept out of `ProjectIndex.observation(of:)`: rules about Observation classes do not apply to persisted models.)
    static func isSwiftDataModel(_ name: String, index: ProjectIndex) -> Bool {
        guard let declaration = index.entry(name)?.declaration else { return false }
        return declaration.kind == .class && declaration.attributes.contains("Model")
    }

    private func heldType(of propertyName: String, in typeName: String, index: ProjectIndex) -> String? {
        index.types[typeName]?.firstProperty { $0.name == propertyName && !$0.isStatic }?.heldTypeName.map(Architecture.bareTypeName)
    }

    private mutating func add(_ kind: Relation.Kind, from: String, to: String, via: String, path: String, position: SourcePosition,
                              alsoOn other: SourcePosition? = nil) {
        var relation = Relation(kind: kind, from: from, to: to, via: via, path: path, position: position)
        var lines = [(path: path, line: position.line)]
        if let other, other.line != position.line { lines.append((path, other.line)) }
        if let existing = relationIndex[relation] {
            relations[existing].lines += lines
        } else {
            relation.lines = lines
            relationIndex[relation] = relations.count
            relations.append(relation)
        }
    }

    private func isService(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex) -> Bool {
        guard !index.isView(entry.name), index.observation(of: entry.name) == nil else { return false }
        if Architecture.serviceSuffixes.contains(where: entry.name.hasSuffix) { return true }
        if entry.kind != .protocol, !(entry.declaration?.externalAPIs.isEmpty ?? true), !isHosted(entry) { return true }
        // A type conforming to a service protocol (`LiveFeedClient: FeedClient`) is one of its implementations.
        return entry.inherited.contains { parent in
            index.kind(of: parent) == .protocol && Architecture.serviceSuffixes.contains(where: parent.hasSuffix)
        }
    }

    private func isHosted(_ entry: ProjectIndex.TypeEntry) -> Bool {
        !entry.inherited.isDisjoint(with: Architecture.hostedProtocols)
            || !Set(entry.declaration?.attributes ?? []).isDisjoint(with: Architecture.hostedAttributes)
    }

    private func serviceReason(_ entry: ProjectIndex.TypeEntry, index: ProjectIndex) -> String {
        if let api = entry.declaration?.externalAPIs.first { return "uses \(api)" }
        if let suffix = Architecture.serviceSuffixes.first(where: entry.name.hasSuffix) { return "named *\(suffix)" }
        let parent = entry.inherited.first { Architecture.serviceSuffixes.contains(where: $0.hasSuffix) } ?? "a service protocol"
        return "implements \(parent)"
    }

    /// The type a property refers to: optionals, `any` and generic arguments stripped (`UserModel?` → `UserModel`).
    /// Collections stay as written (`[User]`): holding many values is not a reference to one instance.
    static func bareTypeName(_ name: String) -> String {
        // Foundation's trimming is slow on Linux and names rarely carry spaces; `isWhitespace` covers every
        // character `.whitespaces` holds, so a name without any at either end trims to itself.
        let hasOuterSpace = (name.first?.isWhitespace ?? false) || (name.last?.isWhitespace ?? false)
        var result = hasOuterSpace ? name.trimmingCharacters(in: .whitespaces) : name
        while result.hasSuffix("?") || result.hasSuffix("!") { result.removeLast() }
        if result.hasPrefix("any ") { result.removeFirst(4) }
        if let generic = result.firstIndex(of: "<") { result = String(result[..<generic]) }
        return result
    }

    /// The index keys types by simple name, so code in `Outer.Inner` belongs to `Inner`.
    static func simpleName(_ qualifiedName: String) -> String {
        String(qualifiedName.split(separator: ".").last ?? Substring(qualifiedName))
    }
}

internal import Foundation
