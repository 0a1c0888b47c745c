import XCTest
@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

final class ShuffleTests: XCTestCase {
    private func layoutKeys(_ name: String) throws -> [Key] {
        let url = TestFiles.layouts.appendingPathComponent("\(name).yaml")
        return try LayoutDecoder.decode(TestFiles.bytes(url), file: "\(name).yaml", baseDirectory: TestFiles.layouts.path).layout.keys
    }

    func testSplitMix64MatchesTheReferenceOutputs() {
        // The published SplitMix64 stream for seed 0.
        var generator = SplitMix64(seed: 0)
        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
        XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
    }

    func testBoundedDrawStaysInRange() {
        var generator = SplitMix64(seed: 7)
        XCTAssertEqual(generator.bounded(0), 0)
        XCTAssertEqual(generator.bounded(1), 0)
        for bound: UInt64 in [2, 3, 10, 1000, UInt64.max / 2 + 3, UInt64.max] {
            for _ in 0..<1000 {
                XCTAssertLessThan(generator.bounded(bound), bound)
            }
        }
    }

    func testSeededPermutationIsPinned() {
        // Fisher–Yates over "0"…"9" with SplitMix64(42) and the multiply-shift draw, worked
        // out with an independent implementation of the same three algorithms. A change
        // here changes every seeded image users have.
        var digits = Array("0123456789")
        var generator = SplitMix64(seed: 42)
        Shuffle.fisherYates(&digits, using: &generator)
        XCTAssertEqual(String(digits), "8365409217")

        var generator2 = SplitMix64(seed: 2024)
        var first = Array("0123456789"), second = Array("0123456789")
        Shuffle.fisherYates(&first, using: &generator2)
        Shuffle.fisherYates(&second, using: &generator2)
        XCTAssertEqual(String(first), "5319748206")
        XCTAssertEqual(String(second), "1872035694")
    }

    func testSameSeedGivesTheSameOrder() throws {
        let keys = try layoutKeys("symbols")
        for seed: UInt64 in [0, 1, 42, .max] {
            XCTAssertEqual(Shuffle.apply(keys, source: .seeded(seed)), Shuffle.apply(keys, source: .seeded(seed)), "seed \(seed)")
        }
    }

    func testDifferentSeedsGiveDifferentOrders() throws {
        let keys = try layoutKeys("numbers")
        let orders = Set((0..<20).map { Shuffle.apply(keys, source: .seeded(UInt64($0))).map(\.label) })
        XCTAssertEqual(orders.count, 20, "20 seeds should give 20 different orders of the ten digits")
        XCTAssertNotEqual(Shuffle.apply(keys, source: .seeded(1)).map(\.label), Shuffle.apply(keys, source: .seeded(2)).map(\.label))
    }

    func testUnseededRunsDiffer() throws {
        let keys = try layoutKeys("symbols")
        let orders = (0..<5).map { _ in Shuffle.apply(keys, source: .system).map(\.label) }
        // Five equal permutations of 30 symbols from a secure source would mean it is not random.
        XCTAssertGreaterThan(Set(orders).count, 1)
        for order in orders {
            XCTAssertEqual(order.sorted(), keys.map(\.label).sorted())
        }
    }

    func testOnlyInputKeysMove() throws {
        for name in ["letters", "numbers", "idcard", "symbols"] {
            let keys = try layoutKeys(name)
            for source in [ShuffleSource.system] + (0..<50).map({ ShuffleSource.seeded($0) }) {
                let shuffled = Shuffle.apply(keys, source: source)
                XCTAssertEqual(shuffled.count, keys.count)
                for (original, moved) in zip(keys, shuffled) where !original.isShuffled {
                    XCTAssertEqual(original, moved, "\(name): a \(original.code.rawValue) key moved")
                }
                for (original, moved) in zip(keys, shuffled) where original.isShuffled {
                    XCTAssertEqual(moved.shuffleKind, original.shuffleKind, "\(name): \(moved.label) took the place of \(original.label)")
                }
                XCTAssertEqual(shuffled.map(\.label).sorted(), keys.map(\.label).sorted(), name)
            }
        }
    }

    func testKindsOfWhatAKeyTypes() {
        XCTAssertEqual(ShuffleKind.of("7"), .digit)
        XCTAssertEqual(ShuffleKind.of("٣"), .digit)
        XCTAssertEqual(ShuffleKind.of("00"), .digit)
        XCTAssertEqual(ShuffleKind.of("a"), .letter)
        XCTAssertEqual(ShuffleKind.of("X"), .letter)
        XCTAssertEqual(ShuffleKind.of("é"), .letter)
        XCTAssertEqual(ShuffleKind.of("中"), .letter)
        XCTAssertEqual(ShuffleKind.of("."), .symbol)
        XCTAssertEqual(ShuffleKind.of(".com"), .symbol)
        XCTAssertEqual(ShuffleKind.of("a1"), .symbol)
        XCTAssertNil(ShuffleKind.of(""))
        XCTAssertNil(ShuffleKind.of(" "))
        XCTAssertNil(ShuffleKind.of("\n"))
        XCTAssertNil(ShuffleKind.of("\u{15F91}"))
    }

    /// Digits, letters and symbols only trade places within their kind; a kind with one key
    /// (the ID pad's X), function keys, space and pinned keys stay.
    func testKindsNeverMixAndPinnedKeysStay() {
        let keys = [
            Key("1"), Key("a"), Key("2"), Key("."), Key(label: "space", code: .space), Key("b"), Key("3"),
            Key(label: "9", isFixed: true), Key("X"), Key(label: "ABC", code: .modeLetter), Key("c"), Key("4"), Key(","),
        ]
        for source in [ShuffleSource.system] + (0..<200).map({ ShuffleSource.seeded($0) }) {
            let shuffled = Shuffle.apply(keys, source: source)
            for (original, moved) in zip(keys, shuffled) {
                XCTAssertEqual(moved.shuffleKind, original.shuffleKind, "\(source): \(moved.label) took the place of \(original.label)")
            }
            XCTAssertEqual(shuffled[4], keys[4])
            XCTAssertEqual(shuffled[7], keys[7], "the pinned 9 moved")
            XCTAssertEqual(shuffled[9], keys[9])
        }
        let letters = Set((0..<50).map { Shuffle.apply(keys, source: .seeded($0)).map(\.label).joined() })
        XCTAssertGreaterThan(letters.count, 40)
    }

    /// The built-in ID pad: X is its only letter and "." nowhere, so X keeps its corner.
    func testTheIDPadsXStays() throws {
        let keys = try layoutKeys("idcard")
        let x = try XCTUnwrap(keys.firstIndex { $0.label == "X" })
        for seed: UInt64 in 0..<100 {
            XCTAssertEqual(Shuffle.apply(keys, source: .seeded(seed))[x].label, "X")
        }
    }

    /// `fixed: true` pins a key; anything but a boolean is refused by field path.
    func testFixedInALayoutFile() throws {
        let layout = try decodeLayout("""
        name: pad
        kind: number
        keys: ["1", {label: "2", fixed: true}, "3", "4"]
        portrait: {height: 100, rows: [{columns: 4}]}
        """).layout
        XCTAssertEqual(layout.keys.map(\.isFixed), [false, true, false, false])
        for seed: UInt64 in 0..<50 {
            XCTAssertEqual(Shuffle.apply(layout.keys, source: .seeded(seed))[1].label, "2")
        }
        XCTAssertEqual(diagnostics(of: """
        name: pad
        keys: [{label: "2", fixed: "yes"}]
        portrait: {height: 100, rows: [{columns: 1}]}
        """).map(\.description), ["test.yaml: keys[0].fixed: expected true or false, found \"yes\""])
    }

    func testSpaceKeysAreNotShuffled() {
        let keys = [Key("a"), Key(label: "space", code: .space), Key("b"), Key("c")]
        for seed: UInt64 in 0..<100 {
            XCTAssertEqual(Shuffle.apply(keys, source: .seeded(seed))[1].code, .space)
        }
    }

    func testEmptyAndSingleKeyLists() {
        XCTAssertEqual(Shuffle.apply([], source: .seeded(1)), [])
        XCTAssertEqual(Shuffle.apply([Key("a")], source: .system), [Key("a")])
    }

    /// 200,000 seeded shuffles of the ten digits from one generator: every digit should land
    /// in every position equally often. Chi-square over the 10 × 10 table, df = 81; the
    /// critical value at p = 0.001 is 126.1.
    func testSeededShuffleIsUniform() {
        let runs = 200_000
        var counts = [[Int]](repeating: [Int](repeating: 0, count: 10), count: 10)
        var generator = SplitMix64(seed: 0x5EED_CAFE)
        var digits = Array(0..<10)
        for _ in 0..<runs {
            for i in 0..<10 { digits[i] = i }
            Shuffle.fisherYates(&digits, using: &generator)
            for (position, digit) in digits.enumerated() {
                counts[digit][position] += 1
            }
        }
        let expected = Double(runs) / 10
        var chiSquare = 0.0
        for row in counts {
            for observed in row {
                chiSquare += (Double(observed) - expected) * (Double(observed) - expected) / expected
            }
        }
        XCTAssertLessThan(chiSquare, 126.1, "chi-square \(chiSquare) over digit × position")
    }
}
