/// Words as a POSIX shell would read them back: bare when safe, otherwise in single quotes.
enum ShellWord {
    static func quote(_ word: String) -> String {
        let safe = !word.isEmpty && word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "@"),
                UInt8(ascii: "%"), UInt8(ascii: "+"):
                return true
            default:
                return byte >= 0x80
            }
        }
        if safe { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
