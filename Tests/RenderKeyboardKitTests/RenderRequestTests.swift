import RenderKeyboardKit
import XCTest

final class RenderRequestTests: XCTestCase {
    func testPNGCompressionIsAZlibLevel() {
        var request = RenderRequest()
        for level in [0, 9] {
            request.pngCompression = level
            XCTAssertEqual(request.problems(), [])
        }
        for level in [-1, 10] {
            request.pngCompression = level
            XCTAssertEqual(request.problems(), [RequestError(field: .pngCompression, reason: "PNG compression \(level) is out of range (0…9)")])
            XCTAssertEqual(request.problems().first?.diagnostic.origin, .requestField("pngCompression"))
            XCTAssertEqual(request.problems().first?.description, "pngCompression: PNG compression \(level) is out of range (0…9)")
            XCTAssertThrowsError(try request.render()) { XCTAssertEqual($0 as? RequestError, request.problems().first) }
        }
    }

    func testTheCompressionLevelIsNotAManifestField() {
        XCTAssertFalse(BatchManifest.jobFields.contains(RenderRequest.Field.pngCompression.rawValue))
    }
}
