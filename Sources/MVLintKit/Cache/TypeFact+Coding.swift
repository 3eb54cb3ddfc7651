/// By hand, as its `Codable` is: the fields, as if they were the fact's own (the box is not written).
extension TypeFact: BinaryCodable {
    init(from reader: inout FactReader) throws { self.init(fields: try Fields(from: &reader)) }

    func write(to writer: inout FactWriter) { box.fields.write(to: &writer) }
}
