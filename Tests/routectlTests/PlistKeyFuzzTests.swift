import Foundation
import RouteModel
import Testing
import TestSupport

@testable import routectl
import RouteCodecs
import RouteStore
import RoutePreferences
import PropertyListCodec

/// The property-list reader through the binary: mutated app preferences (binary and XML, with
/// a route setting under `route`, a string or an Int-backed enum's integer, and routectl's
/// navigator JSON under `nav`), seeded (see ``FuzzSettings``: `ROUTECTL_FUZZ_SEED` replays a
/// run, `ROUTECTL_FUZZ_CASES` scales it), run through `routectl -f <plist> --key <key> show`,
/// `... set home` and, on an integer, `... set 2`.
///
/// Every run must end with 0, 1, 64 or 65, never a signal or a hang; print on stderr nothing or
/// one `routectl: ` line and perhaps one `hint: ` line; leave the plist's bytes alone when it
/// fails or only reads; and agree with what the library makes of the same bytes in process.
@Suite(.tags(.fuzz), .slowLayer) struct PlistKeyFuzzTests {
    static let statuses: Set<Int32> = [0, 1, 64, 65]

    // MARK: Seeds

    /// Navigator JSON as routectl writes it: `init --initial home`, a push and a present (a
    /// valid file of ``HostileFiles`` should the binary fail, which is recorded).
    static let navigatorJSON: [UInt8] = {
        let box = Sandbox()
        for command in [["init", "--initial", "home"], ["push", "details", "id=42"], ["present", "compose", "draft:=7"]] {
            let result = box.run(command)
            guard result.status == 0 else {
                Issue.record("making the navigator JSON seed: \(command): \(result.status): \(result.stderr)")
                return Array(HostileFiles.seeds[1].utf8)
            }
        }
        return Array(box.contents() ?? Data())
    }()

    /// The preferences of a seed: every plist type, a route setting, navigator JSON as data
    /// (or as a string), as Foundation writes them.
    static func preferences(route: String?, navigator: [UInt8]?, navigatorAsString: Bool = false) -> [String: Any] {
        var values: [String: Any] = [
            "launches": 7, "negative": -42, "int64min": Int64.min, "ratio": 0.1, "seen": true, "off": false,
            "when": Date(timeIntervalSinceReferenceDate: 785_000_000), "blob": Data([0x00, 0x01, 0xFE, 0xFF]),
            "unicode": "Zoë — 日本語 😀", "nested": ["list": [1, "two", [3.5]] as [Any], "empty": [String: Any]()] as [String: Any],
        ]
        if let route { values["route"] = route }
        if let navigator {
            values["nav"] = navigatorAsString ? String(decoding: navigator, as: UTF8.self) as Any : Data(navigator) as Any
        }
        return values
    }

    static func encode(_ values: [String: Any], binary: Bool) -> [UInt8] {
        Array(try! PropertyListSerialization.data(fromPropertyList: values, format: binary ? .binary : .xml, options: 0))
    }

    /// Valid seeds, binary and XML.
    static let seeds: [[UInt8]] = [
        encode(preferences(route: "onboarding", navigator: navigatorJSON), binary: true),
        encode(preferences(route: "onboarding", navigator: navigatorJSON), binary: false),
        encode(preferences(route: nil, navigator: navigatorJSON, navigatorAsString: true), binary: true),
        encode(preferences(route: "home", navigator: nil), binary: false),
        encode(["route": "onboarding"], binary: true),
        encode(preferences(route: nil, navigator: navigatorJSON).merging(["route": 300]) { $1 }, binary: true),
        encode(preferences(route: nil, navigator: nil).merging(["route": -1]) { $1 }, binary: false),
    ]

    /// Whether seed `index` holds an integer (an Int-backed enum's raw value) under `route`.
    static func holdsInteger(_ index: Int) -> Bool { index >= 5 }

    // MARK: Mutations

    static let xmlTokens: [String] = [
        "<dict>", "</dict>", "<dict/>", "<key>route</key>", "<key>nav</key>", "<key></key>", "<string>", "</string>", "<string/>",
        "<data>", "</data>", "<integer>", "</integer>", "99999999999999999999", "-9223372036854775809", "<real>nan</real>",
        "<date>9999-12-31T23:59:59Z</date>", "<date>0000-01-01T00:00:00Z</date>", "<true/>", "<false/>", "<array>", "</array>",
        "&amp;", "&#0;", "&#1;", "&#xD800;", "&#x1F600;", "&lt;", "&bogus;", "&", "<![CDATA[", "]]>", "<!--", "-->", "<?xml",
        "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>", "\u{FEFF}", "é", "😀", "\u{301}", "<string>{\"format\": 1}</string>", "<", ">", "/",
        "<data>!!!</data>", "<data>eyJm</data>", "=", "\t", "\n", "\r",
    ]
    static let binaryBytes: [UInt8] = [
        0x00, 0x01, 0x08, 0x09, 0x0F, 0x10, 0x13, 0x14, 0x1F, 0x23, 0x2F, 0x33, 0x3F, 0x40, 0x4F, 0x50, 0x5F, 0x60, 0x6F, 0x80,
        0x8F, 0xA0, 0xAF, 0xD0, 0xDF, 0xEF, 0xFF, 0x7F, 0x7B, 0x22,
    ]

    /// `bytes` changed in one random way (half the time) or 2–4: a printable byte changed into
    /// another (which keeps most plists valid, with other keys and values), a byte flipped or
    /// set, bytes inserted or deleted, a range deleted or duplicated, the end cut off, an XML
    /// token put in, or (for binary) a byte of the trailer or of the offset table before it set.
    static func mutate(_ bytes: [UInt8], using random: inout FuzzRandom) -> [UInt8] {
        var out = bytes
        let binary = bytes.starts(with: Array("bplist00".utf8))
        for _ in 0..<(random.chance(0.5) ? 1 : Int.random(in: 2...4, using: &random)) {
            let position = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &random)
            if random.chance(0.3), let printable = out.indices.filter({ (0x20...0x7E).contains(out[$0]) }).randomElement(using: &random) {
                out[printable] = random.chance(0.5) ? random.pick(Array("routehmabcdefxyz-_.{}\"<>&; 01".utf8)) : UInt8.random(in: 0x20...0x7E, using: &random)
                continue
            }
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where !out.isEmpty:
                out[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            case 1 where !out.isEmpty:
                out[position] = random.pick(binaryBytes)
            case 2:
                out.insert(random.chance(0.5) ? random.pick(binaryBytes) : UInt8.random(in: 0...255, using: &random), at: position)
            case 3 where !out.isEmpty:
                out.removeSubrange(position..<min(out.count, position + Int.random(in: 1...16, using: &random)))
            case 4 where !out.isEmpty:
                out.insert(contentsOf: out[position..<min(out.count, position + Int.random(in: 1...32, using: &random))], at: position)
            case 5:
                out.removeSubrange(position..<out.count)
            case 6...7 where binary && out.count > 40:
                // The trailer and the offset table decide where every object is.
                let index = out.count - Int.random(in: 1...(random.chance(0.7) ? 32 : 40), using: &random)
                out[index] = random.chance(0.5) ? random.pick(binaryBytes) : UInt8.random(in: 0...255, using: &random)
            case 6...7:
                out.insert(contentsOf: Array(random.pick(xmlTokens).utf8), at: position)
            default:
                // Next to a tag, where the XML reader decides most.
                if let tag = out.indices.filter({ out[$0] == UInt8(ascii: ">") }).randomElement(using: &random) {
                    out.insert(contentsOf: Array(random.pick(xmlTokens).utf8), at: tag + 1)
                } else if !out.isEmpty {
                    out[position] = UInt8.random(in: 0...255, using: &random)
                }
            }
        }
        return out
    }

    /// A valid plist whose values are hostile: the navigator JSON mutated (``HostileFiles``),
    /// the route a random word, or a key of another type, in the form of `binary`.
    static func hostileValues(binary: Bool, using random: inout FuzzRandom) -> [UInt8] {
        var values = preferences(route: "onboarding", navigator: navigatorJSON, navigatorAsString: random.chance(0.3))
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1:
            let json = HostileFiles.mutate(navigatorJSON, using: &random)
            values["nav"] = random.chance(0.3) ? String(decoding: json, as: UTF8.self) as Any : Data(json) as Any
        case 2:
            let length = Int.random(in: 0...20, using: &random)
            values["route"] = String(decoding: (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }, as: UTF8.self)
        default:
            values[random.pick(["route", "nav"])] = random.pick([42, 1.5, true, Data([0x7B]), ["a"], ["k": "v"], Date(timeIntervalSinceReferenceDate: 0)] as [Any])
        }
        return encode(values, binary: binary)
    }

    // MARK: Checks

    /// The rules every run keeps (``HostileInputTests/checkShape(_:_:allowed:)``), with this
    /// suite's exit statuses.
    static func checkShape(_ result: SpawnResult, _ context: @autoclosure () -> String) {
        HostileInputTests.checkShape(result, context(), allowed: statuses)
    }

    /// What the library makes of `bytes` under `key`: the document and the state, or the
    /// error (with the kind the binary's exit status comes from).
    static func predict(_ bytes: [UInt8], key: String) -> (document: PropertyListDocument?, state: StoredState?, error: NavigatorError?) {
        do {
            let document = try PropertyListDocument.decode(bytes, name: "the file")
            // A missing key beside one it looks like a typo of is refused by the store
            // (issue 17, item 16), before the value is looked at.
            if document.dictionary[key] == nil, let near = Context.nearKey(key, document.dictionary.entries.map(\.key)) {
                return (document, nil, NavigatorError(.invalidInput, "has no key", detail: PreferencesFact.missingKeyNear(near: near)))
            }
            do {
                return (document, try PreferenceKey(key).state(in: document.dictionary), nil)
            } catch let error as NavigatorError {
                return (document, nil, error)
            }
        } catch let error as NavigatorError {
            return (nil, nil, error)
        } catch {
            Issue.record("decoding threw \(error), not a NavigatorError")
            return (nil, nil, nil)
        }
    }

    /// The bytes, for a failure message: base64 when short, else their size.
    static func describe(_ bytes: [UInt8]) -> String {
        bytes.count <= 4096 ? "base64 " + Data(bytes).base64EncodedString() : "\(bytes.count) bytes"
    }

    /// Writes `bytes` as the plist, runs `show` and `set home` on `key` (and `set 2` when it
    /// holds an integer), and checks each run. Returns the exit statuses.
    static func tryPlist(_ bytes: [UInt8], key: String, in box: Sandbox, _ context: String) -> [Int32] {
        let plist = box.folder + "/prefs.plist"
        let (document, state, error) = predict(bytes, key: key)
        var statuses: [Int32] = []
        var commands = [["show"], ["set", "home"]]
        if case .setting(.integer)? = state { commands.append(["set", "2"]) }
        for command in commands {
            for name in box.listing() {
                try? FileManager.default.removeItem(atPath: box.folder + "/" + name)
            }
            _ = FileManager.default.createFile(atPath: plist, contents: Data(bytes))
            let where_ = "\(context), --key \(key) \(command.joined(separator: " ")), \(describe(bytes))"
            let result = Spawner.routectl(["-f", plist, "--key", key] + command, in: box.folder)
            checkShape(result, where_)
            let status = result.exitCode ?? -1
            statuses.append(status)
            let after = box.contents(plist).map(Array.init)
            if status != 0 || command == ["show"] {
                #expect(after == bytes, "\(where_): exit \(status), yet the plist changed")
            }
            // Nothing beside the plist, no lock either (issue 34 item 7): its lock is in
            // routectl's state folder, under $HOME (the sandbox here).
            let others = box.listing().filter { $0 != "prefs.plist" && $0 != ".local" }
            #expect(others.isEmpty, "\(where_): left \(others)")

            if case .setting(.integer(let old))? = state, command[0] == "set" {
                checkIntegerSet(command[1], key: key, old: old, document: document, bytes: bytes, after: after, result, where_)
                continue
            }
            // The binary agrees with the library.
            let expected: Int32? = error.map { ExitStatus.of($0.kind) }
            switch (command[0], state) {
            case ("show", _):
                #expect(status == (expected ?? 0), "\(where_): the library says \(error?.message ?? "it reads"), the binary \(result.summary): \(result.stderrText)")
            case ("set", nil):
                #expect(status == expected, "\(where_): the library says \(error?.message ?? "?"), the binary \(result.summary): \(result.stderrText)")
            case ("set", .setting(let setting)?):
                if status == 1 {
                    // Only XML that cannot hold a value read from it may refuse (see the report of a failure).
                    #expect(result.stderrText.hasPrefix("routectl: cannot write the property list as XML: "), "\(where_): \(result.stderrText)")
                } else {
                    #expect(status == 0, "\(where_): a route setting refused 'set home': \(result.summary): \(result.stderrText)")
                }
                guard status == 0, let document, let after else { break }
                if setting == .value("home") {
                    #expect(after == bytes, "\(where_): set home on home rewrote the plist")
                } else {
                    let written = try? PropertyListDocument.decode(after, name: "written")
                    #expect(written?.format == document.format, "\(where_): the form changed")
                    #expect(written?.dictionary == document.dictionary.replacing(key, with: .string("home")), "\(where_): other values changed")
                }
            case ("set", .navigator?):
                #expect([0, 1, 65].contains(status), "\(where_): \(result.summary): \(result.stderrText)")
                if status == 0, let document, let after, after != bytes {
                    let written = try? PropertyListDocument.decode(after, name: "written")
                    #expect(written?.format == document.format, "\(where_): the form changed")
                    #expect(written?.dictionary.removing(key) == document.dictionary.removing(key), "\(where_): other values changed")
                    if let written, case .navigator(let navigator)? = try? PreferenceKey(key).state(in: written.dictionary) {
                        #expect(navigator.root.name == "home", "\(where_): the root is \(navigator.root.name)")
                    } else {
                        Issue.record("\(where_): what it wrote under the key does not read as navigator JSON")
                    }
                }
            default:
                break
            }
        }
        return statuses
    }

    /// `set <word>` on a key holding the integer `old`: a route name is refused (1); `set 2`
    /// writes 2 under the key, in the width `old` had (every width holds 2), every other value
    /// and the form kept, and rewrites nothing when it held 2.
    static func checkIntegerSet(
        _ word: String, key: String, old: Int64, document: PropertyListDocument?, bytes: [UInt8], after: [UInt8]?, _ result: SpawnResult, _ where_: String
    ) {
        let status = result.exitCode ?? -1
        guard word == "2" else {
            #expect(status == 1 && result.stderrText.contains("holds only an integer (the raw value of an Int-backed enum): 'home' is no integer"), "\(where_): \(result.summary): \(result.stderrText)")
            return
        }
        if status == 1 {
            // Only XML that cannot hold a value read from it may refuse.
            #expect(result.stderrText.hasPrefix("routectl: cannot write the property list as XML: "), "\(where_): \(result.stderrText)")
            return
        }
        #expect(status == 0, "\(where_): an integer setting refused 'set 2': \(result.summary): \(result.stderrText)")
        guard status == 0, let document, let after else { return }
        guard old != 2 else {
            #expect(after == bytes, "\(where_): set 2 on 2 rewrote the plist")
            return
        }
        let written = try? PropertyListDocument.decode(after, name: "written")
        #expect(written?.format == document.format, "\(where_): the form changed")
        #expect(written?.dictionary == document.dictionary.replacing(key, with: 2), "\(where_): other values changed")
        if case .integer(let before)? = document.dictionary[key], case .integer(let now)? = written?.dictionary[key] {
            #expect(now.width == before.width, "\(where_): the width was \(before.width ?? 0), now \(now.width ?? 0)")
        }
    }

    // MARK: Tests

    @Test func theSeedsAreValidAndWork() {
        let box = Sandbox()
        for (index, seed) in Self.seeds.enumerated() {
            for key in ["route", "nav"] {
                let expected: [Int32] = key == "route" && Self.holdsInteger(index) ? [0, 1, 0] : [0, 0]
                #expect(Self.tryPlist(seed, key: key, in: box, "seed \(index)") == expected, "seed \(index), key \(key)")
            }
        }
    }

    @Test func mutatedPlists() {
        let seed = FuzzSettings.seed(for: "PlistKeyFuzzTests.mutatedPlists")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(80)
        let box = Sandbox()
        var tally: [Int32: Int] = [:]
        for index in 0..<count {
            let bytes = Self.mutate(random.pick(Self.seeds), using: &random)
            let key = random.chance(0.7) ? "route" : "nav"
            for status in Self.tryPlist(bytes, key: key, in: box, "seed \(seed), case \(index)") {
                tally[status, default: 0] += 1
            }
        }
        print("PlistKeyFuzzTests.mutatedPlists: \(count) plists, exit statuses \(tally.sorted { $0.key < $1.key })")
    }

    @Test func plistsWithHostileValues() {
        let seed = FuzzSettings.seed(for: "PlistKeyFuzzTests.plistsWithHostileValues")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(40)
        let box = Sandbox()
        var tally: [Int32: Int] = [:]
        for index in 0..<count {
            let bytes = Self.hostileValues(binary: random.chance(0.5), using: &random)
            let key = random.chance(0.5) ? "route" : "nav"
            for status in Self.tryPlist(bytes, key: key, in: box, "seed \(seed), case \(index)") {
                tally[status, default: 0] += 1
            }
        }
        print("PlistKeyFuzzTests.plistsWithHostileValues: \(count) plists, exit statuses \(tally.sorted { $0.key < $1.key })")
    }

    /// The same mutations as `defaults export` prints them: nothing is imported unless the
    /// export read, and what is imported reads.
    @Test func mutatedDomainExports() {
        let seed = FuzzSettings.seed(for: "PlistKeyFuzzTests.mutatedDomainExports")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(15)
        let standIn = DefaultsStandIn()
        let domain = DefaultsStandIn.domain
        for index in 0..<count {
            let bytes = Self.mutate(random.pick(Self.seeds), using: &random)
            let context = "seed \(seed), case \(index), \(Self.describe(bytes))"
            standIn.write(bytes: bytes)
            _ = standIn.takeCalls()
            let result = standIn.run(["--domain", domain, "--key", "route", "set", "home"])
            let (document, _, error) = Self.predict(bytes, key: "route")
            let calls = standIn.takeCalls()
            #expect(result.status >= 0 && result.status < 128, "\(context): \(result.status): \(result.stderr)")
            if bytes.isEmpty {
                #expect(result.status == 69, "\(context): \(result.stderr)")
            } else if document == nil {
                #expect(result.status == 65, "\(context): \(result.stderr)")
            } else {
                #expect(result.status == (error.map { ExitStatus.of($0.kind) } ?? result.status), "\(context): \(result.stderr)")
            }
            if result.status != 0 {
                #expect(calls == ["defaults export \(domain) -"], "\(context): \(calls)")
                #expect(standIn.bytes() == bytes, "\(context): the domain changed after a failure")
            } else if calls.count == 2 {
                #expect(calls.last == "defaults import \(domain) -")
                let imported = standIn.bytes().flatMap { try? PropertyListDocument.decode($0, name: "imported") }
                #expect(imported?.dictionary["route"] == .string("home"), "\(context): the import does not read")
                #expect(imported?.format == document?.format, "\(context): the form changed")
            }
        }
    }
}
