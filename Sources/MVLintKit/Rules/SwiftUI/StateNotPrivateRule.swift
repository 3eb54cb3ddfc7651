/// `@State var count = 0`: view-owned state that callers can see, and may believe they can set.
///
/// A project rule because whether the value is passed in (`CounterView(count: 5)`) can be decided only
/// by looking at every file's constructions and at initializers declared in extensions.
enum StateNotPrivateRule: ProjectRule {
    static let description = RuleDescription(
        id: "state-not-private", family: .swiftUI, severity: .advice, profiles: .optIn, fix: .auto,
        summary: "An `@State` or `@StateObject` property that is not `private`.",
        rationale: "`@State` and `@StateObject` storage belongs to the view that declares it: SwiftUI creates it once and keeps it for the view's lifetime. When it is not private, the memberwise initializer lets a parent pass a value, but that value only seeds the state the first time; later values from the parent are silently ignored, which looks like a broken update.",
        instead: "Declare it `@State private var` (or `@StateObject private var`). If the parent owns the value, receive it as `@Binding var` (or a plain `let` when the view only reads it) instead of keeping a copy in state.",
        triggering: [
            Example("""
            struct ToggleRow: View {
                ↓@State var isOn = false
                var body: some View {
                    Toggle("Notifications", isOn: $isOn)
                }
            }
            """, fixed: """
            struct ToggleRow: View {
                @State private var isOn = false
                var body: some View {
                    Toggle("Notifications", isOn: $isOn)
                }
            }
            """),
            Example("""
            struct FeedView: View {
                ↓@StateObject var feed = FeedStore()
                var body: some View {
                    List(feed.posts) { Text($0.title) }
                }
            }
            """, fixed: """
            struct FeedView: View {
                @StateObject private var feed = FeedStore()
                var body: some View {
                    List(feed.posts) { Text($0.title) }
                }
            }
            """),
            // Passed in through the memberwise initializer: the owning-versus-receiving message, no fix.
            Example("""
            struct CounterView: View {
                ↓@State var count = 0
                var body: some View {
                    Stepper("\\(count)", value: $count)
                }
            }
            struct ScoreScreen: View {
                var body: some View {
                    CounterView(count: 5)
                }
            }
            """),
            // Seeded by the view's own initializer.
            Example("""
            struct NoteEditor: View {
                ↓@State var text: String
                init(note: Note) {
                    _text = State(initialValue: note.body)
                }
                var body: some View {
                    TextEditor(text: $text)
                }
            }
            """),
            // An access level written on purpose may serve readers elsewhere: the fix is unsafe.
            Example("""
            struct SearchView: View {
                @Environment(\\.dismiss) private var dismiss
                ↓@State public var query = ""
                var body: some View {
                    TextField("Search", text: $query)
                }
            }
            """, fixed: """
            struct SearchView: View {
                @Environment(\\.dismiss) private var dismiss
                @State private var query = ""
                var body: some View {
                    TextField("Search", text: $query)
                }
            }
            """),
            // Read from outside through `private(set)`: reported, but `private` would break those readers.
            Example("""
            struct PlayerView: View {
                ↓@State private(set) var isPlaying = false
                var body: some View {
                    Button(isPlaying ? "Pause" : "Play") { isPlaying.toggle() }
                }
            }
            """),
        ],
        nonTriggering: [
            Example("""
            struct ToggleRow: View {
                @State private var isOn = false
                var body: some View {
                    Toggle("Notifications", isOn: $isOn)
                }
            }
            """),
            Example("""
            struct FeedView: View {
                @StateObject fileprivate var feed = FeedStore()
                var body: some View {
                    List(feed.posts) { Text($0.title) }
                }
            }
            """),
            Example("""
            struct ToggleRow: View {
                @Binding var isOn: Bool
                var body: some View {
                    Toggle("Notifications", isOn: $isOn)
                }
            }
            """),
            // Not per-view storage.
            Example("""
            struct PreviewHost: View {
                @State static var sample = Note(body: "Hello")
                var body: some View {
                    Text(Self.sample.body)
                }
            }
            """),
            // The documented way to build an owned object from a parameter: private storage, seeded in init.
            Example("""
            struct DetailView: View {
                @StateObject private var loader: DetailLoader
                init(id: Int) {
                    _loader = StateObject(wrappedValue: DetailLoader(id: id))
                }
                var body: some View {
                    Text(loader.title)
                }
            }
            """),
        ]
    )

    /// The argument labels passed to the constructions of each of `names`, over the whole project.
    private static func labelsPassed(to names: Set<String>, in project: ProjectContext) -> [String: Set<String>] {
        var labels: [String: Set<String>] = [:]
        for file in project.files {
            for construction in file.constructions where names.contains(construction.typeName) {
                labels[construction.typeName, default: []].formUnion(construction.labels)
            }
        }
        return labels
    }

    /// The file's types with state that is not private.
    private static func candidates(in file: FileFacts, project: ProjectContext) -> [Candidate] {
        var scope = project.index.scope(of: file.path)
        return file.types.compactMap { type in
            guard type.kind != .extension else { return nil }
            let properties = type.properties.compactMap { property -> (property: PropertyFact, wrapper: String)? in
                guard let wrapper = property.wrapper, wrapper == "State" || wrapper == "StateObject",
                      !property.isPrivate, !property.isStatic, !property.isComputed else { return nil }
                return (property, wrapper)
            }
            guard !properties.isEmpty else { return nil }
            let entry = scope.id(ofEnclosing: type.qualifiedName).flatMap(project.index.entry)
            return Candidate(path: file.path, type: type, entry: entry, properties: properties)
        }
    }

    /// A type with state that is not private, and the lookups its findings need.
    struct Candidate {
        var path: String
        var type: TypeFact
        var entry: ProjectIndex.TypeEntry?
        var properties: [(property: PropertyFact, wrapper: String)]
    }

    struct Gathered {
        /// Each file's types with state that is not private, by path (files with none left out).
        var candidatesByPath: [String: [Candidate]] = [:]
        /// The argument labels the project's constructions pass to each candidate's type, by its simple name.
        var labelsPassed: [String: Set<String>] = [:]
    }

    /// The candidates first, then the labels passed to their types only: gathering every construction's labels for
    /// every type name was nearly all of the rule's work, and few types have a candidate.
    static func gather(_ project: ProjectContext, options: RuleOptions) -> Gathered {
        var gathered = Gathered()
        for file in project.files {
            let found = candidates(in: file, project: project)
            if !found.isEmpty { gathered.candidatesByPath[file.path] = found }
        }
        guard !gathered.candidatesByPath.isEmpty else { return gathered }
        gathered.labelsPassed = labelsPassed(to: Set(gathered.candidatesByPath.values.joined().map(\.type.name)), in: project)
        return gathered
    }

    static func judge(_ file: ProjectFile, in project: ProjectContext, gathered: Gathered, options: RuleOptions,
                      report: inout [ProjectFinding]) {
        let labelsPassed = gathered.labelsPassed
        for candidate in gathered.candidatesByPath[file.path] ?? [] {
            let type = candidate.type
            let assignedInInit = candidate.entry?.initializerAssignments ?? []
            for (property, wrapper) in candidate.properties {
                let declaration = "`@\(wrapper) var \(property.name)`"
                let position = property.wrapperPosition ?? property.position
                ReadRecorder.noteType(id: type.name, .role)
                if let source = valueSource(of: property, in: type, labelsPassed: labelsPassed[type.name] ?? [],
                                            assignedInInit: assignedInInit) {
                    let parentOwned = wrapper == "State" ? "`@Binding` (or a `let` if it is only read)" : "`@ObservedObject`"
                    report.append(ProjectFinding(
                        path: candidate.path, position: position,
                        message: "\(declaration) takes its first value from outside (\(source)), but that value only seeds the state once and later changes are ignored: if the parent owns the value take it as \(parentOwned), otherwise make the state `private`"))
                } else {
                    report.append(ProjectFinding(
                        path: candidate.path, position: position,
                        message: "\(declaration) is not private, yet its storage belongs to this view and a value passed from outside is ignored after the first render: declare it `private`",
                        fix: makePrivate(property, extendedElsewhere: candidate.entry?.extensions.contains { $0.path != candidate.path } ?? false)))
                }
            }
        }
    }

    /// `@State var` → `@State private var`; `public` or `internal` becomes `private`. None for `private(set)`,
    /// whose readers elsewhere would break. Unsafe when code in other files may read the property: an
    /// extension of the view in another file, or an access level written on purpose (`internal` for tests).
    private static func makePrivate(_ property: PropertyFact, extendedElsewhere: Bool) -> Fix? {
        guard let layout = property.layout, !property.hasPrivateSetter else { return nil }
        let edit = layout.accessModifier.map { TextEdit(range: $0, replacement: "private") }
            ?? .insert("private ", at: layout.specifier.lowerBound)
        let safety: FixSafety = extendedElsewhere || layout.accessModifier != nil ? .unsafe : .safe
        return Fix("declare `\(property.name)` `private`", safety: safety, edits: [edit])
    }

    /// How a caller sets the state's first value, if one does; making such a property private would break them.
    private static func valueSource(of property: PropertyFact, in type: TypeFact, labelsPassed: Set<String>,
                                    assignedInInit: [String]) -> String? {
        if assignedInInit.contains(property.name) { return "its initializer sets it" }
        // An `init` in the declaration replaces the memberwise one, so call-site labels then say nothing about state.
        guard !type.methods.contains(where: \.isInitializer) else { return nil }
        if labelsPassed.contains(property.name) { return "`\(type.name)(\(property.name):)`" }
        if !property.hasInitializer { return "it has no initial value, so every caller passes one" }
        return nil
    }
}
