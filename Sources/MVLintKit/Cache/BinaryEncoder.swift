internal import Foundation

/// A compact binary form of any `Codable` value: what the analysis cache stores instead of JSON, because decoding
/// JSON was half of a warm run. Synthesized conformances go through it unchanged, so a fact field added later is
/// stored without anyone writing code for it (`BinaryCoderTests` round-trips every example's analysis).
///
/// Layout: a string table (a varint count, then each string's UTF-8 length and bytes), then the root value in a
/// slot. Every string is stored once in the table and written as its varint index; coding keys are written as
/// their index in a `BinaryKeyTable` kept beside the payloads, since every record repeats them. Unsigned integers
/// are LEB128 varints, signed ones zigzagged first; a `Bool` is one byte, a `Float` or `Double` its little-endian
/// bits. A **slot** is a varint that is 0 for nil and otherwise the byte length of the value plus one, then the
/// value: slots let a reader skip a value without knowing its type.
/// - A keyed container is its field count, then per field the key's string index and the value in a slot, so
///   fields are found by key in any order and a nil one (`encodeIfPresent`) may simply be absent.
/// - An unkeyed container is its element count, then the elements: scalars (the types `BinaryScalar` lists) as
///   they are, anything else, and nil, in a slot.
/// - A single value is the value itself (its slot belongs to whatever holds it).
struct BinaryEncoder {
    let keys: BinaryKeyTable

    func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let strings = BinaryStringTable(keys: keys)
        let root = BinaryValueEncoder(strings: strings, codingPath: [])
        try value.encode(to: root)
        var writer = BinaryWriter()
        writer.varint(UInt64(strings.strings.count))
        for string in strings.strings {
            writer.varint(UInt64(string.utf8.count))
            writer.bytes.append(contentsOf: string.utf8)
        }
        writer.slot(root.encodedNode)
        return Data(writer.bytes)
    }
}

/// The strings of one payload, each once, by index of first use; and the indices of its keys.
final class BinaryStringTable {
    private(set) var strings: [String] = []
    private var indices: [String: Int] = [:]
    private let keys: BinaryKeyTable
    /// The shared table takes a lock; a payload asks it once per distinct key.
    private var keyIndices: [String: Int] = [:]

    init(keys: BinaryKeyTable) { self.keys = keys }

    func index(of string: String) -> Int {
        if let index = indices[string] { return index }
        indices[string] = strings.count
        strings.append(string)
        return strings.count - 1
    }

    func index(ofKey key: String) -> Int {
        if let index = keyIndices[key] { return index }
        let index = keys.index(of: key)
        keyIndices[key] = index
        return index
    }
}

/// Coding keys by index, shared by all the payloads of a cache file and stored once beside them. Indices are
/// never reused, so payloads written with an older state of the table read the same with a newer one.
final class BinaryKeyTable: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String]
    private var indices: [String: Int]

    init(keys: [String] = []) {
        self.keys = keys
        indices = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func index(of key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let index = indices[key] { return index }
        indices[key] = keys.count
        keys.append(key)
        return keys.count - 1
    }

    /// The keys so far, for decoding and saving (payloads encoded later may add more).
    var snapshot: [String] {
        lock.lock()
        defer { lock.unlock() }
        return keys
    }
}

/// A value as encoded, before it is written: containers must be complete before their counts and slot lengths are
/// known, and the `Encoder` contract lets a caller fill a nested container after writing to its parent.
enum BinaryNode {
    case null
    case unsigned(UInt64)
    case signed(Int64)
    case bool(Bool)
    case float(UInt32)
    case double(UInt64)
    case string(Int)
    case keyed(KeyedBinaryNode)
    case unkeyed(UnkeyedBinaryNode)
    /// What an encoder handed out by `superEncoder()` holds once its caller is done with it.
    case encoder(BinaryValueEncoder)
}

final class KeyedBinaryNode {
    var fields: [(key: Int, value: BinaryNode)] = []
}

final class UnkeyedBinaryNode {
    /// `inSlot` is false for scalars, which an unkeyed container writes bare.
    var elements: [(value: BinaryNode, inSlot: Bool)] = []
}

struct BinaryWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func littleEndian<Bits: FixedWidthInteger>(_ value: Bits) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ node: BinaryNode) {
        switch node {
        case .null: break  // only ever inside a slot, whose header says nil
        case .unsigned(let value): varint(value)
        case .signed(let value): varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        case .bool(let value): bytes.append(value ? 1 : 0)
        case .float(let bits): littleEndian(bits)
        case .double(let bits): littleEndian(bits)
        case .string(let index): varint(UInt64(index))
        case .keyed(let keyed):
            varint(UInt64(keyed.fields.count))
            for field in keyed.fields {
                varint(UInt64(field.key))
                slot(field.value)
            }
        case .unkeyed(let unkeyed):
            varint(UInt64(unkeyed.elements.count))
            for element in unkeyed.elements {
                if element.inSlot { slot(element.value) } else { write(element.value) }
            }
        case .encoder(let encoder): write(encoder.encodedNode)
        }
    }

    /// The value behind a one-byte length, widened afterwards in the rare case it needs more.
    mutating func slot(_ node: BinaryNode) {
        if node.isNull {
            bytes.append(0)
            return
        }
        let headerOffset = bytes.count
        bytes.append(0)
        write(node)
        let header = UInt64(bytes.count - headerOffset - 1) + 1
        if header < 0x80 {
            bytes[headerOffset] = UInt8(header)
        } else {
            var wide = BinaryWriter()
            wide.varint(header)
            bytes.replaceSubrange(headerOffset...headerOffset, with: wide.bytes)
        }
    }
}

extension BinaryNode {
    var isNull: Bool {
        switch self {
        case .null: true
        case .encoder(let encoder): encoder.encodedNode.isNull
        default: false
        }
    }
}

/// The types an unkeyed container writes bare rather than in a slot, whichever `encode` overload they come through
/// (`[String]` reaches the generic one): encoder and decoder must agree on this list, so both go through it.
enum BinaryScalar {
    case string, int, bool, double, float, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64

    init?<T>(_ type: T.Type) {
        if type == String.self { self = .string }
        else if type == Int.self { self = .int }
        else if type == Bool.self { self = .bool }
        else if type == Double.self { self = .double }
        else if type == Float.self { self = .float }
        else if type == Int8.self { self = .int8 }
        else if type == Int16.self { self = .int16 }
        else if type == Int32.self { self = .int32 }
        else if type == Int64.self { self = .int64 }
        else if type == UInt.self { self = .uint }
        else if type == UInt8.self { self = .uint8 }
        else if type == UInt16.self { self = .uint16 }
        else if type == UInt32.self { self = .uint32 }
        else if type == UInt64.self { self = .uint64 }
        else { return nil }
    }

    /// `T` is the type `self` names (see `read`).
    func node<T>(_ value: T, strings: BinaryStringTable) -> BinaryNode {
        switch self {
        case .string: .string(strings.index(of: unsafeBitCast(value, to: String.self)))
        case .int: .signed(Int64(unsafeBitCast(value, to: Int.self)))
        case .bool: .bool(unsafeBitCast(value, to: Bool.self))
        case .double: .double(unsafeBitCast(value, to: Double.self).bitPattern)
        case .float: .float(unsafeBitCast(value, to: Float.self).bitPattern)
        case .int8: .signed(Int64(unsafeBitCast(value, to: Int8.self)))
        case .int16: .signed(Int64(unsafeBitCast(value, to: Int16.self)))
        case .int32: .signed(Int64(unsafeBitCast(value, to: Int32.self)))
        case .int64: .signed(unsafeBitCast(value, to: Int64.self))
        case .uint: .unsigned(UInt64(unsafeBitCast(value, to: UInt.self)))
        case .uint8: .unsigned(UInt64(unsafeBitCast(value, to: UInt8.self)))
        case .uint16: .unsigned(UInt64(unsafeBitCast(value, to: UInt16.self)))
        case .uint32: .unsigned(UInt64(unsafeBitCast(value, to: UInt32.self)))
        case .uint64: .unsigned(unsafeBitCast(value, to: UInt64.self))
        }
    }
}

final class BinaryValueEncoder: Encoder {
    let strings: BinaryStringTable
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Nil until a container is asked for.
    var node: BinaryNode?

    init(strings: BinaryStringTable, codingPath: [any CodingKey]) {
        self.strings = strings
        self.codingPath = codingPath
    }

    /// A value that asked for no container is written as an empty keyed one, as JSON writes `{}`.
    var encodedNode: BinaryNode { node ?? .keyed(KeyedBinaryNode()) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed(let keyed)? = node { return KeyedEncodingContainer(BinaryKeyedEncodingContainer(encoder: self, node: keyed)) }
        let keyed = KeyedBinaryNode()
        node = .keyed(keyed)
        return KeyedEncodingContainer(BinaryKeyedEncodingContainer(encoder: self, node: keyed))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed(let unkeyed)? = node { return BinaryUnkeyedEncodingContainer(encoder: self, node: unkeyed) }
        let unkeyed = UnkeyedBinaryNode()
        node = .unkeyed(unkeyed)
        return BinaryUnkeyedEncodingContainer(encoder: self, node: unkeyed)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { BinarySingleValueEncodingContainer(encoder: self) }

    /// `value` as a node: scalars directly, anything else through an encoder of its own.
    func node<T: Encodable>(of value: T, at key: (any CodingKey)?) throws -> BinaryNode {
        if let scalar = BinaryScalar(T.self) { return scalar.node(value, strings: strings) }
        let child = BinaryValueEncoder(strings: strings, codingPath: key.map { codingPath + [$0] } ?? codingPath)
        try value.encode(to: child)
        return child.encodedNode
    }

    func childEncoder(at key: any CodingKey) -> BinaryValueEncoder {
        BinaryValueEncoder(strings: strings, codingPath: codingPath + [key])
    }
}

/// The coding key of an unkeyed container's element, for coding paths.
struct BinaryIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
    /// The key `superEncoder()` and `superDecoder()` store under, as JSON's coders do.
    static let superKey = BinarySuperKey()
}

struct BinarySuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

struct BinaryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: BinaryValueEncoder
    let node: KeyedBinaryNode
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func add(_ value: BinaryNode, for key: some CodingKey) {
        node.fields.append((encoder.strings.index(ofKey: key.stringValue), value))
    }

    mutating func encodeNil(forKey key: Key) throws { add(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(.string(encoder.strings.index(of: value)), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(.signed(Int64(value)), for: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { add(try encoder.node(of: value, at: key), for: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.childEncoder(at: key)
        add(.encoder(child), for: key)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = encoder.childEncoder(at: key)
        add(.encoder(child), for: key)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(at: BinaryIndexKey.superKey) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(at: key) }

    private func superEncoder(at key: some CodingKey) -> any Encoder {
        let child = encoder.childEncoder(at: key)
        add(.encoder(child), for: key)
        return child
    }
}

struct BinaryUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: BinaryValueEncoder
    let node: UnkeyedBinaryNode
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { node.elements.count }

    private var nextKey: BinaryIndexKey { BinaryIndexKey(intValue: count) }

    mutating func encodeNil() throws { node.elements.append((.null, true)) }
    mutating func encode(_ value: Bool) throws { node.elements.append((.bool(value), false)) }
    mutating func encode(_ value: String) throws { node.elements.append((.string(encoder.strings.index(of: value)), false)) }
    mutating func encode(_ value: Int) throws { node.elements.append((.signed(Int64(value)), false)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.elements.append((try encoder.node(of: value, at: nextKey), BinaryScalar(T.self) == nil))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.childEncoder(at: nextKey)
        node.elements.append((.encoder(child), true))
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.childEncoder(at: nextKey)
        node.elements.append((.encoder(child), true))
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.childEncoder(at: nextKey)
        node.elements.append((.encoder(child), true))
        return child
    }
}

struct BinarySingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: BinaryValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.node = .null }
    mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
    mutating func encode(_ value: String) throws { encoder.node = .string(encoder.strings.index(of: value)) }
    mutating func encode(_ value: Int) throws { encoder.node = .signed(Int64(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try encoder.node(of: value, at: nil) }
}
