/// By hand, so that `modifiersStart`, an offset, is written as one (`FactWriter.writeOffset`): after the property's
/// position it is a byte, where as a plain number it took two or three. The ranges are offsets already.
extension DeclarationLayout: BinaryCodable {
    init(from reader: inout FactReader) throws {
        modifiersStart = try reader.readOffset()
        specifier = try reader.read()
        accessModifier = try reader.read()
    }

    func write(to writer: inout FactWriter) {
        writer.writeOffset(modifiersStart)
        writer.write(specifier)
        writer.write(accessModifier)
    }
}
