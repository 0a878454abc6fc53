import Foundation

/// An app's preferences plist holding VAPersistentNavigator's state, as the library's example
/// storage keeps it: `UserDefaults.set(data, forKey: "com.vandrj.navigator" + sceneId)`, beside
/// the app's other keys, one of each plist type.
extension VAPNFixtures {
    /// The key with a scene id, as the Example app's scenes name it.
    public static let sceneKey = "com.vandrj.navigator7D0C5F7E-2B1A-4E9F-9C3D-5A6B7C8D9E0F"

    /// Who writes the plist, and in which form.
    public enum PlistFormat: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Foundation's `PropertyListSerialization`, binary (`bplist00`).
        case binary
        /// Foundation's `PropertyListSerialization`, XML.
        case xml
        /// Python's `plistlib`, binary: needs python3 (``python3``).
        case pythonBinary
        /// Python's `plistlib`, XML: needs python3.
        case pythonXML

        public var description: String { rawValue }
        /// Whether the file is binary.
        public var isBinary: Bool { self == .binary || self == .pythonBinary }
        /// Whether python3 writes it.
        public var needsPython: Bool { self == .pythonBinary || self == .pythonXML }
    }

    /// How the JSON is kept under the key: data (what the library's storage writes), or a
    /// string (as apps that keep it in `@AppStorage` do).
    public enum StoredAs: String, CaseIterable, Sendable, CustomStringConvertible {
        case data, string
        public var description: String { rawValue }
    }

    /// What a fixture helper could not do.
    public enum Failure: Error, CustomStringConvertible {
        case noPython3
        case python(String)
        case notAPlist(String)
        case noKey(String)
        case notDataOrString(key: String, type: String)

        public var description: String {
            switch self {
            case .noPython3: "python3 is not installed"
            case .python(let why): "python3 failed: \(why)"
            case .notAPlist(let why): "not a plist dictionary: \(why)"
            case .noKey(let key): "the plist has no key '\(key)'"
            case .notDataOrString(let key, let type): "'\(key)' holds a \(type), neither data nor a string"
            }
        }
    }

    /// The app's other preferences, one of each plist type; keys do not start with
    /// `com.vandrj.navigator`. ``describeOtherPreferences(path:key:)`` of an intact file
    /// equals ``otherPreferencesDescription``.
    public static var otherPreferences: [String: Any] {
        [
            "launches": 7, "negative": -42, "ratio": 0.1, "seen": true, "off": false,
            "name": "Zoë — 日本語 😀", "when": Date(timeIntervalSince1970: 1_763_892_000),
            "blob": Data([0x00, 0x01, 0xFE, 0xFF]), "list": [1, "two", [3.5]] as [Any],
            "nested": ["empty": [String: Any](), "n": 42, "s": "x"] as [String: Any],
        ]
    }

    /// The same values in Python, in this order, the navigator's key inserted in the middle.
    static let pythonValues = """
        import datetime, plistlib, sys
        def preferences(key, value):
            before = [('launches', 7), ('negative', -42), ('ratio', 0.1), ('seen', True), ('off', False)]
            after = [('name', 'Zo\\u00eb \\u2014 \\u65e5\\u672c\\u8a9e \\U0001f600'),
                     ('when', datetime.datetime(2025, 11, 23, 10, 0, 0)), ('blob', b'\\x00\\x01\\xfe\\xff'),
                     ('list', [1, 'two', [3.5]]), ('nested', {'empty': {}, 'n': 42, 's': 'x'})]
            return dict(before + [(key, value)] + after)

        """

    /// The app's preferences (``otherPreferences``) with `value` (the navigator's JSON) under
    /// `key`, kept as data or as a string, written by Foundation or by Python's `plistlib`
    /// (throws ``Failure/noPython3`` without python3: tests that use it are enabled only
    /// where ``python3`` is found).
    public static func plist(
        key: String = sceneKey, value: [UInt8], format: PlistFormat, storedAs: StoredAs = .data
    ) throws -> [UInt8] {
        switch format {
        case .binary, .xml:
            var preferences = otherPreferences
            preferences[key] = storedAs == .data ? Data(value) as Any : String(decoding: value, as: UTF8.self)
            return Array(try PropertyListSerialization.data(
                fromPropertyList: preferences, format: format == .binary ? .binary : .xml, options: 0))
        case .pythonBinary, .pythonXML:
            let stored = storedAs == .data ? "bytes.fromhex(sys.argv[2])" : "bytes.fromhex(sys.argv[2]).decode('utf-8')"
            let script = pythonValues + """
                d = preferences(sys.argv[1], \(stored))
                sys.stdout.buffer.write(plistlib.dumps(d, fmt=plistlib.\(format.isBinary ? "FMT_BINARY" : "FMT_XML"), sort_keys=False))
                """
            return try runPython(script, [key, value.map { hex($0) }.joined()])
        }
    }

    /// python3 on `PATH`, or nil.
    public static let python3: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs `python3 -c script arguments...` (in the one python3 of ``PythonServer``); its
    /// standard output.
    public static func runPython(_ script: String, _ arguments: [String]) throws -> [UInt8] {
        guard python3 != nil else { throw Failure.noPython3 }
        let result = PythonServer.run(script, arguments, in: FileManager.default.temporaryDirectory.path)
        guard result.exitCode == 0 else { throw Failure.python("\(result.summary): \(result.stderrText)") }
        return result.stdout
    }

    /// The value under `key` in a plist's bytes, and whether it is data or a string.
    public static func storedValue(plist bytes: [UInt8], key: String) throws -> (json: [UInt8], storedAs: StoredAs) {
        let preferences = try dictionary(bytes)
        switch preferences[key] {
        case nil: throw Failure.noKey(key)
        case let data as Data: return (Array(data), .data)
        case let text as String: return (Array(text.utf8), .string)
        case let other?: throw Failure.notDataOrString(key: key, type: "\(type(of: other))")
        }
    }

    /// The tree under `key` in the plist file at `path` (data or string), decoded as the
    /// library decodes it: what end-to-end tests use to prove routectl's writes readable.
    public static func decodeFromPlist(path: String, key: String = sceneKey) throws -> VAPNMirror.Navigator {
        try decode(storedValue(plist: try read(path), key: key).json)
    }

    /// The value under `key` in the plist file at `path`, and its form.
    public static func storedValue(path: String, key: String = sceneKey) throws -> (json: [UInt8], storedAs: StoredAs) {
        try storedValue(plist: try read(path), key: key)
    }

    /// A canonical text of every key of the plist file at `path` but `key`: one
    /// `name = value` line a key, sorted, types named (`int(7)`, `real(0.1)`, `data(0001feff)`).
    public static func describeOtherPreferences(path: String, key: String = sceneKey) throws -> String {
        try describeOtherPreferences(plist: try read(path), key: key)
    }

    /// ``describeOtherPreferences(path:key:)`` of a plist's bytes.
    public static func describeOtherPreferences(plist bytes: [UInt8], key: String = sceneKey) throws -> String {
        var preferences = try dictionary(bytes)
        preferences[key] = nil
        return preferences.keys.sorted().map { "\($0) = \(describePlistValue(preferences[$0]!))\n" }.joined()
    }

    /// What ``describeOtherPreferences(path:key:)`` gives for an intact file.
    public static var otherPreferencesDescription: String {
        // Read back as a plist reads them, so that both sides have the same types.
        let bytes = try! PropertyListSerialization.data(fromPropertyList: otherPreferences, format: .binary, options: 0)
        return try! describeOtherPreferences(plist: Array(bytes), key: sceneKey)
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure.notAPlist("cannot read \(path)") }
        return Array(data)
    }

    private static func dictionary(_ bytes: [UInt8]) throws -> [String: Any] {
        let value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        guard let dictionary = value as? [String: Any] else { throw Failure.notAPlist("\(type(of: value))") }
        return dictionary
    }

    private static func describePlistValue(_ value: Any) -> String {
        // Before any cast: an NSNumber 1 would cast to a Bool, a Bool to an NSNumber.
        if type(of: value) == Bool.self { return "bool(\(value))" }
        switch value {
        case let value as String: return "string(\(value.debugDescription))"
        case let value as Data: return "data(\(value.map { hex($0) }.joined()))"
        case let value as Date: return "date(\(value.timeIntervalSince1970))"
        case let value as [Any]: return "[" + value.map(describePlistValue).joined(separator: ", ") + "]"
        case let value as [AnyHashable: Any]:
            let keys = value.keys.map { "\($0)" }.sorted()
            let byName = Dictionary(uniqueKeysWithValues: value.map { ("\($0.key)", $0.value) })
            return "{" + keys.map { "\($0): \(describePlistValue(byName[$0]!))" }.joined(separator: ", ") + "}"
        case let value as NSNumber:
            switch String(cString: value.objCType) {
            case "c": return "bool(\(value.boolValue))"  // Darwin's booleans
            case "d", "f": return "real(\(value.doubleValue))"
            default: return "int(\(value.int64Value))"
            }
        default: return "\(type(of: value))(\(value))"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

#if canImport(Testing)
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs only where python3 is found (``VAPNFixtures/python3``); elsewhere the test is
    /// reported as skipped, never as passed.
    public static var needsPython3: Self {
        .enabled(if: VAPNFixtures.python3 != nil, "python3 is not installed")
    }
}
#endif
