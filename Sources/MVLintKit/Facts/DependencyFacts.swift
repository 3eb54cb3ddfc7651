/// What a file depends on, for `layer-dependency`: the modules it imports and the capitalised names it
/// mentions as types (`let store: CartStore`, `: CartRow`, `extension Cart`) or in expressions
/// (`CartStore(…)`, `CartStore.shared`, `CartStore.self`). The project decides later which names are its types.
public struct DependencyFacts: Sendable, Codable {
    public var imports: [ImportFact] = []
    /// Each name once, at its first mention: the verdict is per file and type, and the list stays small.
    /// Setters internal, not private, here and below: the cache's generated coder, in another file, sets them.
    public internal(set) var typeReferences: [TypeReferenceFact] = []
    var mentioned: Set<String> = []

    public init() {}

    /// Records `name` unless the file already mentioned it; the position is only computed for new names.
    mutating func noteTypeReference(_ name: String, at position: () -> SourcePosition) {
        guard mentioned.insert(name).inserted else { return }
        typeReferences.append(TypeReferenceFact(name: name, position: position()))
    }
}

public struct ImportFact: Sendable, Codable {
    /// `CartStore` in `import CartStore` and `import struct CartStore.Cart`.
    public var module: String
    /// The declaration's first token (`import`, or an attribute such as `@testable`).
    public var position: SourcePosition
}

public struct TypeReferenceFact: Sendable, Codable {
    /// The simple name as written (`CartStore` in `CartStore.shared.total`).
    public var name: String
    public var position: SourcePosition
}
