// libFuzzer target for the property-list reader and the preference key. Not a SwiftPM target:
// scripts/fuzz.sh compiles it with swiftc against the package's library modules, built with the
// sanitizers, with Tests/TestSupport/CodecRoundTrip.swift.

import PropertyListCodec
import RouteModel
import RoutePreferences

/// Decodes the input as an app's preferences and checks what every decoding must satisfy:
///
/// - an XML input round-trips through the one reader (``CodecRoundTrip/xmlPropertyList(_:prefix:)``):
///   read whole and under `route` alike, its map's values those of the whole read, a change
///   spliced in as the whole write;
/// - it fails only with `invalidFile` and the fact `unreadablePropertyList`, in one line;
/// - a decoded document encodes in its form (XML may refuse only with `cannotApply`, for a value
///   it cannot hold), and that decodes again to the same document and encodes to the same bytes;
///   binary holds every value, so its round trip always works;
/// - the key `route` reads as a setting or a navigator state, or fails with `invalidFile` or
///   `newerFormat` in one line; `set home` on what it reads is stored, reads back as `home`, and
///   leaves every other key as it was; on an integer (an Int-backed enum's raw value) `set 2`
///   is stored as 2 in the width the integer had, through a binary round trip too.
@_cdecl("LLVMFuzzerTestOneInput")
public func propertyListFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if PropertyListFormat.detect(bytes) == .xml, let problem = CodecRoundTrip.xmlPropertyList(bytes, prefix: "route").problem {
        fatalError(problem)
    }
    let document: PropertyListDocument
    do {
        document = try PropertyListDocument.decode(bytes, name: "the input")
    } catch let error as NavigatorError {
        precondition(error.kind == .invalidFile && error.detail as? PreferencesFact == .unreadablePropertyList, "decode threw \(error.kind): \(error)")
        precondition(!error.message.contains("\n"), "multi-line error")
        return 0
    } catch {
        fatalError("decode threw \(error)")
    }

    // The round trip in the document's own form, as a change writes it back.
    let encoded: [UInt8]?
    do {
        encoded = try document.encoded()
    } catch let error as NavigatorError {
        precondition(document.format == .xml && error.kind == .cannotApply, "encoding a \(document.format) document threw \(error.kind): \(error)")
        encoded = nil
    } catch {
        fatalError("encode threw \(error)")
    }
    if let encoded {
        guard let again = try? PropertyListDocument.decode(encoded, name: "the encoding") else {
            fatalError("an encoded \(document.format) document does not decode")
        }
        precondition(again == document, "decode(encode(x)) != x in \(document.format)")
        precondition((try? again.encoded()) == encoded, "encoding is not stable in \(document.format)")
    }
    let binary = BinaryPropertyList.encode(.dictionary(document.dictionary))
    precondition((try? BinaryPropertyList.decode(binary)) == .dictionary(document.dictionary), "the binary round trip changed the value")

    // The route under a key, and `set home` on it, as PreferenceKeyStore does.
    _ = PreferenceKey.candidates(in: document.dictionary)
    let key = PreferenceKey("route")
    var state: StoredState
    do {
        state = try key.state(in: document.dictionary)
    } catch let error as NavigatorError {
        precondition(error.kind == .invalidFile || error.kind == .newerFormat, "state(in:) threw \(error.kind): \(error)")
        precondition(!error.message.contains("\n"), "multi-line error")
        return 0
    } catch {
        fatalError("state(in:) threw \(error)")
    }
    if case .navigator(let navigator) = state, navigator.format > NavigatorState.currentFormat {
        return 0  // read-only here
    }
    if case .setting(.integer) = state, case .integer(let old)? = document.dictionary[key.name] {
        var integer = state
        precondition((try? integer.perform(.setInteger(2), at: "2026-01-01T00:00:00Z")) != nil, "set 2 on an integer was refused")
        guard let two = try? key.storing(&integer, in: document.dictionary).dictionary else { fatalError("set 2 was not stored") }
        precondition(two == document.dictionary.replacing(key.name, with: 2), "set 2 changed another key")
        let again = try? BinaryPropertyList.decode(BinaryPropertyList.encode(.dictionary(two)))
        guard case .integer(let new)? = two[key.name], case .integer(let read)? = again?[key.name],
              new.width == old.width, read.width == (old.width ?? 1) else {
            fatalError("set 2 did not keep the width \(old.width ?? 0)")
        }
    }
    let home = try! Route("home")
    do {
        guard try state.perform(.set(home), at: "2026-01-01T00:00:00Z") else { return 0 }
        if case .navigator(let navigator) = state { try navigator.validate() }
    } catch let error as NavigatorError {
        precondition(error.kind == .invalidInput || error.kind == .cannotApply, "set home threw \(error.kind): \(error)")
        return 0
    } catch {
        fatalError("set home threw \(error)")
    }
    let stored: PropertyListDictionary
    do {
        stored = try key.storing(&state, in: document.dictionary).dictionary
    } catch let error as NavigatorError {
        precondition(error.kind == .cannotApply, "storing threw \(error.kind): \(error)")
        return 0
    } catch {
        fatalError("storing threw \(error)")
    }
    precondition(stored.removing(key.name) == document.dictionary.removing(key.name), "storing changed another key")
    precondition(stored.keys.filter { $0.utf8.elementsEqual(key.name.utf8) }.count == 1, "the key is not there once")
    switch try? key.state(in: stored) {
    case .setting(.value("home"))?: break
    case .navigator(let navigator)?: precondition(navigator.root.name == "home", "the stored state's root is \(navigator.root.name)")
    default: fatalError("what was stored under the key does not read back as home")
    }
    // What a change writes must read again, in the document's form.
    var changed = document
    changed.dictionary = stored
    if let written = try? changed.encoded() {
        precondition((try? PropertyListDocument.decode(written, name: "written")) == changed, "a changed document does not read back")
    } else {
        precondition(document.format == .xml, "a changed binary document does not encode")
    }
    return 0
}
