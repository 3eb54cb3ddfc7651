internal import SwiftSyntax

/// What the code says about how many elements a collection can have. The performance rules
/// (`heavy-body-computation`, `lazy-stack-for-collections`) only matter for collections that grow with the
/// user's data; these readings tell the ones whose size is fixed when the code is written.
enum CollectionSize {
    /// A literal array, a range between integer literals, an enum's `allCases`, or a static member of a type
    /// (`Filter.presets`, `IconSelector.items`): data written in the code, a handful of items.
    static func isFixed(_ collection: ExprSyntax) -> Bool {
        let collection = SyntaxText.withoutOptionalMarks(collection)
        if let tuple = collection.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.eachElement.first {
            return isFixed(only.expression)
        }
        if collection.is(ArrayExprSyntax.self) { return true }
        if let member = collection.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.hasText("allCases") { return true }
            if let base = member.base?.as(DeclReferenceExprSyntax.self) {
                return SyntaxText.isCapitalized(base.baseName.plainText)
            }
            return member.base == nil
        }
        if let range = collection.as(SequenceExprSyntax.self) {
            return range.elements.eachElement.allSatisfy { element in
                element.is(IntegerLiteralExprSyntax.self)
                    || (element.as(BinaryOperatorExprSyntax.self).map { ["..<", "..."].contains($0.operator.plainText) } ?? false)
            }
        }
        return false
    }

    /// Whether any receiver in the chain of `expression` is fixed (`Size.allCases.filter { … }.sorted()`).
    static func startsFromFixed(_ expression: ExprSyntax) -> Bool {
        SyntaxText.receiverChain(expression).contains(where: isFixed)
    }

    /// The name a receiver chain starts from: `items` for `items.filter`, `self.items.sorted()` and
    /// `items?.first`; `$0` for a closure's shorthand parameter. Nil when it starts from a call or a literal.
    static func rootName(of expression: ExprSyntax) -> String? {
        let chain = SyntaxText.receiverChain(expression)
        guard let root = chain.last?.as(DeclReferenceExprSyntax.self) else { return nil }
        guard root.baseName.tokenKind == .keyword(.self) else { return root.baseName.plainText }
        // `self.items…`: the member after `self`.
        return chain.dropLast().last?.as(MemberAccessExprSyntax.self)?.declName.baseName.plainText
    }

    /// The names of the stored properties that hold fetched records: `@Query`, `@FetchRequest`,
    /// `@SectionedFetchRequest`, Realm's `@ObservedResults`, or a `FetchedResults` type. Their number grows
    /// with what the user stores.
    static func fetchedProperties(in members: MemberBlockSyntax) -> Set<String> {
        let wrappers: Set<String> = ["Query", "FetchRequest", "SectionedFetchRequest", "ObservedResults", "ObservedSectionedResults"]
        var names: Set<String> = []
        for member in members.members.eachElement {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let isFetched = SyntaxText.attributeNames(variable.attributes).contains(where: wrappers.contains)
                || variable.bindings.eachElement.contains { binding in
                    guard let type = binding.typeAnnotation?.type.trimmedText else { return false }
                    return type.hasPrefix("FetchedResults<") || type.hasPrefix("SectionedFetchResults<")
                }
            guard isFetched else { continue }
            names.formUnion(variable.bindings.eachElement.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainText })
        }
        return names
    }
}
