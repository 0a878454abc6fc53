import Foundation
import Testing
import TestSupport

/// The preferences files end-to-end tests start from and read back: each writer (Foundation,
/// python3's plistlib; binary, XML) and each form (data, string) holds the tree, which
/// `decodeFromPlist` finds and decodes, beside the app's other keys. The python3 cases are
/// skipped, and reported so, without python3.
@Suite(.tags(.endToEnd), .slowLayer) struct VAPNMirrorPlistTests {
    static let trees: [VAPNFixtures.Tree] = [.flow, .tabsWithSheets, .sheetWithCover, .values]

    func check(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs, key: String) throws {
        let sandbox = Sandbox()
        for tree in Self.trees {
            let path = sandbox.folder + "/\(tree)-\(format)-\(storedAs).plist"
            let plist = try VAPNFixtures.plist(key: key, value: tree.json, format: format, storedAs: storedAs)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(plist)))
            #expect(plist.starts(with: Array((format.isBinary ? "bplist00" : "<?xml").utf8)), "\(tree)")
            let read = try VAPNFixtures.decodeFromPlist(path: path, key: key)
            #expect(VAPNFixtures.describe(read) == VAPNFixtures.describe(tree.navigator), "\(tree)")
            #expect(try VAPNFixtures.storedValue(path: path, key: key).storedAs == storedAs, "\(tree)")
            #expect(try VAPNFixtures.describeOtherPreferences(path: path, key: key) == VAPNFixtures.otherPreferencesDescription, "\(tree)")
        }
    }

    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml], VAPNFixtures.StoredAs.allCases)
    func foundationPlists(format: VAPNFixtures.PlistFormat, storedAs: VAPNFixtures.StoredAs) throws {
        try check(format, storedAs, key: VAPNFixtures.sceneKey)
    }

    @Test(.needsPython3, arguments: [VAPNFixtures.PlistFormat.pythonBinary, .pythonXML], VAPNFixtures.StoredAs.allCases)
    func pythonPlists(format: VAPNFixtures.PlistFormat, storedAs: VAPNFixtures.StoredAs) throws {
        try check(format, storedAs, key: VAPNFixtures.sceneKey)
    }

    /// Without a scene id the key is the bare prefix.
    @Test(.needsPython3) func theBareKey() throws {
        try check(.pythonBinary, .data, key: "com.vandrj.navigator")
        try check(.binary, .string, key: "com.vandrj.navigator")
    }

    /// Python sees what the app stored: bytes for data, str for a string, in the order given.
    @Test(.needsPython3, arguments: VAPNFixtures.StoredAs.allCases)
    func pythonReadsTheForm(storedAs: VAPNFixtures.StoredAs) throws {
        let plist = try VAPNFixtures.plist(value: VAPNFixtures.flow(), format: .pythonXML, storedAs: storedAs)
        let sandbox = Sandbox()
        let path = sandbox.folder + "/prefs.plist"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(plist)))
        let seen = try VAPNFixtures.runPython("""
            import plistlib, sys
            d = plistlib.load(open(sys.argv[1], 'rb'))
            print(type(d[sys.argv[2]]).__name__, list(d).index(sys.argv[2]), len(d))
            """, [path, VAPNFixtures.sceneKey])
        #expect(String(decoding: seen, as: UTF8.self) == (storedAs == .data ? "bytes 5 11\n" : "str 5 11\n"))
    }
}
