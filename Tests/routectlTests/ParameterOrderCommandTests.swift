import Foundation
import Testing
import TestSupport

/// One state, one path (issue 34, item 4), end to end on VAPersistentNavigator's tree, whose
/// app encodes its enum values' members in an order that varies between processes.
@Suite(.tags(.endToEnd), .slowLayer) struct ParameterOrderCommandTests {
    static func flow(root: String, destinations: String = "") -> String {
        #"{"root":\#(root),"destinations":[\#(destinations)],"kind":{"flow":{}},"id":"6F1C2E4A-0B7D-4C55-9E2A-3D8B1F0A9C11","tabs":[],"presentation":{"sheet":{}}}"#
    }

    static let idFirst = flow(root: #"{"main":{}}"#, destinations: #"{"profile":{"id":7,"name":"Ann"}}"#)
    static let nameFirst = flow(root: #"{"main":{}}"#, destinations: #"{"profile":{"name":"Ann","id":7}}"#)

    @Test func theMemberOrderMakesNoDifferenceToTheShownPath() throws {
        for document in [Self.idFirst, Self.nameFirst] {
            let box = Sandbox()
            box.write(document)
            let path = box.run("show", "--path")
            #expect(path.stdout == "main/profile?id:=7&name=Ann\n", "\(document): \(path.stderr)")
            #expect(box.run("show").stdout.contains("path    main/profile?id:=7&name=Ann\n"))
            #expect(box.run("show", "--json").stdout.contains(#""path": "main/profile?id:=7&name=Ann""#))
            let go = box.run("go", "main/profile?id:=7&name=Ann")
            #expect(go.status == 0, "\(go.stderr)")
            #expect(box.text() == document, "go to the shown path writes nothing")
            #expect(box.run("go", "main/profile?name=Ann&id:=7").status == 0)
            #expect(box.text() == document, "nor does the same route with its parameters in another order")
        }
    }

    /// Members inside a typed value (a nested enum or struct) count no more.
    @Test func theMemberOrderInsideAValueMakesNoDifference() throws {
        let a = Self.flow(root: #"{"box":{"_0":{"b":1,"a":{"d":2,"c":3}}}}"#)
        let b = Self.flow(root: #"{"box":{"_0":{"a":{"c":3,"d":2},"b":1}}}"#)
        var paths: [String] = []
        for document in [a, b] {
            let box = Sandbox()
            box.write(document)
            let path = box.run("show", "--path").stdout
            paths.append(path)
            #expect(box.run("go", String(path.dropLast())).status == 0)
            #expect(box.text() == document, "go to the shown path writes nothing")
        }
        #expect(paths[0] == paths[1])
        #expect(paths[0] == "box?_0:=%7B%22a%22%3A%7B%22c%22%3A3%2C%22d%22%3A2%7D%2C%22b%22%3A1%7D\n")
    }

    /// A change elsewhere leaves the stored bytes of the values it does not change, and the
    /// library reads the result.
    @Test func valuesNotChangedKeepTheirStoredBytes() throws {
        let box = Sandbox()
        box.write(Self.nameFirst)
        #expect(box.run("push", "details", "_0:=1").status == 0)
        #expect(box.text().contains(#"{"main":{}},"destinations":[{"profile":{"name":"Ann","id":7}},{"details":{"_0":1}}]"#), "\(box.text())")
        #expect(box.run("go", "main/profile?id:=7&name=Ann/settings").status == 0)
        #expect(box.text().contains(#""destinations":[{"profile":{"name":"Ann","id":7}},{"settings":{}}]"#), "\(box.text())")
        let back = try VAPNFixtures.decode(Array(try #require(box.contents())))
        #expect(back.destinations == [.profile(id: 7, name: "Ann"), .settings])
    }

    /// `show --watch` prints no change for the same state stored with its members in another
    /// order (the app storing it again from another process), and prints the next real one.
    @Test func showWatchPrintsNoChangeForAnotherMemberOrder() throws {
        let box = Sandbox()
        box.write(Self.idFirst)
        let watch = try WatchProcess(["-f", box.file, "show", "--watch", "--path"], home: box.folder)
        #expect(watch.line() == "main/profile?id:=7&name=Ann")
        box.write(Self.nameFirst)  // the same state, as another process's encoder writes it
        #expect(box.run("push", "settings").status == 0)
        // The next line is the real change: the reordered write printed none.
        #expect(watch.line() == "main/profile?id:=7&name=Ann/settings")
        watch.process.terminate()
        watch.process.waitUntilExit()
    }

    /// A schema that declares the route prints its parameters in the declared order.
    @Test func theSchemasDeclaredOrderWhenItDeclaresTheRoute() throws {
        for document in [Self.idFirst, Self.nameFirst] {
            let box = Sandbox()
            box.write(document)
            let config = box.folder + "/routectl.json"
            box.write(#"{"routes": ["main", "profile(name: String, id: Int)"]}"#, to: config)
            let path = box.run(["--config", config, "show", "--path"])
            #expect(path.stdout == "main/profile?name=Ann&id:=7\n", "\(path.stderr)")
            #expect(box.run(["--config", config, "show"]).stdout.contains("path    main/profile?name=Ann&id:=7\n"))
        }
    }
}
