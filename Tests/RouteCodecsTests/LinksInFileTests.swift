import RouteCodecs
import RouteModel
import TestSupport
import Testing

/// Links as the navigator file keeps them (format 2's `links` member).
@Suite(.tags(.unit)) struct LinksInFileTests {
    @Test func aStateWithLinksIsWrittenAsFormatTwoAndReadsBack() throws {
        var state = NavigatorState(initial: try Route("home"))
        #expect(state.isPlain)
        state.links = try LinkTable.of([("myapp://item/{id}", "home/details?id:={id}"), ("myapp://s?q={q}", "home/s?q={q}")])
        #expect(!state.isPlain)
        let text = String(decoding: NavigatorFile.encode(state), as: UTF8.self)
        #expect(text.contains("""
              "routes": null
            """) == false)
        #expect(text.contains("""
              "links": [
                {"url": "myapp://item/{id}", "path": "home/details?id:={id}"},
                {"url": "myapp://s?q={q}", "path": "home/s?q={q}"}
              ],
              "historyLimit": 1000
            """), "\(text)")
        let back = try NavigatorFile.decode(Array(text.utf8))
        #expect(back.format == 2 && back.links == state.links)
    }

    @Test func linksInTheFileAreCheckedAndKeepUnknownMembers() throws {
        func file(_ links: String, format: Int = 2, routes: String = "") -> [UInt8] {
            Array("{\"format\": \(format), \"initial\": {\"name\": \"home\"}\(routes), \"links\": \(links)}".utf8)
        }
        let kept = try NavigatorFile.decode(file(#"[{"url": "myapp://x/{id}", "path": "home/d?id={id}", "note": [1, 2]}]"#))
        #expect(String(decoding: NavigatorFile.encode(kept), as: UTF8.self).contains(#"{"url": "myapp://x/{id}", "path": "home/d?id={id}", "note": [1, 2]}"#))
        for bad in [
            #"[{"url": "myapp://x/{id}", "path": "home/d"}]"#,
            #"[{"url": "myapp://x a", "path": "home"}]"#,
            #"[{"url": "myapp://x"}]"#,
            #"[{"url": "myapp://x", "path": "home", "url": "myapp://y"}]"#,
            #"[{"url": "myapp://x", "path": "home"}, {"url": "MYAPP://x/", "path": "home/a"}]"#,
            #"{"url": "myapp://x", "path": "home"}"#,
            #"[{"url": 1, "path": "home"}]"#,
        ] {
            let error = #expect(throws: NavigatorError.self, "\(bad)") { try NavigatorFile.decode(file(bad)) }
            #expect(error?.kind == .invalidFile, "\(bad)")
        }
        let outside = #expect(throws: NavigatorError.self) {
            try NavigatorFile.decode(file(#"[{"url": "myapp://x", "path": "home/d"}]"#, routes: #", "routes": ["home"]"#))
        }
        #expect(outside?.message.contains("route 'd' is not in this file's routes") == true, "\(outside?.message ?? "")")
    }

    @Test func aFormatOneFileKeepsLinksAsAnUnknownMember() throws {
        let text = #"{"format": 1, "initial": {"name": "home"}, "links": "not even an array"}"#
        let state = try NavigatorFile.decode(Array(text.utf8))
        #expect(state.links.isEmpty && state.isPlain)
        #expect(String(decoding: NavigatorFile.encode(state), as: UTF8.self).contains(#""links": "not even an array""#))
    }
}

extension LinkTable {
    /// A table of `(url, path)` pattern pairs, in order.
    static func of(_ links: [(String, String)]) throws -> LinkTable {
        LinkTable(try links.map { try DeepLink(url: $0.0, path: $0.1) })
    }
}
