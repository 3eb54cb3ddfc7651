#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A search for an ASCII word in UTF-8 bytes, for the places that ask often: the standard library's generic search is
/// not specialized for UTF-8 views, and Foundation's goes through its Unicode-aware comparison.
enum ByteSearch {
    /// Calls `body` with the offset of each occurrence of `word` in `haystack` not overlapping the one before, until it
    /// returns false. An empty word occurs nowhere.
    static func forEachOccurrence(of word: StaticString, in haystack: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
        // Through `withUTF8Buffer`: a one-character literal is stored as its scalar, without an address.
        word.withUTF8Buffer { forEachOccurrence(of: $0, in: UnsafeRawBufferPointer(haystack), body) }
    }

    /// `forEachOccurrence(of:in:_:)` for a word known only at run time, in any bytes.
    static func forEachOccurrence(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeRawBufferPointer, _ body: (Int) -> Bool) {
        // `memmem` is a GNU extension: each occurrence of one byte of the word (`memchr`), then the word compared.
        // The byte is its first capital where it has one: code is mostly lowercase, so far fewer places to compare.
        guard let needleStart = needle.baseAddress, !needle.isEmpty else { return }
        let anchor = needle.firstIndex { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ?? 0
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return }
        // The anchor's places where the whole word fits.
        var cursor = base + anchor
        let last = base + (haystack.count - needle.count + anchor)
        while cursor <= last, let found = memchr(cursor, Int32(needle[anchor]), last - cursor + 1) {
            let place = UnsafeRawPointer(found)
            guard memcmp(place - anchor, needleStart, needle.count) == 0 else {
                cursor = place + 1
                continue
            }
            guard body(place - anchor - base) else { return }
            cursor = place + needle.count
        }
    }

    /// True when `word` occurs in `bytes`.
    static func contains(_ word: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        var word = word
        return word.withUTF8 { occurs($0, in: bytes) }
    }

    /// True when the ASCII `word` occurs in `text`'s UTF-8 bytes.
    static func contains(_ word: StaticString, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { haystack in word.withUTF8Buffer { occurs($0, in: UnsafeRawBufferPointer(haystack)) } }
    }

    private static func occurs(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeRawBufferPointer) -> Bool {
        var found = false
        forEachOccurrence(of: needle, in: haystack) { _ in
            found = true
            return false
        }
        return found
    }
}
