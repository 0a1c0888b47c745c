/// PNG chunk checksums, so that mutated images get past libpng's CRC check and reach the
/// decoder behind it (a random change to a chunk almost never keeps its CRC right).
enum PNGChunks {
    /// `png` with the CRC of every complete chunk after the signature recomputed; a
    /// truncated last chunk and anything that is not a PNG are returned unchanged.
    static func fixingChecksums(_ png: [UInt8]) -> [UInt8] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 8, Array(png[0..<8]) == signature else { return png }
        var bytes = png
        var offset = 8
        // Each chunk: length (4 bytes, big-endian), type (4), data (length), CRC (4) of type + data.
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            guard end + 4 <= bytes.count else { break }
            let crc = crc32(bytes[(offset + 4)..<end])
            for i in 0..<4 { bytes[end + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            offset = end + 4
        }
        return bytes
    }

    /// CRC-32 (ISO 3309, as in PNG and zlib).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
