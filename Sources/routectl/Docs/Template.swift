/// Generated text written as what it generates: the whole text once, with named holes such as
/// `{{commands}}` where the command and option tables fill in.
///
/// A hole that stands alone on its line (after indentation) and is filled with nothing takes
/// the line with it, so an empty list leaves no blank line. Every hole must be filled, and
/// every value given must have a hole: a generator and its template cannot drift apart.
struct Template {
    /// The text with its holes.
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// The text with every hole replaced by its value.
    func render(_ values: [String: String]) -> String {
        var out = ""
        var used = Set<String>()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), let name = Template.hole(trimmed), values[name]?.isEmpty == true {
                used.insert(name)
                continue
            }
            var rest = line
            while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
                let name = String(rest[open.upperBound..<close.lowerBound])
                guard let value = values[name] else { preconditionFailure("template hole {{\(name)}} has no value") }
                used.insert(name)
                out += rest[..<open.lowerBound] + value
                rest = rest[close.upperBound...]
            }
            out += rest
            if !lines.isEmpty { out += "\n" }
        }
        precondition(used == Set(values.keys), "values without a hole: \(Set(values.keys).subtracting(used).sorted())")
        return out
    }

    /// The name of a hole written as the whole of `text`, such as `{{commands}}`.
    private static func hole(_ text: Substring) -> String? {
        let name = text.dropFirst(2).dropLast(2)
        return name.contains("{") || name.contains("}") ? nil : String(name)
    }
}
