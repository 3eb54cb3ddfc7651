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

/// By hand, as its `Codable` is: the line (as the difference from the previous one), the column, then the offset
/// as an `Optional` (as the difference from the previous offset). Facts are listed in source order, so both
/// differences are mostly a byte.
extension SourcePosition: BinaryCodable {
    @inline(__always)
    init(from reader: inout FactReader) throws {
        self = try reader.readPosition()
    }

    func write(to writer: inout FactWriter) { writer.writePosition(self) }
}
