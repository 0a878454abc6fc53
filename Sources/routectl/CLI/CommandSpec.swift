/// One subcommand, defined once: everything the parser, `--help`, the man page and the shell
/// completions say about it comes from here.
struct CommandSpec: Sendable {
    /// The command it describes.
    let command: Command
    /// The arguments after the name in a usage line, such as `<route> [<key=value> ...]`.
    let synopsis: String
    /// How many positional arguments it takes.
    let arity: ClosedRange<Int>
    /// What completes its positional arguments.
    let completion: Completion
    /// One line for command lists, starting with a verb, without a final period.
    let summary: String
    /// More text for `help <command>` and the man page, one paragraph per element.
    let details: [String]
    /// Example command lines with what they do.
    let examples: [(command: String, meaning: String)]
    /// Left out of help and completions (for helpers the shell scripts call).
    var hidden = false

    /// Every command, in the order help lists them.
    static let all: [CommandSpec] = [
        CommandSpec(
            command: .show, synopsis: "[--launch-arguments [@<name> | <path>]]", arity: 0...1, completion: .state,
            summary: "Print the current state",
            details: [
                "Prints the file, the initial route and the path, then a table of the routes on screen: the root (depth 0) and the routes pushed above it. When sheets, covers or tabs are in use, the table says where each route sits (base, tab, sheet or cover) and the selected tab is marked.",
                "With --path, prints the path alone; with --url, the URL of the first declared link whose path pattern matches the path (exit status 1 when none does); with --json, an object with file, initial, root, stack, presented, top, path and, when in use, tabs, selectedTab, routes, tabContainers and links.",
                "With --watch (-w), prints the state, then again each time it changes (another routectl, or the app), until interrupted: with --path a path a line, with --json an object a line.",
                "With --launch-arguments, prints the launch arguments that start the app in the stored state, or with @<name> or <path> in that state, computed without writing anything; --swift prints them as a Swift array literal for XCUIApplication().launchArguments.",
            ],
            examples: [
                ("routectl show --path", "print the state as one line, such as home/details?id=42"),
                ("routectl --key route show --launch-arguments @editing --swift", "the launch arguments of a named state, for a UI test"),
                ("routectl show --watch --path", "print the path again each time it changes"),
            ]),
        CommandSpec(
            command: .set, synopsis: "<route> [<key=value> ...]", arity: 1...Int.max, completion: .route,
            summary: "Make <route> the root and clear the stack",
            details: [
                "Everything is dismissed; when <route> is a tab container, every tab starts at its root with the first selected. Does nothing (and records nothing) when the state already is just that.",
                "A parameter is key=value (text) or key:=<json> for a typed value: a JSON number, true, false, null or \"string\", such as count:=7.",
                "A key that holds an integer (the raw value of an Int-backed enum, such as a selected tab) takes an integer instead: set 2, or set -1; it is written in the width the old one had.",
            ],
            examples: [("routectl set home", "skip onboarding: make home the root")]),
        CommandSpec(
            command: .push, synopsis: "<route> [<key=value> ...]", arity: 1...Int.max, completion: .route,
            summary: "Push <route> on top of the stack",
            details: [
                "Pushes on the top flow: the last sheet or cover when one is presented, in the selected tab when the root has tabs.",
                "Parameters print in one order (positional _0, _1... first, then labels in byte order; a schema's declared order for the routes it declares). A value may hold any UTF-8 text without control characters, up to 1024 bytes; key:=<json> gives a typed value (a JSON number, true, false, null or string).",
            ],
            examples: [("routectl push details id=42", "open the details screen for item 42")]),
        CommandSpec(
            command: .pop, synopsis: "[<n> | --to <route> | --root]", arity: 0...1, completion: .none,
            summary: "Pop routes off the top of the stack",
            details: [
                "Pops the top <n> routes (default 1; a whole number >= 1) of the top flow. With --to, pops until the nearest <route> from the top is on top (the root counts); with --root, pops everything above the root.",
                "A pop never removes a flow's root: popping more routes than the top flow holds, or --to a route that is not there, fails with exit status 1 and changes nothing (use dismiss to close a sheet or cover).",
            ],
            examples: [("routectl pop --to home", "go back to the home screen")]),
        CommandSpec(
            command: .present, synopsis: "<route> [<key=value> ...]", arity: 1...Int.max, completion: .route,
            summary: "Present <route> as a sheet (or a cover) over the top flow",
            details: [
                "Starts a new flow rooted at <route>, shown as a sheet, or with --cover as a full-screen cover. Push and pop then act on it; dismiss closes it. With --no-navigation, the screen is shown alone, with no navigation to push on (FlowStacks' withNavigation: false; other formats refuse it)."
            ],
            examples: [("routectl present compose draft:=7", "open the compose sheet for draft 7 (a number)")]),
        CommandSpec(
            command: .dismiss, synopsis: "[--all | --to <route>]", arity: 0...0, completion: .none,
            summary: "Dismiss the top sheet or cover",
            details: [
                "Removes the top presentation, with the routes pushed on it. With --all, removes every presentation of the chain on screen; with --to, removes presentations until the top flow holds <route> as its root or pushed (the base counts).",
                "dismiss with nothing presented, or --to a route no flow on screen holds, fails with exit status 1; --all with nothing presented, or --to a route already in the top flow, changes nothing.",
            ],
            examples: [("routectl dismiss --to home", "close every sheet and cover above the flow holding home")]),
        CommandSpec(
            command: .tab, synopsis: "<name>", arity: 1...1, completion: .tab,
            summary: "Select a tab of the root",
            details: [
                "The root must be a tab container declared with init --tabs (else exit status 1); a name that is not one of its tabs is a usage error. Each tab keeps its own pushed routes and presentations."
            ],
            examples: [("routectl tab profile", "show the profile tab")]),
        CommandSpec(
            command: .go, synopsis: "<path>|@<name>", arity: 1...1, completion: .state,
            summary: "Make the state what <path> (or the named state @<name>) says",
            details: [
                "<path> is what show --path prints: the root, then pushed routes, with sheet:<route> or cover:<route> presenting a new flow, and after a tab container's root tab:<name>, the selected tab, followed by that tab's flows. Parameters follow ? as key=value or key:=<json> joined by &, values percent-encoded.",
                "The path shows the selected tab only: the other tabs keep their flows when the root stays the same container, and start at their roots otherwise. A path that does not parse is a usage error naming the column.",
                "@<name> is a state the project file (routectl.json) names under \"states\": its path is applied as above, and checked then. A name it does not declare is a usage error listing the names (routectl states lists them).",
            ],
            examples: [
                ("routectl go 'home/tab:profile/settings/sheet:edit'", "open the profile tab's settings with the edit sheet up"),
                ("routectl go @editing", "apply the state the project file names editing"),
            ]),
        CommandSpec(
            command: .open, synopsis: "<url>", arity: 1...1, completion: .link,
            summary: "Make the state what the deep link <url> stands for",
            details: [
                "The first link declared with link add whose URL pattern matches <url> gives the path, which is applied as go applies it: one history entry, op open, whose argument is the URL as that link writes it. Scheme and host match in any case, %XX escapes are decoded exactly (RFC 3986: + is a plus sign, not a space), query items may come in any order, and one trailing / is ignored; a query item the pattern does not name, or one it names that is missing, makes it no match.",
                "When no link matches, open fails with exit status 1 and the hint names the closest pattern and why it does not match. A URL that is not valid (a space or a character outside ASCII not written as %XX, a bad %XX, user information, a fragment) is a usage error naming the column.",
            ],
            examples: [("routectl open myapp://item/42", "open item 42 as the app would")]),
        CommandSpec(
            command: .undo, synopsis: "[<n>]", arity: 0...1, completion: .none,
            summary: "Restore the state from before the last <n> changes",
            details: [
                "<n> is a whole number >= 1 (default 1). The whole state comes back, tabs included. Each undo steps further back: undo; undo takes back the last two changes, and redo takes them forward again. An undo is recorded in history, with the change it went back to. Fails with exit status 1 when the history does not reach back that far."
            ],
            examples: [("routectl undo", "take back the last change")]),
        CommandSpec(
            command: .redo, synopsis: "[<n>]", arity: 0...1, completion: .none,
            summary: "Take forward again the last <n> changes undo took back",
            details: [
                "<n> is a whole number >= 1 (default 1). Redo works until another change is made (anything but undo and redo), which ends what can be redone. A redo is recorded in history, with the change it went forward to. Fails with exit status 1 when fewer changes than <n> can be redone."
            ],
            examples: [("routectl undo 3; routectl redo 2", "look three changes back, then come forward two")]),
        CommandSpec(
            command: .reset, synopsis: "", arity: 0...0, completion: .none,
            summary: "Make the initial route the root and clear the stack",
            details: ["Everything is dismissed and tabs start at their roots. History is kept. With --force, a corrupt or foreign file is first moved aside to <file>.corrupt-<time> and a fresh file is written."],
            examples: [("routectl reset", "start over from the initial route")]),
        CommandSpec(
            command: .history, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the recorded changes, oldest first",
            details: ["Each row shows the sequence number, the time (UTC), the operation, its arguments and the path it led to."],
            examples: [("routectl history -n 5", "the last five changes")]),
        CommandSpec(
            command: .initialize, synopsis: "", arity: 0...0, completion: .none,
            summary: "Create the file with root = initial and an empty history",
            details: [
                "Refuses an existing file (exit status 1) unless --force, which moves it aside to <file>.old-<time> (or <file>.corrupt-<time> when it is not a valid navigator file)."
            ],
            examples: [
                ("routectl init --initial onboarding --routes onboarding,home,details", "start a file that allows only three routes"),
                ("routectl init --tabs home=feed,profile,settings", "declare home as a tab container with three tabs"),
            ]),
        CommandSpec(
            command: .link, synopsis: "add|list|remove [<url-pattern> [<path-pattern>]]", arity: 1...3,
            completion: .choices(["add", "list", "remove"]),
            summary: "Declare, list or remove the deep links that open and show --url use",
            details: [
                "link add <url-pattern> <path-pattern> declares a link after those declared; link list prints them; link remove <url-pattern> removes one.",
                "A link pairs a URL pattern with a path pattern, such as myapp://item/{id} with home/tab:feed/details?id={id}. A placeholder {name} is a whole path segment or query value of the URL, and a whole parameter value of the path (key:={name} takes a typed value: a JSON number, true, false or null); every placeholder appears once on each side. Links are kept in the file in the order added, and the first that fits wins, both ways.",
                "Adding refuses, with exit status 64, the reason and the column, a pattern that does not parse, placeholders that do not pair up, and a path pattern that names a route outside the declared routes or does not fit the tab containers. A URL pattern already declared for another path fails with exit status 1; adding the very same link again changes nothing. link remove takes the URL pattern (in any spelling that means the same) and fails with exit status 1 when no link has it. link list prints URL and PATH, one link a row, or with --json an array of {\"url\", \"path\"}. Declaring and removing links records no history, and undo leaves links alone.",
            ],
            examples: [
                ("routectl link add 'myapp://item/{id}' 'home/tab:feed/details?id={id}'", "let myapp://item/42 open item 42 in the feed tab"),
                ("routectl link list", "list the declared links, in order"),
            ]),
        CommandSpec(
            command: .states, synopsis: "", arity: 0...0, completion: .none,
            summary: "List the named states of the project file",
            details: [
                "Prints NAME and PATH, one state a row in the order routectl.json declares them under \"states\", or with --json an array of {\"name\", \"path\"}. go @<name> applies one. Exit status 64 when there is no project file."
            ],
            examples: [("routectl states", "list the states go @<name> takes")]),
        CommandSpec(
            command: .check, synopsis: "", arity: 0...0, completion: .none,
            summary: "Check the saved state against the app's routes in routectl.json",
            details: [
                "Reads the state in whichever format it is and checks every route it holds (every flow, tab and presentation, and for routectl's own file every history entry) against the project file's routes and types, as the app's synthesized Codable would decode them. Prints ok and exits 0 when the app would read the state as shown; else prints one line per problem, with where the route stands in the format's terms (a coding path such as tabs[1].destinations[0], an array index, or the state's path) and what is wrong, and exits 1.",
                "A state the format itself cannot read is one problem (exit 1), and so is a store that does not exist (a file, a key, a domain's value), so that a typo in CI does not pass; --allow-missing accepts it. The summary counts the store's routes and the project's named states apart. check never changes anything. Without a project file declaring routes, it is a usage error.",
            ],
            examples: [("routectl check", "in CI: will the app read the saved state?")]),
        CommandSpec(
            command: .migrate, synopsis: "--rename <old>=<new> [--drop <route>] [--dry-run]", arity: 0...0, completion: .none,
            summary: "Rewrite the saved state after the app's routes changed",
            details: [
                "--rename details=detail renames a route wherever it stands; --rename details._0=id renames a route's parameter (by the route's old name); --rename DetailFeature.Mode.editing=edit, where DetailFeature.Mode is a type the project file declares under types (and no route), renames a case of that enum (or a stored property of that struct) wherever a value of it stands. --drop <route> pops the route where it stands, with what is pushed above it, or dismisses the presentation it is the root of, with what is presented above it; a root nothing pops cannot be dropped (rename it).",
                "routectl's own file has its history rewritten in place, the same way (a history entry whose root is dropped is removed): migrate records no entry of its own, and undo goes back to states the app can read. With a project file declaring routes, migrate changes nothing and exits 1 when any route would still not fit the schema, naming each; drop or rename those. --dry-run prints the path before and after, and every route the app still could not read (then exit status 1), and changes nothing.",
            ],
            examples: [
                ("routectl migrate --rename details=detail --dry-run", "see what renaming details would do"),
                ("routectl migrate --rename details._0=id --drop legacy", "rename a parameter and drop a removed screen"),
            ]),
        CommandSpec(
            command: .apps, synopsis: "--simulator <device>", arity: 0...0, completion: .none,
            summary: "List the apps installed on a simulator: bundle id and name",
            details: [
                "Runs xcrun simctl listapps <device> (a UDID or booted) and prints BUNDLE ID and NAME, one app a row by bundle id, or with --json an array of {\"bundleId\", \"name\"}. Only the apps installed on the simulator are listed (ApplicationType User): the runtime's own (System) hold no navigation of yours. The bundle id is what --domain takes.",
            ],
            examples: [("routectl apps --simulator booted", "find the bundle id of your app on the booted simulator")]),
        CommandSpec(
            command: .keys, synopsis: "", arity: 0...0, completion: .none,
            summary: "List the keys of an app's preferences that hold navigation state, with their formats",
            details: [
                "Reads the preferences named with -f <plist>, --domain <bundle-id>, or --domain <bundle-id> --simulator <device> (or the project file's store), and prints KEY, FORMAT and PATH, one key a row by key, or with --json an array of {\"key\", \"format\", \"path\"}. A key is listed when its value is in a format routectl reads (routectl, vapn, flowstacks, navigation-path, codable-array), found from the content as show finds it, or is a string that is a route name (format setting; integers are left out, since any number could be one). PATH is what show --path would print, or empty when the value does not read as that format. Nothing is written; --key is not used.",
            ],
            examples: [
                ("routectl keys --domain com.example.app --simulator booted", "which key holds the app's navigation?"),
                ("routectl keys -f Library/Preferences/com.example.app.plist", "the same for a plist file"),
            ]),
        CommandSpec(
            command: .help, synopsis: "[<command> [<action>]]", arity: 0...2, completion: .command,
            summary: "Show help for routectl or one command",
            details: ["The same as --help. An action of link (help link add) shows link's help."],
            examples: [("routectl help pop", "how pop works")]),
        CommandSpec(
            command: .completions, synopsis: "<shell>", arity: 1...1, completion: .choices(["bash", "zsh", "fish"]),
            summary: "Print a completion script for bash, zsh or fish",
            details: ["The script completes commands, options, fixed option values, route names of the file in use (for set, push, present, pop --to and dismiss --to), the root's tabs (for tab), the start of each declared link's URL (for open) and the project file's named states as @<name> (for go)."],
            examples: [("routectl completions fish | source", "load completions into the running fish")]),
        CommandSpec(
            command: .man, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the manual page (roff)",
            details: ["The same page as man/routectl.1 in the source tree."],
            examples: [("routectl man | man -l -", "read the manual")]),
        CommandSpec(
            command: .routes, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the route names known to the file, one a line (for completion scripts)",
            details: [], examples: [], hidden: true),
        CommandSpec(
            command: .tabs, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the tabs of the root, one a line (for completion scripts)",
            details: [], examples: [], hidden: true),
        CommandSpec(
            command: .links, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the fixed start of each declared URL pattern, one a line (for completion scripts)",
            details: [], examples: [], hidden: true),
        CommandSpec(
            command: .parameters, synopsis: "<route>", arity: 1...1, completion: .none,
            summary: "Print the labelled parameters the schema gives <route>, each as label=, one a line (for completion scripts)",
            details: [], examples: [], hidden: true),
        CommandSpec(
            command: .stateNames, synopsis: "", arity: 0...0, completion: .none,
            summary: "Print the project file's named states, each as @<name>, one a line (for completion scripts)",
            details: [], examples: [], hidden: true),
    ]

    /// The command's name as typed.
    var name: String { command.name }

    /// The command named `name`, if any (hidden ones included).
    static func named(_ name: String) -> CommandSpec? {
        all.first { $0.name == name }
    }

    /// The commands users see.
    static var visible: [CommandSpec] { all.filter { !$0.hidden } }
}
