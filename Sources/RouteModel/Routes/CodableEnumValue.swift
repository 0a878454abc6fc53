import JSONText

/// A route as a value of the app's route enum, as Swift's synthesized `Codable` writes it
/// (SE-0295): the case name as the only key, its associated values as an object, labelled by
/// name or, unlabelled, by `_0`, `_1`... `{"main":{}}` is `main`, `{"details":{"_0":42}}` is
/// `details?_0:=42`, `{"profile":{"id":7,"name":"Ann"}}` is `profile?id:=7&name=Ann`.
///
/// This is the one place the mapping is made, for every format that stores enum values and for
/// an app's own typed routes. A string is a text parameter; any other JSON value a typed one.
extension Route {
    /// The route an enum value stands for.
    ///
    /// - Throws: `invalidInput` for a value that is not an object with one member whose value is
    ///   an object, or whose case name or payload is not a valid route.
    package init(codableValue value: JSONValue) throws {
        guard case .object(let cases) = value, cases.count == 1 else {
            throw NavigatorError(.invalidInput, "an enum value is an object with one member, its case, not \(brief(value))")
        }
        guard case .object(let payload) = cases[0].value else {
            throw NavigatorError(.invalidInput, "the case \(quotedName(cases[0].key)) holds \(brief(cases[0].value)), not an object of its associated values")
        }
        let parameters = try payload.map { member -> Parameter in
            switch member.value {
            case .string(let text): return try Parameter(key: member.key, value: text)
            case .null, .bool, .number, .array, .object: return try Parameter(key: member.key, json: member.value.text)
            }
        }
        try self.init(cases[0].key, parameters: parameters)
    }

    /// The enum value this route stands for.
    package var codableValue: JSONValue {
        let payload = parameters.map { parameter -> JSONValue.Member in
            if parameter.type == .string { return JSONValue.Member(parameter.key, .string(parameter.value)) }
            // A typed value's text is JSON that the route checked when it was made.
            return JSONValue.Member(parameter.key, (try? JSONValue(parsing: Array(parameter.value.utf8))) ?? .null)
        }
        return .object([JSONValue.Member(name, .object(payload))])
    }
}

private func quotedName(_ name: String) -> String {
    NavigatorError.quote(name)
}

/// `value`'s JSON text for a message, cut after 40 characters (`[0,1,2,…`): a state may hold a
/// value of megabytes, and a message is one short line.
private func brief(_ value: JSONValue) -> String {
    let text = value.text
    guard text.unicodeScalars.count > 40 else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…"
}
