/// By hand, so that `modifiersStart`, an offset, is written as one (`FactWriter.writeOffset`): after the property's
/// position it is a byte, where as a plain number it took two or three. The ranges are offsets already.
extension DeclarationLayout: BinaryCodable {
    init(from reader: inout FactReader) throws {
        let modifiersStart = try reader.readOffset()
        self.init(modifiersStart: modifiersStart, specifier: try reader.read(), accessModifier: try reader.read(),
                  declaresOneVariable: try reader.readFlag())
    }

    func write(to writer: inout FactWriter) {
        writer.writeOffset(modifiersStart)
        writer.write(specifier)
        writer.write(accessModifier)
        writer.writeFlag(declaresOneVariable)
    }
}

/// By hand, so that the offset is written as one: shorter, and left out of a shape (`FactWriter.shape(of:)`), so that
/// an edit above a view's body keeps its file's facts the same shape.
extension StatementInsertionPoint: BinaryCodable {
    init(from reader: inout FactReader) throws {
        utf8Offset = try reader.readOffset()
        indentation = try reader.read()
    }

    func write(to writer: inout FactWriter) {
        writer.writeOffset(utf8Offset)
        writer.write(indentation)
    }
}

/// As the `Range<Int>` it stands for.
extension OffsetRange: BinaryCodable {
    init(from reader: inout FactReader) throws { self.init(try Range<Int>(from: &reader)) }

    func write(to writer: inout FactWriter) { writer.writeRange(range) }
}
