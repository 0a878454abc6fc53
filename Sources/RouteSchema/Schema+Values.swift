import JSONText
import PlainText

extension Schema {
    /// How deeply a value is checked; JSON nests at most as deep as the scanner allows anyway.
    static let maxCheckDepth = 512

    /// Why `value` is not a `type` as synthesized `Codable` reads it, or `nil` when it is:
    /// `found "42"`, `found "a" at [1]`, `found {"mor":{}} (Feature has no case 'mor')`. A member
    /// a struct does not declare is a problem here (a change names what it writes); ``check``
    /// notes it instead (see ``mismatch(_:_:notes:trail:)``).
    func mismatch(_ value: JSONValue, _ type: SchemaType) -> String? {
        var notes: [String]?
        return mismatch(value, type, at: "", trail: "", depth: 0, notes: &notes)
    }

    /// As ``mismatch(_:_:)``, but a member a struct does not declare, which the app's decoder
    /// ignores, is no problem: `notes` gets a line for it, starting with its coding path after
    /// `trail` (`_0.draft`).
    func mismatch(_ value: JSONValue, _ type: SchemaType, notes: inout [String], trail: String) -> String? {
        var collected: [String]? = notes
        defer { notes = collected ?? notes }
        return mismatch(value, type, at: "", trail: trail, depth: 0, notes: &collected)
    }

    private func mismatch(_ value: JSONValue, _ type: SchemaType, at path: String, trail: String, depth: Int, notes: inout [String]?) -> String? {
        func found(_ why: String? = nil) -> String {
            "found \(Schema.brief(value))" + (path.isEmpty ? "" : " at \(path)") + (why.map { " (\($0))" } ?? "")
        }
        guard depth < Schema.maxCheckDepth else { return found("nested deeper than \(Schema.maxCheckDepth)") }
        switch (type, value) {
        case (.optional, .null): return nil
        case (.optional(let wrapped), _): return mismatch(value, wrapped, at: path, trail: trail, depth: depth + 1, notes: &notes)
        case (.string, .string), (.bool, .bool): return nil
        case (.double, .number(let text)):
            return Double(text)?.isFinite == true ? nil : found("no Double holds it")
        case (.int, .number(let text)):
            return Schema.isInt(text) ? nil : found("not an integer an Int holds")
        case (.array(let element), .array(let elements)):
            for (index, item) in elements.enumerated() {
                if let problem = mismatch(item, element, at: path + "[\(index)]", trail: trail + "[\(index)]", depth: depth + 1, notes: &notes) { return problem }
            }
            return nil
        case (.dictionary(let element), .object(let members)):
            for member in members {
                let key = "[" + quoted(member.key, limit: 40) + "]"
                if let problem = mismatch(member.value, element, at: path + key, trail: trail + key, depth: depth + 1, notes: &notes) { return problem }
            }
            return nil
        case (.named(let name), _):
            if let structure = structures[name] {
                return structMismatch(value, structure, name: name, trail: trail, depth: depth, notes: &notes, found: found)
            }
            guard let enumeration = types[name] else { return found("\(name) is not declared") }
            return enumMismatch(value, enumeration, name: name, trail: trail, depth: depth, notes: &notes, found: found)
        default:
            return found()
        }
    }

    /// A struct as synthesized `Decodable` reads it: an object holding every stored property
    /// that is not optional (an optional may be absent or `null`); other members are ignored.
    private func structMismatch(
        _ value: JSONValue, _ structure: Structure, name: String, trail: String, depth: Int, notes: inout [String]?, found: (String?) -> String
    ) -> String? {
        guard case .object(let members) = value else {
            return found("a \(name) is written as an object of its stored properties")
        }
        for member in members where structure.member(named: member.key) == nil {
            let names = structure.members.map(\.key)
            var what = "\(name) has no stored property \(quoted(member.key, limit: 40))"
            if let near = Schema.nearest(member.key, names) { what += "; did you mean '\(near)'?" }
            guard notes != nil else { return found(what) }
            let place = trail.isEmpty ? member.key : trail + "." + member.key
            notes!.append("\(place): \(what) (the app's decoder ignores it)")
        }
        // A stored value's members by key (a JSON object has no key twice): one look-up each.
        var stored: [String: JSONValue] = [:]
        for member in members { stored[member.key] = member.value }
        for declared in structure.members {
            guard let value = stored[declared.key] else {
                if declared.type.mayBeAbsent { continue }
                return found("\(name) takes \(declared.type.withArticle) as \(declared.key), found none")
            }
            let place = trail.isEmpty ? declared.key : trail + "." + declared.key
            if let problem = mismatch(value, declared.type, at: "", trail: place, depth: depth + 1, notes: &notes) {
                return found("\(name) takes \(declared.type.withArticle) as \(declared.key), \(problem)")
            }
        }
        return nil
    }

    private func enumMismatch(
        _ value: JSONValue, _ enumeration: Enumeration, name: String, trail: String, depth: Int, notes: inout [String]?, found: (String?) -> String
    ) -> String? {
        switch (enumeration.rawKind, value) {
        case (.int?, .number(let text)):
            guard Schema.isInt(text), let raw = Int(text), enumeration.case(rawValue: .int(raw)) != nil else {
                return found("\(name) has no case with this raw value")
            }
            return nil
        case (.string?, .string(let text)):
            return enumeration.case(rawValue: .string(text)) == nil ? found("\(name) has no case with this raw value") : nil
        case (.some, _):
            return found("a \(name) is written as its raw value")
        case (nil, .object(let cases)):
            guard cases.count == 1, case .object(let payload) = cases[0].value else {
                return found("an enum value is an object with one member, its case, holding an object")
            }
            guard let signature = enumeration[cases[0].key] else {
                return found("\(name) has no case \(quoted(cases[0].key, limit: 40))" + (Schema.nearest(cases[0].key, enumeration.names).map { "; did you mean '\($0)'?" } ?? ""))
            }
            let place = trail.isEmpty ? cases[0].key : trail + "." + cases[0].key
            if let problem = payloadMismatch(payload, signature, depth: depth + 1, trail: place, notes: &notes) {
                return found("\(name).\(problem)")
            }
            return nil
        case (nil, _):
            return found(nil)
        }
    }

    /// Why `payload` is not the associated values of `signature`: `details takes an Int as _0,
    /// found "42"`; `nil` when it is. A default does not make a value optional: synthesized
    /// `Decodable` requires every value that is not optional, default or not.
    func payloadMismatch(_ payload: [JSONValue.Member], _ signature: CaseSignature, depth: Int = 0) -> String? {
        var notes: [String]?
        return payloadMismatch(payload, signature, depth: depth, trail: "", notes: &notes)
    }

    /// As ``payloadMismatch(_:_:depth:)``, with the lenient structs of ``mismatch(_:_:notes:trail:)``.
    func payloadMismatch(_ payload: [JSONValue.Member], _ signature: CaseSignature, notes: inout [String]) -> String? {
        var collected: [String]? = notes
        defer { notes = collected ?? notes }
        return payloadMismatch(payload, signature, depth: 0, trail: "", notes: &collected)
    }

    private func payloadMismatch(_ payload: [JSONValue.Member], _ signature: CaseSignature, depth: Int, trail: String, notes: inout [String]?) -> String? {
        for member in payload where signature.value(forKey: member.key) == nil {
            let takes = signature.values.isEmpty
                ? "takes no values"
                : "takes only " + signature.values.map { "\($0.key) (\($0.type.withArticle))" }.joined(separator: ", ")
            return "\(signature.name) has no value \(quoted(member.key, limit: 40)): it \(takes)"
        }
        for value in signature.values {
            guard let member = payload.first(where: { $0.key == value.key }) else {
                if value.type.mayBeAbsent { continue }
                return "\(signature.name) takes \(value.type.withArticle) as \(value.key), found none"
                    + (value.defaultValue == nil ? "" : " (its default \(value.defaultValue!) is not decoded: the app's decoder requires the value)")
            }
            let place = trail.isEmpty ? value.key : trail + "." + value.key
            if let problem = mismatch(member.value, value.type, at: "", trail: place, depth: depth, notes: &notes) {
                return "\(signature.name) takes \(value.type.withArticle) as \(value.key), \(problem)"
            }
        }
        return nil
    }

    /// Whether `text`, a JSON number, is one an `Int` decodes: digits only, in range (a
    /// fraction or exponent is refused, though some decoders take `1.0`: the app's may not).
    static func isInt(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        return Int(text) != nil
    }

    /// `value`'s JSON text for a message, cut after 40 characters.
    static func brief(_ value: JSONValue) -> String {
        let text = value.text
        let scalars = text.unicodeScalars
        let shown = scalars.count > 40 ? String(String.UnicodeScalarView(scalars.prefix(40))) + "…" : text
        // JSON escapes control characters in strings; the rest is printable.
        return shown
    }

    /// The candidate closest to `word` (at most a third of its length in edits, 1 to 3), or
    /// one starting with it.
    static func nearest(_ word: String, _ candidates: [String]) -> String? {
        let a = Array(word)
        let limit = min(3, max(1, a.count / 3))
        var best: (String, Int)?
        for candidate in candidates {
            let b = Array(candidate)
            guard abs(a.count - b.count) <= limit else { continue }
            var previous = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var current = [i] + [Int](repeating: 0, count: b.count)
                for j in 1...max(b.count, 1) where !b.isEmpty {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = current
            }
            let distance = previous[b.count]
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0 ?? (word.isEmpty ? nil : candidates.first { $0.hasPrefix(word) })
    }
}
