internal import SwiftSyntax

/// Where a stored property's declaration can be edited: project rules build their fixes from these offsets,
/// since the syntax tree is gone when they run.
public struct DeclarationLayout: Sendable, Codable {
    // Offsets held in 32 bits (`OffsetRange`): every stored property has a layout, and properties are the largest
    // list of facts a run holds (24 bytes where `Int`s took 48). Internal, as every cached type's stored properties.
    var storedModifiersStart: UInt32
    var storedSpecifier: OffsetRange
    var storedAccessModifier: OffsetRange?

    /// After the attributes, where the modifiers (or, without any, the `var`/`let` keyword) begin: an attribute
    /// such as `@Bindable` is inserted here.
    public var modifiersStart: Int {
        get { Int(storedModifiersStart) }
        set { storedModifiersStart = UInt32(clamping: newValue) }
    }

    /// The `var` or `let` keyword.
    public var specifier: Range<Int> {
        get { storedSpecifier.range }
        set { storedSpecifier = OffsetRange(newValue) }
    }

    /// A written access modifier without a `(set)` detail (`public`, `internal`, `private`…).
    public var accessModifier: Range<Int>? {
        get { storedAccessModifier?.range }
        set { storedAccessModifier = newValue.map(OffsetRange.init) }
    }

    /// One variable in the declaration, not `let a: M, b: M`: an attribute added to it would apply to each. Recorded,
    /// not told from the ranges (same `specifier`, same declaration): a file's shape leaves ranges out, and splitting a
    /// declaration must change the shape, or a warm run moves findings made before the split (`ProjectFindingRelocation`).
    public var declaresOneVariable: Bool

    init(modifiersStart: Int, specifier: Range<Int>, accessModifier: Range<Int>?, declaresOneVariable: Bool) {
        storedModifiersStart = UInt32(clamping: modifiersStart)
        storedSpecifier = OffsetRange(specifier)
        storedAccessModifier = accessModifier.map(OffsetRange.init)
        self.declaresOneVariable = declaresOneVariable
    }

    /// `accessModifierPlace` is where `PropertyModifiers` found the access modifier in the list: a node is made only
    /// for it.
    init(_ node: VariableDeclSyntax, accessModifierPlace: Int?) {
        let specifier = FixText.range(of: node.bindingSpecifier)
        let modifiers = node.modifiers
        let accessModifier = accessModifierPlace.map { FixText.range(of: modifiers[modifiers.index(modifiers.startIndex, offsetBy: $0)]) }
        // The list starts where its first modifier does.
        self.init(modifiersStart: modifiers.isEmpty ? specifier.lowerBound : modifiers.positionAfterSkippingLeadingTrivia.utf8Offset,
                  specifier: specifier, accessModifier: accessModifier, declaresOneVariable: node.bindings.count == 1)
    }
}

/// A range of UTF-8 offsets in a file's text, its bounds held in 32 bits (a file is far below 4 GB,
/// `FileBudget.maxBytes`): 8 bytes where a `Range<Int>` takes 16, and 9 where an optional one takes 17. Written to
/// the cache as a `Range<Int>` is.
struct OffsetRange: Sendable, Codable, Hashable {
    let lower: UInt32
    let upper: UInt32

    init(_ range: Range<Int>) {
        lower = UInt32(clamping: range.lowerBound)
        upper = UInt32(clamping: range.upperBound)
    }

    var range: Range<Int> { Int(lower)..<Int(upper) }
}

/// Where a statement can be added at the top of a code block (`@Bindable var model = model` atop `body`).
public struct StatementInsertionPoint: Sendable, Codable {
    /// The offset of the block's first statement.
    public var utf8Offset: Int
    /// That statement's indentation when it starts its own line; nil when it shares the line with the `{`.
    public var indentation: String?

    /// The first statement of a computed property's getter; nil for an empty one.
    init?(getterOf accessors: AccessorBlockSyntax, in source: SourceText) {
        let statements: CodeBlockItemListSyntax?
        switch accessors.accessors {
        case .getter(let list): statements = list
        case .accessors(let list): statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        @unknown default: statements = nil
        }
        guard let statements else { return nil }
        self.init(block: statements, in: source)
    }

    /// The first statement of a block; nil for an empty one.
    init?(block statements: CodeBlockItemListSyntax, in source: SourceText) {
        guard let first = statements.first else { return nil }
        utf8Offset = first.positionAfterSkippingLeadingTrivia.utf8Offset
        indentation = FixText.startsLine(utf8Offset, in: source) ? FixText.indentation(ofLineContaining: utf8Offset, in: source) : nil
    }

    /// Inserts `statement` before the first one, on its own line when that statement has one.
    func inserting(_ statement: String) -> TextEdit {
        .insert(indentation.map { statement + "\n" + $0 } ?? statement + "; ", at: utf8Offset)
    }
}
