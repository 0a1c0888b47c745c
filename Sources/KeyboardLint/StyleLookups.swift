import KeyboardModel

/// The answers one `StyleSources` gave, by question: every keyboard of a theme and layout asks
/// where the same fields of the same keys are set, on each device and in each orientation. A
/// sweep worker keeps one per theme and layout, beside the sources it answers for; used on
/// one thread.
final class StyleLookups {
    private struct Question: Hashable {
        var field: String, keyClass: KeyClass, block: String, keyIndex: Int?
    }

    private var answers: [Question: (position: SourcePosition, rank: Int)] = [:]

    /// A table that has answered nothing yet.
    init() {}

    /// `sources.source(of:keyClass:block:keyIndex:)`, asked once per question.
    func source(of field: String, keyClass: KeyClass, block: String, keyIndex: Int?, in sources: StyleSources) -> (position: SourcePosition, rank: Int) {
        let question = Question(field: field, keyClass: keyClass, block: block, keyIndex: keyIndex)
        if let known = answers[question] { return known }
        let answer = sources.source(of: field, keyClass: keyClass, block: block, keyIndex: keyIndex)
        answers[question] = answer
        return answer
    }
}
