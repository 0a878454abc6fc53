import RouteModel

/// What `link` does, with its patterns parsed: the words after `link` resolved.
enum LinkAction: Equatable {
    /// `link add <url-pattern> <path-pattern>`.
    case add(DeepLink)
    /// `link list`.
    case list
    /// `link remove <url-pattern>`.
    case remove(LinkPattern)

    /// The subcommands, as typed.
    static let names = ["add", "list", "remove"]

    /// Resolves the words after `link`.
    ///
    /// - Throws: ``UsageError`` for an unknown subcommand or the wrong number of words for it;
    ///   `invalidInput` for a pattern that does not parse or a link whose placeholders do not
    ///   pair up.
    init(_ words: [String]) throws {
        switch words[0] {
        case "add":
            try LinkAction.expect(words, 3, "add <url-pattern> <path-pattern>")
            self = .add(try DeepLink(url: words[1], path: words[2]))
        case "list":
            try LinkAction.expect(words, 1, "list")
            self = .list
        case "remove":
            try LinkAction.expect(words, 2, "remove <url-pattern>")
            self = .remove(try LinkPattern(parsing: words[1]))
        default:
            let guess = Suggestion.closest(to: words[0], among: LinkAction.names)
            throw UsageError(
                "unknown link subcommand \(quoted(words[0]))",
                hint: guess.map { "did you mean '\($0)'?" } ?? "usage: routectl link " + Command.link.spec.synopsis)
        }
    }

    /// Throws unless `words` are `count` words, the subcommand's name and its arguments.
    private static func expect(_ words: [String], _ count: Int, _ synopsis: String) throws {
        if words.count < count {
            throw UsageError("missing argument for 'link \(words[0])'", hint: "usage: routectl link \(synopsis)")
        }
        if words.count > count {
            throw UsageError("unexpected argument \(quoted(words[count])) for 'link \(words[0])'", hint: "usage: routectl link \(synopsis)")
        }
    }
}
