/// The names a project query asked about while it ran, by what it asked: the first part of docs/INCREMENTAL.md's
/// step 3 (reads recorded), so that a run can tell which judgements a change could reach. The index, the architecture
/// and the file subjects note what they are asked only while a recorder is set on the thread (`recording(_:)`);
/// otherwise a note costs one thread-local read.
final class ReadRecorder {
    /// What a name was asked about, which decides what changes the answer.
    enum Question: Character {
        /// Which type a name is, its declaration and extensions, its conformances: changed by a file that declares or
        /// extends a type of that name.
        case type = "t"
        /// A type's role or lifetime: changed also by a file whose code holds, creates or injects it.
        case role = "r"
        /// A member, in a table a rule gathered from every file (writes, bindings, callers): changed by a file whose
        /// code names it.
        case member = "m"
        /// A value of the whole project (the profile, the layers, whether it names its containers): changed by any
        /// file that changes it.
        case project = "p"
    }

    /// Each name asked about, as the question's character, a colon and the name (`t:Feed`).
    private(set) var names: Set<String> = []

    private static let current = ThreadLocal<ReadRecorder>()
    /// Whether any thread ever recorded: until then a note is one load of this flag, not a thread-local read (the
    /// index is asked hundreds of thousands of times a run).
    nonisolated(unsafe) private static var isInUse = false

    /// Runs `body` with a recorder set on this thread, and the names it asked about.
    static func recording<Result>(_ body: () -> Result) -> (result: Result, names: Set<String>) {
        isInUse = true
        let recorder = ReadRecorder()
        let outer = current.value
        current.value = recorder
        defer { current.value = outer }
        let result = body()
        return (result, recorder.names)
    }

    /// Runs `body` with no recorder: what a judgement finds already made (a table gathered from every file, made on
    /// first use) is not its read; the keys it looks up there are.
    static func notRecording<Result>(_ body: () -> Result) -> Result {
        guard isInUse, let outer = current.value else { return body() }
        current.value = nil
        defer { current.value = outer }
        return body()
    }

    /// Whether a recorder is set on this thread: for notes that take work to make (a type's inheritance chain).
    static var isRecording: Bool { isInUse && current.value != nil }

    /// Notes a type by its simple name (`Row` for the id `Feed.Row`, `Row @Sources/A.swift` or `App.Feed.Row`: the
    /// name every file that declares, extends or names it writes).
    static func noteType(id: String, _ question: Question = .type) {
        guard isInUse, let recorder = current.value else { return }
        recorder.names.insert(key(question, simpleName(ofID: id)))
    }

    /// Notes a value of the whole project, by what it is (`profile`).
    static func noteProjectWide(_ what: String) {
        guard isInUse else { return }
        current.value?.names.insert(key(.project, what))
    }

    /// `value`, a value of the whole project, noted as read.
    static func notingProjectWide<Value>(_ what: String, _ value: Value) -> Value {
        noteProjectWide(what)
        return value
    }

    /// Notes a member's name.
    static func noteMember(_ name: String) {
        guard isInUse else { return }
        current.value?.names.insert(key(.member, name))
    }

    static func key(_ question: Question, _ name: String) -> String { String(question.rawValue) + ":" + name }

    /// Every identifier-like word in `text` (`Feed.Item<Row>` holds `Feed`, `Item`, `Row`): the names a fact's
    /// strings hold.
    static func identifiers(in text: String, into names: inout Set<String>) {
        // Byte by byte where the text is ASCII, as nearly all is: asking each scalar's properties was most of a one-change
        // run's reading of its file's names.
        var text = text
        let isASCII = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            var start: Int?
            for (index, byte) in bytes.enumerated() {
                let lowered = byte | 0x20
                if byte == UInt8(ascii: "_") || (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z"))
                    || (start != nil && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    if start == nil { start = index }
                } else if let first = start {
                    names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self))
                    start = nil
                }
            }
            if let first = start { names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self)) }
            return true
        }
        guard !isASCII else { return }
        var current = ""
        for character in text.unicodeScalars {
            if character == "_" || character.properties.isAlphabetic || (!current.isEmpty && ("0"..."9").contains(character)) {
                current.unicodeScalars.append(character)
            } else if !current.isEmpty {
                names.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { names.insert(current) }
    }

    /// The type names among some keys whose declaration or role was asked about (`t:` and `r:`): what a file declaring
    /// or extending one of them can change.
    static func typesRead(in keys: some Sequence<String>) -> Set<String> {
        Set(keys.lazy.filter { $0.hasPrefix("t:") || $0.hasPrefix("r:") }.map { String($0.dropFirst(2)) })
    }

    static func simpleName(ofID id: String) -> String {
        let qualified = id.split(separator: " ", maxSplits: 1).first.map(String.init) ?? id
        return qualified.split(separator: ".").last.map(String.init) ?? qualified
    }
}
