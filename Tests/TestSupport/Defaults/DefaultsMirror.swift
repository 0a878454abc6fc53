import Foundation

/// sindresorhus/Defaults (9.0.9) as it keeps a `Codable` value, for tests: its `CodableBridge`
/// serializes a value with `JSONEncoder` (`outputFormatting = .sortedKeys`) into a `String`,
/// and deserializes with `JSONDecoder()`; its `ArrayBridge` keeps `Key<[Value]>` as an array of
/// those strings (Defaults+Bridge.swift); UserDefaults keeps them in the app's plist. Written
/// from the library's behaviour, none of its code copied. What routectl wrote is proved
/// readable by reading the plist with `PropertyListSerialization` and each string with this.
public enum DefaultsMirror {
    /// What the mirror could not read.
    public enum Failure: Error, CustomStringConvertible {
        case noKey(String)
        case notAnArrayOfStrings(String)
        case notAString(String)

        public var description: String {
            switch self {
            case .noKey(let key): "the plist has no key '\(key)'"
            case .notAnArrayOfStrings(let key): "'\(key)' is not an array of strings"
            case .notAString(let key): "'\(key)' is not a string"
            }
        }
    }

    /// `CodableBridge.serialize`: the value's JSON, keys sorted, as a string.
    public static func serialize<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    /// `CodableBridge.deserialize`, strictly: a string that does not decode throws (Defaults
    /// drops it silently; a test must see it).
    public static func deserialize<Value: Decodable>(_ type: Value.Type, _ string: String) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(string.utf8))
    }

    /// The app's preferences (``VAPNFixtures/otherPreferences``) with `value` (a plist value:
    /// an array of strings, or a string) under `key`, written by Foundation in `format`.
    public static func plist(key: String, value: Any, binary: Bool) throws -> [UInt8] {
        var preferences = VAPNFixtures.otherPreferences
        preferences[key] = value
        return Array(try PropertyListSerialization.data(fromPropertyList: preferences, format: binary ? .binary : .xml, options: 0))
    }

    /// The strings of `Key<[Value]>` under `key` in the plist file at `path`.
    public static func strings(path: String, key: String) throws -> [String] {
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: path)), format: nil)
        guard let value = (plist as? [String: Any])?[key] else { throw Failure.noKey(key) }
        guard let strings = value as? [String] else { throw Failure.notAnArrayOfStrings(key) }
        return strings
    }

    /// `Key<[AppScreen]>` under `key` in the plist file at `path`, as Defaults reads it.
    public static func stack(path: String, key: String) throws -> [AppScreen] {
        try strings(path: path, key: key).map { try deserialize(AppScreen.self, $0) }
    }

    /// The string of `Key<AppScreen>` under `key` in the plist file at `path`.
    public static func string(path: String, key: String) throws -> String {
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: path)), format: nil)
        guard let value = (plist as? [String: Any])?[key] else { throw Failure.noKey(key) }
        guard let string = value as? String else { throw Failure.notAString(key) }
        return string
    }
}
