/// The options of one command line, as the option table's `apply` functions set them.
struct ParsedOptions: Equatable, Sendable {
    var file: String?
    var json = false
    var noColor = false
    /// `--color`'s choice, when given.
    var color: ColorChoice?
    var quiet = false
    var lockTimeout = 10.0
    var help = false
    var version = false
    var pathOnly = false
    /// `show --url`.
    var url = false
    var last: Int?
    /// `--to`'s route, for `pop` and `dismiss`.
    var to: String?
    var popRoot = false
    var cover = false
    var dismissAll = false
    /// Each `--tabs` declaration, in the order given.
    var tabs: [String] = []
    var initial: String?
    var routes: [String]?
    var historyLimit: Int?
    var force = false
}
