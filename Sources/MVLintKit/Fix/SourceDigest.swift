#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A fingerprint of bytes (a 64-bit hash and the length): a file's content, which the fix engine compares with the
/// file on disk to make sure its edits, computed on the text that was analysed, still land on that text; the cache's
/// keys and checksums. Eight bytes at a step, each step folding the 128-bit product of the running hash, mixed with the
/// word, and a constant (wyhash's step): FNV-1a's chain of a multiply per byte was 4–5 % of decoding a record
/// (`mvlint-bench decode`) and almost 1 % of a cold run, digesting every file.
public struct SourceDigest: Sendable, Hashable, Codable {
    let byteCount: Int
    let hash: UInt64

    init(byteCount: Int, hash: UInt64) {
        self.byteCount = byteCount
        self.hash = hash
    }

    public init(_ text: String) { self.init(bytes: text.utf8) }

    init(checksumOf payload: Data) { self.init(bytes: payload) }

    init(bytes: some Sequence<UInt8>) {
        // Through a pointer where the bytes are contiguous (a native string's UTF-8, `Data`).
        if let digest = bytes.withContiguousStorageIfAvailable({ Self(buffer: UnsafeRawBufferPointer($0)) }) {
            self = digest
            return
        }
        self = Array(bytes).withUnsafeBytes(Self.init(buffer:))
    }

    private init(buffer bytes: UnsafeRawBufferPointer) {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = Self.fold(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0xA076_1D64_78BD_642F)
            offset += 8
        }
        // The last 0–7 bytes as a little-endian word, in up to three loads: a loop over them was most of the cost of
        // a short key's hash (`StringTable`).
        var tail: UInt64 = 0, shift: UInt64 = 0
        if bytes.count - offset >= 4 {
            tail = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            (offset, shift) = (offset + 4, 32)
        }
        if bytes.count - offset >= 2 {
            tail |= UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) << shift
            (offset, shift) = (offset + 2, shift + 16)
        }
        if offset < bytes.count { tail |= UInt64(bytes[offset]) << shift }
        self.init(byteCount: bytes.count, hash: Self.fold(hash ^ tail ^ 0x8EBC_6AF0_9C88_C6E3))
    }

    /// FNV-1a of the text's UTF-8, for the values users keep from run to run and version to version: SARIF
    /// fingerprints and the cache file's name. They must not change with the digest above.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The high and low halves of the value's full product with an odd constant, combined.
    private static func fold(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xE703_7ED1_A0B4_28DB)
        return product.high ^ product.low
    }
}
