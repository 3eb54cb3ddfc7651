/// Positions are the most numerous values in a cache entry: as `[line, column, offset]` they decode several
/// times faster than as keyed objects.
extension SourcePosition {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let line = try container.decode(Int.self)
        let column = try container.decode(Int.self)
        self.init(line: line, column: column, utf8Offset: container.isAtEnd ? nil : try container.decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(line)
        try container.encode(column)
        if let utf8Offset { try container.encode(utf8Offset) }
    }
}

/// By hand, as its `Codable` is (the generator leaves out types with their own coding): line, column, then the
/// offset as an `Optional`. The three are never negative, so they skip the zigzag that would cost a byte for lines
/// and columns from 64 and offsets from 8,192 (a negative one still round-trips, in ten bytes).
extension SourcePosition: BinaryCodable {
    init(from reader: inout FactReader) throws {
        let line = try reader.readUnsignedInt(), column = try reader.readUnsignedInt()
        self.init(line: line, column: column, utf8Offset: try reader.read() as Bool ? reader.readUnsignedInt() : nil)
    }

    func write(to writer: inout FactWriter) {
        writer.writeUnsignedInt(line)
        writer.writeUnsignedInt(column)
        writer.write(utf8Offset != nil)
        if let utf8Offset { writer.writeUnsignedInt(utf8Offset) }
    }
}

private extension FactWriter {
    mutating func writeUnsignedInt(_ value: Int) { writeVarint(UInt64(bitPattern: Int64(value))) }
}

private extension FactReader {
    mutating func readUnsignedInt() throws -> Int { Int(truncatingIfNeeded: Int64(bitPattern: try readVarint())) }
}
