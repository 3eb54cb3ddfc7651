/// A fingerprint of a file's bytes (FNV-1a and length). The fix engine compares it with the file on disk to
/// make sure its edits, computed on the text that was analysed, still land on that text.
public struct SourceDigest: Sendable, Hashable, Codable {
    let byteCount: Int
    let hash: UInt64

    init(byteCount: Int, hash: UInt64) {
        self.byteCount = byteCount
        self.hash = hash
    }

    public init(_ text: String) { self.init(bytes: text.utf8) }

    init(bytes: some Sequence<UInt8>) {
        // Through a pointer where the bytes are contiguous (a native string's UTF-8, `Data`): iterating `Data`
        // element by element costs several times as much.
        if let digest = bytes.withContiguousStorageIfAvailable({ Self(buffer: $0) }) {
            self = digest
            return
        }
        self.init(buffer: bytes)
    }

    private init(buffer bytes: some Sequence<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            count += 1
        }
        self.byteCount = count
        self.hash = hash
    }
}
