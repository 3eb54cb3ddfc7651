#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value the analysis cache stores positionally: what `FactWriter` writes and `FactReader` reads back. The
/// cached fact types conform in `FactCoding.generated.swift`, which `make codegen` writes from their declarations
/// (`MVLintCodegen`); the standard types they are made of conform below. `Codable` stays for the JSON
/// reporters: through it, decoding was most of a one-change run.
///
/// Payload layout: a string table (a varint count, then each string's UTF-8 length and bytes, each distinct string
/// once), then the root value. No keys, no lengths: a struct is its stored properties in declaration order, an enum
/// its case index (a varint) then its associated values; an `Optional` a presence flag then the value; an array or
/// set its count then the elements (a set sorted), a dictionary its count then the pairs sorted by key, so equal
/// values give equal bytes. A string is its varint index in the table, an integer a LEB128 varint (zigzagged), a
/// `Double` its 8 little-endian bytes. Flags (`Bool`s and presences) are packed eight to a byte: the first of eight
/// writes a byte where the value stands, the next seven set its bits, and the reader, reading in the same order, meets
/// that byte at the same place. Offsets into the file's text and line numbers (`writeOffset`, `writeLine`) are written
/// as the difference from the previous one, which in facts listed in source order is a byte or two. A shape
/// (`FactWriter.shape(of:)`) is the same layout with lines, columns, offsets and range lengths left out and strings written
/// as their text.
protocol BinaryCodable {
    init(from reader: inout FactReader) throws
    func write(to writer: inout FactWriter)
}

struct FactWriter {
    private var body: [UInt8] = []
    private var strings: [String] = []
    /// Each string's place in the table, told apart by its UTF-8 bytes (`StringTable`: a run's result and kept
    /// answers write tens of thousands of strings, each looked up here).
    private var stringIndices = StringTable<Int>()
    private var flags = FlagByte()
    private var previousOffset = 0, previousLine = 0
    /// Writing a shape (`shape(of:)`): where things are is left out, and the positions are listed instead.
    private var writesShape = false
    /// The positions a shape left out, in the order written.
    fileprivate(set) var positions: [SourcePosition] = []
    /// Writing placed units (`placedUnits(of:)`): a shape with strings written as their text, counts left out and
    /// flags a byte each, cut at every position.
    private var writesUnits = false
    private var unitStart = 0
    private var units: [(said: Range<Int>, owner: String, position: SourcePosition)] = []
    /// The qualified name of the type whose facts are being written, which each unit is told apart by too: a type's own
    /// place says little (what its declaration says comes before its members), and two types' look alike.
    private var unitOwner = ""

    /// Strings the table starts with that the payload leaves out, since its reader knows them (`implying`).
    private var impliedCount = 0
    /// Strings written as their text where they stand (a shape, placed units), not as their place in a table.
    private var writesStringsInline = false
    /// Listing places only (`placesPayload(of:)`): strings are not looked up in the table.
    private var listsPlacesOnly = false
    /// A shape left out an offset or a range of the value's own (not a position's), which its places do not hold.
    private var leftOutText = false

    /// The payload of `value`: the string table, then the value.
    static func payload(of value: some BinaryCodable) -> Data {
        var writer = FactWriter()
        writer.write(value)
        return writer.finished()
    }

    /// The payload of `value` with `implied` taken as the first strings of its table and left out of it: a reader
    /// given the same strings (`FactReader.decode(_:from:implying:)`) reads it back. The kept answers imply the
    /// project's paths, which the run's result holds already and the next run knows.
    static func payload(of value: some BinaryCodable, implying implied: [String]) -> Data {
        var writer = FactWriter(implying: implied)
        writer.write(value)
        return writer.finished()
    }

    init() {}

    /// A writer whose table starts with `implied`, their digest written first for the reader to check.
    private init(implying implied: [String]) {
        strings = implied
        for (index, string) in implied.enumerated() where stringIndices[string] == nil {
            stringIndices[string] = index
        }
        impliedCount = implied.count
        writeVarint(UInt64(SourceDigest(bytes: implied.joined(separator: "\n").utf8).hash))
    }

    /// `payload(of:implying:)` in two parts: the value's shape (`shape(of:)`, its string table before it) and the
    /// places it cites (`placesPayload(of:)`), which `FactReader.decode(_:from:places:implying:)` puts back together.
    /// A value whose places move and whose words do not (kept answers after an edit) needs only its places written
    /// again, without looking up any of its strings. Nil for a value holding an offset or a range of its own.
    static func payloadApart(of value: some BinaryCodable, implying implied: [String]) -> (unplaced: Data, places: Data)? {
        var writer = FactWriter(implying: implied)
        writer.writesShape = true
        writer.write(value)
        guard !writer.leftOutText else { return nil }
        return (writer.finished(), payload(of: writer.positions))
    }

    /// The places `value` cites, in the order written, as a payload: the second part of `payloadApart(of:implying:)`.
    static func placesPayload(of value: some BinaryCodable) -> Data {
        var writer = FactWriter()
        writer.writesShape = true
        writer.listsPlacesOnly = true
        writer.write(value)
        return payload(of: writer.positions)
    }

    /// Every string `value` holds, each once, in the order first written: the names its facts hold.
    static func strings(of value: some BinaryCodable) -> [String] {
        var writer = FactWriter()
        writer.write(value)
        return writer.strings
    }

    /// `value` without where it sits in the file: the payload with every line, column, offset and range length left
    /// out, and the positions left out, in the order written. Two values of equal shape hold the same facts at
    /// places that may differ, their positions pairing up one to one (`ProjectFindingRelocation`). Only compared, never
    /// read: its strings are written as their text where they stand, without a table to look each up in.
    static func shape(of value: some BinaryCodable) -> (bytes: Data, positions: [SourcePosition]) {
        var writer = FactWriter()
        writer.writesShape = true
        writer.writesStringsInline = true
        writer.write(value)
        return (writer.finished(), writer.positions)
    }

    /// Each place `value` cites, in the order written, with what was written since the place before it: the names,
    /// kinds and flags of the fact holding it (strings as their text, not their place in a table; no numbers or counts,
    /// so a fact added to a list or a longer body changes no other fact's words). Facts that say the same line up between two versions of a file
    /// (`SmallProjectCheck.placeMap`).
    static func placedUnits(of value: some BinaryCodable) -> (bytes: [UInt8], units: [(said: Range<Int>, owner: String, position: SourcePosition)]) {
        var writer = FactWriter()
        writer.writesShape = true
        writer.writesUnits = true
        writer.writesStringsInline = true
        writer.write(value)
        return (writer.body, writer.units)
    }

    /// Placed units leave out numbers too: a fact's counts and sizes (its body's lines) change with edits that leave
    /// what it is alone.
    var leavesOutNumbers: Bool { writesUnits }

    private mutating func cutUnit(at position: SourcePosition) {
        units.append((unitStart..<body.count, unitOwner, position))
        unitStart = body.count
    }

    /// What a fact of a list said after its last place is in no unit: a unit says what its fact says before its place
    /// (and the first fact's, what its owner said before the list: a type's name), not what the fact before it ended
    /// with (a class added last in a file ended the types otherwise, and the first construction after them lost its
    /// pair with its old self).
    fileprivate mutating func endListedFact() {
        if writesUnits { unitStart = body.count }
    }

    private func finished() -> Data {
        var table = FactWriter()
        table.writeVarint(UInt64(strings.count - impliedCount))
        for string in strings.dropFirst(impliedCount) {
            table.writeVarint(UInt64(string.utf8.count))
            table.body.append(contentsOf: string.utf8)
        }
        return Data(table.body + body)
    }

    /// A position: in a shape, only listed (whether it has an offset stays in the shape).
    mutating func writePosition(_ position: SourcePosition) {
        guard writesShape else {
            writeLine(position.line)
            writeUnsignedInt(position.column)
            writeFlag(position.utf8Offset != nil)
            if let offset = position.utf8Offset { writeOffset(offset) }
            return
        }
        positions.append(position)
        writeFlag(position.utf8Offset != nil)
        if writesUnits { cutUnit(at: position) }
    }

    /// A range of the file's text: its start as an offset, then its length; nothing in a shape, where only fixes read
    /// ranges and a change inside one (a longer name) leaves the facts as they were.
    mutating func writeRange(_ range: Range<Int>) {
        guard !writesShape else { return leftOutText = true }
        writeOffset(range.lowerBound)
        writeUnsignedInt(range.count)
    }

    mutating func write(_ value: some BinaryCodable) {
        guard writesUnits, let type = value as? TypeFact else { return value.write(to: &self) }
        // Nor is what the file said before its first type (its imports) part of that type's first unit.
        unitStart = body.count
        let outer = unitOwner
        unitOwner = type.qualifiedName
        value.write(to: &self)
        unitOwner = outer
    }

    /// The bytes written so far, less the string table `payload(of:)` puts before them (`mvlint-bench decode`).
    var valueByteCount: Int { body.count }

    mutating func writeFlag(_ flag: Bool) {
        // Packed, a flag would set a bit in a byte an earlier unit holds.
        guard !writesUnits else { return body.append(flag ? 1 : 0) }
        if flags.isFull {
            flags = FlagByte(index: body.count)
            body.append(0)
        }
        if flag { body[flags.index] |= flags.nextBit }
        flags.used += 1
    }

    /// A UTF-8 offset into the file's text, as the difference from the previous one; nothing in a shape.
    mutating func writeOffset(_ offset: Int) {
        guard !writesShape else { return leftOutText = true }
        Int64(offset &- previousOffset).write(to: &self)
        previousOffset = offset
    }

    /// A line kept on its own (a relation's lines): a place as a position is, so a shape only lists it (column 0).
    mutating func writeLineOnly(_ line: Int) {
        guard writesShape else { return writeLine(line) }
        positions.append(SourcePosition(line: line, column: 0))
        if writesUnits { cutUnit(at: SourcePosition(line: line, column: 0)) }
    }

    /// A line number, as the difference from the previous one.
    private mutating func writeLine(_ line: Int) {
        Int64(line &- previousLine).write(to: &self)
        previousLine = line
    }

    /// A number never negative, without the zigzag that would cost a byte from 64 (a negative one round-trips in ten).
    mutating func writeUnsignedInt(_ value: Int) { writeVarint(UInt64(bitPattern: Int64(value))) }

    mutating func writeVarint(_ value: UInt64) { appendVarint(value, to: &body) }

    mutating func writeCount(_ count: Int) {
        guard !writesUnits else { return }
        writeVarint(UInt64(count))
    }

    mutating func writeCaseIndex(_ index: Int) { writeVarint(UInt64(index)) }

    mutating func writeString(_ string: String) {
        if listsPlacesOnly { return }
        if writesStringsInline {
            writeVarint(UInt64(string.utf8.count))
            return body.append(contentsOf: string.utf8)
        }
        if let index = stringIndices[string] { return writeVarint(UInt64(index)) }
        stringIndices[string] = strings.count
        writeVarint(UInt64(strings.count))
        strings.append(string)
    }

    mutating func writeBytes(_ bytes: some Sequence<UInt8>) { body.append(contentsOf: bytes) }
}

/// Reads what `FactWriter` wrote. Every read is bounds-checked and throws `Damage` on bytes that are not a
/// payload of the expected type; every count is checked against the bytes left, so damage never makes a long loop.
struct FactReader {
    struct Damage: Error {
        let offset: Int
    }

    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    private var strings: [String] = []
    /// The open flag byte, shifted right past the flags already read, and how many of its eight are left: the writer
    /// has set all of them by the time the payload is read, so the byte is loaded once, when the first is read.
    private var flagBits: UInt8 = 0
    private var flagsLeft = 0
    private var previousOffset = 0, previousLine = 0
    /// Reading a shape whose places are apart (`FactWriter.payloadApart(of:implying:)`): each position and line comes
    /// from `places`, in order.
    private var readsPlaces = false
    private var places: [SourcePosition] = []
    private var placesRead = 0

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// What `FactWriter.payload(of:implying:)` wrote with the same `implied` strings; throws when they differ.
    static func decode<Value: BinaryCodable>(_ type: Value.Type, from payload: Data, implying implied: [String]) throws -> Value {
        try decode(type, from: payload, places: nil, implying: implied)
    }

    /// What `FactWriter.payloadApart(of:implying:)` wrote, its two parts put back together, with the same `implied`
    /// strings; throws when they differ or the places are not the ones the shape cites.
    static func decode<Value: BinaryCodable>(_ type: Value.Type, from unplaced: Data, places: Data?, implying implied: [String]) throws -> Value {
        let positions = try places.map { try decode([SourcePosition].self, from: $0) }
        return try unplaced.withUnsafeBytes { bytes in
            var reader = FactReader(bytes: bytes)
            reader.strings = implied
            if let positions { (reader.readsPlaces, reader.places) = (true, positions) }
            try reader.readStringTable()
            guard try reader.readVarint() == UInt64(SourceDigest(bytes: implied.joined(separator: "\n").utf8).hash) else { throw reader.damage }
            let value = try Value(from: &reader)
            guard reader.offset == bytes.count, reader.placesRead == reader.places.count else { throw reader.damage }
            return value
        }
    }

    static func decode<Value: BinaryCodable>(_ type: Value.Type, from payload: Data) throws -> Value {
        try payload.withUnsafeBytes { bytes in
            var reader = FactReader(bytes: bytes)
            try reader.readStringTable()
            let value = try Value(from: &reader)
            guard reader.offset == bytes.count else { throw reader.damage }
            return value
        }
    }

    /// The value a payload starts with (the first stored property of what was written), the rest left unread: a
    /// cached file's facts without its findings and suppressions.
    static func decodeFirst<Value: BinaryCodable>(_ type: Value.Type, from payload: Data) throws -> Value {
        try payload.withUnsafeBytes { bytes in
            var reader = FactReader(bytes: bytes)
            try reader.readStringTable()
            return try Value(from: &reader)
        }
    }

    /// The string table a payload starts with, the value after it left unread: every string a record's facts hold.
    static func strings(atStartOf payload: Data) throws -> [String] {
        try payload.withUnsafeBytes { bytes in
            var reader = FactReader(bytes: bytes)
            try reader.readStringTable()
            return reader.strings
        }
    }

    private mutating func readStringTable() throws {
        let stringCount = try readCount()
        strings.reserveCapacity(strings.count + stringCount)
        for _ in 0..<stringCount {
            let length = try readCount()
            let start = offset
            offset += length
            strings.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
        }
    }

    private var damage: Damage { Damage(offset: offset) }

    @inline(__always)
    mutating func read<Value: BinaryCodable>() throws -> Value { try Value(from: &self) }

    // The flag and number reads below are inlined: they are most of what a payload is made of, and a call each
    // was a quarter of decoding.
    @inline(__always)
    mutating func readFlag() throws -> Bool {
        if flagsLeft == 0 {
            guard offset < bytes.count else { throw damage }
            flagBits = bytes[offset]
            flagsLeft = 8
            offset &+= 1
        }
        let flag = flagBits & 1 != 0
        flagBits >>= 1
        flagsLeft &-= 1
        return flag
    }

    @inline(__always)
    mutating func readOffset() throws -> Int {
        previousOffset = previousOffset &+ Int(truncatingIfNeeded: try Int64(from: &self))
        return previousOffset
    }

    @inline(__always)
    private mutating func readLine() throws -> Int {
        previousLine = previousLine &+ Int(truncatingIfNeeded: try Int64(from: &self))
        return previousLine
    }

    /// What `FactWriter.writePosition` wrote.
    @inline(__always)
    mutating func readPosition() throws -> SourcePosition {
        if readsPlaces { return try nextPlace(hasOffset: readFlag()) }
        let line = try readLine(), column = try readUnsignedInt()
        return SourcePosition(line: line, column: column, utf8Offset: try readFlag() ? readOffset() : nil)
    }

    /// What `FactWriter.writeLineOnly` wrote.
    mutating func readLineOnly() throws -> Int {
        readsPlaces ? try nextPlace(hasOffset: false).line : try readLine()
    }

    /// The next of the places read apart, which must have an offset exactly when the shape says it has.
    private mutating func nextPlace(hasOffset: Bool) throws -> SourcePosition {
        guard placesRead < places.count, (places[placesRead].utf8Offset != nil) == hasOffset else { throw damage }
        defer { placesRead += 1 }
        return places[placesRead]
    }

    @inline(__always)
    mutating func readUnsignedInt() throws -> Int { Int(truncatingIfNeeded: Int64(bitPattern: try readVarint())) }

    @inline(__always)
    mutating func readVarint() throws -> UInt64 {
        // Most numbers (string indices, counts, line steps, columns) fit one byte: read without the loop.
        if offset < bytes.count, case let byte = bytes[offset], byte < 0x80 {
            offset &+= 1
            return UInt64(byte)
        }
        // Then two bytes (offsets from the previous one, larger indices).
        if offset &+ 1 < bytes.count, case let second = bytes[offset &+ 1], second < 0x80 {
            let value = UInt64(bytes[offset] & 0x7f) | UInt64(second) << 7
            offset &+= 2
            return value
        }
        return try readLongVarint()
    }

    @inline(never)
    private mutating func readLongVarint() throws -> UInt64 {
        guard let value = varint(in: bytes, at: &offset) else { throw damage }
        return value
    }

    /// A count of elements or bytes: each takes at least one byte, so more than remain is damage.
    @inline(__always)
    mutating func readCount() throws -> Int {
        let count = try readVarint()
        guard count <= UInt64(bytes.count - offset) else { throw damage }
        return Int(count)
    }

    /// An enum's case index; the generated `switch` throws on one it does not know.
    mutating func readCaseIndex() throws -> Int {
        let index = try readVarint()
        guard index <= UInt64(Int.max) else { throw damage }
        return Int(index)
    }

    @inline(__always)
    mutating func readString() throws -> String {
        let index = try readVarint()
        guard index < UInt64(strings.count) else { throw damage }
        return strings[Int(index)]
    }

    mutating func readBytes(count: Int) throws -> UnsafeRawBufferPointer {
        guard count <= bytes.count - offset else { throw damage }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// For a value read whole that is not what the writer can have written (`Range` bounds out of order, a
    /// dictionary key twice).
    func invalid() -> Damage { damage }
}

/// As an `Int64`.
extension Int: BinaryCodable {
    @inline(__always)
    init(from reader: inout FactReader) throws { self = Int(truncatingIfNeeded: try Int64(from: &reader)) }

    func write(to writer: inout FactWriter) {
        guard !writer.leavesOutNumbers else { return }
        Int64(self).write(to: &writer)
    }
}

/// As an `Int`, the value it stands for.
extension Count: BinaryCodable {
    init(from reader: inout FactReader) throws { self.init(wrappedValue: try Int(from: &reader)) }

    func write(to writer: inout FactWriter) { wrappedValue.write(to: &writer) }
}

/// Zigzagged, so small negative numbers stay short.
extension Int64: BinaryCodable {
    @inline(__always)
    init(from reader: inout FactReader) throws {
        let zigzag = try reader.readVarint()
        self = Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
    }

    func write(to writer: inout FactWriter) { writer.writeVarint(UInt64(bitPattern: (self << 1) ^ (self >> 63))) }
}

/// Content hashes (`SourceDigest`).
extension UInt64: BinaryCodable {
    @inline(__always)
    init(from reader: inout FactReader) throws { self = try reader.readVarint() }

    func write(to writer: inout FactWriter) { writer.writeVarint(self) }
}

/// A flag, packed with its neighbours.
extension Bool: BinaryCodable {
    @inline(__always)
    init(from reader: inout FactReader) throws { self = try reader.readFlag() }

    func write(to writer: inout FactWriter) { writer.writeFlag(self) }
}

/// The byte up to eight consecutive flags share, and how many it holds.
private struct FlagByte {
    var index = 0
    /// Eight when no byte is open: the next flag opens one.
    var used = 8

    init() {}

    init(index: Int) {
        self.index = index
        used = 0
    }

    var isFull: Bool { used == 8 }
    var nextBit: UInt8 { 1 << UInt8(used) }
}

extension Double: BinaryCodable {
    init(from reader: inout FactReader) throws {
        self = Double(bitPattern: UInt64(littleEndian: try reader.readBytes(count: 8).loadUnaligned(as: UInt64.self)))
    }

    func write(to writer: inout FactWriter) {
        withUnsafeBytes(of: bitPattern.littleEndian) { writer.writeBytes($0) }
    }
}

extension String: BinaryCodable {
    @inline(__always)
    init(from reader: inout FactReader) throws { self = try reader.readString() }

    func write(to writer: inout FactWriter) { writer.writeString(self) }
}

/// Its length, then its bytes: a payload kept inside another (`AnalysisCache.RunResult.answers`), read only when needed.
extension Data: BinaryCodable {
    init(from reader: inout FactReader) throws { self.init(try reader.readBytes(count: try reader.readCount())) }

    func write(to writer: inout FactWriter) {
        writer.writeCount(count)
        withUnsafeBytes { writer.writeBytes($0) }
    }
}

extension Optional: BinaryCodable where Wrapped: BinaryCodable {
    @inline(__always)
    init(from reader: inout FactReader) throws {
        self = try reader.read() as Bool ? .some(reader.read()) : nil
    }

    func write(to writer: inout FactWriter) {
        writer.write(self != nil)
        if let self { writer.write(self) }
    }
}

extension Array: BinaryCodable where Element: BinaryCodable {
    init(from reader: inout FactReader) throws {
        let count = try reader.readCount()
        self.init()
        reserveCapacity(count)
        for _ in 0..<count { append(try reader.read()) }
    }

    func write(to writer: inout FactWriter) {
        writer.writeCount(count)
        // A list of strings is one fact's names, not a list of facts.
        let listsFacts = Element.self != String.self
        for element in self {
            writer.write(element)
            if listsFacts { writer.endListedFact() }
        }
    }
}

extension Set: BinaryCodable where Element: BinaryCodable & Comparable {
    init(from reader: inout FactReader) throws { self.init(try reader.read() as [Element]) }

    func write(to writer: inout FactWriter) { writer.write(sorted()) }
}

extension Dictionary: BinaryCodable where Key: BinaryCodable & Comparable, Value: BinaryCodable {
    init(from reader: inout FactReader) throws {
        let count = try reader.readCount()
        self.init(minimumCapacity: count)
        for _ in 0..<count {
            let key: Key = try reader.read()
            guard updateValue(try reader.read(), forKey: key) == nil else { throw reader.invalid() }
        }
    }

    func write(to writer: inout FactWriter) {
        writer.writeCount(count)
        for (key, value) in sorted(by: { $0.key < $1.key }) {
            writer.write(key)
            writer.write(value)
        }
    }
}

/// Ranges of the file's text: the start as an offset, then the length.
extension Range: BinaryCodable where Bound == Int {
    init(from reader: inout FactReader) throws {
        let lower = try reader.readOffset()
        let (upper, overflow) = lower.addingReportingOverflow(try reader.readUnsignedInt())
        guard !overflow, lower <= upper else { throw reader.invalid() }
        self = lower..<upper
    }

    func write(to writer: inout FactWriter) { writer.writeRange(self) }
}

/// `value` as a LEB128 varint: seven bits a byte, lowest first, the high bit set on every byte but the last. The
/// payloads and the cache file's frames both write them, and read them with `varint(in:at:)`.
func appendVarint(_ value: UInt64, to bytes: inout some RangeReplaceableCollection<UInt8>) {
    var rest = value
    while rest >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
        rest >>= 7
    }
    bytes.append(UInt8(rest))
}

/// The LEB128 varint of `bytes` at `offset`, which moves past it; nil when the bytes end first or it would not fit in
/// 64 bits (the tenth byte may hold the top bit only).
func varint<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at offset: inout Int) -> UInt64? where Bytes.Index == Int {
    var value: UInt64 = 0
    for shift in stride(from: UInt64(0), through: 63, by: 7) {
        guard offset < bytes.endIndex else { return nil }
        let byte = bytes[offset]
        offset += 1
        guard shift < 63 || byte <= 1 else { return nil }
        value |= UInt64(byte & 0x7f) << shift
        if byte & 0x80 == 0 { return value }
    }
    return nil
}
