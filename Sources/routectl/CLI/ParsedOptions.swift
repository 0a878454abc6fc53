/// The options of one command line, as the option table's `apply` functions set them.
struct ParsedOptions: Equatable, Sendable {
    var file: String?
    var json = false
    var noColor = false
    var quiet = false
    var lockTimeout = 10.0
    var help = false
    var version = false
    var pathOnly = false
    var last: Int?
    var popTo: String?
    var popRoot = false
    var initial: String?
    var routes: [String]?
    var historyLimit: Int?
    var force = false
}

/// Why an option's value was refused, without the option's name: the parser adds that, so
/// every such message reads the same.
struct InvalidValue: Error {
    /// What a valid value looks like, such as `expected a whole number >= 1`.
    var expected: String
}
