// Shared by the in-process fuzz suites (Tests/RouteCodecsTests) and the libFuzzer targets
// (Fuzz/, which scripts/fuzz.sh compiles with this file): standard library and the package's
// modules only, no Foundation.

import PropertyListCodec
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
        } catch let error as NavigatorError where error.detail as? FormatFact == .unreadableTypeName(format: codec.name) {
            // A mangled type name routectl cannot read (MangledTypeName): shown, never changed.
            guard error.kind == .invalidFile else { return .broken("an unreadable type name refused as \(error.kind): \(error.message)") }
            if spliced != nil { return .broken("a change was spliced into bytes holding a type name routectl cannot read") }
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

// MARK: XML property lists

extension CodecRoundTrip {
    /// What one check of an XML property list found.
    public enum PropertyListOutcome: Equatable {
        /// A rule is broken: which, and how.
        case broken(String)
        /// The bytes are refused, by every read alike, or their top value is not a dictionary.
        case refused
        /// Every rule held on a document read.
        case read

        /// The broken rule, if any.
        public var problem: String? {
            if case .broken(let problem) = self { return problem }
            return nil
        }
    }

    /// The round trip through the one reader of XML property lists (``XMLPropertyListReader``):
    /// whatever the bytes, the whole read and the read of the entries whose keys start with
    /// `prefix` refuse them with the same message in one line, or agree: the entries built are the
    /// whole dictionary's under the prefix, the map's keys are its keys and the values the map
    /// builds on demand are its values. Then a change spliced into the file (the first entry
    /// under the prefix given a new value, the second removed, a key added) reads back as the
    /// dictionary so changed, byte for byte as the document read whole and written so; and the
    /// document unchanged is written back byte for byte.
    public static func xmlPropertyList(_ bytes: [UInt8], prefix: String) -> PropertyListOutcome {
        let whole = Result { try XMLPropertyList.decodeKeepingLayout(bytes) }
        let part = Result { try XMLPropertyList.decodeSelecting(bytes, prefix: prefix) }
        let (read, selected): ((value: PropertyListValue, layout: XMLPropertyListLayout?), (dictionary: PropertyListDictionary, selected: [Int], map: XMLPropertyListMap, layout: XMLPropertyListLayout)?)
        switch (whole, part) {
        case (.failure(let a), .failure(let b)):
            let (first, second) = ("\(a)", "\(b)")
            guard first == second else { return .broken("the reads refuse with different messages: \(first) | \(second)") }
            guard !first.contains("\n"), first.utf8.count < 1000 else { return .broken("a refusal not in one short line: \(first)") }
            return .refused
        case (.success(let a), .success(let b)):
            (read, selected) = (a, b)
        default:
            return .broken("one read refuses what the other reads: whole \(whole), under \(prefix) \(part)")
        }
        guard case .dictionary(let dictionary) = read.value, let layout = read.layout else {
            return selected == nil ? .refused : .broken("a map of a document whose top value is \(read.value)")
        }
        guard let selected else { return .broken("no map of a dictionary") }
        let under = dictionary.entries.indices.filter { dictionary.entries[$0].key.utf8.starts(with: prefix.utf8) }
        guard selected.selected == under, selected.dictionary.entries == under.map({ dictionary.entries[$0] }) else {
            return .broken("the entries built under \(prefix) are not the whole dictionary's")
        }
        guard selected.map.strings == dictionary.keys else { return .broken("the map's keys are not the dictionary's") }
        for index in 0..<selected.map.count {
            guard (try? selected.map.value(index)) == dictionary.entries[index].value else {
                return .broken("the map builds entry \(index) as another value")
            }
        }
        guard (try? layout.encode(dictionary)) == bytes else {
            return .broken("the document unchanged is not written back byte for byte")
        }
        var changes: [Int: PropertyListDictionary.Entry?] = [:]
        var expected = dictionary
        if let first = under.first {
            let key = dictionary.entries[first].key
            changes[first] = .some(.init(key: key, value: "new"))
            expected = expected.replacing(key, with: "new")
        }
        if under.count > 1 {
            changes[under[1]] = .some(nil)
            expected = expected.removing(dictionary.entries[under[1]].key)
        }
        let added = PropertyListDictionary.Entry(key: prefix + "\u{1}added", value: 5)
        expected = expected.replacing(added.key, with: added.value)
        let spliced: [UInt8], written: [UInt8]
        switch (Result { try selected.layout.encode(changing: changes, adding: [added]) }, Result { try layout.encode(expected) }) {
        case (.success(let a), .success(let b)):
            (spliced, written) = (a, b)
        case (.failure(let a), .failure(let b)) where "\(a)" == "\(b)":
            return .read  // a key XML cannot hold (U+FFFE, which Foundation reads), refused by both writes alike
        case (let a, let b):
            return .broken("the change is written \(a) spliced in, \(b) whole")
        }
        guard spliced == written else { return .broken("the change spliced in differs from the document written whole") }
        guard (try? XMLPropertyList.decode(spliced)) == .dictionary(expected) else { return .broken("the change spliced in does not read back") }
        return .read
    }
}
