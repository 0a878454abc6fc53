import Foundation
import Testing
import TestSupport

/// Usage errors that say what is wrong in words a user can act on (issue 8, item 17).
@Suite(.tags(.endToEnd), .slowLayer) struct UsageTests {
    @Test func numbersTooLargeSayTooLarge() {
        let box = Sandbox()
        let huge = "99999999999999999999"
        let cases: [([String], String)] = [
            (["history", "-n", huge], "routectl: invalid value '\(huge)' for option '-n': too large (at most 9223372036854775807)"),
            (["history", "--last=\(huge)"], "routectl: invalid value '\(huge)' for option '--last': too large (at most 9223372036854775807)"),
            (["pop", huge], "routectl: invalid count '\(huge)' for 'pop': too large (at most 9223372036854775807)"),
            (["init", "--history-limit", "1000001"], "routectl: invalid value '1000001' for option '--history-limit': too large (at most 1000000)"),
            (["--lock-timeout", "100000", "show"], "routectl: invalid value '100000' for option '--lock-timeout': too large (at most 86400 seconds, a day)"),
        ]
        for (arguments, line) in cases {
            let result = box.run(arguments[0], arguments[1], arguments.count > 2 ? arguments[2] : "--quiet")
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errorLines.first.map(String.init) == line, "\(arguments): \(result.stderr)")
        }
        #expect(box.run("pop", "x1").errorLines.first == "routectl: invalid count 'x1' for 'pop': expected a whole number >= 1")
        #expect(box.listing().isEmpty)
    }

    @Test func showPathWithJSONIsRefused() {
        let box = Sandbox()
        let result = box.run("show", "--json", "--path")
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.errorLines.first == "routectl: options '--path' and '--json' cannot be used together")
        #expect(box.runBare(["man"]).stdout.contains("Not with \\fB\\-\\-json\\fR"))
    }

    @Test func versionAsACommandPointsAtTheOption() {
        let result = Sandbox().runBare(["version"])
        #expect(result.status == 64)
        #expect(result.errorLines == ["routectl: unknown command 'version'", "hint: did you mean '--version'?"])
    }

    @Test func eachCommandsHelpDescribesItsOwnForce() {
        let box = Sandbox()
        let reset = box.runBare(["reset", "--help"]).stdout
        #expect(reset.contains("--force       When the file is corrupt, move it aside"), "\(reset)")
        #expect(!reset.contains("(init)"))
        let initialize = box.runBare(["help", "init"]).stdout
        #expect(initialize.contains("--force"))
        #expect(initialize.contains("Replace an existing file"))
    }
}
