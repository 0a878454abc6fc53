extension PropertyListValue {
    /// The value as an XML property list writes it, in Apple's layout, without the document
    /// around it: `<integer>7</integer>`, or a `<dict>` over several lines; each line ends with
    /// a newline. `nil` for a value XML cannot hold (a UID). What `plutil -replace <key> -xml`
    /// takes back.
    public var xmlText: String? {
        var writer = XMLPropertyListWriter()
        guard (try? writer.document(self)) != nil else { return nil }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        let footer = "</plist>\n"
        guard text.hasPrefix(XMLPropertyListWriter.header), text.hasSuffix(footer) else { return nil }
        return String(text.dropFirst(XMLPropertyListWriter.header.count).dropLast(footer.count))
    }
}
