import Foundation

/// A fresh folder for one test, removed when the test ends, with helpers to run routectl on a
/// navigator file inside it.
public final class Sandbox {
    public let folder: String
    /// The navigator file the helpers pass with `-f`.
    public let file: String

    public init() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-tests")
        folder = base.appendingPathComponent(UUID().uuidString).path
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        file = folder + "/navigator.json"
    }

    /// A sandbox whose file holds `bytes`.
    public convenience init(holding bytes: [UInt8]) {
        self.init()
        precondition(FileManager.default.createFile(atPath: file, contents: Data(bytes)), "cannot write \(file)")
    }

    /// A sandbox whose file is an app's preferences holding `value` under `key`
    /// (``VAPNFixtures/plist(key:value:format:storedAs:)``).
    public static func preferences(
        _ key: String, _ value: [UInt8], _ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs = .data
    ) throws -> Sandbox {
        Sandbox(holding: try VAPNFixtures.plist(key: key, value: value, format: format, storedAs: storedAs))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `routectl -f <file> arguments...`.
    @discardableResult
    public func run(_ arguments: String..., environment: [String: String] = [:]) -> RunResult {
        Routectl.run(["-f", file] + arguments, home: folder, environment: environment)
    }

    /// Runs `routectl -f <file>` with the words of `arguments`.
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String] = [:]) -> RunResult {
        Routectl.run(["-f", file] + arguments, home: folder, environment: environment)
    }

    /// Runs routectl with exactly `arguments` (no `-f`).
    @discardableResult
    public func runBare(_ arguments: [String], environment: [String: String] = [:]) -> RunResult {
        Routectl.run(arguments, home: folder, environment: environment)
    }

    /// The navigator file's bytes, or nil when it does not exist.
    public func contents(_ path: String? = nil) -> Data? {
        FileManager.default.contents(atPath: path ?? file)
    }

    /// The navigator file's text.
    public func text(_ path: String? = nil) -> String {
        contents(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Writes `text` as the navigator file.
    public func write(_ text: String, to path: String? = nil) {
        _ = FileManager.default.createFile(atPath: path ?? file, contents: Data(text.utf8))
    }

    /// The navigator file parsed as a JSON object.
    public func json() -> [String: Any] {
        (contents().flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]) ?? [:]
    }

    /// Names of the entries in the sandbox folder.
    public func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
