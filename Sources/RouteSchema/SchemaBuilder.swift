/// The checks ``Schema`` makes of its declarations, each naming the file, line and member.
struct SchemaBuilder {
    let file: String
    /// Where each parsed case or struct member came from, for errors found after parsing
    /// (unknown types, defaults of the wrong type): its member, line, text, and values.
    private var origins: [(member: String, line: Int, text: String, values: [CaseSignature.Value])] = []

    init(file: String) {
        self.file = file
    }

    func error(_ line: Int, _ member: String, _ text: String, _ reason: String) -> SchemaError {
        SchemaError(file: file, line: line, member: member, text: text, reason: reason)
    }

    func checkTypeName(_ name: String, line: Int, member: String) throws(SchemaError) {
        // A nested type is named by its path, as Swift spells it: `DetailFeature.State`.
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = name.utf8.count <= 128 && parts.allSatisfy { part in
            !part.isEmpty && part.utf8.count <= 64 && part.utf8.enumerated().allSatisfy { offset, byte in
                SignatureParser.isIdentifierScalar(UInt32(byte), first: offset == 0)
            }
        }
        guard valid else {
            throw error(
                line, member, "",
                "a type's name is a Swift identifier (letters, digits and '_', up to 64), or a nested type's path of them (DetailFeature.State)")
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
            origins.append((place, declaration.line, declaration.text, signature.values))
            cases.append(signature)
        }
        return Schema.Enumeration(try rawValues(cases, declarations, member: member), rawKind: rawKind(cases))
    }

    /// The struct the stored properties `members` of `member` make.
    mutating func structure(_ members: [SchemaMember], member: String) throws(SchemaError) -> Schema.Structure {
        var values: [CaseSignature.Value] = []
        var seen = Set<String>()
        for declared in members {
            let place = member + "." + declared.name
            let valid = !declared.name.isEmpty && declared.name.utf8.count <= 64
                && declared.name.utf8.enumerated().allSatisfy { SignatureParser.isIdentifierScalar(UInt32($1), first: $0 == 0) }
            guard valid else {
                throw error(declared.line, place, declared.text, "a stored property's name is a Swift identifier (letters, digits and '_', up to 64)")
            }
            // The project file's JSON has no member twice; kept for declarations made in code.
            guard seen.insert(declared.name).inserted else {
                throw error(declared.line, place, declared.text, "the stored property '\(declared.name)' is declared twice")
            }
            let type: SchemaType
            do {
                type = try SignatureParser.parseType(declared.text)
            } catch {
                throw self.error(declared.line, place, declared.text, "\(error.reason) (column \(error.column))")
            }
            let value = CaseSignature.Value(label: declared.name, type: type, position: values.count)
            origins.append((place, declared.line, declared.text, [value]))
            values.append(value)
        }
        return Schema.Structure(values)
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
            for value in origin.values {
                if let unknown = firstUnknown(value.type, in: schema) {
                    let declared = schema.typeNames
                    throw error(
                        origin.line, origin.member, origin.text,
                        "unknown type '\(unknown)': "
                            + (declared.isEmpty
                                ? "use String, Int, Double or Bool, or declare it under 'types'"
                                : "use String, Int, Double, Bool or a type under 'types' (\(declared.joined(separator: ", ")))"))
                }
                if let defaultValue = value.defaultValue, let problem = Self.defaultProblem(defaultValue, value.type, in: schema) {
                    throw error(origin.line, origin.member, origin.text, "the default \(defaultValue) of \(value.key) \(problem)")
                }
            }
        }
    }

    /// Why `value` is no default of a `type` (Swift would not compile it), or `nil`.
    static func defaultProblem(_ value: CaseSignature.DefaultValue, _ type: SchemaType, in schema: Schema) -> String? {
        switch (type, value) {
        case (.optional, .null): return nil
        case (.optional(let wrapped), _): return defaultProblem(value, wrapped, in: schema)
        case (_, .null): return "is not \(type.withArticle): only an optional (T?) takes nil"
        case (.int, .number(let text)):
            return Int(text) == nil ? "is not an integer an Int holds" : nil
        case (.double, .number), (.string, .string), (.bool, .bool), (.array, .emptyArray), (.dictionary, .emptyDictionary):
            return nil
        case (.named(let name), .enumCase(let caseName)):
            guard let enumeration = schema.types[name] else { return "is not \(type.withArticle): \(name) is a struct, not an enum" }
            guard let signature = enumeration[caseName] else {
                return "is no case of \(name)" + (Schema.nearest(caseName, enumeration.names).map { "; did you mean '.\($0)'?" } ?? "")
            }
            return signature.values.isEmpty ? nil : "is a case with associated values: name one without, or give none"
        case (.named(let name), .string), (.named(let name), .number):
            // An enum with raw values takes its raw value's literal too (`ExpressibleBy...` does
            // not come with it: Swift refuses), so no.
            return "is not \(type.withArticle): write a case of \(name), such as .\(schema.types[name]?.names.first ?? "none")"
        default:
            return "is not \(type.withArticle)"
        }
    }

    private func firstUnknown(_ type: SchemaType, in schema: Schema) -> String? {
        switch type {
        case .string, .int, .double, .bool: return nil
        case .optional(let inner), .array(let inner), .dictionary(let inner): return firstUnknown(inner, in: schema)
        case .named(let name): return schema.declares(type: name) ? nil : name
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
        // A struct is one "case" that needs every type its stored properties hold directly.
        for (name, structure) in schema.structures {
            let needs = Set(structure.members.compactMap { value -> String? in
                if case .named(let needed) = value.type { return needed }
                return nil
            })
            remaining[name] = [needs.count]
            for needed in needs { waiting[needed, default: []].append((name, 0)) }
            if needs.isEmpty {
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
        if let name = schema.typeNames.filter({ !inhabited.contains($0) }).min(by: { typeLines[$0]!.line < typeLines[$1]!.line }) {
            let (line, member) = typeLines[name]!
            let how = schema.structures[name] != nil
                ? "its stored properties hold a \(name) (through their types), so no decoder can finish one; make one of them optional"
                : "every case holds a \(name) (through its values), so no decoder can finish one; make one case hold none, or the value optional"
            throw error(line, member, "", "no value of \(name) is finite: \(how)")
        }
    }
}
