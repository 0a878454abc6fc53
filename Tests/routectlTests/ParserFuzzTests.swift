import RouteModel
import Testing

@testable import routectl
import TestSupport

/// The lexer, parser and invocation on hostile words, in process: whatever the words, they
/// either resolve or throw `UsageError` or `NavigatorError` (`invalidInput`), with one-line
/// messages, and never trap.
@Suite(.tags(.fuzz), .slowLayer) struct ParserFuzzTests {
    /// Parses `words`; returns a description of the broken rule, or `nil`.
    static func check(_ words: [String]) -> String? {
        do {
            _ = try Invocation(ParsedCommandLine(words))
        } catch let error as UsageError {
            if error.message.contains("\n") || error.hint?.contains("\n") == true { return "multi-line usage error: \(error)" }
        } catch let error as NavigatorError {
            if error.kind != .invalidInput { return "NavigatorError of kind \(error.kind): \(error)" }
            if error.message.contains("\n") || Advice.hint(for: error)?.contains("\n") == true { return "multi-line error: \(error)" }
        } catch {
            return "unexpected error type: \(error)"
        }
        return nil
    }

    @Test func randomAndMutatedWords() {
        let seed = FuzzSettings.seed(for: "ParserFuzzTests")
        var generator = HostileArguments(seed: seed)
        generator.hugeWords = false
        let count = FuzzSettings.cases(5_000, factor: 100)
        for index in 0..<count {
            let words = generator.next().map { HostileArguments.text($0) }
            if let problem = Self.check(words) {
                Issue.record("seed \(seed), case \(index), \(words.map { $0.debugDescription }): \(problem)")
            }
        }
        print("ParserFuzzTests: \(count) command lines")
    }

    @Test func hugeWords() {
        for prefix in ["", "-", "--", "--file=", "id=", "-f"] {
            let word = prefix + String(repeating: "q", count: 100_000)
            for words in [[word], ["push", word], ["push", "a", word], ["pop", word], ["-f", word, "show"]] {
                #expect(Self.check(words) == nil, "\(prefix)")
            }
        }
    }

    /// An invalid name in `--routes` (here a newline) was repeated raw in the "add it" hint,
    /// which made the error two lines.
    @Test func invalidRouteListsGiveOneLineHints() {
        for list in ["\n", "a,\n", "\u{1B}[31m", "a,,b"] {
            #expect(Self.check(["init", "--initial", "home", "--routes", list]) == nil, "\(list.debugDescription)")
        }
    }

    /// A combining mark right after `-` once made the lexer trap (see `HostileInputTests`).
    @Test func combiningMarksNextToDashes() {
        for word in ["-\u{301}", "--\u{301}", "-\u{200D}", "-\u{FE0F}", "-q\u{301}", "--file=\u{301}", "--\u{301}=x", "-\u{301}f", "-f\u{301}"] {
            #expect(Self.check([word]) == nil, "\(word.debugDescription)")
            #expect(Self.check(["show", word, "x"]) == nil, "\(word.debugDescription)")
        }
        #expect(throws: UsageError.self) { try ParsedCommandLine(["-\u{301}"]) }
    }
}
