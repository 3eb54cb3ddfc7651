// By hand, as their `Codable` is: the fields, as if they were the fact's own (the box is not written).

extension TypeFact: BinaryCodable {
    init(from reader: inout FactReader) throws { self.init(fields: try Fields(from: &reader)) }

    func write(to writer: inout FactWriter) { storage.fields.write(to: &writer) }
}

extension FileFacts: BinaryCodable {
    init(from reader: inout FactReader) throws { self.init(fields: try Fields(from: &reader)) }

    func write(to writer: inout FactWriter) { storage.fields.write(to: &writer) }
}
