import Foundation
import Testing
import TestSupport

/// `show --launch-arguments @<name>` and `show --launch-arguments <path>` (issue 38, item 4):
/// the launch arguments of the state `go` would write, made in memory; with `--format` (or the
/// project's `store.format`) no store is read, and no store is ever written or created. And
/// `--swift`, the arguments as a Swift array literal for `XCUIApplication().launchArguments`.
@Suite(.tags(.endToEnd), .slowLayer) struct LaunchTargetCommandTests {
    let box = Sandbox()
    var plist: String { box.folder + "/prefs.plist" }

    func run(_ arguments: String...) -> RunResult {
        box.runBare(arguments)
    }

    /// The bytes of a `<hex>` launch argument, printed shell-quoted (`'<5b7b…>'`).
    static func data(_ word: Substring) throws -> [UInt8] {
        let hex = Array(word.dropFirst(2).dropLast(2).utf8)
        #expect(word.hasPrefix("'<") && word.hasSuffix(">'") && hex.count % 2 == 0, "\(word)")
        return try stride(from: 0, to: hex.count, by: 2).map { index in
            try #require(UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16))
        }
    }

    @Test func aPathWithAFormatReadsNoStoreAndCreatesNone() throws {
        let result = run("--no-config", "-f", plist, "--key", "stack", "--format", "codable-array", "show", "--launch-arguments", "/details?_0:=42/details?_0:=7")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let words = result.stdout.dropLast().split(separator: " ")
        #expect(result.stdout.hasSuffix("\n") && words.count == 2 && words[0] == "-stack")
        let screens = try CodableArrayFixtures.decode(try Self.data(words[1]))
        #expect(screens == [.details(42), .details(7)])
        #expect(!FileManager.default.fileExists(atPath: plist), "no store is created")
        #expect(box.listing().isEmpty, "nothing is left behind")
        // A file that is no property list is not read: the same arguments, the file untouched.
        box.write("not a plist", to: plist)
        let again = run("--no-config", "-f", plist, "--key", "stack", "--format", "codable-array", "show", "--launch-arguments", "/details?_0:=42/details?_0:=7")
        #expect(again.stdout == result.stdout && again.status == 0, "\(again.stderr)")
        #expect(box.text(plist) == "not a plist")
        // Without a format, the key is read to find it: this one cannot be.
        let read = run("--no-config", "-f", plist, "--key", "stack", "show", "--launch-arguments", "/details?_0:=42")
        #expect(read.status == 65)
        #expect(read.stdout == "")
        #expect(box.text(plist) == "not a plist")
    }

    @Test func aPathOnAStoredStateTakesItsFormatAndFormAndWritesNothing() throws {
        let stored = try PropertyListSerialization.data(
            fromPropertyList: ["stack": CodableArrayFixtures.Notes.appStorage, "route": "home", "other": 7], format: .binary, options: 0)
        #expect(FileManager.default.createFile(atPath: plist, contents: stored))
        // A string holding the stack stays a string: a quoted property-list string.
        let stack = run("--no-config", "-f", plist, "--key", "stack", "show", "--launch-arguments", "/details?_0:=1")
        #expect(stack.status == 0)
        #expect(stack.stdout == #"-stack '"[{\"details\":{\"_0\":1}}]"'"# + "\n")
        // A route setting takes a root route.
        let route = run("--no-config", "-f", plist, "--key", "route", "show", "--launch-arguments", "settings")
        #expect(route.stdout == #"-route '"settings"'"# + "\n")
        #expect(route.stderr == "")
        #expect(FileManager.default.contents(atPath: plist) == stored, "nothing is written")
        #expect(box.listing() == ["prefs.plist"], "no lock or temporary file is left")
    }

    @Test func aNamedStateOfTheProjectFileAndSwift() throws {
        box.write(
            #"{"store": {"file": "prefs.plist", "key": "stack", "format": "codable-array"}, "states": {"editing": "/details?_0:=42", "two": "/details?_0:=1/details?_0:=2"}}"#,
            to: box.folder + "/routectl.json")
        let named = run("show", "--launch-arguments", "@editing")
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == run("show", "--launch-arguments", "/details?_0:=42").stdout)
        let words = named.stdout.dropLast().split(separator: " ")
        #expect(try CodableArrayFixtures.decode(try Self.data(words[1])) == [.details(42)])
        let swift = run("show", "--launch-arguments", "@editing", "--swift")
        #expect(swift.status == 0)
        #expect(swift.stdout == "[\"-stack\", \"\(words[1].dropFirst().dropLast())\"]\n")
        #expect(!FileManager.default.fileExists(atPath: plist))
        let unknown = run("show", "--launch-arguments", "@edting")
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "routectl: unknown state '@edting': routectl.json declares @editing, @two\nhint: did you mean '@editing'? run: routectl go @editing\n")
        let noProject = run("--no-config", "-f", plist, "--key", "stack", "show", "--launch-arguments", "@editing")
        #expect(noProject.status == 64)
        #expect(noProject.stderr == "routectl: 'show --launch-arguments @editing' needs a project file, and there is no routectl.json in this folder or above it\nhint: name one with --config <path>, or give the path itself: show --launch-arguments <path>\n")
        let invalid = run("show", "--launch-arguments", "@no way")
        #expect(invalid.status == 64)
        #expect(invalid.stderr.hasPrefix("routectl: invalid state name 'no way' for 'show --launch-arguments @<name>'"))
    }

    @Test func swiftOfTheStoredStateEscapesForSwiftSource() throws {
        let text = "a \"b\" \\ c\nd"
        let stored = try PropertyListSerialization.data(fromPropertyList: ["route": text, "nav": "home"], format: .xml, options: 0)
        #expect(FileManager.default.createFile(atPath: plist, contents: stored))
        let result = run("--no-config", "-f", plist, "--key", "route", "show", "--launch-arguments", "--swift")
        #expect(result.status == 0)
        // The value, a quoted property-list string, as a Swift literal of that text.
        #expect(result.stdout == #"["-route", "\"a \\\"b\\\" \\\\ c\\nd\""]"# + "\n")
        #expect(run("--no-config", "-f", plist, "--key", "nav", "show", "--launch-arguments", "--swift").stdout == #"["-nav", "\"home\""]"# + "\n")
        let unset = run("--no-config", "-f", plist, "--key", "missing", "show", "--launch-arguments", "--swift")
        #expect(unset.status == 0)
        #expect(unset.stdout == "[]\n")
        #expect(FileManager.default.contents(atPath: plist) == stored)
    }

    /// The README's UI test sets the launch arguments its console block shows `--swift` print.
    @Test func theReadmesUITestPastesWhatSwiftPrints() throws {
        let lines = ReadmeConsoleTests.readme.split(separator: "\n", omittingEmptySubsequences: false)
        let command = try #require(lines.firstIndex(of: "$ routectl show --launch-arguments @item --swift"))
        let printed = lines[command + 1]
        #expect(printed.hasPrefix("[\"-stack\", "))
        #expect(lines.contains { $0.hasPrefix("let app = XCUIApplication(); app.launchArguments = " + printed + ";") })
    }

    @Test func anArgumentOrSwiftWithoutLaunchArgumentsIsAUsageError() {
        let argument = run("--no-config", "-f", plist, "--key", "route", "show", "home")
        #expect(argument.status == 64)
        #expect(argument.stderr == "routectl: unexpected argument 'home' for 'show': a state or path goes with --launch-arguments\nhint: to print the launch arguments of that state: routectl -f \(plist) --key route show --launch-arguments home\n")
        let swift = run("--no-config", "-f", plist, "--key", "route", "show", "--swift")
        #expect(swift.status == 64)
        #expect(swift.stderr == "routectl: option '--swift' needs '--launch-arguments'\nhint: for example: routectl -f \(plist) --key route show --launch-arguments --swift\n")
        let path = run("--no-config", "-f", plist, "--key", "route", "show", "--launch-arguments", "home/", "--swift")
        #expect(path.status == 64)
        #expect(box.listing().isEmpty)
    }
}
