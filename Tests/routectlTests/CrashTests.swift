import Foundation
import RouteModel
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteCodecs
import RouteStore
import PropertyListCodec

/// Writers killed with `SIGKILL` at random instants, and a lock held by someone else (SPEC,
/// "Safety rules": old or new file, never a torn one; no lock left behind; exit 75 on timeout).
@Suite(.tags(.fuzz), .slowLayer, .serialized) struct CrashTests {
    /// How many writers must actually be killed (not merely finish first).
    static let kills = 40

    /// A valid file with `entries` history entries, so that a write takes a moment.
    static func bigFile(entries: Int) throws -> [UInt8] {
        var state = NavigatorState(initial: try Route("home"), historyLimit: 1_000_000)
        state.history = History(
            (1...entries).map { seq in
                HistoryEntry(
                    seq: seq, at: "2026-11-22T10:00:00Z", op: "push", args: ["details", "id=\(seq)", "tab=reviews"],
                    path: "home/details?id=\(seq)&tab=reviews")
            })
        return NavigatorFile.encode(state)
    }

    /// The stack's route names in the file, or `nil` (with an issue recorded) when the file is
    /// missing or not a valid format-1 file.
    static func stackNames(_ box: Sandbox, _ context: String) -> [String]? {
        guard let bytes = box.contents() else {
            Issue.record("\(context): the file is gone")
            return nil
        }
        do {
            let state = try NavigatorFile.decode(Array(bytes))
            #expect(state.format == 1, "\(context)")
            return state.stack.map(\.name)
        } catch {
            Issue.record("\(context): the file does not decode: \(error)")
            return nil
        }
    }

    @Test func killedWritersLeaveTheOldOrNewFileAndNoStaleLock() throws {
        let box = Sandbox()
        box.write(String(decoding: try Self.bigFile(entries: 1500), as: UTF8.self))
        let seed = FuzzSettings.seed(for: "CrashTests")
        var random = FuzzRandom(seed: seed)

        // How long one uncontended push takes here; kills land anywhere in that span.
        let warm = Spawner.routectl(["-f", box.file, "push", "warm"], in: box.folder)
        try #require(warm.exitCode == 0, "\(warm.stderrText)")
        let span = max(warm.seconds, 0.005)

        var stack = try #require(Self.stackNames(box, "start"))
        var kills = 0
        var tmpLeft = 0
        var finished = 0
        var round = 0
        while kills < Self.kills, round < Self.kills * 5 {
            round += 1
            let context = "seed \(seed), round \(round)"
            let route = "k\(round)"
            let child = try Spawner.start(
                Routectl.binary, ["-f", box.file, "push", route].map { Array($0.utf8) },
                environment: Spawner.environment(home: box.folder), directory: box.folder)
            Spawner.sleep(seconds: Double.random(in: 0..<(span * 0.9), using: &random))
            kill(child.pid, SIGKILL)
            let result = Spawner.wait(child)
            if result.signal == SIGKILL {
                kills += 1
            } else {
                finished += 1
                #expect(result.exitCode == 0, "\(context): \(result.summary): \(result.stderrText)")
            }

            // The file is the old one or the new one, never anything else.
            guard let after = Self.stackNames(box, context) else { return }
            if result.signal == SIGKILL {
                #expect(after == stack || after == stack + [route], "\(context): stack \(after.suffix(3))")
            } else {
                #expect(after == stack + [route], "\(context)")
            }
            stack = after
            // Each writer has a temporary file of its own, <file>.tmp-<pid>-<random>.
            let temporaries = { box.listing().filter { $0.hasPrefix("navigator.json.tmp") } }
            if !temporaries().isEmpty { tmpLeft += 1 }

            let show = Spawner.routectl(["-f", box.file, "show", "--json"], in: box.folder)
            #expect(show.exitCode == 0, "\(context): show: \(show.summary): \(show.stderrText)")
            #expect((try? JSONSerialization.jsonObject(with: Data(show.stdout))) != nil, "\(context): show --json printed invalid JSON")

            // No stale lock: the next writer gets it at once; it also clears a left temp file.
            let next = Spawner.routectl(["-f", box.file, "--lock-timeout", "0", "push", "after\(round)"], in: box.folder)
            #expect(next.exitCode == 0, "\(context): next push: \(next.summary): \(next.stderrText)")
            #expect(temporaries().isEmpty, "\(context): the next push left \(temporaries())")
            guard let afterNext = Self.stackNames(box, context) else { return }
            #expect(afterNext == stack + ["after\(round)"], "\(context)")
            stack = afterNext
            #expect(box.listing() == ["navigator.json", "navigator.json.lock"], "\(context): \(box.listing())")
        }
        print("CrashTests: \(kills) kills (\(tmpLeft) left a temporary file), \(finished) pushes finished first, push takes \(span) s")
        #expect(kills >= Self.kills, "only \(kills) of \(round) writers were killed before finishing")
    }

    /// `init --force` moves the old file aside and writes a new one; a kill between the two
    /// must still leave a file at the path (the old or the new one).
    @Test func killedInitForceLeavesTheOldOrNewFile() throws {
        let box = Sandbox()
        let seed = FuzzSettings.seed(for: "CrashTests.initForce")
        var random = FuzzRandom(seed: seed)
        box.write(String(decoding: try Self.bigFile(entries: 200), as: UTF8.self))
        let warm = Spawner.routectl(["-f", box.file, "--quiet", "init", "--force"], in: box.folder)
        try #require(warm.exitCode == 0, "\(warm.stderrText)")
        let span = max(warm.seconds, 0.005)
        var kills = 0
        for round in 1...30 {
            box.write(String(decoding: try Self.bigFile(entries: 200), as: UTF8.self))
            let child = try Spawner.start(
                Routectl.binary, ["-f", box.file, "--quiet", "init", "--force"].map { Array($0.utf8) },
                environment: Spawner.environment(home: box.folder), directory: box.folder)
            Spawner.sleep(seconds: Double.random(in: 0..<(span * 1.1), using: &random))
            kill(child.pid, SIGKILL)
            if Spawner.wait(child).signal == SIGKILL { kills += 1 }
            let context = "seed \(seed), round \(round)"
            guard Self.stackNames(box, context) != nil else { return }
            // The old file (200 entries, root home) or the new one (no history, root root).
            let state = try NavigatorFile.decode(Array(box.contents() ?? Data()))
            let entries = try state.history.entries().count
            #expect((entries == 200 && state.root.name == "home") || (entries == 0 && state.root.name == "root"), "\(context)")
        }
        print("CrashTests.initForce: \(kills) kills")
    }

    @Test func aHeldLockTimesOutWithExit75AndLeavesTheFileAlone() throws {
        let box = Sandbox()
        #expect(box.run("push", "held").status == 0)
        let before = box.contents()

        // Hold the lock as another routectl would: flock on the sidecar, from this process.
        let fd = open(box.file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)

        let blocked = Spawner.routectl(["-f", box.file, "--lock-timeout", "1", "push", "x"], in: box.folder)
        #expect(blocked.exitCode == 75, "\(blocked.summary): \(blocked.stderrText)")
        // At least the timeout; how much longer depends on the machine's load, not asserted.
        #expect(blocked.seconds >= 0.9, "waited \(blocked.seconds) s for a 1 s timeout")
        #expect(blocked.stdout.isEmpty)
        let lines = blocked.stderrText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(blocked.stderrText.hasSuffix("\n"))
        #expect(lines.count == 1 || lines.count == 2, "\(blocked.stderrText)")
        #expect(lines.first?.hasPrefix("routectl: ") == true, "\(blocked.stderrText)")
        if lines.count == 2 { #expect(lines.last?.hasPrefix("hint: ") == true) }
        #expect(box.contents() == before, "a timed-out push changed the file")

        // Readers take no lock, so show still works meanwhile.
        let show = Spawner.routectl(["-f", box.file, "show", "--path"], in: box.folder)
        #expect(show.exitCode == 0 && show.stdoutText == "root/held\n")

        flock(fd, LOCK_UN)
        let free = Spawner.routectl(["-f", box.file, "--lock-timeout", "0", "push", "x"], in: box.folder)
        #expect(free.exitCode == 0, "\(free.stderrText)")
    }
}

/// File checks without Foundation's caching or link following.
enum SystemFile {
    /// Whether anything exists at `path` (a dangling link counts).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
