import Foundation
import Testing
import TestSupport

/// `undo`, `redo` and `history` on stores whose format keeps no history (issue 37, item 6),
/// end to end: routectl keeps what it replaced in its own state folder, restores it exactly
/// (read back with the library's own decoding, and byte for byte), and refuses, writing
/// nothing, once the app changed the store since routectl wrote it.
@Suite(.tags(.endToEnd), .slowLayer) struct UndoOtherFormatsTests {
    /// The journals' folder of a sandbox (HOME is the sandbox's folder).
    static func journals(_ box: Sandbox) -> String { box.folder + "/.local/state/routectl/journal" }

    /// `pop --root`, `undo`, `redo` and `history` on `box` (`store` chooses the key), each
    /// checked with `stored` (the value as the app reads it) and `decoded` (the library's
    /// mirror's reading of it).
    static func popUndoRedo<Decoded: Equatable>(
        _ box: Sandbox, store: [String] = [], stored: () throws -> Data, decoded: (Data) throws -> Decoded
    ) throws {
        let original = try stored()
        let popped = box.run(store + ["pop", "--root"])
        #expect(popped.status == 0, "\(popped.stderr)")
        let afterPop = try stored()
        #expect(afterPop != original)
        let undo = box.run(store + ["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try stored() == original, "undo gives back the exact value")
        #expect(try decoded(try stored()) == decoded(original))
        let redo = box.run(store + ["redo"])
        #expect(redo.status == 0, "\(redo.stderr)")
        #expect(try stored() == afterPop, "redo writes again what pop wrote")
        #expect(try decoded(try stored()) == decoded(afterPop))
        let history = box.run(store + ["history"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("pop") && history.stdout.contains("--root"), "\(history.stdout)")
        let json = box.run(store + ["history", "--json"])
        #expect(json.stdout.contains(#""op": "pop""#) || json.stdout.contains(#""op":"pop""#), "\(json.stdout)")
        // Nothing more to redo; and the undone ones are gone once another change is made.
        #expect(box.run(store + ["redo"]).status == 1)
        #expect(box.run(store + ["undo"]).status == 0)
        #expect(try stored() == original)
    }

    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml])
    func vapnUnderAKeyIsRestoredExactly(_ format: VAPNFixtures.PlistFormat) throws {
        let box = try Sandbox.preferences(VAPNFixtures.sceneKey, VAPNFixtures.flow(), format)
        let key = ["--key", VAPNFixtures.sceneKey]
        try Self.popUndoRedo(box, store: key, stored: { Data(try VAPNFixtures.storedValue(path: box.file).json) }) {
            VAPNFixtures.describe(try VAPNFixtures.decode(Array($0)))
        }
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file) == VAPNFixtures.otherPreferencesDescription)
        #expect(box.contents()!.starts(with: Data("bplist00".utf8)) == format.isBinary, "binary stays binary, XML XML")
        let plist = try PropertyListSerialization.propertyList(from: box.contents()!, format: nil) as? [String: Any]
        #expect(plist?[VAPNFixtures.sceneKey] is Data, "data stays data")
    }

    @Test func aNavigationPathFileIsRestoredExactly() throws {
        let box = Sandbox(holding: NavigationPathFixtures.Path.screens.json())
        try Self.popUndoRedo(box, stored: { box.contents()! }) { try NavigationPathMirror.decode(Array($0)) }
    }

    /// A push onto a NavigationPath is written straight into the file's bytes (its one reader
    /// splices the new pair in) and recorded all the same: undo gives back the bytes it replaced.
    @Test func aPushSplicedIntoANavigationPathIsRecordedAndUndone() throws {
        let box = Sandbox(holding: NavigationPathFixtures.Path.screens.json())
        let before = try #require(box.contents())
        let pushed = box.run("push", "details", "_0:=5")
        #expect(pushed.status == 0 && pushed.stderr.isEmpty, "\(pushed.stderr)")
        let after = try #require(box.contents())
        #expect(after != before)
        let history = box.run("history")
        #expect(history.status == 0 && history.stdout.contains("push") && history.stdout.contains("details?_0:=5"), "\(history.stdout)")
        let undo = box.run("undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(box.contents() == before)
        #expect(try NavigationPathMirror.decode(Array(before)) == NavigationPathMirror.decode(Array(box.contents()!)))
        #expect(box.run("redo").status == 0)
        #expect(box.contents() == after)
    }

    /// A record whose change's line does not read (its values are decoded only when asked for)
    /// restores nothing, and says the record is damaged, not that too few changes were made.
    @Test func aDamagedChangeInTheRecordIsSaidAndRestoresNothing() throws {
        let box = Sandbox(holding: NavigationPathFixtures.Path.screens.json())
        #expect(box.run("push", "details", "_0:=5").status == 0)
        let pushed = try #require(box.contents())
        let folder = Self.journals(box)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".journal") })
        try Data("routectl-journal-1 1 1 1\nAAAA\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        let undo = box.run("undo")
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("damaged") && !undo.stderr.contains("recorded only"), "\(undo.stderr)")
        #expect(box.contents() == pushed)
    }

    @Test func aFlowStacksFileIsRestoredExactly() throws {
        let box = Sandbox(holding: FlowStacksFixtures.Routes.pushes.json)
        try Self.popUndoRedo(box, stored: { box.contents()! }) {
            FlowStacksFixtures.describe(try FlowStacksFixtures.decode(Array($0)))
        }
    }

    @Test func aRouteSettingIsRestoredAndAKeyThatWasNotThereIsRemovedAgain() throws {
        let box = try Sandbox.preferences("route", Array("settings".utf8), .binary, .string)
        func value() throws -> Any? {
            (try PropertyListSerialization.propertyList(from: box.contents()!, format: nil) as? [String: Any])?["route"]
        }
        #expect(box.run("--key", "route", "set", "home").status == 0)
        #expect(try value() as? String == "home")
        #expect(box.run("--key", "route", "undo").status == 0)
        #expect(try value() as? String == "settings")
        #expect(box.run("--key", "route", "redo").status == 0)
        #expect(try value() as? String == "home")
        let history = box.run("--key", "route", "history")
        #expect(history.status == 0 && history.stdout.contains("set") && history.stdout.contains("home"), "\(history.stdout)")
        // A key routectl created: undo removes it, as it was.
        #expect(box.run("--key", "lastScreen", "set", "home").status == 0)
        #expect(box.run("--key", "lastScreen", "undo").status == 0)
        let plist = try PropertyListSerialization.propertyList(from: box.contents()!, format: nil) as? [String: Any]
        #expect(plist?["lastScreen"] == nil && plist?["route"] as? String == "home")
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: "route") == VAPNFixtures.otherPreferencesDescription)
    }

    @Test func anUndoAfterTheAppChangedTheStoreExitsOneAndWritesNothing() throws {
        let box = Sandbox(holding: FlowStacksFixtures.Routes.pushes.json)
        #expect(box.run("pop").status == 0)
        // The app saves its own state meanwhile.
        let appWrote = FlowStacksFixtures.Routes.presented.json
        #expect(FileManager.default.createFile(atPath: box.file, contents: Data(appWrote)))
        for command in ["undo", "redo"] {
            let result = box.run(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            if command == "undo" {
                #expect(result.errorLines.first?.contains("changed since routectl last wrote it") == true, "\(result.stderr)")
            }
            #expect(box.contents() == Data(appWrote), "\(command) writes nothing")
        }
    }

    @Test func aLinkPlantedAtTheJournalIsNotFollowed() throws {
        let box = Sandbox(holding: FlowStacksFixtures.Routes.everyShape.json)
        #expect(box.run("pop").status == 0)
        let folder = Self.journals(box)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".journal") }
        #expect(names.count == 1)
        let journal = folder + "/" + names[0]
        let victim = box.folder + "/victim.txt"
        FileManager.default.createFile(atPath: victim, contents: Data("mine\n".utf8))
        try FileManager.default.removeItem(atPath: journal)
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: victim)
        let pop = box.run("pop")
        #expect(pop.status == 0, "\(pop.stderr)")
        #expect(pop.stderr.contains("symbolic link"), "a warning says why the record was ignored: \(pop.stderr)")
        #expect(box.contents(victim) == Data("mine\n".utf8), "the link's target is untouched")
        #expect(try FileManager.default.attributesOfItem(atPath: journal)[.type] as? FileAttributeType == .typeRegular)
        #expect(try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
        // Only the change after the planted link can be undone.
        #expect(box.run("undo").status == 0)
        #expect(box.run("undo").status == 1)
    }

    @Test func routectlsOwnFormatKeepsItsHistoryInTheFile() throws {
        let box = Sandbox()
        #expect(box.run("push", "details").status == 0)
        #expect(box.run("undo").status == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.journals(box)), "no journal for routectl's own file")
    }
}
