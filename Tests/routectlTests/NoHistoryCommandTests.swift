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
/// binary's formats all keep history or are route settings). They exit 1 saying why, as for a
/// route setting, and change nothing; `show` names the format.
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
        return context
    }

    @Test func historyUndoAndRedoExitOneSayingWhyAndChangeNothing() throws {
        let context = try context()
        let quotedFile = NavigatorError.quote(sandbox.file, limit: 200)
        let history = #expect(throws: NavigatorError.self) { try HistoryCommand.run(last: nil, context) }
        #expect(history.map { ExitStatus.of($0.kind) } == 1)
        #expect(history?.message == "\(quotedFile) holds a state in the format 'stack', which keeps no history (only routectl's own format does), so there is none to show")
        #expect(history.flatMap { Advice.hint(for: $0, store: context.options.store) }
            == "the app changes its own state and records no history; see the state with: routectl -f \(sandbox.file) show")
        for (operation, word) in [(NavigationOperation.undo(1), "undo"), (.redo(1), "redo")] {
            let error = #expect(throws: NavigatorError.self) { try ChangeCommand.run(operation, recover: false, context) }
            #expect(error.map { ExitStatus.of($0.kind) } == 1)
            #expect(error?.message == "\(quotedFile) holds a state in the format 'stack', which keeps no history (only routectl's own format does), so there is nothing to \(word)")
        }
        #expect(sandbox.text() == #"["home","details"]"#)
    }

    @Test func changesAreMadeAndShowNamesTheFormat() throws {
        let context = try context()
        _ = try ChangeCommand.run(.push(Route("more")), recover: false, context)
        #expect(sandbox.text() == #"["home","details","more"]"#)
        let show = try ShowCommand.run(pathOnly: false, url: false, context).output
        #expect(show.hasPrefix("file     \(sandbox.file)\nformat   stack\ninitial  home\npath     home/details/more\n"), "\(show)")
    }
}
