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
/// offset as an `Optional`.
extension SourcePosition: BinaryCodable {
    init(from reader: inout FactReader) throws {
        self.init(line: try reader.read(), column: try reader.read(), utf8Offset: try reader.read())
    }

    func write(to writer: inout FactWriter) {
        writer.write(line)
        writer.write(column)
        writer.write(utf8Offset)
    }
}
