import Foundation
import PlainText
import RouteModel
import Testing
import TestSupport

@testable import routectl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteCodecs
import RouteStore
import PropertyListCodec

/// Hostile command lines and navigator files against the built binary, seeded (see
/// ``FuzzSettings``: `ROUTECTL_FUZZ_SEED` replays a run, `ROUTECTL_FUZZ_CASES` scales it).
///
/// Every run must end with a status from the SPEC's table, print on stderr nothing or one
/// `routectl: ` line and perhaps one `hint: ` line, never die of a signal or hang, and leave the
/// files alone when it fails or only reads.
@Suite(.tags(.fuzz), .slowLayer) struct HostileInputTests {
    static let statuses: Set<Int32> = [0, 1, 64, 65, 73, 74, 75]

    /// The rules every run keeps, exiting with one of `allowed`; records an issue naming
    /// `context` for each one broken.
    static func checkShape(_ result: SpawnResult, _ context: @autoclosure () -> String, allowed: Set<Int32> = statuses) {
        guard !result.timedOut, result.signal == nil, let status = result.exitCode else {
            Issue.record("\(context()): \(result.summary)\n\(result.stderrText.prefix(2000))")
            return
        }
        #expect(allowed.contains(status), "\(context()): exit \(status): \(result.stderrText.prefix(500))")
        if status != 0 {
            #expect(result.stdout.isEmpty, "\(context()): exit \(status) with output on stdout")
            #expect(!result.stderr.isEmpty, "\(context()): exit \(status) without a message")
        }
        guard !result.stderr.isEmpty else { return }
        // routectl alone lists the commands before its one error line (issue 17, item 18): that
        // exact text, and nothing else, may come before the line.
        if result.stderr == Array((Help.commands() + "\nroutectl: missing command: run 'routectl help <command>' for one command's help\n").utf8) {
            return
        }
        let lines = result.stderr.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let wellFormed = result.stderr.last == UInt8(ascii: "\n") && (lines.count == 2 || lines.count == 3)
            && lines[0].starts(with: Array("routectl: ".utf8))
            && (lines.count == 2 || lines[1].starts(with: Array("hint: ".utf8)))
            && !result.stderr.contains { $0 < 0x20 && $0 != UInt8(ascii: "\n") }
            && validUTF8(result.stderr) != nil
        #expect(wellFormed, "\(context()): stderr is not one 'routectl:' line and an optional 'hint:' line: \(result.stderrText.prefix(500).debugDescription)")
    }

    /// The sandbox's files (not folders, not lock files) and their bytes.
    static func snapshot(_ box: Sandbox) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in box.listing() where !name.hasSuffix(".lock") {
            files[name] = box.contents(box.folder + "/" + name).map(Array.init) ?? []
        }
        return files
    }

    /// Empties the sandbox and writes `bytes` as its navigator file.
    static func reset(_ box: Sandbox, to bytes: [UInt8]) {
        for name in box.listing() {
            try? FileManager.default.removeItem(atPath: box.folder + "/" + name)
        }
        _ = FileManager.default.createFile(atPath: box.file, contents: Data(bytes))
    }

    /// Whether an invocation only reads: nothing may change, whatever its status.
    static func onlyReads(_ action: Invocation.Action) -> Bool {
        switch action {
        case .show, .watch, .history, .help, .version, .completions, .manual, .listNames, .link(.list), .launchArguments, .states, .check, .apps, .keys: return true
        case .migrate(_, let dryRun): return dryRun
        case .change, .initialize, .link, .goState: return false
        }
    }

    // MARK: Command lines

    @Test func hostileCommandLines() throws {
        try #require(Spawner.canChangeDirectory, "routectl must run inside the sandbox: it may create files by relative names")
        let seed = FuzzSettings.seed(for: "HostileInputTests.commandLines")
        var generator = HostileArguments(seed: seed)
        let count = FuzzSettings.cases(100)  // scripts/fuzz.sh runs 1000 a round, with new seeds
        let box = Sandbox()
        #expect(box.run("init", "--initial", "home").status == 0)
        #expect(box.run("push", "details", "id=42").status == 0)
        let base = try #require(box.contents().map(Array.init))
        var statusCounts: [Int32: Int] = [:]

        for index in 0..<count {
            let arguments = generator.next()
            let context = "seed \(seed), case \(index), argv \(arguments.map { String(decoding: $0.prefix(60), as: UTF8.self) })"
            let before = Self.snapshot(box)
            let result = Spawner.routectl(arguments, in: box.folder, environment: ["ROUTECTL_FILE": box.file])
            Self.checkShape(result, context)
            statusCounts[result.exitCode ?? -1, default: 0] += 1
            let after = Self.snapshot(box)

            // What the parser says of these words, in process, must agree with the binary.
            let words = arguments.map { HostileArguments.text($0) }
            do {
                let invocation = try Invocation(ParsedCommandLine(words))
                if Self.onlyReads(invocation.action) {
                    #expect(after == before, "\(context): a command that only reads changed files")
                }
            } catch let error as UsageError {
                #expect(result.exitCode == 64, "\(context): the parser refuses it (\(error.message)), the binary says \(result.summary)")
            } catch let error as NavigatorError {
                #expect(result.exitCode == ExitStatus.of(error.kind), "\(context): the parser says \(error), the binary \(result.summary)")
            }
            if result.exitCode != 0 {
                #expect(after == before, "\(context): a failed command changed files: \(before.keys.sorted()) -> \(after.keys.sorted())")
            }
            for (name, bytes) in after where before[name] != bytes && !name.contains(".old-") && !name.contains(".corrupt-") {
                #expect((try? FormatTable.standard.decode(bytes)) != nil, "\(context): wrote \(name), which does not decode")
            }
            if after != before { Self.reset(box, to: base) }
        }
        print("HostileInputTests.commandLines: \(count) command lines, exit statuses \(statusCounts.sorted { $0.key < $1.key })")
    }

    // MARK: Files

    /// The commands each hostile file is tried with, in turn.
    static let fileCommands: [[String]] = [
        ["show"], ["push", "x"], ["history"], ["show", "--json"], ["pop"], ["history", "--json", "-n", "1"], ["reset"],
        ["show", "--path"], ["set", "home"], ["__routes"], ["reset", "--force"], ["init", "--force"],
    ]

    /// Runs `command` on a navigator file holding `bytes` and checks what it did against what
    /// the library makes of the same bytes.
    static func tryFile(_ bytes: [UInt8], _ command: [String], in box: Sandbox, _ context: String) {
        reset(box, to: bytes)
        let result = Spawner.routectl(["-f", box.file] + command, in: box.folder)
        checkShape(result, context)
        let after = snapshot(box)
        let unchanged = after == ["navigator.json": bytes]

        var strictError: NavigatorError?
        var strict: NavigatorState?
        // As the binary reads a file: in whichever of the formats it is.
        do { strict = try FormatTable.standard.decode(bytes).state } catch { strictError = error as? NavigatorError }
        let status = result.exitCode ?? -1
        let readable = strict.map { $0.format <= NavigatorState.currentFormat } ?? false

        switch command[0] {
        case "show":
            #expect(status == (strict != nil ? 0 : 65), "\(context): \(result.summary): \(result.stderrText)")
        case "history":
            #expect(status == (strict != nil ? 0 : 65), "\(context): \(result.summary): \(result.stderrText)")
        case "__routes":
            #expect(status == 0, "\(context)")
        case "reset" where command.count == 2, "init":
            if strictError?.kind == .invalidFile || command[0] == "init" {
                #expect(status == 0, "\(context): \(result.summary): \(result.stderrText)")
                if strict == nil || command[0] == "init" {
                    let aside = after.first { $0.key.contains(".corrupt-") || $0.key.contains(".old-") }
                    #expect(aside?.value == bytes, "\(context): the file moved aside is not the old one")
                }
            } else if !readable {
                #expect(status == 65, "\(context): \(result.summary)")
            }
        default:
            if readable {
                #expect([0, 1, 64].contains(status), "\(context): \(result.summary): \(result.stderrText)")
            } else {
                #expect(status == 65, "\(context): a change on an unreadable file: \(result.summary)")
            }
        }
        if status != 0 || ["show", "history", "__routes"].contains(command[0]) {
            #expect(unchanged, "\(context): \(result.summary), yet files changed: \(after.keys.sorted())")
        }
        if status == 0, let written = box.contents() {
            #expect((try? NavigatorFile.decode(Array(written))) != nil || unchanged, "\(context): wrote a file that does not decode")
        }
    }

    @Test func truncatedAtEveryByte() {
        let box = Sandbox()
        let bytes = Array(HostileFiles.seeds[2].utf8)
        for count in 0...bytes.count {
            let command = Self.fileCommands[count % Self.fileCommands.count]
            Self.tryFile(Array(bytes[..<count]), command, in: box, "truncated to \(count) of \(bytes.count) bytes, \(command)")
        }
    }

    @Test func catalogOfHostileFiles() {
        let box = Sandbox()
        for (index, (name, bytes)) in HostileFiles.catalog().enumerated() {
            let command = Self.fileCommands[index % Self.fileCommands.count]
            Self.tryFile(bytes, command, in: box, "\(name), \(command)")
        }
    }

    @Test func mutatedFiles() {
        let seed = FuzzSettings.seed(for: "HostileInputTests.mutatedFiles")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(50)  // scripts/fuzz.sh runs 1000 a round, with new seeds
        let box = Sandbox()
        for index in 0..<count {
            let bytes = HostileFiles.mutate(Array(random.pick(HostileFiles.seeds).utf8), using: &random)
            let command = random.pick(Self.fileCommands)
            Self.tryFile(bytes, command, in: box, "seed \(seed), case \(index), \(command)")
        }
        print("HostileInputTests.mutatedFiles: \(count) files")
    }

    @Test func fileOf20MB() {
        let box = Sandbox()
        let bytes = Array(#"{"format": 1, "initial": {"name": "a"}, "x": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 20 << 20) + Array(#""}"#.utf8)
        for command in [["show"], ["push", "x"], ["history"]] {
            Self.reset(box, to: bytes)
            let result = Spawner.routectl(["-f", box.file] + command, in: box.folder)
            Self.checkShape(result, "20 MB file, \(command)")
            #expect(result.exitCode == 65, "\(command): \(result.summary)")
            #expect(result.stderrText.contains("larger than 16 MiB"), "\(result.stderrText)")
            #expect(box.contents().map(Array.init) == bytes)
        }
    }

    // MARK: Regressions

    /// A `-` followed by a combining mark made one character of the two, and the lexer
    /// trapped unwrapping the (missing) option letter.
    @Test func combiningMarkAfterADashIsAnUnknownOption() {
        let box = Sandbox()
        for word in ["-\u{301}", "--\u{301}", "-\u{200D}", "-\u{FE0F}x", "--\u{301}=1"] {
            let result = Spawner.routectl(["-f", box.file, word], in: box.folder)
            Self.checkShape(result, word.debugDescription)
            #expect(result.exitCode == 64, "\(word.debugDescription): \(result.summary)")
            #expect(result.stderrText.hasPrefix("routectl: unknown option"), "\(result.stderrText)")
        }
    }

    /// A `--file` value that is not UTF-8 reached the store as the parser's marker text and
    /// created a file of that name.
    @Test func fileOptionThatIsNotUTF8IsRefused() {
        let box = Sandbox()
        let result = Spawner.routectl([Array("-f".utf8), [0x6E, 0xFF], Array("push".utf8), Array("x".utf8)], in: box.folder)
        Self.checkShape(result, "-f <0xFF>")
        #expect(result.exitCode == 64)
        #expect(result.stderrText.hasPrefix("routectl: argument 2 is not valid UTF-8: 'n\\xff'\n"), "\(result.stderrText)")
        #expect(box.listing().isEmpty, "\(box.listing())")
    }

    /// A `--file` of 50,000 folders overflowed the stack (signal 11) while creating them.
    @Test func pathOfManyFoldersFailsWithoutACrash() {
        let box = Sandbox()
        let path = String(repeating: "a/", count: 50_000) + "navigator.json"
        for command in [["push", "x"], ["show"], ["init"]] {
            let result = Spawner.routectl(["-f", path] + command, in: box.folder)
            Self.checkShape(result, "deep path, \(command)")
            #expect(result.exitCode == 73 || result.exitCode == 74, "\(command): \(result.summary)")
        }
        #expect(box.listing().isEmpty, "\(box.listing())")
    }

    /// An invalid name in `--routes` was repeated raw in the hint: a newline in it split the
    /// hint over two lines.
    @Test func invalidRouteListGivesAOneLineHint() {
        let box = Sandbox()
        let result = Spawner.routectl(["-f", box.file, "init", "--initial", "home", "--routes", "a,\n"], in: box.folder)
        Self.checkShape(result, "--routes with a newline")
        #expect(result.exitCode == 64)
        #expect(box.listing().isEmpty)
    }

    /// A FIFO as the file made every command wait forever for a writer.
    @Test func fifoIsRefusedAtOnce() throws {
        let box = Sandbox()
        try #require(mkfifo(box.file, 0o644) == 0)
        for command in [["show"], ["history"]] {
            let result = Spawner.routectl(["-f", box.file] + command, in: box.folder)
            Self.checkShape(result, "FIFO, \(command)")
            #expect(result.exitCode == 73, "\(command): \(result.summary)")
            #expect(result.stderrText.hasPrefix("routectl: '\(box.file)' is not a regular file"), "\(result.stderrText)")
        }
        // A change cannot replace it (and --force does not move it aside): 73.
        let push = Spawner.routectl(["-f", box.file, "push", "x"], in: box.folder)
        Self.checkShape(push, "FIFO, push")
        #expect(push.exitCode == 73, "push: \(push.summary)")
        var info = stat()
        #expect(lstat(box.file, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    /// A history `seq` of `Int.max` made the next change trap on overflow.
    @Test func noChangeAfterSeqIntMax() {
        let box = Sandbox()
        let text = #"{"format": 1, "initial": {"name": "a"}, "history": [{"seq": 9223372036854775807, "at": "t", "op": "push", "args": ["a"], "path": "a"}]}"#
        box.write(text)
        let result = box.run("push", "b")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.hasPrefix("routectl: cannot record a change") == true, "\(result.stderr)")
        #expect(box.text() == text)
        #expect(box.run("show", "--path").stdout == "a\n")
        #expect(box.run("history").status == 0)
    }

    /// A lone surrogate in a history entry passed `show` and `push` but failed `history`.
    @Test func loneSurrogateInHistoryIsACorruptFileForEveryCommand() {
        let box = Sandbox()
        let text = #"{"format": 1, "initial": {"name": "a"}, "history": [{"seq": 1, "at": "t", "op": "\ud800", "args": [], "path": "a"}]}"#
        box.write(text)
        for command in [["show"], ["history"], ["push", "b"]] {
            let result = Routectl.run(["-f", box.file] + command, home: box.folder)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.errorLines.first?.hasPrefix("routectl: '\(box.file)' is not a valid navigator file: unpaired surrogate") == true, "\(result.stderr)")
        }
        #expect(box.text() == text)
    }
}
