#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Everything the project declares, merged across files: a type's declaration and all its extensions.
/// Built once from the facts of every file; rules ask it questions instead of re-reading code. A class: it never
/// changes once built, and rules, closures and the project context pass it around, where a struct of a dozen
/// tables was copied field by field (a seventh of a one-change run's retains and releases).
public final class ProjectIndex: @unchecked Sendable {
    /// A type as the whole project sees it. A class, so that a look-up shares the entry instead of copying its facts
    /// (copies of entries were a tenth of a one-change run): the index fills it in while it is built, `complete()`
    /// last, and only reads it afterwards, which is what makes sharing it with the project rules' threads safe.
    ///
    /// Its variables, and the index's tables, are `@exclusivity(unchecked)`: they are written while the index is built
    /// and only read afterwards, and the run-time check of every access (a call and an entry in the thread's access
    /// set) was 3 % of a one-change run, half of it in the scope search.
    public final class TypeEntry: @unchecked Sendable {
        /// The key the index, the roles, the relations and the map use: the qualified name (`FeedView.ViewModel`), made
        /// unique with the module or, for a `private` type, the file when two declarations share it.
        public let id: String
        /// The simple name (`ViewModel`).
        public let name: String
        /// The name from file scope: enclosing types and the type (`FeedView.ViewModel`).
        public let qualifiedName: String
        /// The target that compiles the declaration ("" when unknown).
        public let module: String
        /// The primary declaration (nil when the project only extends a type declared elsewhere, e.g. `View`).
        public let declaration: TypeFact?
        public let declarationPath: String?
        /// The declaration's place in the project's files (`ProjectContext.files`), when the project has it.
        let declarationFile: Int?
        @exclusivity(unchecked) public fileprivate(set) var extensions: [(path: String, fact: TypeFact)] = []
        /// Each extension's place in the project's files, as `extensions`.
        @exclusivity(unchecked) fileprivate(set) var extensionFiles: [Int] = []
        /// The project types named in the inheritance clauses (superclass, protocols), resolved in scope.
        @exclusivity(unchecked) public fileprivate(set) var inheritedIDs: [String] = []
        /// The type whose scope encloses this one (`FeedView` for `FeedView.ViewModel`); nil at file scope.
        @exclusivity(unchecked) fileprivate var outerID: String?
        /// Whether a qualified name the index knows starts with this one's and a dot (`FeedView.ViewModel` for
        /// `FeedView`, also `FeedView.Row.Model`): only then can a name looked up in its scope be found there.
        @exclusivity(unchecked) fileprivate var enclosesTypes = false
        /// Conformances and superclass as written (last name component), from the declaration and every extension,
        /// each once. A list, not a set: most types have no extension and share their declaration's list, where a set
        /// was made for each (1.5 MB for fifteen apps linted together); it holds a few names, read by `contains`.
        @exclusivity(unchecked) public private(set) var inherited: [String] = []
        /// The declaration's, then each extension's.
        @exclusivity(unchecked) public private(set) var properties = MergedFacts<PropertyFact>()
        @exclusivity(unchecked) public private(set) var methods = MergedFacts<MethodFact>()
        /// Properties assigned by an initializer, whether declared with the type or in an extension, each once.
        @exclusivity(unchecked) public private(set) var initializerAssignments: [String] = []

        fileprivate init(id: String, name: String, qualifiedName: String, module: String, declaration: TypeFact? = nil,
                         declarationPath: String? = nil, declarationFile: Int? = nil) {
            self.id = id
            self.name = name
            self.qualifiedName = qualifiedName
            self.module = module
            self.declaration = declaration
            self.declarationPath = declarationPath
            self.declarationFile = declarationFile
        }

        /// Merges what the declaration and the extensions declare, once every extension is attached.
        fileprivate func complete() {
            if extensions.isEmpty, let declaration {
                // Most types: nothing to merge.
                inherited = declaration.inherited
                properties = MergedFacts(only: declaration.properties)
                methods = MergedFacts(only: declaration.methods)
                initializerAssignments = declaration.initializerAssignments
                return
            }
            let parts = [declaration].compactMap { $0 } + extensions.map(\.fact)
            inherited = parts.flatMap(\.inherited).eachOnce()
            properties = MergedFacts(parts.map(\.properties))
            methods = MergedFacts(parts.map(\.methods))
            initializerAssignments = parts.flatMap(\.initializerAssignments).eachOnce()
        }

        /// A `static` member whose declared or constructed type is the type itself (`static let shared = Store()`,
        /// `static var preview: Self`): an instance of the type reachable through its name.
        public func holdsItself(_ property: PropertyFact) -> Bool {
            guard property.isStatic, let held = property.heldTypeName.map(Architecture.bareTypeName) else { return false }
            return held == name || held == "Self" || held == qualifiedName
        }

        public var kind: TypeKind? { declaration?.kind }

        /// The places in the project's files of `parts`, in its order.
        var partFiles: [Int] { [declarationFile].compactMap { $0 } + extensionFiles }

        /// The declaration (when the project has it) and every extension, each with its file: a member is reported in
        /// the file that declares it, which for a method or computed property of an extension is not the type's.
        public var parts: [(path: String, fact: TypeFact)] {
            guard let declaration, let declarationPath else { return extensions }
            return [(declarationPath, declaration)] + extensions
        }
    }

    @exclusivity(unchecked) private(set) var types = StringTable<TypeEntry>()
    /// Every entry in the order of its id, sorted once: rules report in name order.
    @exclusivity(unchecked) public private(set) var entriesInNameOrder: [TypeEntry] = []
    /// `displayName` of every entry, made once: messages, evidence and relations ask for names over and over, and
    /// each answer counted the namesakes, hundreds for a `ViewModel` when many apps are linted together.
    @exclusivity(unchecked) private var displayNames = StringTable<String>()
    @exclusivity(unchecked) private var viewCache = StringTable<Bool>()
    /// Of the observable classes: roles, lifetimes and rules ask for every property's held type.
    @exclusivity(unchecked) private var observationKinds = StringTable<ObservationKind>()
    /// The declarations (and extended outside types) of each qualified name, in id order; more than one when modules
    /// or files declare the same name. Entries, not ids: `resolve` reads them, and an id was hashed again to find one.
    @exclusivity(unchecked) private var entriesByQualifiedName = StringTable<[TypeEntry]>()
    /// The declared types of each simple name: messages qualify a name only where it is ambiguous.
    @exclusivity(unchecked) private var idsBySimpleName = StringTable<[String]>()
    /// The id of the type each fact's `enclosingType` names, per file (`FeedView.ViewModel` in `Feed.swift`).
    @exclusivity(unchecked) private var enclosingIDs = StringTable<StringTable<String>>()
    /// The last component of every qualified name above (`ViewModel` of `FeedView.ViewModel`). Every way `resolve`
    /// finds a type ends in a qualified name with the reference's last component, so a reference whose last component
    /// is none of these names no project type: most references name the SDK's (`Text`, `String`, `Color`), and each
    /// one's walk through the scopes built and looked up a name per enclosing and inherited type.
    /// Held in a filter (`NameFilter`) that may answer "perhaps" for a name it was not given: that sends the reference
    /// on to the search, which is exact, and a "no" means no component is equal. A set of the components themselves
    /// took many times the memory (1 MB for the 13,000 types of fifteen apps linted together).
    @exclusivity(unchecked) private var lastComponents = NameFilter(capacity: 0)
    /// The last components of the nested qualified names only (`ViewModel` of `FeedView.ViewModel`). A name found
    /// through an enclosing or inherited scope is `Scope.name`, a nested name: a reference whose last component no
    /// nested type has can only be a file-scope type, and its walk through the scopes is skipped.
    @exclusivity(unchecked) private var nestedLastComponents = NameFilter(capacity: 0)
    private let moduleOfPath: StringTable<String>
    /// What `resolve` answered, once the index is complete (while it is built, inherited types are still being
    /// resolved and answers change). Roles, relations, the profile and the project rules resolve the same names
    /// over and over, and each resolution walks entries and builds names.
    @exclusivity(unchecked) private var resolutions: ResolutionMemo?

    /// `moduleOf` names the target compiling each file: types of different targets with one name stay apart, and a
    /// reference prefers its own target's type.
    public init(files: [FileFacts], moduleOf: (String) -> String = { _ in "" }) {
        let fileModules = files.map { moduleOf($0.path) }
        var modules = StringTable<String>(minimumCapacity: files.count)
        for index in files.indices { modules[files[index].path] = fileModules[index] }
        moduleOfPath = modules
        // Every name an extension is written with, and the files writing it, known before any type is registered:
        // what an extension joins must not depend on which file comes first, and a file's `private` type is not the
        // type another file extends by its name.
        var extendingFiles: [String: Set<String>] = [:]
        for fileIndex in files.indices {
            for type in files[fileIndex].types where type.kind == .extension {
                extendingFiles[type.qualifiedName, default: []].insert(files[fileIndex].path)
            }
        }
        let declared = registerDeclarations(files, modules: fileModules, extendingFiles: extendingFiles)
        // The last components of the declarations' names need only the declarations: found on the other core while
        // the extensions are attached, which add the outside types they extend.
        let (extended, components) = ParallelMap.both({ attachExtensions(files, extendingFiles: extendingFiles) },
                                                      aside: { Self.lastComponents(of: declared) })
        (lastComponents, nestedLastComponents) = components
        for entry in extended { Self.addLastComponent(of: entry.qualifiedName, to: &lastComponents, nested: &nestedLastComponents) }
        linkEnclosingScopes()
        resolveInheritedTypes()
        // The name order and the names read only what registration wrote: made on the other core while the facts
        // are merged and the views and observable classes told (which read the merged facts).
        let (told, named) = ParallelMap.both({ () -> (views: StringTable<Bool>, observations: StringTable<ObservationKind>) in
            for entry in types.values { entry.complete() }
            var views = StringTable<Bool>(minimumCapacity: types.count)
            var observations = StringTable<ObservationKind>()
            for id in types.keys {
                views[id] = computeIsView(id, visiting: [])
                if let observation = observation(of: id, visiting: []) { observations[id] = observation }
            }
            return (views, observations)
        }, aside: { [self] in (order: types.values.sorted { $0.id < $1.id }, names: nameEveryEntry()) })
        (viewCache, observationKinds) = told
        (entriesInNameOrder, displayNames) = named
        resolutions = ResolutionMemo()
    }

    /// One pass over every entry's qualified name, cut at each of its dots: sets `enclosesTypes` of the entries named
    /// by every proper prefix (a search looks a name up in a scope by joining the two, which for most scopes, types
    /// that nest none, built a string and hashed it for nothing), and finds the entry's outer scope from the last
    /// prefix (every resolution walks out through these, so each is found once).
    private func linkEnclosingScopes() {
        for entry in types.values {
            // In the name's bytes: a Character search segments graphemes, and the view's searches from an index went
            // through the generic slice.
            var name = entry.qualifiedName
            let outerName = name.withUTF8 { bytes -> String? in
                var outerName: String?
                for dot in bytes.indices where bytes[dot] == UInt8(ascii: ".") {
                    let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<dot]), as: UTF8.self)
                    for outer in entriesByQualifiedName[prefix] ?? [] { outer.enclosesTypes = true }
                    outerName = prefix
                }
                return outerName
            }
            entry.outerID = outerName.flatMap { resolveQualified($0, in: entry.declarationPath ?? entry.extensions.first?.path ?? "") }
        }
    }

    /// Resolves every entry's inheritance clauses, outer types before the types they enclose: a name is looked up from
    /// the enclosing type, which sees what its own superclass declares (`class Screen: Base { class Store: Model }`
    /// finds `Base.Model`), so the enclosing type's clauses must be resolved first; the table's own order changes from
    /// run to run. An entry reads only shallower ones, so any order within a depth gives the same answers.
    private func resolveInheritedTypes() {
        var levels: [[TypeEntry]] = []
        for entry in types.values {
            let depth = entry.qualifiedName.utf8.reduce(0) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
            while levels.count <= depth { levels.append([]) }
            levels[depth].append(entry)
        }
        // Within a level, entries read only shallower ones: each level is resolved on all cores, then stored.
        for level in levels {
            let resolved = ParallelMap.run(level) { [self] entry in inheritedIDs(of: entry) }
            for (entry, ids) in zip(level, resolved) { entry.inheritedIDs = ids }
        }
    }

    /// The project types an entry's declaration and extensions inherit, in the order written, each once.
    private func inheritedIDs(of entry: TypeEntry) -> [String] {
        var inheritedIDs: [String] = []
        let scope = outerScope(of: entry)
        let resolveAll = { (names: [String], path: String) in
            for name in names {
                if let parent = self.resolve(name, from: scope, in: path), parent != entry.id, !inheritedIDs.contains(parent) {
                    inheritedIDs.append(parent)
                }
            }
        }
        // The declaration's names, then each extension's: read in place, not gathered into a list per type.
        if let names = entry.declaration?.inherited { resolveAll(names, entry.declarationPath ?? "") }
        for place in entry.extensions.indices { resolveAll(entry.extensions[place].fact.inherited, entry.extensions[place].path) }
        return inheritedIDs
    }

    /// Registers every declaration; returns the entries made.
    /// `modules` are the files' targets, by the files' indices: looked up by path, each type hashed its file's path again.
    private func registerDeclarations(_ files: [FileFacts], modules: [String], extendingFiles: [String: Set<String>]) -> [TypeEntry] {
        // Grouped by place (file, type): a copy of a declaration's fact was most of this step.
        // Read through indices: binding each file and fact copied them, a retain for every field.
        var declarations = StringTable<[(file: Int, type: Int)]>(minimumCapacity: files.reduce(0) { $0 + $1.types.count })
        for fileIndex in files.indices {
            let facts = files[fileIndex].types
            for typeIndex in facts.indices where facts[typeIndex].kind != .extension {
                declarations[facts[typeIndex].qualifiedName, default: []].append((fileIndex, typeIndex))
            }
        }
        types.reserveCapacity(declarations.count)
        var made: [TypeEntry] = []
        made.reserveCapacity(declarations.count)
        entriesByQualifiedName.reserveCapacity(declarations.count)
        idsBySimpleName.reserveCapacity(declarations.count)
        for (qualifiedName, places) in declarations {
            if places.count == 1, let place = places.first {
                // Most names: declared once, the qualified name is the id. No group to compare it with, unless the
                // type is `private` and another file extends the name: that is another type (the SDK's), which
                // needs the bare id for its own entry.
                let path = files[place.file].path
                let fact = files[place.file].types[place.type]
                let id = fact.isPrivate && extendingFiles[qualifiedName].map({ !$0.subtracting([path]).isEmpty }) == true
                    ? qualifiedName + " @" + path : qualifiedName
                let entry = TypeEntry(id: id, name: fact.name, qualifiedName: qualifiedName, module: modules[place.file],
                                      declaration: fact, declarationPath: path, declarationFile: place.file)
                types[id] = entry
                made.append(entry)
                entriesByQualifiedName[qualifiedName] = [entry]
                idsBySimpleName[fact.name, default: []].append(id)
                continue
            }
            let group = places.map { (path: files[$0.file].path, isPrivate: files[$0.file].types[$0.type].isPrivate, module: modules[$0.file]) }
            for (place, (path, isPrivate, module)) in zip(places, group) {
                let id: String
                if isPrivate {
                    id = qualifiedName + " @" + path
                } else if group.contains(where: { !$0.isPrivate && $0.module != module }) {
                    let moduleQualified = module + "." + qualifiedName
                    if module.isEmpty {
                        id = qualifiedName
                    } else if declarations[moduleQualified] == nil {
                        id = moduleQualified
                    } else {
                        // `App.Foo` is also a type nested in an `App` type: one id for both made them one entry, the
                        // first this table's order (which changes from run to run) reached.
                        id = qualifiedName + " @" + path
                    }
                } else {
                    // One module declaring the name twice: the branches of an `#if`, one type.
                    id = qualifiedName
                }
                let fact = files[place.file].types[place.type]
                if let entry = types[id] {
                    entry.extensions.append((path, fact))
                    entry.extensionFiles.append(place.file)
                } else {
                    let entry = TypeEntry(id: id, name: fact.name, qualifiedName: qualifiedName, module: module,
                                          declaration: fact, declarationPath: path, declarationFile: place.file)
                    types[id] = entry
                    made.append(entry)
                    entriesByQualifiedName[qualifiedName, default: []].append(entry)
                    idsBySimpleName[fact.name, default: []].append(id)
                }
            }
        }
        Self.sortLongerLists(&entriesByQualifiedName) { $0.id < $1.id }
        Self.sortLongerLists(&idsBySimpleName, by: <)
        return made
    }

    /// The last components of the entries' qualified names, and those of the nested ones alone (`lastComponents`).
    /// Made with room for a tenth more names than the declarations: the extended outside types join them later.
    private static func lastComponents(of entries: [TypeEntry]) -> (all: NameFilter, nested: NameFilter) {
        var all = NameFilter(capacity: entries.count + entries.count / 10), nested = all
        for entry in entries { addLastComponent(of: entry.qualifiedName, to: &all, nested: &nested) }
        return (all, nested)
    }

    private static func addLastComponent(of qualifiedName: String, to all: inout NameFilter, nested: inout NameFilter) {
        all.insert(lastComponentOf: qualifiedName)
        if qualifiedName.utf8.contains(UInt8(ascii: ".")) { nested.insert(lastComponentOf: qualifiedName) }
    }

    /// Puts each list of more than one element in order, in place: mapping the table copied every list and key, and
    /// a look-up by key hashed it again.
    private static func sortLongerLists<Element>(_ table: inout StringTable<[Element]>, by areInIncreasingOrder: (Element, Element) -> Bool) {
        table.updateEachValue { list in if list.count > 1 { list.sort(by: areInIncreasingOrder) } }
    }

    /// An extension joins the type its name resolves to from file scope; an extended outside type (`View`,
    /// `String`) gets an entry without declaration. Returns those entries.
    /// `extendingFiles` holds every name an extension is written with: whether `extension Color.Resolved` is the
    /// extended `Color`'s `Resolved` or a module `Color`'s, and whether `extension SwiftUI.View` joins the entry
    /// `extension View` makes, must not depend on which file comes first.
    private func attachExtensions(_ files: [FileFacts], extendingFiles: [String: Set<String>]) -> [TypeEntry] {
        var made: [TypeEntry] = []
        // Read through indices, as `registerDeclarations`: binding each file and fact copied them.
        for fileIndex in files.indices {
            let path = files[fileIndex].path, facts = files[fileIndex].types
            var enclosing = StringTable<String>()
            for typeIndex in facts.indices where facts[typeIndex].kind == .extension {
                let qualifiedName = facts[typeIndex].qualifiedName
                let stripped = modulePrefixStripped(qualifiedName, extendingFiles: extendingFiles)
                // A stripped name another file extends is that extension's entry, made here if it comes first.
                let id = resolveQualified(qualifiedName, in: path)
                    ?? stripped.flatMap { resolveQualified($0, in: path) ?? (extendingFiles[$0] != nil ? $0 : nil) }
                    ?? qualifiedName
                let entry: TypeEntry
                if let known = types[id] {
                    entry = known
                } else {
                    // An entry's qualified name is its id: the written one, or the stripped one it stands for.
                    entry = TypeEntry(id: id, name: facts[typeIndex].name, qualifiedName: id, module: "")
                    types[id] = entry
                    made.append(entry)
                    entriesByQualifiedName[id, default: []].append(entry)
                }
                entry.extensions.append((path, facts[typeIndex]))
                entry.extensionFiles.append(fileIndex)
                enclosing[qualifiedName] = id
            }
            for typeIndex in facts.indices where facts[typeIndex].kind != .extension {
                let qualifiedName = facts[typeIndex].qualifiedName
                // Only an answer is kept; in code that compiles there is always one (the file declares the type).
                if let id = pick(entriesByQualifiedName[qualifiedName] ?? [], in: path) { enclosing[qualifiedName] = id }
            }
            // Types nested in an extension (`extension FeedView { final class ViewModel }`) are declared under the
            // extended type's qualified name, which the pass above already registered.
            enclosingIDs[path] = enclosing
        }
        return made
    }

    public func entry(_ id: String) -> TypeEntry? {
        ReadRecorder.noteType(id: id)
        return types[id]
    }

    /// The declared types of one simple name, in id order (several when nested or private types share it).
    public func entries(named name: String) -> [TypeEntry] {
        ReadRecorder.noteType(id: name)
        return (idsBySimpleName[name] ?? []).compactMap { types[$0] }
    }

    /// The entries whose conformances or superclass, as written, include one of `names` (`PreviewProvider`, `App`): a
    /// few types, asked for once by a pass over every construction instead of looking up each creator's entry.
    func ids(inheritingAnyOf names: Set<String>) -> Set<String> {
        Set(types.values.lazy.filter { $0.inherited.contains(where: names.contains) }.map(\.id))
    }

    /// The kind of a type the project declares; nil for unknown types and types it only extends.
    public func kind(of id: String) -> TypeKind? {
        ReadRecorder.noteType(id: id)
        return types[id]?.kind
    }

    /// The type a fact's `enclosingType` (the qualified name of the code's type or extension) is, in its file. Part of
    /// the library's API for a single question; loops over a file's facts ask its `scope(of:)`.
    public func id(ofEnclosing enclosingType: String?, in path: String) -> String? {
        var scope = scope(of: path)
        return scope.id(ofEnclosing: enclosingType)
    }

    /// One file's enclosing types, for a loop over its facts: a path is a long key, and hashing it again for every
    /// fact was most of the look-up.
    func scope(of path: String) -> FileScope {
        FileScope(index: self, path: path, enclosingIDs: enclosingIDs[path])
    }

    /// Tells which type a fact's `enclosingType` (the qualified name of the code's type or extension) is, for the facts
    /// of one file.
    struct FileScope {
        fileprivate let index: ProjectIndex
        let path: String
        fileprivate let enclosingIDs: StringTable<String>?
        fileprivate var last = LastAnswer<String?>()

        mutating func id(ofEnclosing enclosingType: String?) -> String? {
            guard let enclosingType else { return nil }
            ReadRecorder.noteType(id: enclosingType)
            return last.value(for: enclosingType) { [enclosingIDs, index, path] in
                enclosingIDs?[$0] ?? index.resolveQualified($0, in: path)
            }
        }
    }

    /// What a type reference written in code means, resolved as Swift does: the enclosing types of `context` from
    /// the inside out (and the types they inherit from), then file scope, where a `private` type of the same file
    /// and the same target's types come first. Nil for a type the project does not declare (SwiftUI's `Color`
    /// stays SwiftUI's even where some other type nests its own `Color`). Optionals, `any` and generic
    /// arguments are stripped.
    public func resolve(_ reference: String, from context: String?, in path: String) -> String? {
        let name = Architecture.bareTypeName(reference)
        // A name no project type has now is read too: a file that declares one changes the answer.
        ReadRecorder.noteType(id: name)
        // Asked before the memo: its lock and its three-string key cost more than the answer.
        guard mayNameProjectType(name) else { return nil }
        guard let resolutions else { return search(name, from: context, in: path) }
        let question = ResolutionMemo.Question(reference: reference, context: context, path: path)
        if let answer = resolutions.answer(to: question) { return answer }
        let answer = search(name, from: context, in: path)
        resolutions.record(answer, for: question)
        return answer
    }

    /// The scopes' search for `name`, already bare and ending like a project type's.
    private func search(_ name: String, from context: String?, in path: String) -> String? {
        guard !name.isEmpty, let first = name.unicodeScalars.first, !"[(".unicodeScalars.contains(first) else { return nil }
        var scope = nestedLastComponents.mayContain(lastComponentOf: name) ? context.flatMap { types[$0] } : nil
        // Scopes nest a few levels deep; only code that does not compile makes them a cycle, whose scopes would
        // answer again as they did the first time. A bound stops it without a set made for every question.
        var levels = 0
        while let current = scope, levels < Self.maxScopeLevels {
            levels += 1
            if current.enclosesTypes, let found = resolveQualified(current.qualifiedName + "." + name, in: path) { return found }
            for parent in current.inheritedIDs {
                if let parentEntry = types[parent], parentEntry.enclosesTypes,
                   let found = resolveQualified(parentEntry.qualifiedName + "." + name, in: path) {
                    return found
                }
            }
            scope = outerScope(of: current).flatMap { types[$0] }
        }
        if let found = resolveQualified(name, in: path) { return found }
        // `Module.Type`, `SwiftUI.Color`: a first component that names no project type is a module.
        return modulePrefixStripped(name).flatMap { resolveQualified($0, in: path) }
    }

    /// The type a property holds, resolved from the type that declares it: its annotation, the type it constructs,
    /// or the shared instance it reads (`= ThemeManager.shared`, `= Store.default`, a `static let` of the type).
    public func heldType(of property: PropertyFact, in owner: String?, path: String) -> String? {
        if let held = property.heldTypeName, let id = resolve(held, from: owner, in: path) { return id }
        guard property.typeName == nil, let instance = property.initializerInstance,
              let id = resolve(instance.typeName, from: owner, in: path), let entry = types[id] else { return nil }
        if PropertyFact.SharedInstance.conventionalNames.contains(instance.member) { return id }
        return entry.properties.first { $0.name == instance.member && entry.holdsItself($0) } != nil ? id : nil
    }

    /// `heldType`, or the name as written when the project does not declare the type (an SDK's `APIClient`), for
    /// rules that judge outside types by their names.
    public func heldTypeOrWrittenName(of property: PropertyFact, in owner: String?, path: String) -> String? {
        heldType(of: property, in: owner, path: path) ?? property.heldTypeName.map(Architecture.bareTypeName)
    }

    /// The name a message shows: the simple name, qualified where two types of one target share it (types of
    /// other targets are out of sight, and the finding's file says which one is meant).
    public func displayName(_ id: String) -> String {
        ReadRecorder.noteType(id: id)
        return displayNames[id] ?? id
    }

    private func nameEveryEntry() -> StringTable<String> {
        struct Namesake: Hashable {
            var name: String
            var module: String
        }
        // The declared types of each simple name and target (`idsBySimpleName` holds declarations only), counted
        // only for names declared more than once: most names are declared once.
        var sharedCounts: [Namesake: Int] = [:]
        for ids in idsBySimpleName.values where ids.count > 1 {
            for id in ids {
                if let entry = types[id] { sharedCounts[Namesake(name: entry.name, module: entry.module), default: 0] += 1 }
            }
        }
        var names = StringTable<String>(minimumCapacity: types.count)
        for (id, entry) in types {
            // A name declared once is told by one look-up of one string, without the name-and-target key.
            guard (idsBySimpleName[entry.name]?.count ?? 0) > 1,
                  sharedCounts[Namesake(name: entry.name, module: entry.module), default: 0] > 1 else {
                names[id] = entry.name
                continue
            }
            guard (entriesByQualifiedName[entry.qualifiedName]?.count ?? 0) > 1 else {
                names[id] = entry.qualifiedName
                continue
            }
            let file = entry.declarationPath?.split(separator: "/").last.map(String.init)
            let place = entry.declaration?.isPrivate == true ? file : (entry.module.isEmpty ? file : entry.module)
            names[id] = place.map { "\(entry.qualifiedName) (\($0))" } ?? entry.qualifiedName
        }
        return names
    }

    /// More enclosing types than any real declaration has.
    private static let maxScopeLevels = 64

    /// False when no qualified name the index knows ends like `name` (see `lastComponents`).
    private func mayNameProjectType(_ name: String) -> Bool {
        lastComponents.mayContain(lastComponentOf: name)
    }

    /// What follows the last dot (by UTF-8 unit: a Character search segments graphemes); the whole name without one.
    static func lastComponent(_ name: String) -> Substring { lastComponent(name[...]) }

    static func lastComponent(_ name: Substring) -> Substring {
        // Searched in the bytes where they are contiguous (a native string's): the view's generic backward search
        // cost more than the look-up the component is for, and every resolution asks it.
        let utf8 = name.utf8
        guard let afterDot = utf8.withContiguousStorageIfAvailable(offsetAfterLastDot) ?? offsetAfterLastDot(utf8) else { return name }
        return name[utf8.index(utf8.startIndex, offsetBy: afterDot)...]
    }

    /// How many UTF-8 units come up to and including the last dot; nil without one.
    private static func offsetAfterLastDot(_ utf8: some BidirectionalCollection<UInt8>) -> Int? {
        utf8.lastIndex(of: UInt8(ascii: ".")).map { utf8.distance(from: utf8.startIndex, to: $0) + 1 }
    }

    private func outerScope(of entry: TypeEntry) -> String? { entry.outerID }

    fileprivate func resolveQualified(_ qualifiedName: String, in path: String) -> String? {
        guard let candidates = entriesByQualifiedName[qualifiedName] else { return nil }
        return pick(candidates, in: path)
    }

    /// Among same-named types, the one code in `path` sees: its own file's private one, else its target's, else any
    /// non-private one.
    private func pick(_ candidates: [TypeEntry], in path: String) -> String? {
        guard candidates.count > 1 else {
            guard let only = candidates.first else { return nil }
            return only.declaration?.isPrivate == true && only.declarationPath != path ? nil : only.id
        }
        let visible = candidates.filter { $0.declaration?.isPrivate != true || $0.declarationPath == path }
        if let own = visible.first(where: { $0.declaration?.isPrivate == true }) { return own.id }
        let module = moduleOfPath[path] ?? ""
        return (visible.first { $0.module == module } ?? visible.first)?.id
    }

    /// `name` without its first component when that component names no type the project declares or extends: a
    /// module (`SwiftUI.Color`). While extensions are attached, `extendingFiles` holds the names not attached yet.
    private func modulePrefixStripped(_ name: String, extendingFiles: [String: Set<String>] = [:]) -> String? {
        // By UTF-8 unit: a `Character` search segments graphemes, and every extension and unresolved name asks.
        guard let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let first = String(name[..<dot])
        guard entriesByQualifiedName[first] == nil, extendingFiles[first] == nil else { return nil }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// True for types conforming to `View` directly, through a protocol that refines `View`, through a
    /// superclass that is a view, or having a `var body: some View`.
    public func isView(_ id: String) -> Bool {
        noteInheritanceChain(of: id)
        return viewCache[id] ?? false
    }

    /// Notes the type and every project type it inherits from: an answer made from the chain (`isView`, `observation`)
    /// changes with a file that declares or extends any of them.
    private func noteInheritanceChain(of id: String) {
        guard ReadRecorder.isRecording else { return }
        var pending = [id], seen: Set<String> = [id]
        while let next = pending.popLast() {
            ReadRecorder.noteType(id: next)
            for parent in types[next]?.inheritedIDs ?? [] where seen.insert(parent).inserted { pending.append(parent) }
        }
    }

    private func computeIsView(_ id: String, visiting: Set<String>) -> Bool {
        // `View` itself counts, also when the project extends it (code in `extension View` is view code).
        guard id != "View" else { return true }
        guard !visiting.contains(id), let entry = types[id] else { return false }
        let inherited = entry.inherited
        if inherited.contains("View") && !entry.inheritedIDs.contains(where: { types[$0]?.name == "View" }) { return true }
        if entry.kind != .protocol,
           entry.properties.contains(where: { $0.name == "body" && $0.isComputed && ($0.typeName.map(SyntaxText.isSomeView) ?? false) }) {
            return true
        }
        // Most types inherit no project type: no set is made for them.
        guard !entry.inheritedIDs.isEmpty else { return false }
        let next = visiting.union([id])
        return entry.inheritedIDs.contains { computeIsView($0, visiting: next) }
    }

    /// A class made observable by `@Observable` or by conforming to `ObservableObject` (also through a base class).
    public func isObservableClass(_ id: String) -> Bool {
        noteInheritanceChain(of: id)
        return observationKinds[id] != nil
    }

    public enum ObservationKind: Sendable { case observationMacro, observableObject }

    public func observation(of id: String) -> ObservationKind? {
        noteInheritanceChain(of: id)
        return observationKinds[id]
    }

    private func observation(of id: String, visiting: Set<String>) -> ObservationKind? {
        guard !visiting.contains(id), let entry = types[id], entry.kind == .class else { return nil }
        if entry.declaration?.attributes.contains("Observable") == true { return .observationMacro }
        if entry.inherited.contains("ObservableObject") { return .observableObject }
        for parent in entry.inheritedIDs {
            if let kind = observation(of: parent, visiting: visiting.union([id])) { return kind }
        }
        return nil
    }
}

/// What a project rule sees: every file's facts, the index, and each file's target settings.
public struct ProjectContext: Sendable {
    /// Loops that read a few lists of every file read them in place (`files[i].memberWrites`): binding each file
    /// (`for file in files`) copies it, a retain and a release for each of its lists.
    public private(set) var files: [FileFacts]
    public var index: ProjectIndex
    public var architecture: Architecture
    /// Each file's target settings, shared by the files of a target (`SharedSettings`).
    let sharedSettingsByPath: [String: SharedSettings]
    /// Each file's target settings by path, made when asked (a report lists them).
    public var settingsByPath: [String: TargetSettings] { sharedSettingsByPath.mapValues(\.value) }
    /// The profile the run uses (chosen or detected); some rules read it (`viewmodel-in-mv`).
    public var profile: Profile = .mv
    /// The layers `layer-dependency` checks (configured, or the default from presentation-named code).
    public var layers: LayerPlan = .none
    /// In a small project made to judge one changed file (`ChangedFileJudgement`): the names of the properties any view
    /// model of the whole project lets anything set, whose writes `viewmodel-public-setter` gathers from every file —
    /// the small project declares few of them, and a changed write to another must still show. Nil in a whole project.
    var settablePropertyNames: Set<String>?

    /// A project whose files each hold their own settings value (tests and single examples: a handful of files).
    public init(files: [FileFacts], settingsByPath: [String: TargetSettings]) {
        self.init(files: files, sharedSettingsByPath: settingsByPath.mapValues(SharedSettings.init))
    }

    init(files: [FileFacts], sharedSettingsByPath: [String: SharedSettings], timings: PhaseTimings? = nil) {
        self.init(files: files, sharedSettingsByPath: sharedSettingsByPath, answers: nil, timings: timings)
    }

    private init(files: [FileFacts], sharedSettingsByPath: [String: SharedSettings], answers: WholeProjectAnswers?, timings: PhaseTimings?) {
        self.files = files
        self.sharedSettingsByPath = sharedSettingsByPath
        let derived = Self.derive(from: files, settingsByPath: sharedSettingsByPath, answers: answers, timings: timings)
        index = derived.index
        constructionLinks = derived.constructionLinks
        architecture = derived.architecture
        modelSitesByType = derived.modelSitesByType
        declaredViews = derived.declaredViews
        observableClasses = derived.observableClasses
        sceneRootViews = derived.sceneRootViews
        subjectsByFile = Self.groupSubjects(fileCount: files.count, views: derived.declaredViews,
                                            observableClasses: derived.observableClasses, index: derived.index)
    }

    /// What the files' facts make: the index and all that is found from it.
    private struct Derived {
        var index: ProjectIndex
        var constructionLinks: [[ConstructionLink]]
        var architecture: Architecture
        var modelSitesByType: StringTable<[FactPlace]>
        var declaredViews: [DeclaredView]
        var observableClasses: [ObservableClass]
        var sceneRootViews: Set<String>
    }

    private static func derive(from files: [FileFacts], settingsByPath: [String: SharedSettings], answers: WholeProjectAnswers?,
                               timings: PhaseTimings?) -> Derived {
        let index = ProjectIndex(files: files, moduleOf: { settingsByPath[$0]?.value.name ?? "" })
        timings?.end(.index)
        let links = index.constructionLinks(in: files)
        timings?.end(.constructions)
        if let answers {
            return Derived(index: index, constructionLinks: links, architecture: answers.architecture,
                           modelSitesByType: groupModelSites(files, index: index), declaredViews: findDeclaredViews(in: index),
                           observableClasses: findObservableClasses(in: index, architecture: answers.architecture),
                           sceneRootViews: answers.sceneRootViews)
        }
        // What needs only the index and the constructions is found beside the architecture, whose classification
        // runs on one core: first who creates the observable classes, which the architecture asks for last.
        let creations = Deferred { LifetimeClassifier.Creations(index: index, files: files, constructionLinks: links) }
        let (architecture, found) = ParallelMap.both({
            Architecture(index: index, files: files, constructionLinks: links, creations: creations)
        }, aside: {
            // The views an app-level type (an `App`, `Scene`, app or scene delegate, `@main`) creates are the scene
            // roots the lifetimes and the architecture rules both mean.
            (sites: groupModelSites(files, index: index), views: findDeclaredViews(in: index), roots: creations.value.sceneRoots)
        })
        let observableClasses = findObservableClasses(in: index, architecture: architecture)
        timings?.end(.roles)
        return Derived(index: index, constructionLinks: links, architecture: architecture, modelSitesByType: found.sites,
                       declaredViews: found.views, observableClasses: observableClasses,
                       sceneRootViews: found.roots)
    }

    /// The project types each file's code constructs, with the types that construct them, per file in `files`' order.
    public private(set) var constructionLinks: [[ConstructionLink]]

    private static func groupModelSites(_ files: [FileFacts], index: ProjectIndex) -> StringTable<[FactPlace]> {
        var sites = StringTable<[FactPlace]>()
        for fileIndex in files.indices {
            var scope = index.scope(of: files[fileIndex].path)
            let fileSites = files[fileIndex].modelSites
            for siteIndex in fileSites.indices {
                if let type = scope.id(ofEnclosing: fileSites[siteIndex].enclosingType) {
                    sites[type, default: []].append(FactPlace(file: fileIndex, item: siteIndex))
                }
            }
        }
        return sites
    }

    /// Views and observable classes the project declares, in name order. Several rules walk each list, so they
    /// are found once per index.
    private(set) var declaredViews: [DeclaredView]
    private(set) var observableClasses: [ObservableClass]

    /// Views an app-level type shows first (`WindowGroup { ContentView() }`, a scene delegate's
    /// `UIHostingController(rootView: ContentView())`), found once for the rules that ask.
    private(set) var sceneRootViews: Set<String>

    /// The subjects of each file (in `files`' order) for the rules that judge a file at a time.
    private var subjectsByFile: [FileSubjects]

    /// The file at `position` in `files`, with its subjects, as a project rule judges it.
    func file(at position: Int) -> ProjectFile {
        ProjectFile(facts: files[position], position: position, subjects: subjectsByFile[position])
    }

    private static func groupSubjects(fileCount: Int, views: [DeclaredView], observableClasses: [ObservableClass],
                                      index: ProjectIndex) -> [FileSubjects] {
        var byFile = Array(repeating: FileSubjects(), count: fileCount)
        func place(_ entry: ProjectIndex.TypeEntry, at position: Int, in list: WritableKeyPath<FileSubjects, [Int]>) {
            // A type's parts in one file make it that file's subject once.
            for file in entry.partFiles where !byFile[file][keyPath: list].contains(position) {
                byFile[file][keyPath: list].append(position)
            }
        }
        for position in views.indices { place(views[position].entry, at: position, in: \.views) }
        for position in observableClasses.indices { place(observableClasses[position].entry, at: position, in: \.observableClasses) }
        for (position, entry) in index.entriesInNameOrder.enumerated() {
            if let file = entry.declarationFile { byFile[file].declaredTypes.append(position) }
        }
        return byFile
    }

    /// The files before `file` in the project's order that hold a part (declaration or extension) of the type.
    func files(before file: ProjectFile, holdingPartsOf id: String) -> [FileFacts] {
        guard let entry = index.entry(id) else { return [] }
        let positions = Set(entry.partFiles.filter { $0 < file.position })
        return positions.sorted().map { files[$0] }
    }

    /// The views with a part in the file, in name order.
    func declaredViews(touching file: ProjectFile) -> Subjects<DeclaredView> {
        for place in file.subjects.views { ReadRecorder.noteType(id: declaredViews[place].id, .role) }
        return Subjects(places: file.subjects.views, list: declaredViews)
    }

    /// The observable classes with a part in the file, in name order.
    func observableClasses(touching file: ProjectFile) -> Subjects<ObservableClass> {
        for place in file.subjects.observableClasses { ReadRecorder.noteType(id: observableClasses[place].id, .role) }
        return Subjects(places: file.subjects.observableClasses, list: observableClasses)
    }

    /// The project types the file declares (not those it only extends), in name order.
    func types(declaredIn file: ProjectFile) -> Subjects<ProjectIndex.TypeEntry> {
        for place in file.subjects.declaredTypes { ReadRecorder.noteType(id: index.entriesInNameOrder[place].id, .role) }
        return Subjects(places: file.subjects.declaredTypes, list: index.entriesInNameOrder)
    }

    /// Model and view-model sites grouped by the type whose code holds them, so rules look them up instead of
    /// scanning every file for every model. Held as places in `files`: a copy of every site was a twentieth of a
    /// project's peak memory, and only a few rules ask, each for the observable classes.
    private var modelSitesByType: StringTable<[FactPlace]>

    /// Sites recorded in the code of a type (its declaration or an extension), with their file paths.
    func modelSites(in id: String) -> [(site: ModelSiteFact, path: String)] {
        (modelSitesByType[id] ?? []).map { (files[$0.file].modelSites[$0.item], files[$0.file].path) }
    }

    public func settings(for path: String) -> TargetSettings { sharedSettingsByPath[path]?.value ?? .unknown }

    /// A project of some of this one's files (`positions`, in this project's order) that takes from this one what
    /// depends on every file: the roles, lifetimes and relations, and the scene roots. What a rule asks of a type is
    /// then answered as in the whole project when the part holds every file that declares or extends the names
    /// asked about (docs/INCREMENTAL.md, step 4: a changed file judged in a small project).
    /// `changed` puts other facts in place of one file's (an edited file's), and `architecture` other answers in place of
    /// this project's (the same, with that file's places moved).
    func subproject(of positions: [Int], changed: (position: Int, facts: FileFacts)? = nil, architecture: Architecture? = nil) -> ProjectContext {
        let answers = WholeProjectAnswers(architecture: architecture ?? self.architecture, sceneRootViews: sceneRootViews)
        let facts = positions.map { $0 == changed?.position ? changed!.facts : files[$0] }
        var part = ProjectContext(files: facts, sharedSettingsByPath: sharedSettingsByPath, answers: answers, timings: nil)
        part.profile = profile
        part.layers = layers
        return part
    }

    /// A project of some files of a larger one whose answers that depend on every file (`architecture`, `sceneRootViews`)
    /// were kept by an earlier run (`ChangedFileJudgement`), with its profile and layers.
    static func part(of files: [FileFacts], sharedSettingsByPath: [String: SharedSettings], architecture: Architecture,
                     sceneRootViews: Set<String>, profile: Profile, layers: LayerPlan) -> ProjectContext {
        let answers = WholeProjectAnswers(architecture: architecture, sceneRootViews: sceneRootViews)
        var part = ProjectContext(files: files, sharedSettingsByPath: sharedSettingsByPath, answers: answers, timings: nil)
        part.profile = profile
        part.layers = layers
        return part
    }

    /// The same project after some files changed (a fix round): index and architecture are rebuilt from the
    /// new facts, everything else (settings, profile) is kept.
    func replacingFiles(_ files: [FileFacts]) -> ProjectContext {
        var updated = ProjectContext(files: files, sharedSettingsByPath: sharedSettingsByPath)
        updated.profile = profile
        updated.layers = layers
        return updated
    }
}

/// What a project of some files takes from the whole project's (`ProjectContext.subproject(of:)`): the answers that
/// depend on every file, whose inputs a part may lack (a role reads every holder of the type).
private struct WholeProjectAnswers {
    var architecture: Architecture
    var sceneRootViews: Set<String>
}

/// A file of the project as a project rule judges it: its facts, and the subjects it holds (places in the
/// project's lists of views, observable classes and types).
public struct ProjectFile: Sendable {
    public let facts: FileFacts
    /// Its place in `ProjectContext.files`.
    let position: Int
    let subjects: FileSubjects

    public var path: String { facts.path }
}

/// The views and observable classes with a part (declaration or extension) in a file, and the types it declares;
/// each as a place in its list (`ProjectContext.declaredViews`, `observableClasses`, `index.entriesInNameOrder`), in the
/// list's order.
struct FileSubjects: Sendable {
    var views: [Int] = []
    var observableClasses: [Int] = []
    var declaredTypes: [Int] = []
}

/// Some elements of one of the project's lists, by their places in it, in the list's order.
struct Subjects<Element>: RandomAccessCollection {
    let places: [Int]
    let list: [Element]

    var startIndex: Int { places.startIndex }
    var endIndex: Int { places.endIndex }
    subscript(position: Int) -> Element { list[places[position]] }
}

/// Where a fact is in a project's files: `files[file]`, item `item` of one of its lists.
struct FactPlace: Sendable {
    var file: Int
    var item: Int
}

/// A construction of a project type (`FeedView()`, `Store.init()`), resolved: roles, lifetimes, the profile and several
/// rules ask who makes what, so each file's constructions are resolved once, on all cores. A class: a dozen passes read
/// every link, and a copy of a struct link retained each of its strings. It keeps only what they read of the
/// construction (the project phase holds one for every construction of a project type, tens of thousands), and not its
/// file: links are listed per file.
public final class ConstructionLink: Sendable {
    /// The type whose code constructs it; nil at file scope and in code the index cannot place.
    public let creator: String?
    /// The type constructed.
    public let created: String
    /// The name as the construction writes it (`Store`, `Feed.Store`).
    public let writtenName: String
    public let position: SourcePosition

    init(creator: String?, created: String, construction: ConstructionFact) {
        self.creator = creator
        self.created = created
        writtenName = construction.typeName
        position = construction.position
    }
}

extension ProjectIndex {
    /// Each file's constructions of project types, in order. Not through the shared memo, whose lock and growth were
    /// most of this step on two cores, nor a memo of the file's own: the name filter turns away the SDK's types
    /// (`Text`, `VStack`), most constructions, and a search for the rest (which skips the scopes that nest nothing)
    /// costs less than a two-string key hashed twice and the table grown for it.
    func constructionLinks(in files: [FileFacts]) -> [[ConstructionLink]] {
        ParallelMap.run(Array(files.indices)) { [self] fileIndex in
            let path = files[fileIndex].path
            var scope = scope(of: path)
            // Read in place: binding each construction copied it, most of them to be turned away.
            let constructions = files[fileIndex].constructions
            return constructions.indices.compactMap { place in
                let name = Architecture.bareTypeName(constructions[place].typeName)
                guard mayNameProjectType(name) else { return nil }
                let creator = scope.id(ofEnclosing: constructions[place].enclosingType)
                guard let created = search(name, from: creator, in: path) else { return nil }
                return ConstructionLink(creator: creator, created: created, construction: constructions[place])
            }
        }
    }
}

/// `ProjectIndex.resolve`'s answers, asked for from the project rules' threads at once, hence the lock.
private final class ResolutionMemo: @unchecked Sendable {
    struct Question: Hashable {
        var reference: String
        var context: String?
        var path: String
    }

    private let lock = Lock()
    /// An answer may be nil (an outside type), so the stored value is an optional of the optional.
    private var answers: [Question: String?] = [:]

    func answer(to question: Question) -> String?? {
        lock.lock()
        defer { lock.unlock() }
        return answers[question]
    }

    func record(_ answer: String?, for question: Question) {
        lock.lock()
        defer { lock.unlock() }
        answers[question] = answer
    }
}
