import Testing
import RouteModel

/// Expects `body` to refuse `text` as invalid input: the message starts with
/// `invalid <what> '<text>': at column <column>, ` and holds `reason`, and the fact is
/// `fact(column)`, such as ``NavigatorError/Fact/invalidURL(column:)``.
func expectRefusal(
    _ text: String, as what: String, at column: Int, _ reason: String, fact: (Int) -> NavigatorError.Fact,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    let error = #expect(throws: NavigatorError.self, sourceLocation: sourceLocation) { try body() }
    let message = error?.message ?? ""
    #expect(error?.kind == .invalidInput, sourceLocation: sourceLocation)
    #expect(error?.fact == fact(column), "\(text): \(message)", sourceLocation: sourceLocation)
    #expect(message.hasPrefix("invalid \(what) \(NavigatorError.quote(text)): at column \(column), "), "\(message)", sourceLocation: sourceLocation)
    #expect(message.contains(reason), "\(text): \(message)", sourceLocation: sourceLocation)
}
