import Foundation
import Testing
import TestSupport

/// sindresorhus/Defaults' `Key<[Route]>` (a plist array of JSON strings, keys sorted) and
/// `Key<Route>` (one such string) changed through the binary, in an app's preferences (binary
/// and XML, `-f` with `--key`): every result read back as Defaults reads it (the plist by
/// `PropertyListSerialization`, each string by `JSONDecoder`, ``DefaultsMirror``), elements
/// that stay kept byte for byte, new ones as Defaults' encoder writes them, the other keys as
/// they were; every refusal leaves the bytes as they were.
@Suite(.tags(.endToEnd), .slowLayer) struct DefaultsLibraryCommandTests {
    static let stack: [AppScreen] = [.home, .details(42), .profile(id: 7, name: "Ann")]

    static func box(_ value: Any, binary: Bool) throws -> Sandbox {
        Sandbox(holding: try DefaultsMirror.plist(key: "saved", value: value, binary: binary))
    }

    @Test(arguments: [true, false])
    func anArrayOfJSONStringsIsAStackWrittenBackAsOne(binary: Bool) throws {
        let old = Self.stack.map(DefaultsMirror.serialize)
        let box = try Self.box(old, binary: binary)
        let shown = box.run("--key", "saved", "show")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("format  codable-array"), "\(shown.stdout)")
        #expect(box.run("--key", "saved", "show", "--path").stdout == "/home/details?_0:=42/profile?id:=7&name=Ann\n")
        let pushed = box.run("--key", "saved", "push", "profile", "name=Zoë/2", "id:=8")
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(try DefaultsMirror.stack(path: box.file, key: "saved") == Self.stack + [.profile(id: 8, name: "Zoë/2")])
        let strings = try DefaultsMirror.strings(path: box.file, key: "saved")
        #expect(Array(strings.prefix(3)) == old, "elements that stay are kept byte for byte")
        #expect(strings.last == DefaultsMirror.serialize(AppScreen.profile(id: 8, name: "Zoë/2")), "a new one as Defaults writes it: keys sorted, / escaped")
        #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == binary, "binary stays binary, XML XML")
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: "saved") == VAPNFixtures.otherPreferencesDescription)
        #expect(box.run("--key", "saved", "pop", "--to", "home").status == 0)
        #expect(try DefaultsMirror.stack(path: box.file, key: "saved") == [.home])
        #expect(try DefaultsMirror.strings(path: box.file, key: "saved") == [old[0]])
        #expect(box.run("--key", "saved", "reset").status == 0)
        #expect(try DefaultsMirror.strings(path: box.file, key: "saved") == [], "an empty stack is an empty array")
        let again = box.run("--key", "saved", "push", "details", "_0:=1")
        #expect(again.status == 0, "an empty array is Defaults' empty stack: \(again.stderr)")
        #expect(try DefaultsMirror.stack(path: box.file, key: "saved") == [.details(1)])
    }

    @Test func whatTheStackCannotHoldIsRefusedAndChangesNothing() throws {
        let box = try Self.box(Self.stack.map(DefaultsMirror.serialize), binary: true)
        let before = box.contents()
        let present = box.run("--key", "saved", "present", "settings")
        #expect(present.status == 1, "\(present.stderr)")
        #expect(box.contents() == before)
        let plain = try Self.box(["home", "settings"], binary: true)
        let refused = plain.run("--key", "saved", "show")
        #expect(refused.status == 65, "an array of plain strings is no stack: \(refused.stderr)")
        #expect(refused.stderr.contains("reset --force") == false, "\(refused.stderr)")
        // The hint names the keys that hold a stack: a Defaults array, not any empty array.
        let keys: [String: Any] = ["plain": ["home"], "empty": [String](), "saved": Self.stack.map(DefaultsMirror.serialize)]
        let several = Sandbox(holding: Array(try PropertyListSerialization.data(fromPropertyList: keys, format: .binary, options: 0)))
        let hint = several.run("--key", "plain", "show")
        #expect(hint.status == 65)
        #expect(hint.errorLines.last?.hasSuffix("keys that could hold a route: saved; for example: routectl -f \(several.file) --key saved show") == true, "\(hint.stderr)")
    }

    @Test(arguments: [true, false])
    func oneJSONStringIsAOneRouteSetting(binary: Bool) throws {
        let old = DefaultsMirror.serialize(AppScreen.profile(id: 7, name: "Ann"))
        let box = try Self.box(old, binary: binary)
        let shown = box.run("--key", "saved", "show")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("format  codable-value"), "\(shown.stdout)")
        #expect(box.run("--key", "saved", "show", "--path").stdout == "profile?id:=7&name=Ann\n")
        let set = box.run("--key", "saved", "set", "profile", "name=Bo", "id:=3")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try DefaultsMirror.string(path: box.file, key: "saved") == DefaultsMirror.serialize(AppScreen.profile(id: 3, name: "Bo")))
        #expect(try DefaultsMirror.deserialize(AppScreen.self, DefaultsMirror.string(path: box.file, key: "saved")) == .profile(id: 3, name: "Bo"))
        #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == binary)
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: "saved") == VAPNFixtures.otherPreferencesDescription)
        let config = box.folder + "/routectl.json"
        box.write(#"{"routes": ["home", "details(Int)", "profile(id: Int, name: String)"]}"#, to: config)
        let check = box.runBare(["--config", config, "-f", box.file, "--key", "saved", "check"])
        #expect(check.status == 0 && check.stdout.hasPrefix("ok: 1 route of the state"), "one route: \(check.stdout)\(check.stderr)")
        let before = box.contents()
        let push = box.run("--key", "saved", "push", "details", "_0:=1")
        #expect(push.status == 1, "one route has no room for a stack: \(push.stderr)")
        #expect(push.errorLines.first?.contains("set <route>") == true, "\(push.stderr)")
        #expect(box.contents() == before)
    }

    /// Through `defaults` (a stand-in keeping the domain in a plist file), with and without a
    /// simulator: the array is read and written back as one.
    @Test(arguments: [nil, "booted"])
    func anArrayInADomainIsChangedAndReadByDefaults(simulator: String?) throws {
        let standIn = DefaultsStandIn()
        let old = Self.stack.map(DefaultsMirror.serialize)
        FileManager.default.createFile(atPath: standIn.plist(), contents: Data(try DefaultsMirror.plist(key: "saved", value: old, binary: true)))
        let store = ["--domain", DefaultsStandIn.domain] + (simulator.map { ["--simulator", $0] } ?? []) + ["--key", "saved"]
        #expect(standIn.run(store + ["show", "--path"]).stdout == "/home/details?_0:=42/profile?id:=7&name=Ann\n")
        let pop = standIn.run(store + ["pop"])
        #expect(pop.status == 0, "\(pop.stderr)")
        #expect(try DefaultsMirror.strings(path: standIn.plist(), key: "saved") == Array(old.prefix(2)))
        #expect(try VAPNFixtures.describeOtherPreferences(path: standIn.plist(), key: "saved") == VAPNFixtures.otherPreferencesDescription)
    }
}
