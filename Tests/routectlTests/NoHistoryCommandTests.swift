import Foundation
import Testing
import TestSupport
import RouteModel
import RouteCodecs
import RouteStore
import JSONText
@testable import routectl

/// `history`, `undo` and `redo` on a state in a format that keeps no history, in process: the
/// commands as the binary runs them, on a store whose format exists only in this test (the
/// binary's formats all keep history or are route settings). routectl records its changes in
/// its state folder, and undo and redo use that record (with nothing recorded, they exit 1
/// saying why and change nothing); `show` names the format.
@Suite(.tags(.unit)) struct NoHistoryCommandTests {
    /// A JSON array of route names, root first: a stack an app might keep. It keeps no history.
    struct StackCodec: NavigatorCodec {
        var name: String { "stack" }
        var maxBytes: Int { 1 << 16 }

        func recognizes(_ bytes: [UInt8]) -> Bool { bytes.first == UInt8(ascii: "[") }

        func decode(_ bytes: [UInt8]) throws -> NavigatorState {
            guard case .array(let names)? = try? JSONValue(parsing: bytes), !names.isEmpty else {
                throw NavigatorError(.invalidFile, "is not a stack")
            }
            let routes = try names.map { name -> Route in
                guard case .string(let text) = name else { throw NavigatorError(.invalidFile, "is not a stack") }
                return try Route(text)
            }
            var state = NavigatorState(initial: routes[0])
            state.flow = RouteStack(root: routes[0], pushed: Array(routes.dropFirst()))
            return state
        }

        func checkWritable(_ state: NavigatorState) throws {}

        func encode(_ state: inout NavigatorState) throws -> EncodedState {
            EncodedState(bytes: Array(JSONValue.array(state.flow.routes.map { .string($0.name) }).text.utf8))
        }
    }

    let sandbox = Sandbox()

    func context() throws -> Context {
        sandbox.write(#"["home","details"]"#)
        var options = ParsedOptions()
        options.file = sandbox.file
        var context = try Context(options)
        context.store = NavigatorStore(path: sandbox.file, formats: FormatTable([StackCodec()]))
        context.journalFolder = sandbox.folder + "/journal"  // never the user's own state folder
        return context
    }

    @Test func undoAndRedoWithNothingRecordedExitOneSayingWhyAndChangeNothing() throws {
        let context = try context()
        let quotedFile = NavigatorError.quote(sandbox.file, limit: 200)
        // routectl lists the changes it recorded (issue 37, item 6): none yet.
        #expect(try HistoryCommand.run(last: nil, context).output == "SEQ  TIME  OP  ARGS  PATH\n")
        for (operation, word) in [(NavigationOperation.undo(1), "undone"), (.redo(1), "redone")] {
            let error = #expect(throws: NavigatorError.self) { try ChangeCommand.run(operation, recover: false, context) }
            #expect(error.map { ExitStatus.of($0.kind) } == 1)
            #expect(error?.message == "cannot \(word == "undone" ? "undo" : "redo") 1 change: \(quotedFile) holds a state in the format 'stack', which keeps no history, and routectl recorded no change of it that can be \(word)")
        }
        #expect(sandbox.text() == #"["home","details"]"#)
    }

    @Test func aChangeIsRecordedAndUndoneFromRoutectlsStateFolder() throws {
        let context = try context()
        _ = try ChangeCommand.run(.push(Route("more")), recover: false, context)
        #expect(try HistoryCommand.run(last: nil, context).output.contains("push  more  home/details/more"))
        _ = try ChangeCommand.run(.undo(1), recover: false, context)
        #expect(sandbox.text() == #"["home","details"]"#)
        _ = try ChangeCommand.run(.redo(1), recover: false, context)
        #expect(sandbox.text() == #"["home","details","more"]"#)
    }

    @Test func changesAreMadeAndShowNamesTheFormat() throws {
        let context = try context()
        _ = try ChangeCommand.run(.push(Route("more")), recover: false, context)
        #expect(sandbox.text() == #"["home","details","more"]"#)
        let show = try ShowCommand.run(pathOnly: false, url: false, context).output
        #expect(show.hasPrefix("file     \(sandbox.file)\nformat   stack\ninitial  home\npath     home/details/more\n"), "\(show)")
    }
}
