#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteStore
import RoutePreferences
import PropertyListCodec
import JSONText
import PlainText

/// A development-signed app's preferences on a connected device, reached with Xcode's
/// `xcrun devicectl`: the app's `Library/Preferences/<bundle>.plist` is copied out of its data
/// container (`devicectl device copy from --domain-type appDataContainer --domain-identifier
/// <bundle>`) into a private temporary folder, read or changed there as a plist file is
/// (``PropertyListFileStore``), and copied back (`copy to`). A change first ends the app
/// (its process found with `devicectl device info apps` and `info processes`, ended with
/// `device process terminate --pid`), so that it cannot write over the change, and with
/// `relaunch` starts it after (`device process launch`). A read copies out only.
///
/// devicectl's answers are read from `--json-output <file>`, the interface Apple keeps stable
/// (its printed text may change between Xcode versions). The shapes, as Qt Creator's tests pin
/// them (qt-creator/qt-creator, tests/auto/ios/devicectlutils/tst_devicectlutils.cpp):
/// `{"info": {"outcome": "success"}, "result": {"apps": [{"bundleIdentifier": …, "url":
/// "file:///private/var/containers/Bundle/Application/<UUID>/X.app/"}]}}`, `{"result":
/// {"runningProcesses": [{"executable": "file:///private/var/…/X.app/X", "processIdentifier":
/// 1000}]}}`, and a failure `{"error": {"userInfo": {"NSLocalizedDescription": {"string":
/// "…"}}}, "info": {"outcome": "failed"}}`. Every run is bounded in time (``Subprocess``).
public struct DeviceAppPreferences: PreferencesDocument {
    /// The device: its name or identifier, as `devicectl --device` takes it.
    public let device: String
    /// The app's bundle identifier.
    public let bundle: String
    /// Whether a change launches the app after it is copied back.
    public var relaunch: Bool
    /// How long each run of devicectl may take, in seconds.
    public var timeout: Double

    public init(device: String, bundle: String, relaunch: Bool = false, timeout: Double = DefaultsDomainStore.defaultTimeout) {
        self.device = device
        self.bundle = bundle
        self.relaunch = relaunch
        self.timeout = timeout
    }

    public var name: String { "domain " + quoted(bundle) + " on device " + quoted(device) }

    /// The plist's path in the app's data container.
    public var source: String { "Library/Preferences/\(bundle).plist" }

    public func read() throws -> PropertyListDocument {
        try inPrivateFolder { folder in
            let local = folder + "/" + bundle + ".plist"
            try copyOut(to: local, folder)
            return try naming(local) { try localStore(local, folder).read() }
        }
    }

    public func update<Result>(_ change: (PropertyListDocument) throws -> (replacement: PropertyListDocument?, result: Result)) throws -> Result {
        try inPrivateFolder { folder in
            try terminate(folder)
            let local = folder + "/" + bundle + ".plist"
            try copyOut(to: local, folder)
            var written = false
            let result = try naming(local) {
                try localStore(local, folder).update { document in
                    let answer = try change(document)
                    written = answer.replacement != nil
                    return answer
                }
            }
            if written { try copyIn(from: local, folder) }
            if relaunch { try launch(folder) }
            return result
        }
    }

    // MARK: - The exchanges

    private func terminate(_ folder: String) throws {
        let apps = try devicectl(["device", "info", "apps", "--device", device, "--bundle-id", bundle], folder, doing: "look up \(quoted(bundle)) on device \(quoted(device))")
        let installed = apps["result"]?["apps"].flatMap(Self.elements)?.first { $0["bundleIdentifier"] == .string(bundle) }
        guard case .string(let url)? = installed?["url"] else {
            throw NavigatorError(.toolFailed, "\(quoted(bundle)) is not installed on device \(quoted(device)): devicectl lists no such app")
        }
        let processes = try devicectl(["device", "info", "processes", "--device", device], folder, doing: "list the processes of device \(quoted(device))")
        let appFolder = Self.path(url).hasSuffix("/") ? Self.path(url) : Self.path(url) + "/"
        for process in processes["result"]?["runningProcesses"].flatMap(Self.elements) ?? [] {
            guard case .string(let executable)? = process["executable"], Self.path(executable).hasPrefix(appFolder),
                case .number(let pid)? = process["processIdentifier"], Int(pid) != nil
            else { continue }
            _ = try devicectl(["device", "process", "terminate", "--device", device, "--pid", pid], folder, doing: "end \(quoted(bundle)) (process \(pid)) on device \(quoted(device))")
        }
    }

    private func copyOut(to local: String, _ folder: String) throws {
        _ = try devicectl(
            ["device", "copy", "from", "--device", device, "--domain-type", "appDataContainer", "--domain-identifier", bundle, "--source", source, "--destination", local],
            folder, doing: "copy \(source) of \(quoted(bundle)) from device \(quoted(device))")
    }

    private func copyIn(from local: String, _ folder: String) throws {
        _ = try devicectl(
            ["device", "copy", "to", "--device", device, "--domain-type", "appDataContainer", "--domain-identifier", bundle, "--source", local, "--destination", source],
            folder, doing: "copy \(source) of \(quoted(bundle)) back to device \(quoted(device)); the app's preferences there are as they were")
    }

    private func launch(_ folder: String) throws {
        _ = try devicectl(["device", "process", "launch", "--device", device, bundle], folder, doing: "launch \(quoted(bundle)) on device \(quoted(device))")
    }

    /// Runs `xcrun devicectl <arguments> --json-output <file>` and returns its JSON answer.
    ///
    /// - Throws: `toolFailed` naming what could not be done (`doing`) and what devicectl said
    ///   (its error's description from the JSON answer, else the first line of its standard
    ///   error), when it fails, says it failed, or does not answer within ``timeout``.
    private func devicectl(_ arguments: [String], _ folder: String, doing: String) throws -> JSONValue {
        let answerPath = folder + "/answer.json"
        unlink(answerPath)
        defer { unlink(answerPath) }
        let command = ["xcrun", "devicectl"] + arguments + ["--json-output", answerPath]
        let result = try Subprocess.run(command, outputLimit: 1 << 22, timeout: timeout)
        let answer = (try? SystemCall.readFile(FilePath(answerPath), limit: 1 << 24, forWriting: false))
            .flatMap { $0 }.flatMap { try? JSONValue(parsing: $0) }
        let said = answer.flatMap(Self.errorText)
        let named = "cannot \(doing): 'xcrun devicectl \(arguments.prefix(3).joined(separator: " "))'"
        if let failure = result.failure(named, timeout: timeout, said: said) { throw failure }
        guard let answer, answer["info"]?["outcome"] == .string("success") else {
            let why = said.map { ": " + $0 } ?? (answer == nil ? " gave no JSON answer" : " did not say it succeeded")
            throw NavigatorError(.toolFailed, named + why)
        }
        return answer
    }

    /// What a failed answer's `error` says: its description, then its reason when it gives one.
    static func errorText(_ answer: JSONValue) -> String? {
        guard let info = answer["error"]?["userInfo"] else { return nil }
        let parts = ["NSLocalizedDescription", "NSLocalizedFailureReason"].compactMap { key -> String? in
            guard case .string(let text)? = info[key]?["string"], !text.isEmpty else { return nil }
            return text
        }
        guard !parts.isEmpty else { return nil }
        let line = parts.joined(separator: " ")
        return String(line.unicodeScalars.prefix(300).map(Character.init))
    }

    /// The elements of a JSON array; `nil` for anything else.
    private static func elements(_ value: JSONValue) -> [JSONValue]? {
        guard case .array(let elements) = value else { return nil }
        return elements
    }

    /// A `file://` URL's path, without the `/private` that one listing gives and another may
    /// not (`/private/var` is `/var`'s real path).
    static func path(_ url: String) -> String {
        var path = Substring(url)
        if path.hasPrefix("file://") { path = path.dropFirst(7) }
        if path.hasPrefix("/private/") { path = path.dropFirst(8) }
        return String(path)
    }

    // MARK: - The private folder

    /// The copy in `folder`, as a plist file is changed; its lock kept in that folder too.
    private func localStore(_ local: String, _ folder: String) -> PropertyListFileStore {
        var store = PropertyListFileStore(path: local, lockTimeout: 0)
        store.lockFolder = folder
        return store
    }

    /// Runs `body` with a new folder only this user can enter (`mkdtemp`, in `$TMPDIR` or
    /// `/tmp`), removed with everything in it afterwards.
    private func inPrivateFolder<T>(_ body: (String) throws -> T) throws -> T {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("routectl-device.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw SystemCall.failure("make a temporary folder in", base) }
        let folder = String(cString: made)
        defer { Self.remove(folder) }
        return try body(folder)
    }

    /// Removes `folder` and the files in it (it holds no folders).
    private static func remove(_ folder: String) {
        if let directory = opendir(folder) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { unlink(folder + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(folder)
    }

    /// Runs `body`, naming the app's preferences on the device instead of the temporary copy
    /// `local` in what it throws.
    private func naming<T>(_ local: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as NavigatorError {
            let copy = quoted(local, limit: 200)
            error.subject = error.subject.map { $0.replacing(copy, with: name) }
            error.reason = error.reason.replacing(copy, with: name)
            throw error
        }
    }
}
