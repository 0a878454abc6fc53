import Foundation

/// XML property lists as Apple lays them out, and whether Foundation reads a document: what the
/// plist suites compare routectl with.
public enum FoundationPlist {
    /// An XML plist in Apple's layout whose root dictionary's lines are `lines` (each ending
    /// in a newline).
    public static func xml(_ lines: String) -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(lines)</dict>
            </plist>

            """.utf8)
    }

    /// An XML plist holding `value` (one element's text) under `key`, then `route` = `route` (the value first).
    public static func xml(key: String, route: String, value: String) -> [UInt8] {
        xml("\t<key>\(key)</key>\n\t\(value)\n\t<key>route</key>\n\t<string>\(route)</string>\n")
    }

    /// Whether Foundation's `PropertyListSerialization` reads `bytes` as a property list.
    public static func reads(_ bytes: [UInt8]) -> Bool {
        (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) != nil
    }
}
