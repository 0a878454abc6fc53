import RouteModel
import RouteCodecs
import PropertyListCodec
import PlainText

/// A property list whose root is a dictionary, as an app's preferences are, with the form
/// (binary or XML) it is written in.
///
/// An XML document remembers the file it was read from: written back, every entry that did
/// not change keeps its bytes (see ``XMLPropertyListLayout``), so only the changed value's
/// lines change. Two documents are equal when their dictionaries and forms are.
///
/// A binary file may be read in part (``decode(_:name:keysStartingWith:)``): checked whole,
/// but only the entries a key store needs decoded; written back, only what changed in them is
/// appended to the file's bytes (see ``BinaryPropertyListAppender``). ``whole()`` decodes the
/// rest.
public struct PropertyListDocument: Equatable, Sendable {
    /// The largest preferences routectl reads, in bytes (16 MiB), wherever they are kept: a
    /// limit of the preferences stores, not of any format a key holds.
    public static let maxBytes = 16 << 20

    /// The root dictionary.
    public var dictionary: PropertyListDictionary
    /// The form it is written in.
    public var format: PropertyListFormat
    /// The XML file it was read from, to write it back in its own layout.
    private var layout: XMLPropertyListLayout? = nil
    /// The binary file it was read in part from.
    private var partial: Partial? = nil

    /// A file read in part: binary (its index) or XML (its layout and every key), the entries
    /// read (``dictionary`` as it was read), and where each of them is among the file's entries.
    private struct Partial: Sendable {
        enum Source: Sendable {
            case binary(BinaryPropertyListIndex)
            case xml(XMLPropertyListLayout, map: XMLPropertyListMap)
        }
        var source: Source
        var read: PropertyListDictionary
        var entries: [Int]
    }

    /// Whether only some of the entries were read (``whole()`` reads them all).
    public var isPartial: Bool { partial != nil }

    /// A document.
    public init(_ dictionary: PropertyListDictionary = [:], format: PropertyListFormat = .binary) {
        self.dictionary = dictionary
        self.format = format
    }

    public static func == (lhs: PropertyListDocument, rhs: PropertyListDocument) -> Bool {
        lhs.dictionary == rhs.dictionary && lhs.format == rhs.format
    }

    /// Decodes `bytes`; `name` says what they came from in messages (`'/x/prefs.plist'`).
    ///
    /// - Throws: `invalidFile`, with the fact ``NavigatorError/Fact/unreadablePropertyList``,
    ///   for bytes that are not a property list, do not decode, or whose root is not a
    ///   dictionary.
    public static func decode(_ bytes: [UInt8], name: String) throws -> PropertyListDocument {
        guard let format = PropertyListFormat.detect(bytes) else {
            throw unreadable("\(name) is not a property list (binary bplist00 or XML)")
        }
        let value: PropertyListValue
        var layout: XMLPropertyListLayout? = nil
        do {
            switch format {
            case .binary: value = try BinaryPropertyList.decode(bytes)
            case .xml: (value, layout) = try XMLPropertyList.decodeKeepingLayout(bytes)
            }
        } catch let error as PropertyListError {
            throw unreadable("\(name) is not a valid \(format == .binary ? "binary" : "XML") property list: \(error)")
        }
        guard case .dictionary(let dictionary) = value else {
            throw unreadable("\(name) is a property list whose root is \(value.kindPhrase), not a dictionary of preferences")
        }
        var document = PropertyListDocument(dictionary, format: format)
        document.layout = layout
        return document
    }

    /// Decodes `bytes` as ``decode(_:name:)`` does, except that of a binary file's top
    /// dictionary only the entries whose keys start with `prefix` (byte for byte) are decoded:
    /// the others are checked to decode, and are kept as they are when the document is written.
    /// An XML file's other values are read and checked by the same reader, but not built.
    ///
    /// - Throws: as ``decode(_:name:)``, for the same files.
    public static func decode(_ bytes: [UInt8], name: String, keysStartingWith prefix: String) throws -> PropertyListDocument {
        if PropertyListFormat.detect(bytes) == .xml {
            // Any refusal, or a root that is not a dictionary, is said by the whole read.
            guard let read = try? XMLPropertyList.decodeSelecting(bytes, prefix: prefix) else { return try decode(bytes, name: name) }
            var document = PropertyListDocument(read.dictionary, format: .xml)
            document.partial = Partial(source: .xml(read.layout, map: read.map), read: read.dictionary, entries: read.selected)
            return document
        }
        guard bytes.starts(with: BinaryPropertyList.magic) else { return try decode(bytes, name: name) }
        let index: BinaryPropertyListIndex
        do {
            index = try BinaryPropertyListIndex(checking: bytes)
        } catch {
            throw unreadable("\(name) is not a valid binary property list: \(error)")
        }
        guard index.topIsDictionary else { return try decode(bytes, name: name) }  // says what the root is
        let entries = index.entries(withPrefix: prefix)
        let values = index.values(entries)
        let dictionary = PropertyListDictionary(zip(entries, values).map { .init(key: index.key($0), value: $1) })
        var document = PropertyListDocument(dictionary, format: .binary)
        document.partial = Partial(source: .binary(index), read: dictionary, entries: entries)
        return document
    }

    /// The whole document: a document read in part, with every entry decoded and this one's
    /// changes made (a changed value in its place, a new key at the end); any other, itself.
    ///
    /// - Throws: as ``decode(_:name:)`` (never, for a file read in part: it was checked). An XML
    /// file's other entries are built from the map its read made (``XMLPropertyListMap``).
    public func whole() throws -> PropertyListDocument {
        guard let partial else { return self }
        var document: PropertyListDocument
        switch partial.source {
        case .binary(let index):
            // Built from the map the file was read through: checked once, not again.
            guard case .dictionary(let dictionary) = index.value() else { preconditionFailure("a binary file read in part has a dictionary at its top") }
            document = PropertyListDocument(dictionary, format: .binary)
        case .xml(let layout, let map):
            // The entries not read, built from the file's map (the reader checked them).
            var read = [Int: PropertyListValue]()
            for (entry, index) in zip(partial.read.entries, partial.entries) { read[index] = entry.value }
            var entries: [PropertyListDictionary.Entry] = []
            entries.reserveCapacity(map.count)
            for index in 0..<map.count {
                entries.append(.init(key: map.key(index), value: try read[index] ?? map.value(index)))
            }
            let dictionary = PropertyListDictionary(entries)
            document = PropertyListDocument(dictionary, format: .xml)
            document.layout = layout.holding(dictionary)
        }
        for (key, change) in changes(partial) {
            switch change {
            case .replace(_, let value), .add(_, let value): document.dictionary = document.dictionary.replacing(key, with: value)
            case .remove: document.dictionary = document.dictionary.removing(key)
            }
        }
        document.format = format
        return document
    }

    /// Every key of the document, in order: of a document read in part, read from the file
    /// (without decoding the values), with this one's changes made.
    public func keys() -> [String] {
        guard let partial else { return dictionary.keys }
        var keys: [String]
        switch partial.source {
        case .binary(let index): keys = (0..<index.count).map(index.key)
        case .xml(_, let map): keys = map.strings
        }
        for (key, change) in changes(partial) {
            switch change {
            case .replace: break
            case .add: keys.append(key)
            case .remove: keys.removeAll { PropertyListDictionary.sameKey($0, key) }
            }
        }
        return keys
    }

    /// What changed in the entries read, each with its key: a value replaced or an entry
    /// removed (by its entry in the file), then the keys added, in order.
    private func changes(_ partial: Partial) -> [(key: String, change: BinaryPropertyListAppender.Change)] {
        var changes: [(key: String, change: BinaryPropertyListAppender.Change)] = []
        for (old, entry) in zip(partial.read.entries, partial.entries) {
            switch dictionary[old.key] {
            case nil: changes.append((old.key, .remove(entry: entry)))
            case let new? where new != old.value: changes.append((old.key, .replace(entry: entry, value: new)))
            default: break
            }
        }
        for new in dictionary.entries where partial.read[new.key] == nil {
            changes.append((new.key, .add(key: new.key, value: new.value)))
        }
        return changes
    }

    /// A binary document read in part, written by appending what changed to the file it was
    /// read from; `nil` when that cannot be done (see ``BinaryPropertyListAppender``).
    private func appended(_ partial: Partial) -> [ArraySlice<UInt8>]? {
        guard format == .binary, case .binary(let index) = partial.source else { return nil }
        let changes = changes(partial).map(\.change)
        return changes.isEmpty ? [index.bytes[...]] : BinaryPropertyListAppender.applying(changes, to: index)
    }

    /// An XML document read in part, written in its file's layout: only the changed entries'
    /// bytes change (see ``XMLPropertyListLayout/encode(changing:adding:)``).
    private func spliced(_ partial: Partial, into layout: XMLPropertyListLayout) throws -> [ArraySlice<UInt8>] {
        var changed: [Int: PropertyListDictionary.Entry?] = [:]
        var added: [PropertyListDictionary.Entry] = []
        for (key, change) in changes(partial) {
            switch change {
            case .replace(let entry, let value): changed[entry] = .some(.init(key: key, value: value))
            case .remove(let entry): changed[entry] = .some(nil)
            case .add(_, let value): added.append(.init(key: key, value: value))
            }
        }
        return try layout.encodePieces(changing: changed, adding: added)
    }

    /// The document in its form (an XML document read from a file, in that file's layout),
    /// checked to be one routectl reads back: no larger than ``NavigatorFile/maxBytes`` and, in
    /// binary, of no more than ``BinaryPropertyList/maxValues`` values. `name` is what the
    /// document is called in messages.
    ///
    /// - Throws: `cannotApply` for a document past a limit (naming it) or one XML cannot hold.
    public func encoded(as name: String = "the property list") throws -> [UInt8] {
        BytePieces.joined(try encodedPieces(as: name))
    }

    /// ``encoded(as:)`` as pieces to write one after another: a document read in part, slices
    /// of the file it was read from beside the few new bytes, so that a change to one key of a
    /// large file copies none of it (see ``BinaryPropertyListAppender`` and
    /// ``XMLPropertyListLayout/encodePieces(changing:adding:)``); any other, its bytes.
    public func encodedPieces(as name: String = "the property list") throws -> [ArraySlice<UInt8>] {
        if let partial, case .xml(let layout, _) = partial.source {
            guard format == .xml else { return [try whole().encoded(as: name)[...]] }
            let pieces: [ArraySlice<UInt8>]
            do {
                pieces = try spliced(partial, into: layout)
            } catch let error as PropertyListError {
                throw NavigatorError(.cannotApply, "cannot write the property list as XML: \(error)")
            }
            let count = BytePieces.count(pieces)
            guard count <= Self.maxBytes else { throw Self.tooLarge(name, count) }
            return pieces
        } else if let partial {
            // A file due to be compacted, one that cannot take more objects, or one the garbage
            // would take past the limit, is written whole.
            guard let pieces = appended(partial), BytePieces.count(pieces) <= Self.maxBytes else {
                return [try whole().encoded(as: name)[...]]
            }
            return pieces
        }
        let bytes: [UInt8]
        do {
            if format == .xml, let layout {
                bytes = try layout.encode(dictionary)
            } else {
                if format == .binary {
                    let count = Self.valueCount(.dictionary(dictionary), limit: BinaryPropertyList.maxValues)
                    guard count <= BinaryPropertyList.maxValues else {
                        throw NavigatorError(
                            .cannotApply,
                            "\(name) would hold more than \(BinaryPropertyList.maxValues) values, the most routectl reads in a binary property list; nothing was written")
                    }
                }
                bytes = try format.encode(.dictionary(dictionary))
            }
        } catch let error as PropertyListError {
            throw NavigatorError(.cannotApply, "cannot write the property list as XML: \(error)")
        }
        guard bytes.count <= Self.maxBytes else { throw Self.tooLarge(name, bytes.count) }
        return [bytes[...]]
    }

    /// The refusal of a document of `count` bytes, past ``maxBytes``.
    private static func tooLarge(_ name: String, _ count: Int) -> NavigatorError {
        NavigatorError(
            .cannotApply,
            "\(name) would be \(count) bytes, more than the \(byteSize(Self.maxBytes)) routectl reads; nothing was written")
    }

    /// How many values `value` is, each counted where it occurs, as the binary reader counts
    /// them; counting stops once past `limit`.
    private static func valueCount(_ value: PropertyListValue, limit: Int) -> Int {
        var count = 0
        func visit(_ value: PropertyListValue) {
            count += 1
            guard count <= limit else { return }
            switch value {
            case .array(let elements):
                for element in elements where count <= limit { visit(element) }
            case .dictionary(let dictionary):
                for entry in dictionary.entries where count <= limit {
                    count += 1  // the key
                    visit(entry.value)
                }
            default:
                break
            }
        }
        visit(value)
        return count
    }

    private static func unreadable(_ message: String) -> NavigatorError {
        NavigatorError(.invalidFile, message, detail: PreferencesFact.unreadablePropertyList)
    }
}
