import RouteModel
import PropertyListCodec
import PlainText

/// A property list whose root is a dictionary, as an app's preferences are, with the form
/// (binary or XML) it is written in.
///
/// An XML document remembers the file it was read from: written back, every entry that did
/// not change keeps its bytes (see ``XMLPropertyListLayout``), so only the changed value's
/// lines change. Two documents are equal when their dictionaries and forms are.
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

    /// The document in its form (an XML document read from a file, in that file's layout),
    /// checked to be one routectl reads back: no larger than ``NavigatorFile/maxBytes`` and, in
    /// binary, of no more than ``BinaryPropertyList/maxValues`` values. `name` is what the
    /// document is called in messages.
    ///
    /// - Throws: `cannotApply` for a document past a limit (naming it) or one XML cannot hold.
    public func encoded(as name: String = "the property list") throws -> [UInt8] {
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
        guard bytes.count <= Self.maxBytes else {
            throw NavigatorError(
                .cannotApply,
                "\(name) would be \(bytes.count) bytes, more than the \(Self.maxBytes >> 20) MiB routectl reads; nothing was written")
        }
        return bytes
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
