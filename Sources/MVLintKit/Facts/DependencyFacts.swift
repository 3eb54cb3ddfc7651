/// What a file depends on, for `layer-dependency`: the modules it imports and the capitalised names it
/// mentions as types (`let store: CartStore`, `: CartRow`, `extension Cart`) or in expressions
/// (`CartStore(…)`, `CartStore.shared`, `CartStore.self`). The project decides later which names are its types.
public struct DependencyFacts: Sendable, Codable {
    public var imports: [ImportFact] = []
    /// Each name once, at its first mention: the verdict is per file and type, and the list stays small. The walk
    /// keeps the names it has seen (`FileWalker.noteTypeReference`).
    /// Setters internal, not private, here and below: the walk and the cache's generated coder, in other files, set them.
    public internal(set) var typeReferences: [TypeReferenceFact] = []

    public init() {}
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
