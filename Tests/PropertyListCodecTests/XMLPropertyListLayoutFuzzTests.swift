import Testing
import TestSupport

@testable import PropertyListCodec

/// ``XMLPropertyListLayout``'s two writes on documents with comments and processing
/// instructions (the short ones, `<?>`, `<!-->`, `<!--->`, and ones holding `?>` or `-->`)
/// between and inside entries: a change spliced into the document read in part reads back as
/// the dictionary changed, byte for byte as the document read whole and written changed.
@Suite(.tags(.fuzz), .slowLayer) struct XMLPropertyListLayoutFuzzTests {
    @Test func splicedChangesReadBackAndMatchTheWholeWrite() throws {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "XMLPropertyListLayoutFuzzTests"))
        let between = ["", " ", "\n\t", "\r\n", "<!---->", "<!-->", "<!--->", "<!-- a -- b -->", "<?>", "<??>", "<?x?>", "<?x ?>",
                       "<!--?>-->", "<?<!--?>", "<?-->?>", "<!-- <key>z</key> -->"]
        let values = ["<string>a?>b</string>", "<string>--></string>", "<string>x</string>", "<integer>1</integer>", "<real>0.10000000000000001</real>",
                      "<string><![CDATA[<!-- c -->]]>y</string>", "<string><![CDATA[?>-->]]></string>", "<array><!--?>--><string>?></string></array>",
                      "<dict><?p?><key>q</key><true/></dict>", "<true/>"]
        var written = 0
        for round in 0..<FuzzSettings.cases(3_000, factor: 100) {
            var text = "<plist version=\"1.0\">\n<dict>"
            for entry in 0..<Int.random(in: 1...5, using: &random) {
                text += random.pick(between) + random.pick(between) + "\n\t<key>route\(entry)</key>" + random.pick(between) + random.pick(values)
            }
            text += random.pick(between) + "\n</dict>\n</plist>\n"
            let bytes = Array(text.utf8)
            // A comment may hide keys: the entries are the reader's.
            guard let part = try? XMLPropertyList.decodeSelecting(bytes, prefix: "route"),
                  case (.dictionary(var expected), let layout?) = try XMLPropertyList.decodeKeepingLayout(bytes) else { continue }
            var changes: [Int: PropertyListDictionary.Entry?] = [:]
            for (index, key) in part.map.strings.enumerated() where random.chance(0.5) {
                if random.chance(0.5) {
                    changes[index] = .some(nil)
                    expected = expected.removing(key)
                } else {
                    changes[index] = .some(.init(key: key, value: "new"))
                    expected = expected.replacing(key, with: "new")
                }
            }
            var added: [PropertyListDictionary.Entry] = []
            if random.chance(0.3) {
                added = [.init(key: "added", value: 5)]
                expected = expected.replacing("added", with: 5)
            }
            let spliced = try part.layout.encode(changing: changes, adding: added)
            written += 1
            let context: Comment = "round \(round): \(text.debugDescription) -> \(String(decoding: spliced, as: UTF8.self).debugDescription)"
            #expect(try XMLPropertyList.decode(spliced) == .dictionary(expected), context)
            #expect(try layout.encode(expected) == spliced, context)
        }
        #expect(written > 0, "no document was read: the generator is broken")
    }
}
