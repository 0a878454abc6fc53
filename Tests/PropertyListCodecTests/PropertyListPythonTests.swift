import Foundation
import Testing
import TestSupport

import RouteModel
import PropertyListCodec

/// The property-list codec against Python's `plistlib` (whose XML layout is Apple's): files
/// it writes decode to the expected values, and what routectl writes `plistlib` reads back
/// to the same Python values, in the same order. Skipped, and reported so, without python3.
@Suite(.tags(.endToEnd), .slowLayer, .enabled(if: PythonPlist.python != nil, "python3 is not installed"))
struct PropertyListPythonTests {
    /// The files `plistlib` wrote for ``PythonPlist/script``'s values.
    static let files: [String: [UInt8]] = PythonPlist.generate()

    @Test func binaryFromPythonDecodesToEveryType() throws {
        let bytes = try #require(Self.files["all.bplist"])
        #expect(PropertyListFormat.detect(bytes) == .binary)
        let value = try BinaryPropertyList.decode(bytes)
        #expect(value == PythonPlist.expected(withUIDs: true))
        // Spot checks that would read clearly should the whole comparison fail.
        #expect(value["uint64max"] == .integer(PropertyListInteger(UInt64.max)))
        #expect(value["int64min"] == .integer(PropertyListInteger(Int64.min)))
        #expect(value["unicode"] == .string("héllo wörld — 日本語 😀"))
        #expect(value["uid"] == .uid(42))
        #expect(value["date"] == .date(817_034_400))
    }

    @Test func xmlFromPythonDecodesToEveryType() throws {
        for name in ["all.xml", "sorted.xml"] {
            let bytes = try #require(Self.files[name])
            #expect(PropertyListFormat.detect(bytes) == .xml)
            let value = try XMLPropertyList.decode(bytes)
            let expected = PythonPlist.expected(withUIDs: false)
            #expect(value == (name == "all.xml" ? expected : PythonPlist.sortingKeys(expected)), "\(name)")
        }
    }

    /// The layout is Apple's (tabs, `<dict/>`, data lines): unchanged files write back the same.
    @Test func xmlFromPythonWritesBackByteForByte() throws {
        for name in ["all.xml", "sorted.xml", "top-array.xml", "top-string.xml", "deep-data.xml"] {
            let bytes = try #require(Self.files[name])
            let again = try XMLPropertyList.encode(try XMLPropertyList.decode(bytes))
            #expect(again == bytes, "\(name):\n\(String(decoding: again, as: UTF8.self))")
        }
    }

    /// Not required (only values must survive), but the writer follows plistlib's layout
    /// closely enough that an unchanged file comes back the same.
    @Test func binaryFromPythonWritesBackByteForByte() throws {
        for name in ["all.bplist", "top-array.bplist", "many.bplist"] {
            let bytes = try #require(Self.files[name])
            #expect(BinaryPropertyList.encode(try BinaryPropertyList.decode(bytes)) == bytes, "\(name)")
        }
    }

    /// What routectl writes, plistlib reads back to exactly the values it first wrote (types,
    /// key order and all), after an edit of one key that it must see and nothing else.
    @Test func whatRoutectlWritesPythonReadsBack() throws {
        let sandbox = Sandbox()
        for name in ["all.bplist", "all.xml", "many.bplist"] {
            let bytes = try #require(Self.files[name])
            let format = try #require(PropertyListFormat.detect(bytes))
            guard case .dictionary(let dictionary) = try format.decode(bytes) else {
                Issue.record("\(name) is not a dictionary")
                continue
            }
            try Data(try format.encode(.dictionary(dictionary))).write(to: URL(fileURLWithPath: sandbox.folder + "/same-" + name))
            let edited = dictionary.replacing("ascii", with: "edited by routectl")
            try Data(try format.encode(.dictionary(edited))).write(to: URL(fileURLWithPath: sandbox.folder + "/edited-" + name))
            if format == .binary {
                // The same edit appended to the file's own bytes (issue 23).
                let index = try #require(BinaryPropertyListIndex(bytes))
                let change: BinaryPropertyListAppender.Change = index.entries(withPrefix: "ascii").first { index.key($0) == "ascii" }
                    .map { .replace(entry: $0, value: "edited by routectl") } ?? .add(key: "ascii", value: "edited by routectl")
                let appended = try #require(BinaryPropertyListAppender.applying([change], to: index))
                try Data(appended.joined()).write(to: URL(fileURLWithPath: sandbox.folder + "/appended-" + name))
            }
        }
        let result = PythonPlist.run(PythonPlist.script + PythonPlist.checkScript, in: sandbox.folder)
        #expect(result.exitCode == 0, "\(result.summary): \(result.stderrText)")
        #expect(result.stdoutText == """
            same-all.bplist ok
            edited-all.bplist ok
            appended-all.bplist ok
            same-all.xml ok
            edited-all.xml ok
            same-many.bplist ok
            edited-many.bplist ok
            appended-many.bplist ok

            """, "\(result.stderrText)")
    }
}

/// Running Python's `plistlib` for the tests.
enum PythonPlist {
    /// python3 on `PATH`, or `nil`.
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs `python3 -c script` in `folder` (in the one python3 of ``PythonServer``).
    static func run(_ script: String, in folder: String) -> SpawnResult {
        PythonServer.run(script, [], in: folder)
    }

    /// The values, as Python builds them: `values(uids)` is a dictionary of every type, in a
    /// deliberate (unsorted) order; UIDs only for binary, which alone can hold them.
    static let script = #"""
        import datetime, plistlib, sys

        def values(uids):
            d = {
                "ascii": "hello",
                "unicode": "héllo wörld — 日本語 😀",
                "empty": "",
                "escapes": "a < b & c > d \"q\" 'a' ]]> \t tab\nline",
                "long": "x" * 300,
                "zero": 0, "small": 7, "byte": 255, "short": 256, "int16": 65535, "int32": 4294967295,
                "int33": 4294967296, "int": 123456789012,
                "negative": -1, "int64min": -2**63, "int64max": 2**63 - 1, "big": 2**63, "uint64max": 2**64 - 1,
                "real": 1.5, "third": 1 / 3, "negreal": -2.25e-10, "bigreal": 1e300, "whole": 3.0, "zeroreal": 0.0,
                "true": True, "false": False,
                "date": datetime.datetime(2026, 11, 22, 10, 0, 0),
                "epoch": datetime.datetime(1970, 1, 1),
                "leap": datetime.datetime(2000, 2, 29, 23, 59, 59),
                "data": bytes(range(256)), "emptydata": b"", "shortdata": b"\x00\x01\x02",
                "nested": {"array": [1, "two", [3.25, {"four": 4}], {}], "emptyarray": [], "dict": {"k": "v", "é": "e-acute"}},
                "aa": "a key that sorts first",
            }
            if uids:
                d["uid"] = plistlib.UID(42)
                d["biguid"] = plistlib.UID(2**40)
                d["uids"] = [plistlib.UID(0), plistlib.UID(255), plistlib.UID(256), plistlib.UID(70000)]
            return d

        def many():
            return {"k%03d" % i: ["v%d" % i, i * 1000, {"n": i}] for i in range(300)}

        def canon(v):
            if isinstance(v, dict):
                return ("dict", [(k, canon(x)) for k, x in v.items()])
            if isinstance(v, list):
                return ("list", [canon(x) for x in v])
            if isinstance(v, bool):
                return ("bool", v)
            if isinstance(v, float):
                return ("float", v.hex())
            return (type(v).__name__, v)

        """#

    /// Writes each file the tests decode into the current folder.
    static let generateScript = #"""
        def write(name, value, fmt, sort_keys=False):
            with open(name, "wb") as f:
                f.write(plistlib.dumps(value, fmt=fmt, sort_keys=sort_keys))

        write("all.bplist", values(True), plistlib.FMT_BINARY)
        write("all.xml", values(False), plistlib.FMT_XML)
        write("sorted.xml", values(False), plistlib.FMT_XML, sort_keys=True)
        write("top-array.xml", [1, "a", [], {}, [[b"deep"]]], plistlib.FMT_XML)
        write("top-array.bplist", [1, "a", [], {}, [[b"deep"]]], plistlib.FMT_BINARY)
        write("top-string.xml", "just a string", plistlib.FMT_XML)
        deep = {"d": bytes(range(200))}
        for i in range(12):
            deep = {"level%d" % i: [deep, bytes(range(i * 7))]}
        write("deep-data.xml", deep, plistlib.FMT_XML)
        write("many.bplist", many(), plistlib.FMT_BINARY)
        """#

    /// Checks the files routectl wrote (`same-*` unchanged, `edited-*` with `ascii` changed),
    /// printing `<name> ok` for each that reads back as it should.
    static let checkScript = #"""
        import glob
        for name in ["all.bplist", "all.xml", "many.bplist"]:
            original = many() if name.startswith("many") else values(name.endswith("bplist"))
            edited = dict(original)
            edited["ascii"] = "edited by routectl"  # in its place, or added at the end
            for prefix, want in [("same-", original), ("edited-", edited)] + ([("appended-", edited)] if name.endswith("bplist") else []):
                with open(prefix + name, "rb") as f:
                    got = plistlib.loads(f.read())
                if canon(got) == canon(want):
                    print(prefix + name, "ok")
                else:
                    print(prefix + name, "differs", file=sys.stderr)
                    for (k1, v1), (k2, v2) in zip(canon(got)[1], canon(want)[1]):
                        if (k1, v1) != (k2, v2):
                            print("  got", k1, v1, "want", k2, v2, file=sys.stderr)
        """#

    /// The files ``generateScript`` writes, by name; empty when python3 fails (the tests
    /// then fail on the missing file, saying why here).
    static func generate() -> [String: [UInt8]] {
        let sandbox = Sandbox()
        let result = run(script + generateScript, in: sandbox.folder)
        guard result.exitCode == 0 else {
            Issue.record("python3 could not write the test files: \(result.summary): \(result.stderrText)")
            return [:]
        }
        var files: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: sandbox.folder)) ?? [] {
            files[name] = FileManager.default.contents(atPath: sandbox.folder + "/" + name).map(Array.init)
        }
        return files
    }

    /// `value` with every dictionary's keys in code-point order, as `sort_keys=True` writes them.
    static func sortingKeys(_ value: PropertyListValue) -> PropertyListValue {
        switch value {
        case .dictionary(let dictionary):
            let sorted = dictionary.entries
                .sorted { $0.key.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value)) }
                .map { PropertyListDictionary.Entry(key: $0.key, value: sortingKeys($0.value)) }
            return .dictionary(PropertyListDictionary(sorted))
        case .array(let elements):
            return .array(elements.map(sortingKeys))
        default:
            return value
        }
    }

    /// ``script``'s `values(uids)` as a ``PropertyListValue``.
    static func expected(withUIDs uids: Bool) -> PropertyListValue {
        var entries: [(String, PropertyListValue)] = [
            ("ascii", "hello"),
            ("unicode", "héllo wörld — 日本語 😀"),
            ("empty", ""),
            ("escapes", "a < b & c > d \"q\" 'a' ]]> \t tab\nline"),
            ("long", .string(String(repeating: "x", count: 300))),
            ("zero", 0), ("small", 7), ("byte", 255), ("short", 256), ("int16", 65535), ("int32", 4_294_967_295),
            ("int33", 4_294_967_296), ("int", 123_456_789_012),
            ("negative", -1), ("int64min", .integer(PropertyListInteger(Int64.min))), ("int64max", .integer(PropertyListInteger(Int64.max))),
            ("big", .integer(PropertyListInteger(UInt64(1) << 63))), ("uint64max", .integer(PropertyListInteger(UInt64.max))),
            ("real", 1.5), ("third", .real(1.0 / 3.0)), ("negreal", -2.25e-10), ("bigreal", 1e300), ("whole", 3.0), ("zeroreal", 0.0),
            ("true", true), ("false", false),
            ("date", .date(817_034_400)),
            ("epoch", .date(-978_307_200)),
            ("leap", .date(-26_438_401)),
            ("data", .data(Array(0...255))), ("emptydata", .data([])), ("shortdata", .data([0, 1, 2])),
            ("nested", [
                "array": [1, "two", [3.25, ["four": 4]], [:]],
                "emptyarray": [],
                "dict": ["k": "v", "é": "e-acute"],
            ]),
            ("aa", "a key that sorts first"),
        ]
        if uids {
            entries += [("uid", .uid(42)), ("biguid", .uid(1 << 40)), ("uids", [.uid(0), .uid(255), .uid(256), .uid(70000)])]
        }
        return .dictionary(PropertyListDictionary(entries.map { .init(key: $0.0, value: $0.1) }))
    }
}
