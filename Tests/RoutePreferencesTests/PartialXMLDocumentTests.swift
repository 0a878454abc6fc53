import Foundation
import Testing
import RouteModel
import RoutePreferences
import PropertyListCodec
import TestSupport

/// An XML plist read in part (only the keys a key store's key starts) and written back: the
/// same bytes as when it is read whole and changed the same way, in UTF-8 and UTF-16.
@Suite(.tags(.unit)) struct PartialXMLDocumentTests {
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>before</key>
        \t<real>0.10000000000000001</real>
        \t<key>route</key>
        \t<string>home/details</string>
        \t<!-- kept -->
        \t<key>other</key>
        \t<array><string>x&amp;y</string><integer>3</integer></array>
        \t<key>routeBackup</key>
        \t<string>home</string>
        </dict>
        </plist>

        """

    static func files() -> [[UInt8]] {
        let utf8 = Array(text.utf8)
        var utf16LE: [UInt8] = [0xFF, 0xFE]
        for unit in text.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16 { utf16LE += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return [utf8, utf16LE]
    }

    /// Changes to make to a document: a value replaced, a key removed, a key added, nothing.
    static let changes: [(String, @Sendable (inout PropertyListDictionary) -> Void)] = [
        ("replace", { $0 = $0.replacing("route", with: "settings") }),
        ("remove", { $0 = $0.removing("routeBackup") }),
        ("add", { $0 = $0.replacing("routeNew", with: ["a": 1]) }),
        ("both", { $0 = $0.removing("route").replacing("routeBackup", with: .data([1, 2])) }),
        ("none", { _ in }),
    ]

    @Test func aPartReadAndChangedIsWrittenAsTheWholeIs() throws {
        for file in Self.files() {
            let part = try PropertyListDocument.decode(file, name: "'x'", keysStartingWith: "route")
            #expect(part.isPartial && part.format == .xml)
            #expect(part.dictionary.keys == ["route", "routeBackup"])
            #expect(part.keys() == ["before", "route", "other", "routeBackup"])
            let whole = try PropertyListDocument.decode(file, name: "'x'")
            #expect(try part.whole() == whole)
            for (name, change) in Self.changes {
                var a = part, b = whole
                change(&a.dictionary)
                change(&b.dictionary)
                let written = try a.encoded()
                #expect(written == (try b.encoded()), "\(name)")
                #expect(try PropertyListDocument.decode(written, name: "'x'").dictionary == b.dictionary, "\(name)")
                if name == "none" { #expect(written == file) }
            }
        }
    }

    /// A comment before a changed or removed key is the file's, not the key's: it stays, and
    /// only the key's own lines change, read in part or whole.
    @Test func aCommentBeforeAChangedKeyStays() throws {
        let file = Array("<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<!-- why -->\n\t<key>route</key>\n\t<string>home</string>\n</dict>\n</plist>\n".utf8)
        let changed = "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<!-- why -->\n\t<key>route</key>\n\t<string>settings</string>\n</dict>\n</plist>\n"
        let removed = "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<!-- why -->\n</dict>\n</plist>\n"
        for read in [{ try PropertyListDocument.decode(file, name: "'x'", keysStartingWith: "route") }, { try PropertyListDocument.decode(file, name: "'x'") }] {
            var a = try read(), b = try read()
            a.dictionary = a.dictionary.replacing("route", with: "settings")
            b.dictionary = b.dictionary.removing("route")
            #expect(String(decoding: try a.encoded(), as: UTF8.self) == changed)
            #expect(String(decoding: try b.encoded(), as: UTF8.self) == removed)
        }
    }

    /// A processing instruction or comment before a changed or removed key stays, whole, and
    /// ends where the reader ends it: `<?>` at its own `?>` (not at a `?>` in the key's value,
    /// which left half the old entry in the file, which no longer read; nor nowhere, which
    /// dropped it); `<!-->` and `<!--->` not at their own first `-->` but at the next one after
    /// `<!--` (ended early, the rest of the comment was dropped and the comment, written back
    /// open, swallowed the new entry).
    @Test(arguments: ["<?>", "<!--> x -->", "<!---> y -->"])
    func aShortProcessingInstructionOrCommentBeforeAChangedKeyStays(misc: String) throws {
        for value in ["a?>b", "ab"] {
            let head = "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t\(misc)\n"
            let file = Array((head + "\t<key>route</key>\n\t<string>\(value)</string>\n</dict>\n</plist>\n").utf8)
            let changed = head + "\t<key>route</key>\n\t<string>settings</string>\n</dict>\n</plist>\n"
            let removed = head + "</dict>\n</plist>\n"
            for read in [{ try PropertyListDocument.decode(file, name: "'x'", keysStartingWith: "route") }, { try PropertyListDocument.decode(file, name: "'x'") }] {
                var a = try read(), b = try read()
                a.dictionary = a.dictionary.replacing("route", with: "settings")
                b.dictionary = b.dictionary.removing("route")
                #expect(String(decoding: try a.encoded(), as: UTF8.self) == changed, "\(value)")
                #expect(String(decoding: try b.encoded(), as: UTF8.self) == removed, "\(value)")
            }
        }
    }

    /// Keys removed side by side (and one more after a kept one) leave every other entry's
    /// bytes as they were, read whole or in part: the whole read matched entries one removal
    /// ahead, so after two removals it wrote every later entry anew (a real respelled, CDATA
    /// escaped, a comment moved), changing bytes of keys nobody asked to change.
    @Test func keysRemovedSideBySideLeaveTheOthersBytes() throws {
        func file(_ entries: [String]) -> [UInt8] {
            Array(("<plist version=\"1.0\">\n<dict>" + entries.joined() + "\n</dict>\n</plist>\n").utf8)
        }
        let a = "\n\t<key>a</key>\n\t<integer>1</integer>", route = "\n\t<key>route</key>\n\t<string>home</string>"
        let backup = "\n\t<key>routeBackup</key>\n\t<string>old</string>", third = "\n\t<key>routeThird</key>\n\t<true/>"
        let real = "\n\t<!-- why -->\n\t<key>ratio</key>\n\t<real>0.10000000000000001</real>"
        let cdata = "\n\t<key>text</key>\n\t<string><![CDATA[a<b]]></string>"
        let before = file([a, route, backup, third, real, cdata])
        for (removed, after) in [(["route", "routeBackup"], [a, third, real, cdata]), (["route", "routeBackup", "routeThird"], [a, real, cdata]),
                                 (["a", "route", "routeThird"], [backup, real, cdata])] {
            for read in [{ try PropertyListDocument.decode(before, name: "'x'", keysStartingWith: "") }, { try PropertyListDocument.decode(before, name: "'x'") }] {
                var document = try read()
                for key in removed { document.dictionary = document.dictionary.removing(key) }
                #expect(String(decoding: try document.encoded(), as: UTF8.self) == String(decoding: file(after), as: UTF8.self), "\(removed)")
            }
        }
    }

    /// A comment before the last keys, removed while a key is added, stays before the added
    /// key, where it was, read whole or in part (the whole read wrote it after the added key).
    @Test func aCommentBeforeRemovedLastKeysStaysBeforeAnAddedKey() throws {
        let file = Array("<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<!-- why -->\n\t<key>route</key>\n\t<string>home</string>\n\t<?pi?>\n\t<key>routeBackup</key>\n\t<true/>\n</dict>\n</plist>\n".utf8)
        let written = "<plist version=\"1.0\">\n<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<!-- why -->\n\t<?pi?>\n\t<key>routeNew</key>\n\t<string>x</string>\n</dict>\n</plist>\n"
        for read in [{ try PropertyListDocument.decode(file, name: "'x'", keysStartingWith: "route") }, { try PropertyListDocument.decode(file, name: "'x'") }] {
            var document = try read()
            document.dictionary = document.dictionary.removing("route").removing("routeBackup").replacing("routeNew", with: "x")
            #expect(String(decoding: try document.encoded(), as: UTF8.self) == written)
        }
    }

    /// A file whose lines end in CR LF keeps them: on the lines not changed, and the changed
    /// or added key's lines end as the file's do.
    @Test func crLineEndsStay() throws {
        let file = Array("<plist version=\"1.0\">\r\n<dict>\r\n\t<key>a</key>\r\n\t<integer>1</integer>\r\n\t<key>route</key>\r\n\t<string>home</string>\r\n</dict>\r\n</plist>\r\n".utf8)
        let changed = "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>a</key>\r\n\t<integer>1</integer>\r\n\t<key>route</key>\r\n\t<string>settings</string>\r\n\t<key>routeNew</key>\r\n\t<string>x</string>\r\n</dict>\r\n</plist>\r\n"
        for read in [{ try PropertyListDocument.decode(file, name: "'x'", keysStartingWith: "route") }, { try PropertyListDocument.decode(file, name: "'x'") }] {
            var a = try read()
            a.dictionary = a.dictionary.replacing("route", with: "settings").replacing("routeNew", with: "x")
            #expect(String(decoding: try a.encoded(), as: UTF8.self) == changed)
        }
    }

    /// A file the reader refuses says why exactly as the whole read does; a root that is not a
    /// dictionary too.
    @Test func refusalsAreTheWholeReadsRefusals() {
        for text in ["<plist><dict><key>a</key><string>&x;</string></dict></plist>", "<plist><array/></plist>", "<plist><dict>"] {
            let bytes = Array(text.utf8)
            let whole = Result { try PropertyListDocument.decode(bytes, name: "'x'") }
            let part = Result { try PropertyListDocument.decode(bytes, name: "'x'", keysStartingWith: "route") }
            switch (whole, part) {
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(text)")
            default: Issue.record("accepted: \(text)")
            }
        }
    }
}
