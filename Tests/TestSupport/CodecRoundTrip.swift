// Shared by the in-process fuzz suites (Tests/RouteCodecsTests) and the libFuzzer targets
// (Fuzz/, which scripts/fuzz.sh compiles with this file): standard library and the package's
// modules only, no Foundation.

import RouteCodecs
import RouteModel

/// The round trip every codec's fuzzing checks: whatever the bytes, decoding either fails with
/// `invalidFile` (one line, under 1,000 bytes) or gives a state that, after the operations,
/// encodes (or is refused) to a document that decodes to the same tree and then encodes to the
/// same bytes. A state the app cannot decode as it stands (``NavigatorState/appCannotDecode``),
/// and only such a state, may have a change refused as `invalidFile`
/// (``FormatFact/appCannotDecode(format:)``). Where the codec recognizes the bytes, its
/// document (``NavigatorCodec/document(_:)``, the format's one reader) gives the same state,
/// the same path, and, for one operation it splices in, the same bytes as the state's encoding.
public enum CodecRoundTrip {
    /// What one check found.
    public enum Outcome {
        /// A rule is broken: which, and how.
        case broken(String)
        /// Nothing to check further: the bytes are not in the format, or an operation or the
        /// encoding was refused as it may be.
        case refused
        /// Every rule held: `state` was decoded from the bytes and changed, and `encoded` is
        /// what it was written as.
        case written(state: NavigatorState, encoded: [UInt8])

        /// The broken rule, if any.
        public var problem: String? {
            if case .broken(let problem) = self { return problem }
            return nil
        }
    }

    /// Decodes `bytes` with `codec`, applies `operations` in order, encodes and reads back.
    ///
    /// - Parameters:
    ///   - writtenBackUnchanged: the decoded state, unchanged, must encode to `bytes` byte for
    ///     byte.
    ///   - encodeMayRefuse: the kinds of error an encoding may be refused with (what the
    ///     format cannot hold; a new element whose type cannot be told).
    public static func check(
        _ bytes: [UInt8], _ codec: any NavigatorCodec, then operations: [NavigationOperation] = [],
        writtenBackUnchanged: Bool = false, encodeMayRefuse: [NavigatorError.Kind] = [.cannotApply, .invalidInput]
    ) -> Outcome {
        var state: NavigatorState
        do {
            state = try codec.decode(bytes)
        } catch let error as NavigatorError {
            guard error.kind == .invalidFile else { return .broken("decode threw \(error.kind)") }
            guard !error.message.contains("\n") else { return .broken("multi-line error: \(error.message)") }
            guard error.message.utf8.count < 1000 else { return .broken("a message of \(error.message.utf8.count) bytes") }
            return .refused
        } catch {
            return .broken("decode threw a non-NavigatorError: \(error)")
        }
        let appCannotDecode = state.appCannotDecode != nil
        // The document: the same state and path; a change spliced in is checked below.
        let document = codec.document(bytes)
        if let document {
            guard let read = try? document.state() else { return .broken("the document's state does not read where decode reads one") }
            guard read.tree == state.tree else { return .broken("the document's state is another tree: \(read.path), decode \(state.path)") }
            guard let path = try? document.path(order: ParameterOrder()), path == state.path else {
                return .broken("the document's path is not the state's: \((try? document.path(order: ParameterOrder())) ?? "none"), the state's \(state.path)")
            }
        }
        let spliced = operations.count == 1 ? document?.applying(operations[0]) : nil
        if writtenBackUnchanged {
            var unchanged = state
            guard (try? codec.encode(&unchanged).bytes) == bytes else { return .broken("an unchanged state is not written back byte for byte") }
        }
        for operation in operations {
            do {
                try state.apply(operation)
            } catch let error as NavigatorError {
                guard error.kind == .cannotApply || error.kind == .invalidInput else { return .broken("\(operation) threw \(error.kind)") }
                if spliced != nil { return .broken("\(operation) was spliced into the bytes, and the state refuses it: \(error.message)") }
                return .refused
            } catch {
                return .broken("\(operation) threw \(error)")
            }
        }
        let encoded: [UInt8]
        do {
            encoded = try codec.encode(&state).bytes
        } catch let error as NavigatorError where encodeMayRefuse.contains(error.kind) {
            if spliced != nil { return .broken("a change was spliced into the bytes, and the encoding refuses it: \(error.message)") }
            return .refused
        } catch let error as NavigatorError where error.detail as? FormatFact == .appCannotDecode(format: codec.name) {
            guard error.kind == .invalidFile, appCannotDecode else { return .broken("a change refused as undecodable on a state the app decodes: \(error.message)") }
            if spliced != nil { return .broken("a change was spliced into bytes the app cannot decode") }
            return .refused
        } catch {
            return .broken("encode threw \(error)")
        }
        if let spliced, spliced != encoded {
            return .broken("the change spliced into the bytes is not the encoding: \(String(decoding: spliced, as: UTF8.self)) vs \(String(decoding: encoded, as: UTF8.self))")
        }
        guard let again = try? codec.decode(encoded) else { return .broken("its encoding does not decode") }
        guard again.tree == state.tree else { return .broken("the encoding decodes to another tree: \(state.path) -> \(again.path)") }
        var twice = again
        guard (try? codec.encode(&twice).bytes) == encoded else { return .broken("encoding is not stable") }
        return .written(state: state, encoded: encoded)
    }
}
