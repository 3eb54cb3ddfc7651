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
            // Unkeyed containers keep their place in 32 bits.
            guard reader.offset == bytes.count, bytes.count < UInt32.max else { throw BinaryReader.corrupted }
            let payload = BinaryPayload(bytes: bytes, strings: strings, keys: keys)
            return try BinaryValueDecoder(payload: payload, slot: root, codingPath: []).decodeValue(type)
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
}

extension BinaryScalar {
    /// `T` is the type `self` names, so the value is handed over with `unsafeBitCast`: a dynamic cast per scalar
    /// was a noticeable share of decoding.
    func read<T>(_ type: T.Type, from reader: inout BinaryReader, payload: BinaryPayload) throws -> T {
        switch self {
        case .string: unsafeBitCast(try payload.string(reader.varint()), to: T.self)
        case .int: unsafeBitCast(try Self.exactly(Int.self, reader.signed()), to: T.self)
        case .bool: unsafeBitCast(try reader.bool(), to: T.self)
        case .double: unsafeBitCast(Double(bitPattern: try reader.littleEndian(UInt64.self)), to: T.self)
        case .float: unsafeBitCast(Float(bitPattern: try reader.littleEndian(UInt32.self)), to: T.self)
        case .int8: unsafeBitCast(try Self.exactly(Int8.self, reader.signed()), to: T.self)
        case .int16: unsafeBitCast(try Self.exactly(Int16.self, reader.signed()), to: T.self)
        case .int32: unsafeBitCast(try Self.exactly(Int32.self, reader.signed()), to: T.self)
        case .int64: unsafeBitCast(try reader.signed(), to: T.self)
        case .uint: unsafeBitCast(try Self.exactly(UInt.self, reader.varint()), to: T.self)
        case .uint8: unsafeBitCast(try Self.exactly(UInt8.self, reader.varint()), to: T.self)
        case .uint16: unsafeBitCast(try Self.exactly(UInt16.self, reader.varint()), to: T.self)
        case .uint32: unsafeBitCast(try Self.exactly(UInt32.self, reader.varint()), to: T.self)
        case .uint64: unsafeBitCast(try reader.varint(), to: T.self)
        }
    }

    private static func exactly<Target: FixedWidthInteger>(_ type: Target.Type, _ value: some FixedWidthInteger) throws -> Target {
        guard let exact = Target(exactly: value) else { throw BinaryReader.corrupted }
        return exact
    }
}

/// Decodes the values of one payload. A nested value is decoded by this same object, its slot swapped in and the
/// outer one restored afterwards (decoding is strictly nested), which saves an allocation per value; only nested
/// containers, which a caller may use alongside their parent, get a decoder of their own.
final class BinaryValueDecoder: Decoder {
    let payload: BinaryPayload
    fileprivate private(set) var slot: BinarySlot
    private(set) var codingPath: [any CodingKey]
    /// The current keyed container's fields, and where its search for the next key starts: right after the last
    /// one found, since synthesized decoders ask for the fields in the order they were written.
    fileprivate var fields = (count: 0, start: 0)
    fileprivate var fieldCursor = (index: 0, offset: 0)

    init(payload: BinaryPayload, slot: BinarySlot, codingPath: [any CodingKey]) {
        self.payload = payload
        self.slot = slot
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The current value as `type`.
    fileprivate func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        guard let scalar = BinaryScalar(type) else { return try T(from: self) }
        return try read(scalar, type, in: slot)
    }

    /// The value in `slot` (inside the current one, reached through `key`) as `type`.
    fileprivate func decode<T: Decodable>(_ type: T.Type, in slot: BinarySlot, key: some CodingKey) throws -> T {
        if let scalar = BinaryScalar(type) { return try read(scalar, type, in: slot) }
        let outer = (self.slot, fields, fieldCursor)
        self.slot = slot
        codingPath.append(key)
        defer {
            (self.slot, fields, fieldCursor) = outer
            codingPath.removeLast()
        }
        return try T(from: self)
    }

    private func read<T>(_ scalar: BinaryScalar, _ type: T.Type, in slot: BinarySlot) throws -> T {
        guard !slot.isNil else { throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "nil")) }
        var reader = payload.reader(slot)
        return try scalar.read(type, from: &reader, payload: payload)
    }

    fileprivate func decoder(for slot: BinarySlot, key: some CodingKey) -> BinaryValueDecoder {
        BinaryValueDecoder(payload: payload, slot: slot, codingPath: codingPath + [key])
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
        return BinaryUnkeyedDecodingContainer(decoder: self, offset: reader.offset, end: slot.end, count: count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { BinarySingleValueDecodingContainer(decoder: self) }

    /// The slot of `key`'s field in the current keyed container, or nil when it has none.
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

/// Asks its decoder for every field, so it must only be used while that decoder is on this container's value
/// (which strict nesting guarantees).
struct BinaryKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: BinaryValueDecoder
    let codingPath: [any CodingKey]

    init(decoder: BinaryValueDecoder) {
        self.decoder = decoder
        codingPath = decoder.codingPath
    }

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
        try decoder.decode(type, in: try field(key), key: key)
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
        return try decoder.decode(type, in: slot, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.decoder(for: try field(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.decoder(for: try field(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(at: BinaryIndexKey.superKey) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(at: key) }

    private func superDecoder(at key: some CodingKey) throws -> any Decoder {
        guard let slot = try decoder.field(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no field \(key.stringValue)"))
        }
        return decoder.decoder(for: slot, key: key)
    }
}

struct BinaryUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: BinaryValueDecoder
    // 32 bits each, so the container fits an existential's inline buffer: a heap box per array was a share of
    // decoding. `BinaryDecoder` refuses payloads that do not fit.
    private var offset: UInt32
    private let end: UInt32
    private var index: UInt32 = 0
    private let elementCount: UInt32

    init(decoder: BinaryValueDecoder, offset: Int, end: Int, count: Int) {
        self.decoder = decoder
        self.offset = UInt32(offset)
        self.end = UInt32(end)
        self.elementCount = UInt32(count)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { Int(elementCount) }
    var currentIndex: Int { Int(index) }
    var isAtEnd: Bool { index >= elementCount }

    private mutating func next() throws -> BinaryIndexKey {
        guard !isAtEnd else { throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "past the last element")) }
        defer { index += 1 }
        return BinaryIndexKey(intValue: currentIndex)
    }

    /// Reads at the container's place and moves it on.
    private mutating func read<T>(_ body: (inout BinaryReader) throws -> T) throws -> T {
        var reader = BinaryReader(bytes: decoder.payload.bytes, offset: Int(offset), end: Int(end))
        defer { offset = UInt32(reader.offset) }
        return try body(&reader)
    }

    /// True, and moves on, when the next element is a nil slot; scalars are never nil, so they are not slots.
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, offset < end, decoder.payload.bytes[Int(offset)] == 0 else { return false }
        offset += 1
        index += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let key = try next()
        if let scalar = BinaryScalar(type) {
            let payload = decoder.payload
            return try read { try scalar.read(type, from: &$0, payload: payload) }
        }
        return try decoder.decode(type, in: try read { try $0.slot() }, key: key)
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
        let slot = try read { try $0.slot() }
        return slot.isNil ? nil : try decoder.decode(type, in: slot, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try elementDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try elementDecoder().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try elementDecoder() }

    private mutating func elementDecoder() throws -> BinaryValueDecoder {
        let key = try next()
        return decoder.decoder(for: try read { try $0.slot() }, key: key)
    }
}

struct BinarySingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: BinaryValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.slot.isNil }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
