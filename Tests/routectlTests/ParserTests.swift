import TestSupport
import Testing
@testable import routectl
import RouteModel

/// The lexer, the parser and the resolution into an invocation, without running anything.
@Suite(.tags(.unit)) struct ParserTests {
    func parse(_ words: String...) throws -> ParsedCommandLine {
        try ParsedCommandLine(words)
    }

    func usageError(_ words: String...) -> UsageError? {
        #expect(throws: UsageError.self) { _ = try Invocation(ParsedCommandLine(words)) }
    }

    @Test func longOptionsTakeValuesBothWays() throws {
        #expect(try parse("--file", "a.json", "show").options.file == "a.json")
        #expect(try parse("--file=a.json", "show").options.file == "a.json")
        #expect(usageError("show", "--file=")?.message == "invalid value '' for option '--file': expected a file path")
        #expect(try parse("--lock-timeout=2.5", "show").options.lockTimeout == 2.5)
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
        let before = try parse("--json", "-f", "x", "show")
        let after = try parse("show", "--json", "-f", "x")
        #expect(before == after)
        #expect(before.command == .show)
        #expect(before.options.json && before.options.file == "x")
    }

    @Test func shortFlagsGroupAndTakeTheirValueFromTheRest() throws {
        let grouped = try parse("-qf", "x.json", "show")
        #expect(grouped.options.quiet && grouped.options.file == "x.json")
        #expect(try parse("-qfx.json", "show").options.file == "x.json")
        #expect(try parse("history", "-n5").options.last == 5)
        #expect(try parse("history", "-qn", "3").options.last == 3)
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse("push", "details", "--", "q=--json", "-x=1")
        #expect(parsed.arguments == ["details", "q=--json", "-x=1"])
        #expect(!parsed.options.json)
    }

    @Test func dashAloneAndNegativeNumbersArePositional() throws {
        #expect(try parse("pop", "-1").arguments == ["-1"])
        #expect(try parse("push", "-").arguments == ["-"])
    }

    @Test func repeatedOptionsKeepTheLastValue() throws {
        #expect(try parse("-f", "a", "show", "--file", "b").options.file == "b")
    }

    @Test func resolvesEveryCommand() throws {
        func action(_ words: String...) throws -> Invocation.Action {
            try Invocation(ParsedCommandLine(words)).action
        }
        guard case .show(pathOnly: true, url: false) = try action("show", "--path") else { Issue.record("show"); return }
        guard case .watch(pathOnly: true) = try action("show", "-w", "--path") else { Issue.record("show -w"); return }
        guard case .watch(pathOnly: false) = try action("show", "--watch", "--json") else { Issue.record("show --watch"); return }
        #expect(usageError("show", "--watch", "--url") != nil)
        #expect(usageError("push", "a", "--watch") != nil)
        guard case .change(.set(let route), recover: false) = try action("set", "home", "a=1") else { Issue.record("set"); return }
        #expect(route.arguments == ["home", "a=1"])
        guard case .change(.push, _) = try action("push", "d") else { Issue.record("push"); return }
        guard case .change(.pop(1), _) = try action("pop") else { Issue.record("pop"); return }
        guard case .change(.pop(3), _) = try action("pop", "3") else { Issue.record("pop 3"); return }
        guard case .change(.popTo("home"), _) = try action("pop", "--to", "home") else { Issue.record("pop --to"); return }
        guard case .change(.popToRoot, _) = try action("pop", "--root") else { Issue.record("pop --root"); return }
        guard case .change(.reset, recover: true) = try action("reset", "--force") else { Issue.record("reset"); return }
        guard case .history(last: 2) = try action("history", "-n", "2") else { Issue.record("history"); return }
        guard case .initialize(let state, force: false, ifMissing: false) = try action("init", "--initial", "a", "--routes", "a,b", "--history-limit", "5")
        else { Issue.record("init"); return }
        #expect(state.routes == ["a", "b"] && state.historyLimit == 5 && state.initial.name == "a")
        guard case .help(command: .pop) = try action("help", "pop") else { Issue.record("help"); return }
        guard case .help(command: .push) = try action("push", "--help") else { Issue.record("--help"); return }
        guard case .help(command: nil) = try action("-h") else { Issue.record("-h"); return }
        guard case .version = try action("--version") else { Issue.record("--version"); return }
        guard case .completions(.fish) = try action("completions", "fish") else { Issue.record("completions"); return }
    }

    @Test func helpWinsOverMissingArguments() throws {
        guard case .help(command: .push) = try Invocation(ParsedCommandLine(["push", "-h"])).action else {
            Issue.record("push -h should show help")
            return
        }
    }

    @Test func unknownCommandSuggestsTheClosest() {
        #expect(usageError("shwo") == UsageError("unknown command 'shwo'", hint: "did you mean 'show'?"))
        #expect(usageError("psuh", "x")?.hint == "did you mean 'push'?")
        #expect(usageError("frobnicate")?.hint == "run 'routectl --help' to see the commands")
    }

    @Test func unknownOptionSuggestsTheClosest() {
        #expect(usageError("show", "--jsn") == UsageError("unknown option '--jsn'", hint: "did you mean '--json'?"))
        #expect(usageError("show", "--pth")?.hint == "did you mean '--path'?")
        #expect(usageError("-x", "show")?.message == "unknown option '-x'")
    }

    @Test func commandOptionsBelongToTheirCommand() {
        #expect(usageError("--path", "show")?.message == "option '--path' must come after its command")
        #expect(usageError("push", "x", "--path") == UsageError("option '--path' does not apply to 'push'", hint: "it belongs to 'routectl show'"))
    }

    @Test func missingAndInvalidValues() {
        #expect(usageError("show", "-f")?.message == "missing value for option '-f'")
        #expect(usageError("show", "--file", "--json")?.message == "missing value for option '--file'")
        #expect(usageError("show", "--lock-timeout", "soon")?.message
            == "invalid value 'soon' for option '--lock-timeout': expected a number of seconds from 0 to 86400, such as 2.5")
        #expect(usageError("history", "-n", "-1")?.message == "invalid value '-1' for option '-n': expected a whole number >= 0")
        #expect(usageError("show", "--json=yes")?.message == "option '--json' takes no value, but was given 'yes'")
        #expect(usageError("init", "--history-limit", "0")?.message.contains("from 1 to 1000000") == true)
    }

    @Test func argumentCounts() {
        #expect(usageError()?.message == "missing command: run 'routectl help <command>' for one command's help")
        #expect(usageError("push")?.message == "missing argument for 'push'")
        #expect(usageError("show", "extra")?.message == "unexpected argument 'extra' for 'show': a state or path goes with --launch-arguments")
        #expect(usageError("show", "--launch-arguments", "a", "b")?.message == "unexpected argument 'b' for 'show'")
        #expect(usageError("pop", "1", "2")?.message == "unexpected argument '2' for 'pop'")
        #expect(usageError("pop", "0")?.message == "invalid count '0' for 'pop': expected a whole number >= 1")
        #expect(usageError("pop", "2", "--root")?.message == "'pop' takes only one of <n>, --to <route> and --root")
        #expect(usageError("completions", "tcsh")?.message == "unknown shell 'tcsh'")
        #expect(usageError("help", "shw")?.hint == "did you mean 'show'?")
    }

    @Test func initChecksItsRoutesInTheModel() {
        func modelError(_ words: String...) -> NavigatorError? {
            #expect(throws: NavigatorError.self) { _ = try Invocation(ParsedCommandLine(words)) }
        }
        let missing = modelError("init", "--initial", "x", "--routes", "a,b")
        #expect(missing?.message == "the initial route 'x' is not in the route list")
        #expect(missing.flatMap { Advice.hint(for: $0) } == "add it: --routes x,a,b")
        #expect(missing?.kind == .invalidInput)
        #expect(modelError("init", "--routes", "a,a").flatMap { Advice.hint(for: $0) } == nil)
        #expect(modelError("init", "--routes", "a,a")?.message == "route 'a' is listed twice in the route list")
        #expect(modelError("init", "--routes", "root,9x")?.message.hasPrefix("invalid route name '9x'") == true)
    }

    @Test func invalidRoutesAreModelErrors() {
        let error = #expect(throws: NavigatorError.self) { _ = try Invocation(ParsedCommandLine(["push", "a b"])) }
        #expect(error?.kind == .invalidInput)
    }

    @Test func suggestionDistance() {
        #expect(Suggestion.editDistance(Array("push"), Array("psuh")) == 1)
        #expect(Suggestion.editDistance(Array("show"), Array("shwo")) == 1)
        #expect(Suggestion.closest(to: "--hlep", among: ["--help", "--json"]) == "--help")
        #expect(Suggestion.closest(to: "zzzz", among: ["show"]) == nil)
        #expect(Suggestion.closest(to: "-x", among: ["-f", "-q", "-h", "-n"]) == nil)
        #expect(Suggestion.closest(to: "-F", among: ["-f", "-q"]) == "-f")
    }
}
