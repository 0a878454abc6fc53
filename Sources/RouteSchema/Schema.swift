/// An app's route types, from the project file's `routes` and `types`: what synthesized
/// `Codable` writes for them, to check a route against before the app reads it.
///
/// Building one refuses, naming the file, line and member, every declaration that does not
/// parse or that synthesized `Codable` could not produce: a case declared twice, two values
/// under one key (`a(_1: Int, Int)`), a type that is not declared, raw values mixed or given to
/// a case with associated values, and a type no finite value has (every case holds the type
/// itself, which only `indirect` compiles and no decoder can finish).
public struct Schema: Sendable, Equatable {
    /// A type declared under `types`: its name, the line of its member, and its cases (an enum,
    /// declared by an array of case signatures) or its stored properties (a struct, declared by
    /// an object of property names and types).
    public struct TypeDeclaration: Hashable, Sendable {
        public let name: String
        public let line: Int
        /// An enum's cases; empty for a struct.
        public let cases: [SchemaDeclaration]
        /// A struct's stored properties, in order; `nil` for an enum.
        public let members: [SchemaMember]?

        /// An enum of `cases`.
        public init(name: String, line: Int, cases: [SchemaDeclaration]) {
            self.name = name
            self.line = line
            self.cases = cases
            self.members = nil
        }

        /// A struct of `members` (none: a struct with no stored properties, written `{}`).
        public init(name: String, line: Int, members: [SchemaMember]) {
            self.name = name
            self.line = line
            self.cases = []
            self.members = members
        }
    }

    /// A struct's stored properties as synthesized `Codable` writes them: one object member
    /// each, under the property's name, an optional that is `nil` left out. A decoder ignores
    /// members it does not know.
    public struct Structure: Hashable, Sendable {
        /// The stored properties, each a value labelled by its name, in declared order.
        public let members: [CaseSignature.Value]
        private let index: [String: Int]

        init(_ members: [CaseSignature.Value]) {
            self.members = members
            var index: [String: Int] = [:]
            for (offset, member) in members.enumerated() { index[member.key] = offset }
            self.index = index
        }

        /// The property called `name`.
        public func member(named name: String) -> CaseSignature.Value? {
            index[name].map { members[$0] }
        }
    }

    /// An enum's cases, in order, and whether it is backed by raw values (then synthesized
    /// `Codable` writes a case as its raw value, not as an object).
    public struct Enumeration: Sendable, Equatable {
        public let cases: [CaseSignature]
        /// `int` or `string` for an enum whose cases have raw values; `nil` otherwise.
        public let rawKind: RawKind?
        private let index: [String: Int]

        init(_ cases: [CaseSignature], rawKind: RawKind?) {
            self.cases = cases
            self.rawKind = rawKind
            var index: [String: Int] = [:]
            for (offset, signature) in cases.enumerated() { index[signature.name] = offset }
            self.index = index
        }

        /// The case called `name`.
        public subscript(name: String) -> CaseSignature? {
            index[name].map { cases[$0] }
        }

        /// The case names, in order.
        public var names: [String] { cases.map(\.name) }

        /// The case whose raw value is `raw`.
        public func `case`(rawValue raw: CaseSignature.RawValue) -> CaseSignature? {
            cases.first { $0.rawValue == raw }
        }
    }

    /// What backs an enum with raw values.
    public enum RawKind: Hashable, Sendable {
        case int
        case string
    }

    /// The app's route enum.
    public let routes: Enumeration
    /// The enums declared under `types`, by name.
    public let types: [String: Enumeration]
    /// The structs declared under `types`, by name.
    public let structures: [String: Structure]

    /// The schema of `routes` and `types`, as the project file `file` declares them.
    ///
    /// - Throws: ``SchemaError`` for the first declaration that is wrong, in file order.
    public init(routes: [SchemaDeclaration], types: [TypeDeclaration] = [], file: String = "routectl.json") throws(SchemaError) {
        var builder = SchemaBuilder(file: file)
        var enums: [String: Enumeration] = [:]
        var structures: [String: Structure] = [:]
        var typeLines: [String: (line: Int, member: String)] = [:]
        for type in types {
            let member = "types." + type.name
            try builder.checkTypeName(type.name, line: type.line, member: member)
            if let members = type.members {
                structures[type.name] = try builder.structure(members, member: member)
            } else {
                enums[type.name] = try builder.enumeration(type.cases, member: member)
            }
            typeLines[type.name] = (type.line, member)
        }
        self.routes = try builder.enumeration(routes, member: "routes")
        self.types = enums
        self.structures = structures
        try builder.checkReferences(self)
        try builder.checkInhabited(self, typeLines: typeLines)
    }

    /// The route names, in order.
    public var routeNames: [String] { routes.names }

    /// Whether `name` is a type declared under `types` (an enum or a struct).
    public func declares(type name: String) -> Bool {
        types[name] != nil || structures[name] != nil
    }

    /// The names of the types declared under `types`, sorted.
    public var typeNames: [String] { (Array(types.keys) + Array(structures.keys)).sorted() }
}
