/// A property list whose root is a dictionary, as an app's preferences are, with the form
/// (binary or XML) it is written in.
///
/// An XML document remembers the file it was read from: written back, every entry that did
/// not change keeps its bytes (see ``XMLPropertyListLayout``), so only the changed value's
/// lines change. Two documents are equal when their dictionaries and forms are.
public struct PropertyListDocument: Equatable, Sendable {
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

    /// The document in its form: an XML document read from a file, in that file's layout.
    public func encoded() throws -> [UInt8] {
        do {
            if format == .xml, let layout { return try layout.encode(dictionary) }
            return try format.encode(.dictionary(dictionary))
        } catch let error as PropertyListError {
            throw NavigatorError(.cannotApply, "cannot write the property list as XML: \(error)")
        }
    }

    private static func unreadable(_ message: String) -> NavigatorError {
        NavigatorError(.invalidFile, message, fact: .unreadablePropertyList)
    }
}
