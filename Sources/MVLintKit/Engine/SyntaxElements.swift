internal import SwiftSyntax

extension SyntaxCollection {
    /// The collection's elements, read through its children. A collection's own iterator is generic code in
    /// SwiftSyntax; where SwiftSyntax is compiled as a separate module (package mode) it is not specialized and
    /// looks up `Optional<Element>`'s type metadata, under a lock, for every element. The walk iterates
    /// arguments, members and statements at most nodes, so its loops read elements this way.
    var eachElement: SyntaxElements<Self> { SyntaxElements(children: children(viewMode: .all)) }
}

/// The elements of a syntax collection, in order (see `SyntaxCollection.eachElement`).
struct SyntaxElements<Collection: SyntaxCollection>: Sequence {
    let children: SyntaxChildren

    func makeIterator() -> Iterator { Iterator(children: children.makeIterator()) }

    var first: Collection.Element? {
        var elements = makeIterator()
        return elements.next()
    }

    struct Iterator: IteratorProtocol {
        var children: SyntaxChildren.Iterator

        mutating func next() -> Collection.Element? {
            // A collection's children are all its elements, so the conversion always succeeds.
            children.next().flatMap { Collection.Element($0) }
        }
    }
}
