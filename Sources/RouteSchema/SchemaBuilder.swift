/// The checks ``Schema`` makes of its declarations, each naming the file, line and member.
struct SchemaBuilder {
    let file: String
    /// Where each parsed case came from, for errors found after parsing (unknown types).
    private var origins: [(member: String, declaration: SchemaDeclaration, signature: CaseSignature)] = []

    init(file: String) {
        self.file = file
    }

    func error(_ line: Int, _ member: String, _ text: String, _ reason: String) -> SchemaError {
        SchemaError(file: file, line: line, member: member, text: text, reason: reason)
    }

    func checkTypeName(_ name: String, line: Int, member: String) throws(SchemaError) {
        let valid = !name.isEmpty && name.utf8.count <= 64 && name.utf8.enumerated().allSatisfy { offset, byte in
            SignatureParser.isIdentifierScalar(UInt32(byte), first: offset == 0)
        }
        guard valid else {
            throw error(line, member, "", "a type's name is a Swift identifier (letters, digits and '_', up to 64)")
        }
        if SchemaType.builtIn(named: name) != nil || ["Optional", "Array", "Dictionary"].contains(name) {
            throw error(line, member, "", "\(name) is Swift's own type: give the app's enum its own name")
        }
    }

    /// The enum the declarations `declarations` of `member` make.
    mutating func enumeration(_ declarations: [SchemaDeclaration], member: String) throws(SchemaError) -> Schema.Enumeration {
        var cases: [CaseSignature] = []
        var seen: [String: Int] = [:]
        for (offset, declaration) in declarations.enumerated() {
            let place = "\(member)[\(offset)]"
            let signature: CaseSignature
            do {
                signature = try SignatureParser.parse(declaration.text)
            } catch {
                throw self.error(declaration.line, place, declaration.text, "\(error.reason) (column \(error.column))")
            }
            if let first = seen[signature.name] {
                throw self.error(
                    declaration.line, place, declaration.text,
                    "the case '\(signature.name)' is declared twice (also \(member)[\(first)]): synthesized Codable cannot tell them apart")
            }
            seen[signature.name] = offset
            var keys: [String: CaseSignature.Value] = [:]
            for value in signature.values {
                if let other = keys[value.key] {
                    let what = other.label == nil || value.label == nil
                        ? "the label '\(value.key)' is the key of the unlabelled value at position \((other.label == nil ? other : value).position)"
                        : "the label '\(value.key)' is used twice"
                    throw self.error(declaration.line, place, declaration.text, "\(what): synthesized Codable writes both under one key")
                }
                keys[value.key] = value
            }
            origins.append((place, declaration, signature))
            cases.append(signature)
        }
        return Schema.Enumeration(try rawValues(cases, declarations, member: member), rawKind: rawKind(cases))
    }

    private func rawKind(_ cases: [CaseSignature]) -> Schema.RawKind? {
        for signature in cases {
            switch signature.rawValue {
            case .int?: return .int
            case .string?: return .string
            case nil: continue
            }
        }
        return nil
    }

    /// The cases with the raw values Swift gives those declared without one (an `Int` one more
    /// than the case before, from 0; a `String` the case's name), checked as Swift checks them.
    private func rawValues(_ cases: [CaseSignature], _ declarations: [SchemaDeclaration], member: String) throws(SchemaError) -> [CaseSignature] {
        guard let kind = rawKind(cases) else { return cases }
        var result: [CaseSignature] = []
        var seen: [CaseSignature.RawValue: String] = [:]
        var next: Int? = 0  // nil after Int.max: Swift gives the next case no raw value
        var previous = 0
        for (offset, signature) in cases.enumerated() {
            let declaration = declarations[offset]
            let place = "\(member)[\(offset)]"
            guard signature.values.isEmpty else {
                throw error(declaration.line, place, declaration.text, "an enum with raw values has no associated values (another case has a raw value)")
            }
            let raw: CaseSignature.RawValue
            switch (kind, signature.rawValue) {
            case (.int, .int(let value)?):
                raw = .int(value)
                previous = value
                next = value == Int.max ? nil : value + 1
            case (.int, nil):
                guard let value = next else {
                    throw error(declaration.line, place, declaration.text, "the raw value after \(previous) overflows an Int; give this case a raw value of its own")
                }
                raw = .int(value)
                previous = value
                next = value == Int.max ? nil : value + 1
            case (.string, .string(let text)?): raw = .string(text)
            case (.string, nil): raw = .string(signature.name)
            case (.int, .string?), (.string, .int?):
                throw error(declaration.line, place, declaration.text, "raw values are all integers or all strings")
            }
            if let other = seen[raw] {
                throw error(declaration.line, place, declaration.text, "the raw value \(raw) is also the case '\(other)''s")
            }
            seen[raw] = signature.name
            result.append(CaseSignature(name: signature.name, values: [], rawValue: raw))
        }
        return result
    }

    /// Throws for the first type a declaration names that is not declared.
    func checkReferences(_ schema: Schema) throws(SchemaError) {
        for origin in origins {
            for value in origin.signature.values {
                if let unknown = firstUnknown(value.type, in: schema) {
                    let declared = schema.types.keys.sorted()
                    throw error(
                        origin.declaration.line, origin.member, origin.declaration.text,
                        "unknown type '\(unknown)': "
                            + (declared.isEmpty
                                ? "use String, Int, Double or Bool, or declare it under 'types'"
                                : "use String, Int, Double, Bool or a type under 'types' (\(declared.joined(separator: ", ")))"))
                }
            }
        }
    }

    private func firstUnknown(_ type: SchemaType, in schema: Schema) -> String? {
        switch type {
        case .string, .int, .double, .bool: return nil
        case .optional(let inner), .array(let inner), .dictionary(let inner): return firstUnknown(inner, in: schema)
        case .named(let name): return schema.types[name] == nil ? name : nil
        }
    }

    /// Throws for a type no finite value has: every case holds, directly or through other
    /// types, a value of the type itself (an optional, an array or a dictionary can be empty,
    /// and so ends the chain). Routes are checked the same way.
    func checkInhabited(_ schema: Schema, typeLines: [String: (line: Int, member: String)]) throws(SchemaError) {
        // A worklist, linear in the declarations: each case counts the types it still waits
        // for; a type is inhabited once one of its cases waits for none. (Sweeping every type
        // until nothing changes took a pass per link of a chain: 20,000 chained types ran for
        // minutes.)
        var waiting: [String: [(type: String, index: Int)]] = [:]
        var remaining: [String: [Int]] = [:]
        var inhabited = Set<String>()
        var ready: [String] = []
        for (name, enumeration) in schema.types {
            var counts: [Int] = []
            for (index, signature) in enumeration.cases.enumerated() {
                let needs = Set(signature.values.compactMap { value -> String? in
                    if case .named(let needed) = value.type { return needed }
                    return nil
                })
                counts.append(needs.count)
                for needed in needs { waiting[needed, default: []].append((name, index)) }
            }
            remaining[name] = counts
            if counts.contains(0) {
                inhabited.insert(name)
                ready.append(name)
            }
        }
        while let done = ready.popLast() {
            for (type, index) in waiting[done] ?? [] where !inhabited.contains(type) {
                remaining[type]![index] -= 1
                if remaining[type]![index] == 0 {
                    inhabited.insert(type)
                    ready.append(type)
                }
            }
        }
        if let name = schema.types.keys.filter({ !inhabited.contains($0) }).min(by: { typeLines[$0]!.line < typeLines[$1]!.line }) {
            let (line, member) = typeLines[name]!
            throw error(
                line, member, "",
                "no value of \(name) is finite: every case holds a \(name) (through its values), so no decoder can finish one; make one case hold none, or the value optional")
        }
    }
}
