import Foundation

/// A suite of end-to-end tests on one app's preferences file, `com.example.app.plist` in its
/// sandbox, whose route is under the key `route`.
public protocol AppPlistSuite {
    var sandbox: Sandbox { get }
}

extension AppPlistSuite {
    /// The plist's path.
    public var plist: String { sandbox.folder + "/com.example.app.plist" }

    /// Runs `routectl -f <plist> --key route arguments...`.
    @discardableResult
    public func run(_ arguments: String...) -> RunResult {
        sandbox.runBare(["-f", plist, "--key", "route"] + arguments)
    }

    /// The plist's bytes (none when there is no file).
    public func bytes() -> [UInt8] {
        Array(sandbox.contents(plist) ?? Data())
    }

    /// Writes `bytes` as the plist.
    public func write(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: plist))
    }
}
