/// "Did you mean" guesses: the candidate closest to a mistyped word, when it is close enough.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, within a third of its length (at least
    /// 1, at most 3 edits), or one that `word` is a prefix of.
    /// One-letter options (`-x`) are all one edit apart, so for those only a different case
    /// counts as close.
    static func closest(to word: String, among candidates: [String]) -> String? {
        if word.count == 2, word.hasPrefix("-") {
            return candidates.first { $0.lowercased() == word.lowercased() }
        }
        let limit = min(3, max(1, word.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where abs(candidate.count - word.count) <= limit {
            let distance = editDistance(Array(word), Array(candidate))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.candidate }
        guard !word.isEmpty else { return nil }
        return candidates.first { $0.hasPrefix(word) }
    }

    /// Levenshtein distance, counting an adjacent swap as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
