import KeyboardModel

/// Where a shuffle's randomness comes from (docs/format.md, the `shuffle` and `fixed` fields).
public enum ShuffleSource: Sendable, Hashable {
    /// A `SplitMix64` stream from this seed: the permutation is a pure function of
    /// (seed, layout) and stays the same across platforms and Swift versions.
    case seeded(UInt64)
    /// The operating system's secure random source; every permutation is equally likely.
    case system
}

/// The SplitMix64 generator (Steele, Lea, Flood 2014): a 64-bit state advanced by a fixed
/// odd constant and mixed into each output.
///
/// Defined here, with its own bounded draw, so that a seeded shuffle never depends on the
/// standard library's algorithms, which may change between releases.
package struct SplitMix64: Sendable, Hashable {
    /// The generator's state: the seed plus the golden-ratio constant `0x9E3779B97F4A7C15` once
    /// for every value drawn so far.
    package private(set) var state: UInt64

    /// A generator whose first state is `seed`; equal seeds give equal streams.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 uniformly distributed bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed number in `0..<bound` with no modulo bias (Lemire's
    /// multiply-shift with rejection). A `bound` of 0 returns 0.
    package mutating func bounded(_ bound: UInt64) -> UInt64 {
        guard bound > 0 else { return 0 }
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            // 2^64 mod bound: products whose low half falls below it would be over-represented.
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}
/// Shuffles the keys of a layout within their kinds.
public enum Shuffle {
    /// `keys` with the keys of each `ShuffleKind` permuted among the positions keys of that
    /// kind hold; every key without a kind (function keys, space, pinned keys) keeps its
    /// place, and so does a kind with a single key. Row spans travel with their keys.
    ///
    /// The kinds are drawn in `ShuffleKind.allCases` order from one generator, so a seeded
    /// shuffle stays a pure function of (seed, keys).
    public static func apply(_ keys: [Key], source: ShuffleSource) -> [Key] {
        var groups: [ShuffleKind: [Int]] = [:]
        for (i, key) in keys.enumerated() {
            if let kind = key.shuffleKind { groups[kind, default: []].append(i) }
        }
        var result = keys
        var seeded = SplitMix64(seed: 0)
        var system = SystemRandomNumberGenerator()
        if case .seeded(let seed) = source { seeded = SplitMix64(seed: seed) }
        for kind in ShuffleKind.allCases {
            guard let positions = groups[kind] else { continue }
            var moving = positions.map { keys[$0] }
            switch source {
            case .seeded: fisherYates(&moving, using: &seeded)
            case .system: fisherYates(&moving, using: &system)
            }
            for (position, key) in zip(positions, moving) {
                result[position] = key
            }
        }
        return result
    }

    /// Fisher–Yates: for i from the last index down to 1, swap item i with a uniformly drawn
    /// item j ≤ i. Advances `generator`, so many shuffles can run from one seeded stream.
    package static func fisherYates<T>(_ items: inout [T], using generator: inout SplitMix64) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = Int(generator.bounded(UInt64(i + 1)))
            if i != j { items.swapAt(i, j) }
        }
    }

    /// Fisher–Yates with the operating system's secure source, drawing through the standard
    /// library's unbiased `Int.random(in:using:)`.
    static func fisherYates<T>(_ items: inout [T], using generator: inout SystemRandomNumberGenerator) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = Int.random(in: 0...i, using: &generator)
            if i != j { items.swapAt(i, j) }
        }
    }
}
