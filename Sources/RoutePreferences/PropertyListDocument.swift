import RouteModel
import PropertyListCodec

/// A property list whose root is a dictionary, as an app's preferences are, with the form
/// (binary or XML) it is written in.
public struct PropertyListDocument: Equatable, Sendable {
    /// The largest preferences routectl reads, in bytes (16 MiB), wherever they are kept: a
    /// limit of the preferences stores, not of any format a key holds.
    public static let maxBytes = 16 << 20

    /// The root dictionary.
    public var dictionary: PropertyListDictionary
    /// The form it is written in.
    public var format: PropertyListFormat

    /// A document.
    public init(_ dictionary: PropertyListDictionary = [:], format: PropertyListFormat = .binary) {
        self.dictionary = dictionary
        self.format = format
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
        do {
            value = try format.decode(bytes)
        } catch let error as PropertyListError {
            throw unreadable("\(name) is not a valid \(format == .binary ? "binary" : "XML") property list: \(error)")
        }
        guard case .dictionary(let dictionary) = value else {
            throw unreadable("\(name) is a property list whose root is \(value.kindPhrase), not a dictionary of preferences")
        }
        return PropertyListDocument(dictionary, format: format)
    }

    /// The document in its form.
    public func encoded() throws -> [UInt8] {
        do {
            return try format.encode(.dictionary(dictionary))
        } catch let error as PropertyListError {
            throw NavigatorError(.cannotApply, "cannot write the property list as XML: \(error)")
        }
    }

    private static func unreadable(_ message: String) -> NavigatorError {
        NavigatorError(.invalidFile, message, fact: .unreadablePropertyList)
    }
}
