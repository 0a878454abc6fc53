/// Splits command-line words into options and positional arguments, the way users of `git`
/// and swift-argument-parser expect.
///
/// `--name=value` and `--name value` are both long options; `-abc` is the short flags `a`, `b`,
/// `c` grouped; `--` makes every later word positional; `-` alone and words such as `-1` are
/// positional. Which options take a value is the parser's business: it calls ``takeValue()``
/// right after such an option.
struct Lexer {
    /// One piece of the command line.
    enum Token: Equatable {
        /// `--name`, with the text after `=` when given as `--name=value`.
        case long(String, inlineValue: String?)
        /// One letter of a `-x` or `-xyz` word.
        case short(Character)
        /// Anything that is not an option.
        case positional(String)
    }

    private let words: [String]
    private var index = 0
    /// Letters of a short group not yet returned.
    private var pendingShorts: Substring = ""
    /// The `=value` of the long option just returned.
    private var pendingInlineValue: String?
    /// Whether `--` has been seen.
    private(set) var optionsEnded = false

    init(_ words: [String]) {
        self.words = words
    }

    /// The next token, or `nil` when the words are used up.
    mutating func next() -> Token? {
        pendingInlineValue = nil
        if let letter = pendingShorts.first {
            pendingShorts = pendingShorts.dropFirst()
            return .short(letter)
        }
        guard index < words.count else { return nil }
        let word = words[index]
        index += 1
        if optionsEnded || !Lexer.isOption(word) {
            return .positional(word)
        }
        if word == "--" {
            optionsEnded = true
            return next()
        }
        // Split off the dashes as bytes: a combining mark after a '-' would otherwise make one
        // character of the two.
        let rest = Substring(word.utf8.dropFirst())
        if rest.utf8.first == UInt8(ascii: "-") {
            let body = Substring(rest.utf8.dropFirst())
            guard let equals = body.utf8.firstIndex(of: UInt8(ascii: "=")) else { return .long(String(body), inlineValue: nil) }
            pendingInlineValue = String(body[body.utf8.index(after: equals)...])
            return .long(String(body[..<equals]), inlineValue: pendingInlineValue)
        }
        guard let letter = rest.first else { return .positional(word) }  // isOption saw a second byte
        pendingShorts = rest.dropFirst()
        return .short(letter)
    }

    /// The value of the option just returned: its `=value`, the rest of its short group, or the
    /// next word. Returns `nil` when there is none, or when the next word is itself an option.
    mutating func takeValue() -> String? {
        if let value = pendingInlineValue {
            pendingInlineValue = nil
            return value
        }
        if !pendingShorts.isEmpty {
            defer { pendingShorts = "" }
            return String(pendingShorts)
        }
        guard index < words.count, optionsEnded || !Lexer.isOption(words[index]) else { return nil }
        index += 1
        return words[index - 1]
    }

    /// Whether `word` reads as an option: it starts with `-`, is not `-` alone, and is not a
    /// negative number (no option of routectl is a digit).
    private static func isOption(_ word: String) -> Bool {
        let utf8 = word.utf8
        guard utf8.count >= 2, utf8.first == UInt8(ascii: "-") else { return false }
        let second = utf8[utf8.index(after: utf8.startIndex)]
        return !(second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9"))
    }
}
