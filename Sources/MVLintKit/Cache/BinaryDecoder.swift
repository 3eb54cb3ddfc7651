internal import Foundation

/// Reads what `BinaryEncoder` wrote (the layout is described there). Every read is bounds-checked: damaged or
/// foreign bytes throw `DecodingError.dataCorrupted`, never crash.
struct BinaryDecoder {
    /// The `BinaryKeyTable` the payloads were written with, or a later snapshot of it.
    let keys: [String]

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try data.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes: bytes, offset: 0, end: bytes.count)
            let count = try reader.count()
            var strings: [String] = []
            strings.reserveCapacity(count)
            for _ in 0..<count {
                let length = try reader.count()
                let start = try reader.skip(length)
                guard let string = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]), as: UTF8.self)
                else { throw BinaryReader.corrupted }
                strings.append(string)
            }
            let root = try reader.slot()
            guard reader.offset == bytes.count else { throw BinaryReader.corrupted }
            let payload = BinaryPayload(bytes: bytes, strings: strings, keys: keys)
            return try payload.decode(type, in: root, parent: nil, key: nil)
        }
    }
}

/// A value's bytes: `start..<end`, or nil.
struct BinarySlot {
    var start: Int
    var end: Int
    var isNil: Bool
}

struct BinaryReader {
    static let corrupted = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "damaged binary payload"))

    let bytes: UnsafeRawBufferPointer
    var offset: Int
    let end: Int

    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Self.corrupted }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func signed() throws -> Int64 {
        let zigzag = try varint()
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    /// A varint that counts bytes or elements, so it fits in what is left.
    mutating func count() throws -> Int {
        let value = try varint()
        guard value <= UInt64(end - offset) else { throw Self.corrupted }
        return Int(value)
    }

    /// Moves past `length` bytes, returning where they start.
    mutating func skip(_ length: Int) throws -> Int {
        guard length <= end - offset else { throw Self.corrupted }
        defer { offset += length }
        return offset
    }

    mutating func littleEndian<Bits: FixedWidthInteger>(_ type: Bits.Type) throws -> Bits {
        let start = try skip(MemoryLayout<Bits>.size)
        var value: Bits = 0
        withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + MemoryLayout<Bits>.size])) }
        return Bits(littleEndian: value)
    }

    mutating func slot() throws -> BinarySlot {
        let header = try varint()
        if header == 0 { return BinarySlot(start: offset, end: offset, isNil: true) }
        guard header - 1 <= UInt64(end - offset) else { throw Self.corrupted }
        let start = try skip(Int(header - 1))
        return BinarySlot(start: start, end: offset, isNil: false)
    }

    mutating func bool() throws -> Bool {
        let start = try skip(1)
        switch bytes[start] {
        case 0: return false
        case 1: return true
        default: throw Self.corrupted
        }
    }
}

/// One payload's bytes and string table, and the key table, shared by the decoders of its values.
struct BinaryPayload {
    let bytes: UnsafeRawBufferPointer
    let strings: [String]
    let keys: [String]

    func reader(_ slot: BinarySlot) -> BinaryReader { BinaryReader(bytes: bytes, offset: slot.start, end: slot.end) }

    func string(_ index: UInt64) throws -> String {
        guard index < UInt64(strings.count) else { throw BinaryReader.corrupted }
        return strings[Int(index)]
    }

    func key(_ index: UInt64) throws -> String {
        guard index < UInt64(keys.count) else { throw BinaryReader.corrupted }
        return keys[Int(index)]
    }

    func decode<T: Decodable>(_ type: T.Type, in slot: BinarySlot, parent: BinaryValueDecoder?, key: (any CodingKey)?) throws -> T {
        if let scalar = BinaryScalar(type) {
            guard !slot.isNil else { throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "nil")) }
            var reader = reader(slot)
            return try scalar.read(type, from: &reader, payload: self)
        }
        return try T(from: BinaryValueDecoder(payload: self, slot: slot, parent: parent, key: key))
    }
}

extension BinaryScalar {
    func read<T>(_ type: T.Type, from reader: inout BinaryReader, payload: BinaryPayload) throws -> T {
        let value: Any
        switch self {
        case .string: value = try payload.string(reader.varint())
        case .int: value = try Self.exactly(Int.self, reader.signed())
        case .bool: value = try reader.bool()
        case .double: value = Double(bitPattern: try reader.littleEndian(UInt64.self))
        case .float: value = Float(bitPattern: try reader.littleEndian(UInt32.self))
        case .int8: value = try Self.exactly(Int8.self, reader.signed())
        case .int16: value = try Self.exactly(Int16.self, reader.signed())
        case .int32: value = try Self.exactly(Int32.self, reader.signed())
        case .int64: value = try reader.signed()
        case .uint: value = try Self.exactly(UInt.self, reader.varint())
        case .uint8: value = try Self.exactly(UInt8.self, reader.varint())
        case .uint16: value = try Self.exactly(UInt16.self, reader.varint())
        case .uint32: value = try Self.exactly(UInt32.self, reader.varint())
        case .uint64: value = try reader.varint()
        }
        return value as! T
    }

    private static func exactly<Target: FixedWidthInteger>(_ type: Target.Type, _ value: some FixedWidthInteger) throws -> Target {
        guard let exact = Target(exactly: value) else { throw BinaryReader.corrupted }
        return exact
    }
}

final class BinaryValueDecoder: Decoder {
    let payload: BinaryPayload
    let slot: BinarySlot
    private let parent: BinaryValueDecoder?
    private let key: (any CodingKey)?
    /// Where a keyed container's search for the next key starts: right after the last one found, since
    /// synthesized decoders ask for the fields in the order they were written.
    fileprivate var fieldCursor = (index: 0, offset: 0)
    fileprivate var fields = (count: 0, start: 0)

    init(payload: BinaryPayload, slot: BinarySlot, parent: BinaryValueDecoder?, key: (any CodingKey)?) {
        self.payload = payload
        self.slot = slot
        self.parent = parent
        self.key = key
    }

    /// Built only when asked for (errors), so decoding allocates no paths.
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var decoder: BinaryValueDecoder? = self
        while let current = decoder, let key = current.key {
            path.append(key)
            decoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard !slot.isNil else { throw DecodingError.valueNotFound(KeyedDecodingContainer<Key>.self, .init(codingPath: codingPath, debugDescription: "nil")) }
        var reader = payload.reader(slot)
        fields = (try reader.count(), reader.offset)
        fieldCursor = (0, reader.offset)
        return KeyedDecodingContainer(BinaryKeyedDecodingContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard !slot.isNil else { throw DecodingError.valueNotFound(UnkeyedDecodingContainer.self, .init(codingPath: codingPath, debugDescription: "nil")) }
        var reader = payload.reader(slot)
        let count = try reader.count()
        return BinaryUnkeyedDecodingContainer(decoder: self, reader: reader, count: count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { BinarySingleValueDecodingContainer(decoder: self) }

    /// The slot of `key`'s field, or nil when the container has none.
    fileprivate func field(_ key: some CodingKey) throws -> BinarySlot? {
        let name = key.stringValue
        var reader = payload.reader(slot)
        reader.offset = fieldCursor.offset
        var index = fieldCursor.index
        for _ in 0..<fields.count {
            if index == fields.count {
                index = 0
                reader.offset = fields.start
            }
            let keyIndex = try reader.varint()
            let value = try reader.slot()
            index += 1
            if try payload.key(keyIndex) == name {
                fieldCursor = (index, reader.offset)
                return value
            }
        }
        return nil
    }

    fileprivate func allKeys<Key: CodingKey>(_ type: Key.Type) throws -> [Key] {
        var reader = payload.reader(slot)
        reader.offset = fields.start
        return try (0..<fields.count).compactMap { _ in
            let keyIndex = try reader.varint()
            _ = try reader.slot()
            return Key(stringValue: try payload.key(keyIndex))
        }
    }
}

struct BinaryKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: BinaryValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { (try? decoder.allKeys(Key.self)) ?? [] }

    func contains(_ key: Key) -> Bool { (try? decoder.field(key)) != nil }

    private func field(_ key: Key) throws -> BinarySlot {
        guard let slot = try decoder.field(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no field \(key.stringValue)"))
        }
        return slot
    }

    func decodeNil(forKey key: Key) throws -> Bool { try field(key).isNil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.payload.decode(type, in: try field(key), parent: decoder, key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try decodeIfPresent(type, key) }

    // The standard library's versions of these ask `contains`, `decodeNil` and `decode` in turn: three searches.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIfPresent(type, key) }

    private func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let slot = try decoder.field(key), !slot.isNil else { return nil }
        return try decoder.payload.decode(type, in: slot, parent: decoder, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try BinaryValueDecoder(payload: decoder.payload, slot: try field(key), parent: decoder, key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try BinaryValueDecoder(payload: decoder.payload, slot: try field(key), parent: decoder, key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(at: BinaryIndexKey.superKey) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(at: key) }

    private func superDecoder(at key: some CodingKey) throws -> any Decoder {
        guard let slot = try decoder.field(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no field \(key.stringValue)"))
        }
        return BinaryValueDecoder(payload: decoder.payload, slot: slot, parent: decoder, key: key)
    }
}

struct BinaryUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: BinaryValueDecoder
    var reader: BinaryReader
    let elementCount: Int
    private(set) var currentIndex = 0

    init(decoder: BinaryValueDecoder, reader: BinaryReader, count: Int) {
        self.decoder = decoder
        self.reader = reader
        self.elementCount = count
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    private mutating func next() throws -> BinaryIndexKey {
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "past the last element")) }
        defer { currentIndex += 1 }
        return BinaryIndexKey(intValue: currentIndex)
    }

    /// True, and moves on, when the next element is a nil slot; scalars are never nil, so they are not slots.
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, reader.offset < reader.end, reader.bytes[reader.offset] == 0 else { return false }
        reader.offset += 1
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = try next()
        if let scalar = BinaryScalar(type) { return try scalar.read(type, from: &reader, payload: decoder.payload) }
        return try decoder.payload.decode(type, in: try reader.slot(), parent: decoder, key: key)
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try decodeOptional(type) }

    // An optional element is in a slot even when it holds a scalar, so the standard library's versions of these
    // (`decodeNil`, then `decode`, which reads a scalar bare) would misread it.
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try decodeOptional(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try decodeOptional(type) }

    private mutating func decodeOptional<T: Decodable>(_ type: T.Type) throws -> T? {
        let key = try next()
        let slot = try reader.slot()
        return slot.isNil ? nil : try decoder.payload.decode(type, in: slot, parent: decoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try elementDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try elementDecoder().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try elementDecoder() }

    private mutating func elementDecoder() throws -> BinaryValueDecoder {
        let key = try next()
        return BinaryValueDecoder(payload: decoder.payload, slot: try reader.slot(), parent: decoder, key: key)
    }
}

struct BinarySingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: BinaryValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.slot.isNil }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = BinaryScalar(type) {
            guard !decoder.slot.isNil else { throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "nil")) }
            var reader = decoder.payload.reader(decoder.slot)
            return try scalar.read(type, from: &reader, payload: decoder.payload)
        }
        return try T(from: decoder)
    }
}
