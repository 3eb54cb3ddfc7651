internal import Foundation

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

    /// A checksum of stored bytes (the cache's records and results), eight bytes at a step: damage shows as a
    /// mismatch. Not FNV-1a, whose chain of a multiply per byte was 4–5 % of decoding a record (`mvlint-bench decode`);
    /// not a fingerprint of a source either (those stay FNV-1a: SARIF reports carry them from run to run). Each step
    /// folds the 128-bit product of the running hash, mixed with the word, and a constant (wyhash's step).
    init(checksumOf payload: Data) {
        self = payload.withUnsafeBytes { bytes in
            var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
            var offset = 0
            while offset + 8 <= bytes.count {
                hash = Self.fold(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0xA076_1D64_78BD_642F)
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            return SourceDigest(byteCount: bytes.count, hash: Self.fold(hash ^ tail ^ 0x8EBC_6AF0_9C88_C6E3))
        }
    }

    /// The high and low halves of the value's full product with an odd constant, combined.
    private static func fold(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xE703_7ED1_A0B4_28DB)
        return product.high ^ product.low
    }
}
