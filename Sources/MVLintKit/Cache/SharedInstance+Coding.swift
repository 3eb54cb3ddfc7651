// By hand, as its names are held in a box: coded as the two names, as when they were its own fields.

extension PropertyFact.SharedInstance {
    private enum CodingKeys: String, CodingKey { case typeName, member }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(typeName: try container.decode(String.self, forKey: .typeName), member: try container.decode(String.self, forKey: .member))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .typeName)
        try container.encode(member, forKey: .member)
    }
}

extension PropertyFact.SharedInstance: BinaryCodable {
    init(from reader: inout FactReader) throws {
        let typeName: String = try reader.read()
        self.init(typeName: typeName, member: try reader.read())
    }

    func write(to writer: inout FactWriter) {
        writer.write(typeName)
        writer.write(member)
    }
}

extension PropertyFact.SharedInstance: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["typeName": typeName, "member": member]) }
}
