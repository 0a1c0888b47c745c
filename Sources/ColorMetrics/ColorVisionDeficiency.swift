/// A colour-vision deficiency, simulated with the matrices of Machado, Oliveira & Fernandes
/// (2009), "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE
/// TVCG 15(6), at severity 1.0 (dichromacy).
public enum ColorVisionDeficiency: String, Sendable, Hashable, CaseIterable {
    /// No working L cones (red).
    case protanopia
    /// No working M cones (green).
    case deuteranopia
    /// No working S cones (blue).
    case tritanopia

    /// The published 3 × 3 matrix, rows by output component, applied to linear sRGB.
    public var matrix: [[Double]] {
        switch self {
        case .protanopia:
            return [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        case .deuteranopia:
            return [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        case .tritanopia:
            return [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        }
    }

    /// How `color` looks to a person with this deficiency: the matrix applied to its linear
    /// components, each result clamped to 0…1, then gamma-encoded again.
    public func simulate(_ color: SRGB) -> SRGB {
        let c = color.linear
        let m = matrix
        func row(_ r: [Double]) -> Double { ColorMetrics.clamped(r[0] * c.red + r[1] * c.green + r[2] * c.blue) }
        return LinearRGB(red: row(m[0]), green: row(m[1]), blue: row(m[2])).encoded
    }
}
