import JSONText
import RouteCodecs
import RouteModel

/// A format that exists only in this test, to show that adding one is a codec file and a table
/// row: a JSON object whose one member, `toy`, is an array of enum values as synthesized
/// `Codable` writes them, the root first (the standard table's `codable-array` reads a bare
/// array of them). It holds a stack only.
struct ToyFormat: NavigatorCodec {
    var name: String { "toy" }
    var maxBytes: Int { 1 << 20 }

    func recognizes(_ bytes: [UInt8]) -> Bool {
        FormatTable.startsWithObject(bytes) && (try? JSONValue(parsing: bytes))?["toy"] != nil
    }

    func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch let error as JSONSyntaxError {
            throw NavigatorError(.invalidFile, "is not toy JSON: \(error.reason)")
        }
        guard case .array(let elements)? = value["toy"], let first = elements.first else {
            throw NavigatorError(.invalidFile, "is not a toy stack: an array of at least one enum value")
        }
        do {
            var state = NavigatorState(initial: try Route(codableValue: first))
            for element in elements.dropFirst() {
                _ = try state.apply(.push(try Route(codableValue: element)))
            }
            return state
        } catch let error as NavigatorError {
            throw NavigatorError(.invalidFile, "holds a value that is no route: \(error.message)")
        }
    }

    func checkWritable(_ state: NavigatorState) throws {}

    func encode(_ state: inout NavigatorState) throws -> EncodedState {
        guard state.tree.tabs == nil, state.tree.chain.presented.isEmpty else {
            throw NavigatorError(.cannotApply, "the toy format holds a stack only")
        }
        let stack = state.tree.chain.base
        let toy = JSONValue.array(([stack.root] + stack.pushed).map(\.codableValue))
        return EncodedState(bytes: Array(JSONValue.object([JSONValue.Member("toy", toy)]).text.utf8))
    }
}
