internal import SwiftSyntax

/// The one pass over a file's syntax tree. It records the file's facts and hands each node of interest
/// to every enabled syntax rule, so adding a rule never adds a walk (swift-format's lint pipeline, by hand).
/// Its state, like `FileWalk`'s, is changed at every node and only by the walking thread: it is not checked for
/// overlapping access at run time (`@exclusivity(unchecked)`).
final class FileWalker: SyntaxVisitor {
    let walk: FileWalk
    let rules: [any SyntaxRule]
    @exclusivity(unchecked) private(set) var facts: FileFacts
    /// Index into `facts.types` for each type on the walk's stack, so members land in their type.
    @exclusivity(unchecked) private var typeFactIndices: [Int] = []
    /// Per type index, its stored instance properties declared so far whose type names a view model: asked at
    /// every member access, so a set rather than a scan of the type's properties (a type with thousands of
    /// properties made that quadratic).
    @exclusivity(unchecked) private var viewModelPropertiesByType: [Int: Set<String>] = [:]
    /// Where the code being walked runs, per function, accessor and closure around it (innermost last).
    @exclusivity(unchecked) var executionFrames: [ExecutionFrame] = []
    /// Names introduced by `@Bindable var x = …` in the local scopes we are in.
    @exclusivity(unchecked) private var localBindables: [[String]] = []
    /// Per variable declaration being walked: whether it is a type's member (then a frame for local `@Bindable`s
    /// in its accessors was pushed, e.g. `@Bindable var model = model` atop `body`) and whether it pushed a
    /// view-building scope; `visitPost` pops both.
    @exclusivity(unchecked) private var propertyFrames: [(isMember: Bool, pushedScope: Bool)] = []
    /// Per member variable or function being walked: its first statement when it is `body` or `@ViewBuilder`.
    @exclusivity(unchecked) private var viewMemberStarts: [StatementInsertionPoint?] = []
    /// The `Task` in an initializer whose first awaited work was recorded: one site per task.
    @exclusivity(unchecked) private var lastInitializerTaskWithSite: SyntaxIdentifier?
    /// The names `facts.dependencies.typeReferences` holds. Kept by the walk, not with the facts: every file's set,
    /// held to the end of the run and written to the cache, took 3.7 MB at 7,715 files.
    @exclusivity(unchecked) private var mentionedTypeNames: Set<String> = []
    /// `LintEngine.recordsTypeReferences`.
    private let recordsTypeReferences: Bool

    /// Each list of argument labels the file's constructions have, once: most are `["_"]` or a few more, and a list of
    /// its own per construction was a twentieth of a run's peak memory.
    @exclusivity(unchecked) private var labelLists: Set<[String]> = []
    /// The line of the last position made (`position(_:)`), where the next is looked for first.
    @exclusivity(unchecked) private var lastPositionLine = 0

    init(path: String, source: SourceText, settings: TargetSettings, rules: [any SyntaxRule], recordsTypeReferences: Bool) {
        walk = FileWalk(path: path, source: source, settings: settings)
        self.rules = rules
        self.recordsTypeReferences = recordsTypeReferences
        facts = FileFacts(path: path)
        super.init(viewMode: .sourceAccurate)
    }

    func finish() -> (FileFacts, [CandidateFinding]) {
        for rule in rules { rule.finish(walk) }
        facts.dropUnreadHelpers()
        NamePool.shared.withNames { facts.shareNames(in: &$0) }
        facts.releaseSpareCapacity()
        return (facts, walk.candidates)
    }

    private func sharedLabels(_ labels: [String]) -> [String] {
        guard !labels.isEmpty else { return labels }
        let (isNew, shared) = labelLists.insert(labels)
        guard isNew, shared.capacity > shared.count else { return shared }
        // Cut to its length once, here: `FileFacts.releaseSpareCapacity` would give each construction its own copy.
        var cut = shared
        cut.releaseSpareCapacity()
        labelLists.update(with: cut)
        return cut
    }

    private func position(_ node: some SyntaxProtocol) -> SourcePosition {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let location = walk.source.location(ofUTF8Offset: offset, near: &lastPositionLine)
        return SourcePosition(line: location.line, column: location.column, utf8Offset: offset)
    }

    // MARK: Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.eachElement.first?.name.identifierName { facts.imports.append(module) }
        noteImport(node)
        return .skipChildren
    }

    // MARK: Nodes with nothing below them to read

    // The walk visits every node, tokens included (two in five of them), making a node for each. These hold only
    // tokens (or, for a declared modifier, its detail's tokens), which no reading or rule visits: their children are
    // skipped. A name's references are skipped likewise after `visit(_: DeclReferenceExprSyntax)` has read them.

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StringSegmentSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FloatLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: NilLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AssignmentExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    // MARK: Types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name.identifierName, kind: .struct, inheritance: node.inheritanceClause,
                  attributes: node.attributes, modifiers: node.modifiers, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType(DeclSyntax(node)) }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name.identifierName, kind: .class, inheritance: node.inheritanceClause,
                  attributes: node.attributes, modifiers: node.modifiers, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType(DeclSyntax(node)) }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name.identifierName, kind: .enum, inheritance: node.inheritanceClause,
                  attributes: node.attributes, modifiers: node.modifiers, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType(DeclSyntax(node)) }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name.identifierName, kind: .actor, inheritance: node.inheritanceClause,
                  attributes: node.attributes, modifiers: node.modifiers, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType(DeclSyntax(node)) }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: node.name.identifierName, kind: .protocol, inheritance: node.inheritanceClause,
                  attributes: node.attributes, modifiers: node.modifiers, members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType(DeclSyntax(node)) }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(DeclSyntax(node), name: SyntaxText.qualifiedTypeName(node.extendedType), kind: .extension,
                  inheritance: node.inheritanceClause, attributes: node.attributes, modifiers: node.modifiers,
                  members: node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType(DeclSyntax(node)) }

    private func enterType(_ node: DeclSyntax, name: String, kind: TypeKind, inheritance: InheritanceClauseSyntax?,
                           attributes: AttributeListSyntax, modifiers: DeclModifierListSyntax, members: MemberBlockSyntax) {
        let inherited = inheritance?.inheritedTypes.eachElement.map { SyntaxText.typeName($0.type) } ?? []
        // An extension names its type from file scope (`extension HistoryView.ViewModel`); its simple name is the
        // last component, and code inside it belongs to the qualified type.
        let qualified = kind == .extension ? name : (walk.typeStack.last.map { $0.qualifiedName + "." + name } ?? name)
        let name = kind == .extension ? String(name.split(separator: ".").last ?? Substring(name)) : name
        var fact = TypeFact(name: name, qualifiedName: qualified, kind: kind, inherited: inherited,
                            attributes: SyntaxText.attributeNames(attributes), position: position(node))
        fact.isPrivate = modifiers.containsModifier(named: "private", or: "fileprivate")
        fact.isOpen = modifiers.containsModifier(named: "open")
        fact.isPublic = modifiers.containsModifier(named: "public")
        fact.observableObjectRemoval = inheritance.flatMap(Self.observableObjectRemoval)
        fact.hasParameterPack = SyntaxText.genericParameterClause(of: node)?.parameters
            .contains { $0.specifier != nil } ?? false
        typeFactIndices.append(facts.types.count)
        facts.types.append(fact)
        walk.typeStack.append(TypeScope(name: name, qualifiedName: qualified, kind: kind, inherited: inherited,
                                        declaresView: inherited.contains("View")))
        pushAvailability(from: attributes, owner: node.id)
        for rule in rules { rule.visitType(node, members: members, in: walk) }
    }

    private func wrapperDeletion(_ attribute: AttributeSyntax) -> Range<Int> {
        let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
        if FixText.startsLine(start, in: walk.source) {
            let lineStart = start - (walk.source.location(ofUTF8Offset: start).column - 1)
            if let line = FixText.lineDeletion(from: lineStart, to: attribute.endPositionBeforeTrailingTrivia.utf8Offset, in: walk.source) {
                return line
            }
        }
        return start..<attribute.endPosition.utf8Offset
    }

    /// `: ObservableObject` when it is the only conformance, `ObservableObject, ` when first, `, ObservableObject` otherwise.
    private static func observableObjectRemoval(_ clause: InheritanceClauseSyntax) -> Range<Int>? {
        let types = Array(clause.inheritedTypes.eachElement)
        guard let index = types.firstIndex(where: { SyntaxText.typeName($0.type) == "ObservableObject" }) else { return nil }
        let element = types[index]
        if types.count == 1 {
            return clause.positionAfterSkippingLeadingTrivia.utf8Offset..<element.endPositionBeforeTrailingTrivia.utf8Offset
        }
        if index == 0 {
            return element.positionAfterSkippingLeadingTrivia.utf8Offset..<types[1].positionAfterSkippingLeadingTrivia.utf8Offset
        }
        return types[index - 1].type.endPositionBeforeTrailingTrivia.utf8Offset..<element.type.endPositionBeforeTrailingTrivia.utf8Offset
    }

    private func leaveType(_ node: DeclSyntax) {
        for rule in rules { rule.leaveType(node, in: walk) }
        popAvailability(owner: node.id)
        walk.typeStack.removeLast()
        typeFactIndices.removeLast()
    }

    // MARK: Members and code scopes

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        var pushedScope = false
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true && !typeFactIndices.isEmpty
        // The attributes' names and the first binding's name, written type and whether it is computed: read once for
        // the property facts and the behavior scope.
        var attributeNames: [String] = []
        var first: (name: String, typeText: String?, isComputed: Bool)?
        if isMember, let typeIndex = typeFactIndices.last {
            // Each child is read once: a child's read makes a node, and most declarations a walk meets are properties.
            let attributeList = node.attributes
            let attributes = SyntaxText.attributes(attributeList)
            attributeNames = attributes.map(\.name)
            let modifiers = PropertyModifiers(node.modifiers)
            // The wrapper is told by the names already read; its node is fetched only for a property that has one.
            let wrapperPlace = attributes.firstIndex { SyntaxText.isPropertyWrapperName($0.name) }
            let wrapper = wrapperPlace.map { attributes[$0] }
            let wrapperNode = wrapperPlace.flatMap { place in
                attributeList.eachElement.lazy.compactMap { $0.as(AttributeSyntax.self) }.dropFirst(place).first
            }
            let isLet = node.bindingSpecifier.hasText("let")
            let layout = DeclarationLayout(node, accessModifierPlace: modifiers.accessModifierPlace)
            var viewMemberStart: StatementInsertionPoint?
            for (bindingIndex, binding) in node.bindings.eachElement.enumerated() {
                let pattern = binding.pattern
                guard let name = pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName else { continue }
                let typeName = binding.typeAnnotation.map { $0.type.trimmedText }
                let accessorBlock = binding.accessorBlock, initializer = binding.initializer?.value
                let isComputed = accessorBlock.map(SyntaxText.isComputed) ?? false
                if bindingIndex == 0 { first = (name, typeName, isComputed) }
                var hasObservers = false
                if case .accessors(let accessors) = accessorBlock?.accessors {
                    hasObservers = accessors.contains {
                        $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
                    }
                }
                let initializerCallee = initializer.flatMap(SyntaxText.calleeName)
                if !modifiers.isStatic, !isComputed,
                   let held = PropertyFact.heldTypeName(wrapper: wrapper?.name, wrapperArgument: wrapper?.argument,
                                                         typeName: typeName, initializerCallee: initializerCallee),
                   ByteSearch.contains("ViewModel", in: held) {
                    viewModelPropertiesByType[typeIndex, default: []].insert(name)
                }
                // Made whole in the list's call: a `var` set field by field was copied twice on its way there (each
                // copy retains and releases its names and lists), now once.
                facts.types[typeIndex].properties.append(PropertyFact(
                    name: name, wrapper: wrapper?.name, wrapperArgument: wrapper?.argument,
                    attributes: attributes.compactMap { $0.name == wrapper?.name ? nil : $0.name },
                    isLet: isLet, isStatic: modifiers.isStatic, isComputed: isComputed,
                    isPrivate: modifiers.isPrivate, hasPrivateSetter: modifiers.hasPrivateSetter, typeName: typeName,
                    initializerCallee: initializerCallee, hasInitializer: initializer != nil, position: position(pattern),
                    wrapperPosition: wrapperNode.map(position), layout: layout, isLazy: modifiers.isLazy,
                    isOverride: modifiers.isOverride, hasObservers: hasObservers, wrapperDeletion: wrapperNode.map(wrapperDeletion),
                    initializerInstance: initializer.flatMap(SyntaxText.sharedInstance)))
                if isComputed, !modifiers.isStatic, name == "body" || attributes.contains(where: { $0.name == "ViewBuilder" }),
                   let accessorBlock {
                    viewMemberStart = StatementInsertionPoint(getterOf: accessorBlock, in: walk.source)
                    if name == "body" { facts.types[typeIndex].bodyStart = viewMemberStart }
                }
                // `body` builds views unless its type says otherwise (`some ReducerOf<Self>` in a TCA reducer).
                let isBody = name == "body" && (typeName.map(SyntaxText.isViewBuildingType) ?? true)
                if isComputed, !modifiers.isStatic, isBody || (typeName.map(SyntaxText.isSomeView) ?? false) {
                    walk.scopes.append(.viewBuilding(name: name, isBody: name == "body"))
                    pushedScope = true
                }
            }
            viewMemberStarts.append(viewMemberStart)
        } else if !localBindables.isEmpty, SyntaxText.attributeNames(node.attributes).contains("Bindable") {
            for binding in node.bindings.eachElement {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName {
                    localBindables[localBindables.count - 1].append(name)
                }
            }
        }
        if isMember, let found = ObservedCreationReading.propertyDefault(node, in: walk) { facts.observedCreations.append(found) }
        if isMember { localBindables.append([]) }
        propertyFrames.append((isMember, pushedScope))
        enterBehaviorScope(of: node, isMember: isMember, attributeNames: attributeNames, first: first)
        for rule in rules { rule.visit(node, in: walk) }
        return .visitChildren
    }

    override func visitPost(_ node: VariableDeclSyntax) {
        let frame = propertyFrames.removeLast()
        behaviorFrames.removeLast()
        if frame.pushedScope { walk.scopes.removeLast() }
        if frame.isMember {
            localBindables.removeLast()
            viewMemberStarts.removeLast()
        }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // Each part read once: the name, the attributes' names, the return type and `async` serve several readings.
        let name = node.name.identifierName
        let attributeNames = SyntaxText.attributeNames(node.attributes)
        let returnType = node.signature.returnClause?.type.trimmedText
        let isAsync = node.signature.effectSpecifiers?.asyncSpecifier != nil
        let isViewBuilder = attributeNames.contains("ViewBuilder")
        let buildsView = SyntaxText.buildsView(isViewBuilder: isViewBuilder, returnType: returnType)
        if node.parent?.is(MemberBlockItemSyntax.self) == true, let typeIndex = typeFactIndices.last {
            let isStatic = SyntaxText.isStatic(node.modifiers)
            facts.types[typeIndex].methods.append(MethodFact(
                name: name, isInitializer: false, isAsync: isAsync, isStatic: isStatic, buildsView: buildsView, position: position(node.name)))
        }
        walk.scopes.append(buildsView ? .viewBuilding(name: name, isBody: false) : .function(name: name))
        executionFrames.append(.function(name: name + "()", isAsync: isAsync, isMainActor: attributeNames.contains("MainActor")))
        localBindables.append([])
        viewMemberStarts.append(isViewBuilder ? node.body.flatMap { StatementInsertionPoint(block: $0.statements, in: walk.source) } : nil)
        enterBehaviorScope(of: node, name: name, isAsync: isAsync, returnType: returnType, buildsView: buildsView)
        pushAvailability(from: node.attributes, owner: node.id)
        for rule in rules { rule.visit(node, in: walk) }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        executionFrames.removeLast()
        behaviorFrames.removeLast()
        popAvailability(owner: node.id)
        localBindables.removeLast()
        viewMemberStarts.removeLast()
        walk.scopes.removeLast()
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(MemberBlockItemSyntax.self) == true, let typeIndex = typeFactIndices.last {
            facts.types[typeIndex].methods.append(MethodFact(
                name: "init", isInitializer: true, isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
                isStatic: false, buildsView: false, position: position(node.initKeyword)))
            let last = facts.types[typeIndex].methods.count - 1
            facts.types[typeIndex].methods[last].isPrivate = node.modifiers.eachElement.contains {
                $0.name.hasText("private") || $0.name.hasText("fileprivate")
            }
        }
        walk.scopes.append(.initializer)
        executionFrames.append(.function(name: "init", isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
                                         isMainActor: SyntaxText.attributeNames(node.attributes).contains("MainActor")))
        localBindables.append([])
        pushAvailability(from: node.attributes, owner: node.id)
        for rule in rules { rule.visit(node, in: walk) }
        return .visitChildren
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(MemberBlockItemSyntax.self) == true, let typeIndex = typeFactIndices.last {
            facts.types[typeIndex].deinitializerPosition = position(node.deinitKeyword)
        }
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        executionFrames.removeLast()
        popAvailability(owner: node.id)
        localBindables.removeLast()
        walk.scopes.removeLast()
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        walk.scopes.append(ClosureRole.scope(of: node))
        executionFrames.append(Self.executionFrame(of: node))
        localBindables.append([])
        noteClosure(node)
        for rule in rules { rule.visit(node, in: walk) }
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        executionFrames.removeLast()
        if BehaviorReading.isRowClosure(node) || BehaviorReading.isDestinationClosure(node) { rowContexts.removeLast() }
        localBindables.removeLast()
        walk.scopes.removeLast()
    }

    // MARK: Expressions

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let call = CallShape(node)
        let inBody = walk.isInBody
        if let reference = call.reference, reference.baseName.mayBeCapitalized, case let name = reference.baseName.identifierName,
           SyntaxText.isCapitalized(name) {
            facts.constructions.append(ConstructionFact(
                typeName: name,
                labels: sharedLabels(node.arguments.labelTexts),
                enclosingType: walk.typeStack.last?.qualifiedName, position: position(node), isInInitializer: walk.isInsideInitializer))
            facts.observedCreations += ObservedCreationReading.arguments(node, in: walk)
            if let typeIndex = typeFactIndices.last {
                if inBody { facts.types[typeIndex].bodyViewCount += 1 }
                if ExternalAPI.names.contains(name) { noteExternalAPI(name, in: typeIndex) }
            }
        } else if let member = call.member, let method = call.name {
            recordMemberCall(node, member: member, method: method)
            if inBody, member.base?.is(FunctionCallExprSyntax.self) == true, let typeIndex = typeFactIndices.last {
                facts.types[typeIndex].bodyModifierCount += 1
            }
        }
        recordModelSites(call: call)
        if let name = CancellationReading.cancelledName(call) { facts.cancellation.cancelledNames.insert(name) }
        // A tab page is a statement of a `TabView` or `Tab` closure: a file that never spells `Tab` has none.
        if walk.mentions("Tab"), let page = CancellationReading.tabPage(node) { facts.cancellation.tabPages.insert(page) }
        if CancellationReading.pushes(call), let type = walk.typeStack.last?.qualifiedName { facts.cancellation.pushingTypes.insert(type) }
        recordMemberWrite(call: call)
        if let detached = ObservedCreationReading.detachedConstruction(call, in: walk) { facts.detachedViewConstructions.append(detached) }
        noteBehavior(of: call, inBody: inBody)
        for rule in rules { rule.visit(call, in: walk) }
        return .visitChildren
    }

    private func recordMemberCall(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax, method name: TokenSyntax) {
        let method = name.identifierName
        if method == "environment" || method == "environmentObject", node.arguments.count == 1,
           let argument = node.arguments.eachElement.first, argument.label == nil {
            let constructed = SyntaxText.calleeName(argument.expression)
            let chain = constructed == nil ? Self.memberChain(argument.expression) : nil
            // Every injection is recorded, even one the walk cannot name: `migrate` must not leave an
            // `.environmentObject(x)` behind for a class it migrates.
            let value = constructed.map { $0 + "()" } ?? SyntaxText.receiverName(argument.expression)
                ?? chain.map { $0.isEmpty ? "self" : $0.joined(separator: ".") } ?? argument.expression.trimmedText
            var fact = InjectionFact(modifier: method, value: value, constructedType: constructed,
                                     enclosingType: walk.typeStack.last?.qualifiedName, position: position(member.declName))
            fact.isNamePath = constructed != nil || chain != nil
            fact.rootParameterType = chain?.first.flatMap { Self.parameterType(named: $0, around: Syntax(node)) }
            facts.injections.append(fact)
            return
        }
        guard let base = member.base, let receiver = SyntaxText.receiverName(base) else { return }
        let context: CallContext
        switch walk.enclosingCodeScope {
        case .viewBuilding?: context = .viewBuilding
        case .action?: context = .eventHandler
        case .initializer?: context = .initializer
        case .function?: context = .method
        case .closure?, nil: context = .other
        }
        facts.memberCalls.append(MemberCallFact(
            receiver: receiver, method: method, enclosingType: walk.typeStack.last?.qualifiedName,
            isAwaited: node.parent?.is(AwaitExprSyntax.self) == true, context: context, position: position(member.declName)))
    }

    private func noteExternalAPI(_ name: String, in typeIndex: Int) {
        if !facts.types[typeIndex].externalAPIs.contains(name) { facts.types[typeIndex].externalAPIs.append(name) }
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        recordModelSites(memberAccess: node)
        guard let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName else { return .visitChildren }
        // Most bases are lowercase names (`self`, `viewModel`), which neither an outside API's type nor a projection
        // (`$name`) is: told by the first byte, before a name is made and hashed.
        if base.mayBeCapitalized, let typeIndex = typeFactIndices.last, case let baseName = base.identifierName,
           ExternalAPI.names.contains(baseName) {
            noteExternalAPI(baseName, in: typeIndex)
        }
        if base.firstByte == UInt8(ascii: "$") {
            let name = String(base.identifierName.dropFirst())
            facts.bindingProjections.append(BindingProjectionFact(
                base: name, member: node.declName.baseName.identifierName, enclosingType: walk.typeStack.last?.qualifiedName,
                hasLocalBindable: localBindables.contains { $0.contains(name) }, position: position(node),
                isInBody: walk.scopes.contains { if case .viewBuilding(_, isBody: true) = $0 { return true } else { return false } },
                viewMemberStart: viewMemberStarts.last ?? nil))
        }
        return .visitChildren
    }

    /// `_name = …`; the wrapper is known when the value is `Wrapper(label: value)`, one argument, the wrapper named plainly.
    private func recordWrapperAssignment(of name: String, target: ExprSyntax, value: ExprSyntax) {
        var fact = WrapperAssignmentFact(property: name, enclosingType: walk.typeStack.last?.qualifiedName, position: position(value),
                                         target: FixText.range(of: target))
        if let call = value.as(FunctionCallExprSyntax.self),
           let wrapper = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.identifierName, SyntaxText.isCapitalized(wrapper),
           call.arguments.count == 1, let argument = call.arguments.eachElement.first, call.trailingClosure == nil,
           // In a broken call (`Published(initialValue:  }`) missing tokens can put the argument past the call's end.
           !call.hasError {
            let wrapped = FixText.range(of: argument.expression)
            let callRange = FixText.range(of: call)
            fact.wrapper = wrapper
            fact.label = argument.label?.plainText
            fact.constructedType = SyntaxText.calleeName(argument.expression)
            fact.head = callRange.lowerBound..<wrapped.lowerBound
            fact.tail = wrapped.upperBound..<callRange.upperBound
        }
        facts.wrapperAssignments.append(fact)
    }

    /// Records `self.count = …` / `_count = …` in an initializer: the property's value comes from the caller.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        noteOperators(node)
        if let found = ObservedCreationReading.initializerAssignment(node, in: walk) { facts.observedCreations.append(found) }
        recordMemberWrite(sequence: node)
        guard walk.isInsideInitializer, let typeIndex = typeFactIndices.last else { return .visitChildren }
        let elements = Array(node.elements.eachElement)
        guard elements.count == 3 else { return .visitChildren }
        let compound = elements[1].as(BinaryOperatorExprSyntax.self).map { Self.isCompoundAssignment($0.operator.plainText) } ?? false
        if elements[1].is(AssignmentExprSyntax.self) || compound, let root = Self.rootName(of: elements[0]), SyntaxText.isCapitalized(root) {
            facts.types[typeIndex].initializerSharedWrites.append(position(node))
        }
        guard elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        var target: String?
        if let reference = elements[0].as(DeclReferenceExprSyntax.self) {
            target = reference.baseName.identifierName
        } else if let member = elements[0].as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.isSelfKeyword == true {
            target = member.declName.baseName.identifierName
        }
        if let target {
            let name = target.hasPrefix("_") ? String(target.dropFirst()) : target
            if target.hasPrefix("_") { recordWrapperAssignment(of: name, target: elements[0], value: elements[2]) }
            if !facts.types[typeIndex].initializerAssignments.contains(name) {
                facts.types[typeIndex].initializerAssignments.append(name)
            }
        }
        return .visitChildren
    }

    /// `+=`, `<<=`, `&+=`…: an operator that assigns; not `==`, `!=`, `<=`, `>=`, `===`, `!==`.
    private static func isCompoundAssignment(_ operator: String) -> Bool {
        `operator`.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(`operator`)
    }

    /// The name an lvalue starts from: `Store` in `Store.shared.items[0]!`.
    private static func rootName(of expression: ExprSyntax) -> String? {
        var current = SyntaxText.withoutOptionalMarks(expression)
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) { return reference.baseName.identifierName }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = SyntaxText.withoutOptionalMarks(base)
            } else if let subscripted = current.as(SubscriptCallExprSyntax.self) {
                current = SyntaxText.withoutOptionalMarks(subscripted.calledExpression)
            } else {
                return nil
            }
        }
    }

    /// Getters, setters and observers run synchronously, on their caller's thread.
    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        executionFrames.append(.function(name: node.accessorSpecifier.plainText, isAsync: node.effectSpecifiers?.asyncSpecifier != nil,
                                         isMainActor: SyntaxText.attributeNames(node.attributes).contains("MainActor")))
        return .visitChildren
    }

    override func visitPost(_ node: AccessorDeclSyntax) { executionFrames.removeLast() }

    /// `&viewModel.count`, `&viewModel.$count`: passed `inout`, so written.
    override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
        recordMemberWrite(of: node.expression, at: node)
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        for rule in rules { rule.visit(node, in: walk) }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        for rule in rules { rule.visit(node, in: walk) }
        return .visitChildren
    }

    // MARK: Availability

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        if let ifExpr = node.parent?.as(IfExprSyntax.self) {
            let isThenBranch = ifExpr.body.id == node.id
            for condition in ifExpr.conditions.eachElement {
                guard case .availability(let check) = condition.condition else { continue }
                let positive = check.availabilityKeyword.tokenKind == .poundAvailable
                push(check.availabilityArguments, below: positive != isThenBranch, owner: node.id)
            }
        } else if let guardStmt = node.parent?.as(GuardStmtSyntax.self) {
            for condition in guardStmt.conditions.eachElement {
                guard case .availability(let check) = condition.condition else { continue }
                let positive = check.availabilityKeyword.tokenKind == .poundAvailable
                push(check.availabilityArguments, below: positive, owner: node.id)
            }
        }
        return .visitChildren
    }

    override func visitPost(_ node: CodeBlockSyntax) { popAvailability(owner: node.id) }

    override func visitPost(_ node: GuardStmtSyntax) {
        // After `guard #available(iOS 17, *) else { … }` the rest of the enclosing block runs on iOS 17+.
        guard let block = node.parent?.parent?.as(CodeBlockItemListSyntax.self) else { return }
        for condition in node.conditions.eachElement {
            guard case .availability(let check) = condition.condition else { continue }
            let positive = check.availabilityKeyword.tokenKind == .poundAvailable
            push(check.availabilityArguments, below: !positive, owner: block.id)
        }
    }

    override func visitPost(_ node: CodeBlockItemListSyntax) { popAvailability(owner: node.id) }

    private func push(_ arguments: AvailabilityArgumentListSyntax, below: Bool, owner: SyntaxIdentifier) {
        for argument in arguments {
            guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                  let platform = Platform(name: restriction.platform.plainText),
                  let text = restriction.version?.trimmedText, let version = Version(text) else { continue }
            walk.availability.append((owner, AvailabilityConstraint(platform: platform, version: version, isBelow: below)))
        }
    }

    /// `@available(iOS 16, *)` raises the minimum; `@available(iOS, deprecated: 16)` marks code for older systems.
    private func pushAvailability(from attributes: AttributeListSyntax, owner: SyntaxIdentifier) {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedText == "available",
                  case .availability(let arguments)? = attribute.arguments else { continue }
            push(arguments, below: false, owner: owner)
            guard let platformToken = arguments.first.flatMap({ argument -> TokenSyntax? in
                if case .token(let token) = argument.argument { return token }
                return nil
            }), let platform = Platform(name: platformToken.plainText) else { continue }
            for argument in arguments {
                guard case .availabilityLabeledArgument(let labeled) = argument.argument,
                      ["deprecated", "obsoleted"].contains(labeled.label.plainText),
                      case .version(let tuple) = labeled.value, let version = Version(tuple.trimmedText) else { continue }
                walk.availability.append((owner, AvailabilityConstraint(platform: platform, version: version, isBelow: true)))
            }
        }
    }

    private func popAvailability(owner: SyntaxIdentifier) {
        while let last = walk.availability.last, last.owner == owner { walk.availability.removeLast() }
    }

    // MARK: Dependencies (layer-dependency)

    private func noteImport(_ node: ImportDeclSyntax) {
        guard let module = node.path.eachElement.first?.name.identifierName else { return }
        facts.dependencies.imports.append(ImportFact(module: module, position: position(node)))
    }

    /// Every type written in a declaration: property and parameter types, inheritance, extensions, generic arguments.
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        // Every type the file writes passes here: its name is made only where the run records type names.
        if recordsTypeReferences { noteTypeReference(node.name.identifierName, at: node) }
        // Conformance clauses are in the index already; everywhere else the protocol is used as a type.
        if node.name.isIdentifier("ObservableObject"), node.parent?.is(InheritedTypeSyntax.self) != true {
            facts.observableObjectTypeUses.append(position(node))
        }
        // Below it: its name's token, and the types of its generic arguments, which are read as types are.
        return node.genericArgumentClause == nil ? .skipChildren : .visitChildren
    }

    /// Capitalised names in expressions: `CartStore(…)`, `CartStore.shared`, `CartStore.self`. The member name
    /// after a dot (`Outer.Inner`) is left out: only the first name says where the expression reaches.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // Every name of the file passes here, most of them (`items`, `load`, `count`) neither a type, a projection
        // (`$query`), a wrapper's storage (`_query`) nor `objectWillChange`: those are told by their first byte,
        // and the name's text is made only for the others, once for the three readings.
        // Its children are its name's tokens (and argument labels'), which nothing else reads.
        guard let first = node.baseName.firstByte, mayNameReference(startingWith: first) else { return .skipChildren }
        let isMemberName = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
        let name = node.baseName.identifierName
        if !isMemberName, SyntaxText.isCapitalized(name) {
            noteTypeReference(name, at: node)
        }
        notePublisherReference(node, name: name, isMemberName: isMemberName)
        noteStorageReference(node, name: name, isMemberName: isMemberName)
        return .skipChildren
    }

    /// Whether a name whose text starts with `byte` may be read by `visit(_: DeclReferenceExprSyntax)`: a type's
    /// (capitalised, or not ASCII, when type names are recorded), a projection's (`$`), a storage's (`_`),
    /// `objectWillChange`, or any of them escaped in backticks.
    private func mayNameReference(startingWith byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "$"), UInt8(ascii: "_"), UInt8(ascii: "o"), UInt8(ascii: "`"): return true
        default: return recordsTypeReferences && TokenSyntax.mayStartCapitalized(byte)
        }
    }

    /// `_name` written bare or after `self.`: a wrapper's storage (`_$observationRegistrar` and `__x` stay out).
    private func noteStorageReference(_ node: DeclReferenceExprSyntax, name text: String, isMemberName: Bool) {
        guard text.hasPrefix("_"), let first = text.dropFirst().first, first.isLetter else { return }
        if isMemberName,
           node.parent?.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.isSelfKeyword != true {
            return
        }
        let reference = isMemberName ? node.parent : Syntax(node)
        let follower = reference?.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.base?.id == reference?.id ? $0 : nil }
        facts.storageReferences.append(StorageReferenceFact(
            property: String(text.dropFirst()), member: follower?.declName.baseName.identifierName,
            enclosingType: walk.typeStack.last?.qualifiedName, position: position(node)))
    }

    /// `$name` and `objectWillChange`: what `migrate observation` must not break. Closure arguments (`$0`) stay out.
    private func notePublisherReference(_ node: DeclReferenceExprSyntax, name text: String, isMemberName: Bool) {
        let kind: PublisherReferenceFact.Kind
        if text.utf8.first == UInt8(ascii: "$"), text.dropFirst().first?.isNumber == false {
            let base = isMemberName ? node.parent : Syntax(node)
            let follower = base?.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.base?.id == base?.id ? $0 : nil }
            kind = .projection(name: String(text.dropFirst()), member: follower?.declName.baseName.identifierName)
        } else if text == "objectWillChange" {
            kind = .objectWillChange
        } else {
            return
        }
        var receiver: String?
        var hasUnnamedReceiver = false
        if isMemberName, let written = node.parent?.as(MemberAccessExprSyntax.self)?.base {
            // `self?.objectWillChange` in a `[weak self]` closure and `model?.$count` name their receiver as well.
            let base = SyntaxText.withoutOptionalMarks(written)
            let isSelf = base.as(DeclReferenceExprSyntax.self)?.baseName.isSelfKeyword == true
            receiver = isSelf ? nil : SyntaxText.receiverName(base)
            hasUnnamedReceiver = !isSelf && receiver == nil
        }
        facts.publisherReferences.append(PublisherReferenceFact(
            kind: kind, receiver: receiver, hasUnnamedReceiver: hasUnnamedReceiver,
            enclosingType: walk.typeStack.last?.qualifiedName, position: position(node)))
    }

    /// `appState.cache` → `["appState", "cache"]` (`self.` and optional marks dropped; `self` alone is `[]`);
    /// nil for anything else.
    private static func memberChain(_ expression: ExprSyntax) -> [String]? {
        var reversedMembers: [String] = []
        var current = SyntaxText.withoutOptionalMarks(expression)
        while let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
            reversedMembers.append(member.declName.baseName.identifierName)
            current = SyntaxText.withoutOptionalMarks(base)
        }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return nil }
        let root = reference.baseName.isSelfKeyword ? [] : [reference.baseName.identifierName]
        return root + reversedMembers.reversed()
    }

    /// The declared type of parameter `name` of the nearest enclosing function or initializer: what a value
    /// named so means there (a parameter hides a property of the same name).
    private static func parameterType(named name: String, around node: Syntax) -> String? {
        var current = node.parent
        while let candidate = current {
            let parameters = candidate.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
                ?? candidate.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
            if let parameters {
                guard let parameter = parameters.eachElement.first(where: { ($0.secondName ?? $0.firstName).identifierName == name }) else { return nil }
                var type = parameter.type
                while let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType
                    ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType { type = wrapped }
                return SyntaxText.typeName(type)
            }
            if candidate.isDeclGroup { return nil }
            current = candidate.parent
        }
        return nil
    }

    /// Records `name` unless the file already mentioned it; the position is only computed for new names.
    private func noteTypeReference(_ name: String, at node: some SyntaxProtocol) {
        guard recordsTypeReferences, name != "Self", mentionedTypeNames.insert(name).inserted else { return }
        facts.dependencies.typeReferences.append(TypeReferenceFact(name: name, position: position(node)))
    }

    // MARK: Behavior facts (architecture rules)

    /// Per member variable or function being walked: the helper its code is counted into (`nil`: none, e.g. a
    /// stored property or a view builder). Local functions and variables inherit the helper around them.
    @exclusivity(unchecked) private var behaviorFrames: [(typeIndex: Int, helperIndex: Int)?] = []
    /// Per `ForEach`/`List` row closure (true) and navigation or presentation destination (false) around the
    /// current node: code is in a row when the innermost is a row closure. A screen pushed from a row is no row.
    @exclusivity(unchecked) private var rowContexts: [Bool] = []
    private var isInRow: Bool { rowContexts.last ?? false }

    private var currentHelper: (typeIndex: Int, helperIndex: Int)? { behaviorFrames.last ?? nil }

    /// `typeText` is the first binding's written type, as the property fact holds it (nil when it has none, or is
    /// no named property).
    /// `first` is the first binding's reading when its pattern is a name.
    private func enterBehaviorScope(of node: VariableDeclSyntax, isMember: Bool, attributeNames: [String],
                                    first: (name: String, typeText: String?, isComputed: Bool)?) {
        guard isMember, let typeIndex = typeFactIndices.last else {
            behaviorFrames.append(currentHelper)
            return
        }
        if attributeNames.contains("State") {
            for binding in node.bindings.eachElement where BehaviorReading.holdsText(binding) {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName {
                    facts.types[typeIndex].behavior.textStates.append(name)
                }
            }
        }
        guard node.bindings.count == 1, let first, first.name != "body", first.isComputed,
              !(first.typeText.map(SyntaxText.isSomeView) ?? false), !attributeNames.contains("ViewBuilder") else {
            behaviorFrames.append(nil)
            return
        }
        let helper = HelperFact(name: first.name, kind: .computedProperty, isAsync: false,
                                returnType: first.typeText, parameterTypes: [], position: position(node))
        behaviorFrames.append(addHelper(helper, to: typeIndex))
    }

    private func enterBehaviorScope(of node: FunctionDeclSyntax, name: String, isAsync: Bool, returnType: String?, buildsView: Bool) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let typeIndex = typeFactIndices.last else {
            behaviorFrames.append(currentHelper)
            return
        }
        guard !buildsView else {
            behaviorFrames.append(nil)
            return
        }
        let helper = HelperFact(name: name, kind: .method, isAsync: isAsync, returnType: returnType,
                                parameterTypes: node.signature.parameterClause.parameters.map { $0.type.trimmedText },
                                position: position(node))
        behaviorFrames.append(addHelper(helper, to: typeIndex))
    }

    private func addHelper(_ helper: HelperFact, to typeIndex: Int) -> (typeIndex: Int, helperIndex: Int) {
        facts.types[typeIndex].behavior.helpers.append(helper)
        return (typeIndex, facts.types[typeIndex].behavior.helpers.count - 1)
    }

    private func countInHelper(_ change: (inout HelperFact) -> Void) {
        guard let (typeIndex, helperIndex) = currentHelper else { return }
        change(&facts.types[typeIndex].behavior.helpers[helperIndex])
    }

    private func noteClosure(_ node: ClosureExprSyntax) {
        if let typeIndex = typeFactIndices.last, case .action(let name)? = walk.scopes.last {
            switch name {
            case "Task", "detached":
                if BehaviorReading.awaitsWork(node) { facts.types[typeIndex].behavior.asyncLaunches += 1 }
            case "task":
                if BehaviorReading.awaitsWork(node) { facts.types[typeIndex].behavior.asyncLaunches += 1 }
                for assignment in BehaviorReading.taskAssignments(in: node) {
                    facts.types[typeIndex].behavior.taskAssignments.append(TaskAssignmentFact(
                        target: assignment.target, isAwaited: assignment.isAwaited, isInsideRow: isInRow,
                        position: position(assignment.modifierName)))
                }
            default:
                facts.types[typeIndex].behavior.eventHandlers += 1
            }
        }
        if BehaviorReading.isRowClosure(node) {
            rowContexts.append(true)
        } else if BehaviorReading.isDestinationClosure(node) {
            rowContexts.append(false)
        }
    }

    private func noteBehavior(of call: CallShape, inBody: Bool) {
        let node = call.node
        if currentHelper != nil {
            if BehaviorReading.isPipeline(node) { countInHelper { $0.pipelines += 1 } }
            if BehaviorReading.formatsMember(node, isModelValue: { Self.isModelValue($0, around: Syntax(node)) }) {
                countInHelper { $0.memberFormatting += 1 }
            }
        }
        guard let typeIndex = typeFactIndices.last, let reference = call.reference,
              SyntaxText.isCapitalized(reference.baseName.identifierName) else { return }
        if walk.isBuildingView { facts.types[typeIndex].behavior.builtViews += 1 }
        if isInRow, !facts.types[typeIndex].behavior.rowConstructions.contains(reference.baseName.identifierName) {
            facts.types[typeIndex].behavior.rowConstructions.append(reference.baseName.identifierName)
        }
        if inBody {
            let styling = SyntaxText.modifiersApplied(to: node).filter(BehaviorReading.isStyling).count
            facts.types[typeIndex].behavior.longestBodyStylingChain = max(facts.types[typeIndex].behavior.longestBodyStylingChain, styling)
        }
    }

    private func noteOperators(_ node: SequenceExprSyntax) {
        guard currentHelper != nil else { return }
        let counts = BehaviorReading.operatorCounts(node)
        countInHelper {
            $0.arithmetic += counts.arithmetic
            $0.memberArithmetic += counts.memberArithmetic
            $0.memberTernaries += counts.memberTernaries
        }
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        if currentHelper != nil {
            let isLoop = node.item.is(ForStmtSyntax.self) || node.item.is(WhileStmtSyntax.self) || node.item.is(RepeatStmtSyntax.self)
            countInHelper {
                $0.statements += 1
                if isLoop { $0.loops += 1 }
            }
        } else if let typeIndex = typeFactIndices.last, walk.scopes.contains(where: { if case .action = $0 { return true } else { return false } }) {
            facts.types[typeIndex].behavior.actionStatements += 1
        }
        if let typeIndex = typeFactIndices.last, let doStatement = BehaviorReading.doStatement(node.item) {
            facts.types[typeIndex].behavior.catchClauses += doStatement.catchClauses.count
        }
        return .visitChildren
    }

    override func visit(_ node: ExpressionSegmentSyntax) -> SyntaxVisitorContinueKind {
        if node.expressions.count == 1, let expression = node.expressions.first?.expression, BehaviorReading.readsMemberAnywhere(expression) {
            countInHelper { $0.memberInterpolations += 1 }
        }
        return .visitChildren
    }

    // MARK: Cancellation (cancellation-not-handled)

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        if let call = CancellationReading.awaitedCall(node), let source = CancellationReading.source(of: node) {
            facts.cancellation.awaitedCalls.append(AwaitedCallFact(name: call.name, receiver: call.receiver, source: source,
                                                                   enclosingType: walk.typeStack.last?.qualifiedName))
        }
        return .visitChildren
    }

    /// Actors are services, whose errors reach the UI only through a caller that may handle cancellation.
    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        if walk.typeStack.last?.kind != .actor, let source = CancellationReading.source(of: node),
           let found = CancellationReading.failureCatch(node) {
            facts.cancellation.failureCatches.append(FailureCatchFact(
                position: position(found.catchKeyword), source: source, enclosingType: walk.typeStack.last?.qualifiedName, target: found.target))
        }
        return .visitChildren
    }
}

// MARK: Model and view-model sites (observation rules)

extension FileWalker {
    /// Members that name a process-wide instance: `URLSession.shared`, `UserDefaults.standard`, `FileManager.default`.
    private static let sharedInstanceMembers: Set<String> = ["shared", "standard", "default"]
    /// Call names that start loading: `load()`, `loadItems()`, `fetchUser(id:)`, `reload()`, `refreshFeed()`.
    private static let loadingVerbs = ["load", "fetch", "reload", "refresh"]

    /// Inside a class or an extension (of a class, the rules decide): where models and view models live.
    private var isInClassLikeType: Bool {
        guard let kind = walk.typeStack.last?.kind else { return false }
        return kind == .class || kind == .extension
    }

    /// In a method body or a closure inside one, but not in an initializer (where a default argument is fine).
    private var isInsideMethod: Bool {
        for scope in walk.scopes {
            switch scope {
            case .function: return true
            case .initializer, .viewBuilding: return false
            case .action, .closure: continue
            }
        }
        return false
    }

    /// For code directly in an initializer: false; directly in a `Task { }` started directly in one: true; else nil.
    /// Deeper closures (a notification callback, a completion handler) run later, on their own event.
    private var initializerPlacement: Bool? {
        let scopes = walk.scopes
        if scopes.last == .initializer { return false }
        guard scopes.count >= 2, scopes[scopes.count - 2] == .initializer, case .action(let name)? = scopes.last,
              name == "Task" || name == "detached" else { return nil }
        return true
    }

    private func noteModelSite(_ kind: ModelSiteFact.Kind, at node: some SyntaxProtocol) {
        facts.modelSites.append(ModelSiteFact(kind: kind, enclosingType: walk.typeStack.last?.qualifiedName, position: position(node)))
    }

    func recordModelSites(call: CallShape) {
        guard isInClassLikeType else { return }
        let node = call.node
        if let site = initializerLoadSite(node) {
            noteModelSite(site, at: node)
        } else if isInsideMethod, let reference = call.reference, SyntaxText.isCapitalized(reference.baseName.identifierName) {
            let hasArguments = !node.arguments.isEmpty || node.trailingClosure != nil
            noteModelSite(.constructionInMethod(type: reference.baseName.identifierName, hasArguments: hasArguments), at: node)
        }
        if let method = enclosingMethodName, let how = InitializerWorkReading.asyncWork(startedBy: node),
           !facts.modelSites.contains(where: { $0.kind.startsAsyncWork(in: method) && $0.enclosingType == walk.typeStack.last?.qualifiedName }) {
            noteModelSite(.startsAsyncWork(method: method, how: how), at: node)
        }
    }

    /// The `loadCalledInInitializer` site of a call, if it is one: an own `load…()` called as a statement
    /// directly in a synchronous initializer (an awaited one runs in the caller's task, as part of creating the
    /// object), or the first work a `Task` started there awaits.
    private func initializerLoadSite(_ node: FunctionCallExprSyntax) -> ModelSiteFact.Kind? {
        guard let inTask = initializerPlacement else { return nil }
        if inTask {
            guard let work = InitializerWorkReading.awaitedWork(node), work.task.id != lastInitializerTaskWithSite else { return nil }
            lastInitializerTaskWithSite = work.task.id
            return .loadCalledInInitializer(method: work.name, inTask: true)
        }
        guard let name = SyntaxText.calledName(node), Self.isLoadingCall(name), Self.isWholeStatement(node),
              !SyntaxText.isAwaited(node), Self.callsOwnMethod(node) else { return nil }
        return .loadCalledInInitializer(method: name, inTask: false)
    }

    /// `load()` or `self.load()`.
    private static func callsOwnMethod(_ node: FunctionCallExprSyntax) -> Bool {
        if node.calledExpression.is(DeclReferenceExprSyntax.self) { return true }
        return node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.isSelfKeyword == true
    }

    /// The method whose body (closures in it included) the walk is in; nil in initializers and elsewhere.
    private var enclosingMethodName: String? {
        for scope in walk.scopes {
            switch scope {
            case .function(let name): return name
            case .initializer, .viewBuilding: return nil
            case .action, .closure: continue
            }
        }
        return nil
    }

    func recordModelSites(memberAccess node: MemberAccessExprSyntax) {
        let base = node.base
        let property = viewModelProperty(at: base)
        // Most member accesses name no view model, and few can be a type's shared instance (`Store.shared`), whose
        // receiver is a capitalised name: the member's name is made only for those.
        let typeName = isInClassLikeType ? base?.as(DeclReferenceExprSyntax.self)?.baseName : nil
        let mayBeSharedInstance = typeName?.mayBeCapitalized ?? false
        guard property != nil || mayBeSharedInstance else { return }
        let member = node.declName.baseName.identifierName
        if mayBeSharedInstance, let typeName, Self.sharedInstanceMembers.contains(member), isInsideMethod,
           SyntaxText.isCapitalized(typeName.identifierName) {
            noteModelSite(.sharedInstanceInMethod(type: typeName.identifierName, member: member), at: node)
        }
        if let property {
            let isCall = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
            noteModelSite(.viewModelMemberAccess(property: property, member: member, isCall: isCall), at: node)
        }
    }

    /// `viewModel` or `self.viewModel`, when it names a stored property of the enclosing type declared so far
    /// whose type names a view model. Only those accesses are kept: the `mvvm-io` shape rule needs no others.
    private func viewModelProperty(at base: ExprSyntax?) -> String? {
        guard let base, let typeIndex = typeFactIndices.last, let properties = viewModelPropertiesByType[typeIndex] else { return nil }
        let name: String
        if let reference = base.as(DeclReferenceExprSyntax.self), !reference.baseName.isSelfKeyword {
            name = reference.baseName.identifierName
        } else if let member = base.as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.isSelfKeyword == true {
            name = member.declName.baseName.identifierName
        } else {
            return nil
        }
        return properties.contains(name) ? name : nil
    }

    /// The call, with any `try`/`await`, is a statement of its own, so its result is dropped: it starts work.
    /// `settings = store.load()` directly in `init` only reads a value that is already there.
    private static func isWholeStatement(_ node: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
            current = parent
        }
        return current.parent?.is(CodeBlockItemSyntax.self) ?? false
    }

    private static func isLoadingCall(_ name: String) -> Bool {
        loadingVerbs.contains { verb in
            guard name.hasPrefix(verb) else { return false }
            // `loadItems` but not `loaded` or `fetchedResults`: the verb is a whole word.
            return name.count == verb.count || SyntaxText.isCapitalized(String(name.dropFirst(verb.count)))
        }
    }
}

// MARK: Member writes (viewmodel-public-setter)

extension FileWalker {
    /// Methods of the standard collections and `Bool` (and SwiftUI's `move(fromOffsets:toOffset:)`) that mutate
    /// their receiver: `viewModel.items.append(x)` sets `items`.
    private static let mutatingMethods = TokenNameSet([
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "removeValue",
        "popLast", "popFirst", "toggle", "sort", "reverse", "shuffle", "formUnion", "formIntersection",
        "formSymmetricDifference", "subtract", "merge", "updateValue", "replaceSubrange", "swapAt", "move",
    ])

    /// `target = …` and `target += …`.
    func recordMemberWrite(sequence node: SequenceExprSyntax) {
        // Only the first two elements matter; copying every element of a long expression did not.
        var elements = node.elements.eachElement.makeIterator()
        guard let target = elements.next(), let operation = elements.next(), elements.next() != nil else { return }
        let assigns = operation.is(AssignmentExprSyntax.self)
            || (operation.as(BinaryOperatorExprSyntax.self).map { Self.isCompoundAssignment($0.operator.plainText) } ?? false)
        if assigns { recordMemberWrite(of: target, at: target) }
    }

    /// `target.append(x)`, `target.toggle()`; `.assign(to: \.count, on: target)` (Combine's key-path writer).
    func recordMemberWrite(call: CallShape) {
        guard let member = call.member, let method = call.name else { return }
        let node = call.node
        // Asked of every member call: the name is compared as bytes, not made.
        if Self.mutatingMethods.contains(method), let base = member.base {
            recordMemberWrite(of: base, at: base)
        } else if method.isIdentifier("assign"), let keyPath = node.arguments.eachElement.first(where: { $0.label?.plainText == "to" })?.expression.as(KeyPathExprSyntax.self),
                  let target = node.arguments.eachElement.first(where: { $0.label?.plainText == "on" })?.expression,
                  let (receiver, root) = Self.writtenMember(target) {
            let components = keyPath.components.compactMap { $0.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.identifierName }
            guard let written = components.last else { return }
            let path = (root.map { receiver + [$0] } ?? receiver) + components.dropLast()
            noteMemberWrite(receiver: path, member: written, at: keyPath)
        }
    }

    func recordMemberWrite(of target: ExprSyntax, at node: some SyntaxProtocol) {
        guard let (receiver, member) = Self.writtenMember(target), let member else { return }
        // A bare name that a local or parameter declares is not the property it may shadow.
        if receiver.isEmpty, Self.isBareName(target), Self.rootBinding(named: member, around: Syntax(node)) != nil { return }
        noteMemberWrite(receiver: receiver, member: member, at: node)
    }

    /// `count`, `items[0]`, `draft?` — not `self.count`.
    private static func isBareName(_ expression: ExprSyntax) -> Bool {
        var current = SyntaxText.withoutOptionalMarks(expression)
        while let subscripted = current.as(SubscriptCallExprSyntax.self) { current = SyntaxText.withoutOptionalMarks(subscripted.calledExpression) }
        guard let reference = current.as(DeclReferenceExprSyntax.self) else { return false }
        return !reference.baseName.isSelfKeyword
    }

    private func noteMemberWrite(receiver: [String], member: String, at node: some SyntaxProtocol) {
        // Through `self` only a class's (or an extension's) own code can write a model's property.
        guard !receiver.isEmpty || isInClassLikeType else { return }
        // `$0 = …` in a closure writes a parameter; `$count` is the projection of `count`.
        guard !(member.hasPrefix("$") && member.dropFirst().first?.isNumber == true) else { return }
        let member = member.hasPrefix("$") ? String(member.dropFirst()) : member
        let root = receiver.first.flatMap { root in
            SyntaxText.isCapitalized(root) || root == "?" ? nil : Self.rootBinding(named: root, around: Syntax(node))
        }
        facts.memberWrites.append(MemberWriteFact(receiver: receiver, member: member, root: root,
                                                  enclosingType: walk.typeStack.last?.qualifiedName, position: position(node),
                                                  isInInitializer: walk.isInsideInitializer,
                                                  offMainContext: receiver.isEmpty ? offMainContext : nil))
    }

    /// Why code at this point of a class runs off the main thread, read from the frames around it; nil when they
    /// do not tell (a synchronous method runs on its caller's thread, a callback on its API's).
    private var offMainContext: String? {
        var inTask = false
        for frame in executionFrames.reversed() {
            switch frame {
            case .transparent:
                continue
            case .unknown:
                // A callback inside the task runs on its API's thread; a task started inside a callback still
                // inherits no actor from it.
                if inTask { continue } else { return nil }
            case .main:
                return nil
            case .offMain(let why):
                return why
            case .task:
                inTask = true
            case .function(let name, let isAsync, let isMainActor):
                if isMainActor { return nil }
                if inTask { return "in a `Task` that the nonisolated `\(name)` starts, which runs on the global executor" }
                return isAsync ? "in the nonisolated `async` method `\(name)`, which runs on the global executor" : nil
            }
        }
        return nil
    }

    /// Closures that run synchronously where they are written.
    private static let synchronousClosureCalls: Set<String> = [
        "withAnimation", "withTransaction", "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted",
        "first", "contains", "allSatisfy", "min", "max", "removeAll", "firstIndex", "lastIndex", "last",
    ]

    /// Where a closure runs: `Task {}` inherits the isolation around it, `Task.detached {}`, `DispatchQueue.global().async {}`
    /// and `URLSession` completion handlers run off the main thread, `MainActor.run {}`, `DispatchQueue.main.async {}`
    /// and `@MainActor in` closures on it, `forEach`/`withAnimation` closures where they are written; others are unknown.
    static func executionFrame(of closure: ClosureExprSyntax) -> ExecutionFrame {
        if let attributes = closure.signature?.attributes, SyntaxText.attributeNames(attributes).contains("MainActor") { return .main }
        guard let call = closureCall(closure) else { return .unknown }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.identifierName
            if name == "Task" { return .task }
            return synchronousClosureCalls.contains(name) ? .transparent : .unknown
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return .unknown }
        let name = member.declName.baseName.identifierName
        // Printed only for the calls whose receiver matters, once: in a modifier chain the receiver is everything
        // before the closure, and printing it for every closure made long chains quadratic.
        let receiver = { member.base?.trimmedText ?? "" }
        switch name {
        case "detached", "init":
            guard receiver() == "Task" else { return synchronousClosureCalls.contains(name) ? .transparent : .unknown }
            return name == "detached" ? .offMain("in `Task.detached`") : .task
        case "run", "assumeIsolated":
            return receiver() == "MainActor" ? .main : .unknown
        case "async", "asyncAfter", "asyncAndWait":
            let base = receiver()
            if base.hasSuffix("main") || base.hasSuffix("Main") { return .main }
            if base.contains("global") { return .offMain("on a global dispatch queue") }
            // A queue of the class's own (`syncQueue.async { … }`) is a background queue.
            return base.lowercased().contains("queue") ? .offMain("on the dispatch queue `\(base)`") : .unknown
        case "dataTask", "downloadTask", "uploadTask":
            return .offMain("in a `URLSession` completion handler")
        case "sink":
            // A Combine pipeline delivers where its last `receive(on:)` says.
            guard let scheduler = lastReceiveScheduler(before: member.base) else { return .unknown }
            if scheduler.hasSuffix("main") || scheduler.hasSuffix("Main") { return .main }
            return scheduler.contains("global") ? .offMain("in a Combine `sink` after `receive(on: \(scheduler))`") : .unknown
        default:
            return synchronousClosureCalls.contains(name) ? .transparent : .unknown
        }
    }

    /// `DispatchQueue.global()` in `publisher.receive(on: DispatchQueue.global()).map { … }`: the scheduler of
    /// the nearest `receive(on:)` up the chain.
    private static func lastReceiveScheduler(before expression: ExprSyntax?) -> String? {
        var current = expression
        while let call = current?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.identifierName == "receive", let scheduler = call.arguments.eachElement.first(where: { $0.label?.plainText == "on" }) {
                return scheduler.expression.trimmedText
            }
            current = member.base
        }
        return nil
    }

    /// The call a closure is the trailing closure or an argument of.
    private static func closureCall(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }
        if let argument = closure.parent?.as(LabeledExprSyntax.self) { return argument.parent?.parent?.as(FunctionCallExprSyntax.self) }
        if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self) { return element.parent?.parent?.as(FunctionCallExprSyntax.self) }
        return nil
    }

    /// A value a helper was handed or unwrapped from a model: a parameter of the enclosing function
    /// (`func label(for date: Date)`) or a local bound from a member (`guard let date = entry.date`).
    static func isModelValue(_ name: String, around node: Syntax) -> Bool {
        switch rootBinding(named: name, around: node) {
        case .alias(let chain)?: return chain == [name] ? parameterType(named: name, around: node) != nil : !chain.isEmpty
        case .type?: return parameterType(named: name, around: node) != nil
        default: return false
        }
    }

    /// What `name` is bound to where `node` reads it: a local declared before it (`let model = FeedModel()`,
    /// `var draft: Draft`, `guard let strongSelf = self`, `if let model = self.model`), a parameter of the
    /// enclosing function, or a closure parameter; nil when the code around declares no such name.
    private static func rootBinding(named name: String, around node: Syntax) -> MemberWriteFact.RootBinding? {
        var child = node
        var current = node.parent
        while let candidate = current, !candidate.isDeclGroup {
            // One kind test a level: most levels are none of these, and a failed cast per kind cost more than the
            // climb itself (this runs for every assignment and mutating call).
            switch candidate.kind {
            case .codeBlockItemList:
                var found: MemberWriteFact.RootBinding?
                for item in candidate.cast(CodeBlockItemListSyntax.self).eachElement {
                    if item.id == child.id { break }
                    if let declaration = item.item.as(VariableDeclSyntax.self) {
                        for binding in declaration.bindings.eachElement where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName == name {
                            found = bound(annotation: binding.typeAnnotation?.type, value: binding.initializer?.value)
                        }
                    } else if let guardStatement = item.item.as(GuardStmtSyntax.self), let binding = optionalBinding(named: name, in: guardStatement.conditions) {
                        found = binding
                    }
                }
                if let found { return found }
            case .ifExpr:
                let ifExpression = candidate.cast(IfExprSyntax.self)
                if ifExpression.body.id == child.id, let binding = optionalBinding(named: name, in: ifExpression.conditions) { return binding }
            case .whileStmt:
                let whileStatement = candidate.cast(WhileStmtSyntax.self)
                if whileStatement.body.id == child.id, let binding = optionalBinding(named: name, in: whileStatement.conditions) { return binding }
            case .closureExpr:
                if closureParameterNames(candidate.cast(ClosureExprSyntax.self)).contains(name) { return .unknownLocal }
            case .functionDecl, .initializerDecl:
                let parameters = candidate.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
                    ?? candidate.cast(InitializerDeclSyntax.self).signature.parameterClause.parameters
                guard let parameter = parameters.eachElement.first(where: { ($0.secondName ?? $0.firstName).identifierName == name }) else { return nil }
                return .type(SyntaxText.typeName(unwrappedOptional(parameter.type)))
            default:
                break
            }
            child = candidate
            current = candidate.parent
        }
        return nil
    }

    private static func optionalBinding(named name: String, in conditions: ConditionElementListSyntax) -> MemberWriteFact.RootBinding? {
        for element in conditions.eachElement {
            guard case .optionalBinding(let binding) = element.condition,
                  binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierName == name else { continue }
            // `if let model` unwraps the property of the same name.
            return binding.initializer == nil && binding.typeAnnotation == nil ? .alias([name])
                : bound(annotation: binding.typeAnnotation?.type, value: binding.initializer?.value)
        }
        return nil
    }

    /// A local's type from its annotation, the type it constructs or casts to, or the members it aliases.
    private static func bound(annotation: TypeSyntax?, value: ExprSyntax?) -> MemberWriteFact.RootBinding {
        if let annotation { return .type(SyntaxText.typeName(unwrappedOptional(annotation))) }
        guard var value else { return .unknownLocal }
        while true {
            if let attempt = value.as(TryExprSyntax.self) { value = attempt.expression }
            else if let awaited = value.as(AwaitExprSyntax.self) { value = awaited.expression }
            else { break }
        }
        if let cast = value.as(AsExprSyntax.self) { return .type(SyntaxText.typeName(unwrappedOptional(cast.type))) }
        // Unfolded, `x as? Cell` is a sequence: the value, the `as`, the type.
        if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true,
           let type = sequence.elements.last?.as(TypeExprSyntax.self)?.type {
            return .type(SyntaxText.typeName(unwrappedOptional(type)))
        }
        if let callee = SyntaxText.calleeName(value), SyntaxText.isCapitalized(callee) { return .type(callee) }
        return memberChain(value).map { .alias($0) } ?? .unknownLocal
    }

    private static func unwrappedOptional(_ type: TypeSyntax) -> TypeSyntax {
        var type = type
        while let wrapped = type.as(OptionalTypeSyntax.self)?.wrappedType ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType {
            type = wrapped
        }
        return type
    }

    /// `{ cell, item in … }`, `{ (cell: Cell) in … }`; `$0` needs no declaration.
    private static func closureParameterNames(_ closure: ClosureExprSyntax) -> [String] {
        guard let parameters = closure.signature?.parameterClause else { return [] }
        if case .simpleInput(let names) = parameters { return names.map { $0.name.identifierName } }
        if case .parameterClause(let clause) = parameters { return clause.parameters.map { ($0.secondName ?? $0.firstName).identifierName } }
        return []
    }

    /// `cell.viewModel.items[0]!` → (`["cell", "viewModel"]`, `items`); `self.count` and `count` → (`[]`, `count`);
    /// `self` → (`[]`, nil). Subscripts and optional marks are looked through; a root that is no name is `"?"`.
    private static func writtenMember(_ expression: ExprSyntax) -> (receiver: [String], member: String?)? {
        var reversedNames: [String] = []
        var current = SyntaxText.withoutOptionalMarks(expression)
        while true {
            if let subscripted = current.as(SubscriptCallExprSyntax.self) {
                current = SyntaxText.withoutOptionalMarks(subscripted.calledExpression)
            } else if let member = current.as(MemberAccessExprSyntax.self) {
                // `.constant` and friends: an implicit member, not a stored property reached through a value.
                guard let base = member.base else { return nil }
                reversedNames.append(member.declName.baseName.identifierName)
                current = SyntaxText.withoutOptionalMarks(base)
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                if !reference.baseName.isSelfKeyword { reversedNames.append(reference.baseName.identifierName) }
                break
            } else if current.is(TupleExprSyntax.self) || current.is(DiscardAssignmentExprSyntax.self) {
                return nil
            } else {
                reversedNames.append("?")
                break
            }
        }
        let names = Array(reversedNames.reversed())
        guard let member = names.last, member != "?" else { return names.isEmpty ? ([], nil) : nil }
        return (Array(names.dropLast()), member)
    }
}

/// Where a function or closure runs, as far as its code tells (`FileWalker.executionFrames`).
enum ExecutionFrame {
    case function(name: String, isAsync: Bool, isMainActor: Bool)
    /// `Task {}`: inherits the isolation of the code around it.
    case task
    case offMain(String)
    case main
    /// Runs synchronously where it is written (`forEach`, `withAnimation`).
    case transparent
    case unknown
}

