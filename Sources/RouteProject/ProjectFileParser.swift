import JSONText
import PlainText
import RouteModel

extension ProjectFile {
    /// The largest project file read: far more than any app's declarations, small enough that
    /// reading one costs nothing.
    public static let maxSize = 1 << 20

    /// Reads a project file from its bytes.
    ///
    /// - Parameter formats: the names `store.format` may take.
    /// - Throws: ``ProjectFileError``, with the line, for text that is not JSON (too deep,
    ///   a duplicate member, or larger than ``maxSize`` included), a member that is not one of a
    ///   project file, a value of the wrong type, and a declaration that cannot be used: a tab
    ///   container, link or state path that does not parse, a store that names both a file and a
    ///   domain, or an unknown format.
    public init(parsing bytes: [UInt8], formats: [String]) throws {
        guard bytes.count <= ProjectFile.maxSize else {
            throw ProjectFileError(line: nil, "is larger than 1 MiB (\(bytes.count) bytes): a project file holds declarations only")
        }
        let lines = LineTable(bytes)
        let root: LocatedJSON
        do {
            root = try LocatedJSON(parsing: bytes)
        } catch let error as JSONSyntaxError {
            throw ProjectFileError(line: error.offset.map(lines.line), "not valid JSON: \(error.reason)")
        }
        var reader = ProjectFileReader(lines: lines, formats: formats)
        self = try reader.read(root)
    }
}

/// The 1-based line of each byte offset, found by a binary search over where lines start.
struct LineTable {
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    }

    func line(_ offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}

/// Turns the located JSON of a project file into a ``ProjectFile``, member by member.
private struct ProjectFileReader {
    let lines: LineTable
    let formats: [String]

    func line(_ value: LocatedJSON) -> Int { lines.line(value.offset) }

    mutating func read(_ root: LocatedJSON) throws -> ProjectFile {
        guard case .object(let members) = root.kind else {
            throw ProjectFileError(line: line(root), "a project file is a JSON object, found \(root.phrase)")
        }
        var project = ProjectFile()
        for member in members {
            switch member.key {
            case "store": project.store = try store(member.value)
            case "routes":
                project.routes = try declarations(member.value, "routes")
                project.routesLine = lines.line(member.keyOffset)
            case "types": project.types = try types(member.value)
            case "tabs": project.tabs = try tabs(member.value)
            case "links": project.links = try links(member.value)
            case "states": project.states = try states(member.value)
            default: throw unknown(member, "a project file", among: ProjectFile.members)
            }
        }
        return project
    }

    func unknown(_ member: LocatedJSON.Member, _ what: String, among candidates: [String]) -> ProjectFileError {
        ProjectFileError(
            line: lines.line(member.keyOffset), "\(quoted(member.key)) is not a member of \(what)",
            unknown: .init(name: member.key, candidates: candidates))
    }

    func wrongType(_ value: LocatedJSON, _ name: String, _ expected: String) -> ProjectFileError {
        ProjectFileError(line: line(value), "\(quoted(name)) must be \(expected), found \(value.phrase)")
    }

    func object(_ value: LocatedJSON, _ name: String, of expected: String) throws -> [LocatedJSON.Member] {
        guard case .object(let members) = value.kind else { throw wrongType(value, name, expected) }
        return members
    }

    func string(_ value: LocatedJSON, _ name: String) throws -> String {
        guard case .string(let text) = value.kind else { throw wrongType(value, name, "a string") }
        return text
    }

    /// A declaration's `NavigatorError`, at `value`'s line, naming the member.
    func invalid(_ value: LocatedJSON, _ name: String, _ error: NavigatorError) -> ProjectFileError {
        ProjectFileError(line: line(value), "\(quoted(name)): \(error.message)")
    }

    func store(_ value: LocatedJSON) throws -> ProjectFile.StoreDefaults {
        var store = ProjectFile.StoreDefaults(line: line(value))
        for member in try object(value, "store", of: "an object of strings (file, key, domain, simulator, format, type)") {
            let name = "store." + member.key
            guard ProjectFile.storeMembers.contains(member.key) else {
                throw unknown(member, "'store'", among: ProjectFile.storeMembers)
            }
            let text = try string(member.value, name)
            func refuse(_ why: String) -> ProjectFileError {
                ProjectFileError(line: line(member.value), "\(quoted(name)) \(why)")
            }
            switch member.key {
            case "file":
                guard !text.isEmpty, text != "-" else { throw refuse("must name a file") }
                store.file = text
            case "key":
                guard !text.isEmpty else { throw refuse("must name a key") }
                store.key = text
            case "domain", "simulator":
                // Passed on to `defaults` or `xcrun` as one argument, which must not read as an option.
                guard !text.isEmpty, !text.hasPrefix("-") else {
                    throw refuse(member.key == "domain" ? "must be a bundle identifier" : "must be a device UDID or booted")
                }
                if member.key == "domain" { store.domain = text } else { store.simulator = text }
            case "type":
                // Checked as a type name routectl writes where the schema is loaded.
                store.type = text
                store.typeLine = line(member.value)
            default:
                guard formats.contains(text) else {
                    throw ProjectFileError(
                        line: line(member.value), "\(quoted(text)) is not a format; \(quoted(name)) is one of \(formats.joined(separator: ", "))",
                        unknown: .init(name: text, candidates: formats))
                }
                store.format = text
            }
        }
        if store.file != nil, store.domain != nil {
            throw ProjectFileError(line: store.line, "'store' names both a file and a domain: keep one")
        }
        if store.simulator != nil, store.domain == nil {
            throw ProjectFileError(line: store.line, "'store.simulator' needs 'store.domain'")
        }
        return store
    }

    func declarations(_ value: LocatedJSON, _ name: String) throws -> [ProjectFile.Declaration] {
        let expected = "an array of strings (enum cases such as \"details(Int)\")"
        guard case .array(let elements) = value.kind else { throw wrongType(value, name, expected) }
        return try elements.enumerated().map { index, element in
            ProjectFile.Declaration(try string(element, "\(name)[\(index)]"), line: line(element))
        }
    }

    /// An array declares an enum (its cases), an object a struct (its stored properties and
    /// their types): a project file written before structs keeps its meaning.
    func types(_ value: LocatedJSON) throws -> [ProjectFile.TypeDeclaration] {
        try object(value, "types", of: "an object of type names and their cases").map { member in
            let name = "types." + member.key
            let line = lines.line(member.keyOffset)
            switch member.value.kind {
            case .object(let properties):
                let members = try properties.map { property in
                    ProjectFile.Member(name: property.key, type: try string(property.value, name + "." + property.key), line: self.line(property.value))
                }
                return ProjectFile.TypeDeclaration(name: member.key, line: line, members: members)
            case .array:
                return ProjectFile.TypeDeclaration(name: member.key, line: line, cases: try declarations(member.value, name))
            default:
                throw wrongType(
                    member.value, name,
                    "an array of its cases (an enum, such as [\"more\", \"list(page: Int)\"]) or an object of its stored properties (a struct, such as {\"id\": \"Int\"})")
            }
        }
    }

    func tabs(_ value: LocatedJSON) throws -> [ProjectFile.TabDeclaration] {
        try object(value, "tabs", of: "an object of tab containers and their tabs").map { member in
            let name = "tabs." + member.key
            guard case .array(let elements) = member.value.kind else {
                throw wrongType(member.value, name, "an array of tab names")
            }
            let tabs = try elements.enumerated().map { index, element in try string(element, "\(name)[\(index)]") }
            do {
                let container = try TabContainer(name: member.key, tabs: tabs)
                return ProjectFile.TabDeclaration(container: container, line: lines.line(member.keyOffset))
            } catch let error as NavigatorError {
                throw invalid(member.value, name, error)
            }
        }
    }

    func links(_ value: LocatedJSON) throws -> [ProjectFile.LinkDeclaration] {
        guard case .array(let elements) = value.kind else {
            throw wrongType(value, "links", "an array of links ({\"url\": ..., \"path\": ...})")
        }
        var table = LinkTable()
        return try elements.enumerated().map { index, element in
            let name = "links[\(index)]"
            var url: String?
            var path: String?
            for member in try object(element, name, of: "an object with a url and a path") {
                switch member.key {
                case "url": url = try string(member.value, name + ".url")
                case "path": path = try string(member.value, name + ".path")
                default: throw unknown(member, quoted(name), among: ProjectFile.linkMembers)
                }
            }
            guard let url, let path else {
                throw ProjectFileError(line: line(element), "\(quoted(name)) needs both a 'url' and a 'path'")
            }
            do {
                let link = try DeepLink(url: url, path: path)
                guard try table.add(link) else {
                    throw ProjectFileError(line: line(element), "\(quoted(name)) is declared twice")
                }
                return ProjectFile.LinkDeclaration(link: link, line: line(element))
            } catch let error as NavigatorError {
                throw invalid(element, name, error)
            }
        }
    }

    func states(_ value: LocatedJSON) throws -> [ProjectFile.NamedState] {
        try object(value, "states", of: "an object of state names and their paths").map { member in
            let name = "states." + member.key
            guard ProjectFile.isStateName(member.key) else {
                throw ProjectFileError(
                    line: lines.line(member.keyOffset),
                    "\(quoted(member.key)) is not a state name: use letters, digits, '-', '_' and '.', starting with a letter or digit")
            }
            let text = try string(member.value, name)
            do {
                return ProjectFile.NamedState(name: member.key, path: try RoutePath(parsing: text), line: line(member.value))
            } catch let error as NavigatorError {
                throw invalid(member.value, name, error)
            }
        }
    }
}

extension ProjectFile {
    /// Whether `name` can name a state (`go @<name>`): ASCII letters, digits, `-`, `_` and `.`,
    /// starting with a letter or digit, at most 100 characters.
    public static func isStateName(_ name: String) -> Bool {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isAlphanumeric(first), bytes.count <= 100 else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }
}
