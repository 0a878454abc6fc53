import Foundation
import Testing
import TestSupport

/// `routectl` alone and `help` of a subcommand's action (issue 17, item 18).
@Suite(.tags(.endToEnd), .slowLayer) struct BareRoutectlTests {
    @Test func bareRoutectlPrintsTheCommandsAndExits64() {
        let box = Sandbox()
        let result = box.runBare([])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("\n  push "), "\(result.stderr)")
        #expect(result.stderr.contains("\n  redo "), "\(result.stderr)")
        #expect(result.errorLines.last == "routectl: missing command: run 'routectl help <command>' for one command's help")
    }

    @Test func helpOfALinkActionShowsLinksHelp() {
        let box = Sandbox()
        let add = box.runBare(["help", "link", "add"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == box.runBare(["help", "link"]).stdout)
        #expect(box.runBare(["link", "add", "--help"]).stdout == add.stdout)
        let wrong = box.runBare(["help", "link", "ad"])
        #expect(wrong.status == 64)
        #expect(wrong.errorLines == ["routectl: unknown action 'ad' for 'link'", "hint: did you mean 'add'?"])
        #expect(box.runBare(["help", "push", "details"]).status == 64)
    }
}
