import Foundation
import RouteModel
import Testing
import TestSupport
import RouteCodecs
import RouteStore
import PropertyListCodec

/// Parallel routectl processes on one file: the `flock` around every read-modify-write must
/// lose no update, and readers must never see a torn file (SPEC, "Safety rules").
@Suite(.tags(.endToEnd), .slowLayer) struct ConcurrencyTests {
    static let writers = 4
    static let pushesPerWriter = 100
    static let reads = 100

    /// One writer: a shell loop running `routectl -f FILE push p<K>_n<I>` for I from 0 to
    /// COUNT-1, one process at a time, reporting each failed push on stderr.
    /// Arguments: `$1` routectl, `$2` the file, `$3` K, `$4` COUNT.
    static let writerLoop = """
        status=0
        i=0
        while [ "$i" -lt "$4" ]; do
            "$1" -f "$2" push "p${3}_n$i" || { echo "push p${3}_n$i: exit $?" >&2; status=1; }
            i=$((i + 1))
        done
        exit $status
        """

    /// One reader: `show --path` COUNT times; every run must succeed and print one line.
    /// Arguments: `$1` routectl, `$2` the file, `$3` COUNT.
    static let readerLoop = """
        status=0
        i=0
        while [ "$i" -lt "$3" ]; do
            out=$("$1" -f "$2" show --path) || { echo "show: exit $?" >&2; status=1; }
            case "$out" in root*) ;; *) echo "show printed: $out" >&2; status=1 ;; esac
            i=$((i + 1))
        done
        exit $status
        """

    @Test func parallelPushesAreAllKeptExactlyOnceInOrder() throws {
        let box = Sandbox()
        let setup = box.run("init", "--history-limit", "100000")
        try #require(setup.status == 0, "\(setup.stderr)")

        let environment = Spawner.environment(home: box.folder)
        func shell(_ script: String, _ arguments: [String]) throws -> Spawner.Child {
            try Spawner.start(
                "/bin/sh", (["-c", script, "sh"] + arguments).map { Array($0.utf8) },
                environment: environment, directory: box.folder)
        }
        let started = Spawner.now()
        var children = try (0..<Self.writers).map { writer in
            try shell(Self.writerLoop, [Routectl.binary, box.file, String(writer), String(Self.pushesPerWriter)])
        }
        children.append(try shell(Self.readerLoop, [Routectl.binary, box.file, String(Self.reads)]))
        let results = children.map { Spawner.wait($0) }
        print("ConcurrencyTests: \(Self.writers) writers x \(Self.pushesPerWriter) pushes + \(Self.reads) reads in \(Spawner.now() - started) s")

        for (index, result) in results.enumerated() {
            let who = index < Self.writers ? "writer \(index)" : "reader"
            #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(who): \(result.summary): \(result.stderrText)")
        }

        let state = try NavigatorFile.decode(try #require(box.contents().map(Array.init)))
        let names = state.stack.map(\.name)
        let expected = (0..<Self.writers).flatMap { writer in
            (0..<Self.pushesPerWriter).map { "p\(writer)_n\($0)" }
        }
        #expect(names.count == expected.count)
        #expect(Set(names) == Set(expected), "lost or foreign routes")
        #expect(Set(names).count == names.count, "a route was pushed twice")
        for writer in 0..<Self.writers {
            // Each writer pushes one route at a time, so its routes keep their order.
            let own = names.filter { $0.hasPrefix("p\(writer)_") }
            #expect(own == (0..<Self.pushesPerWriter).map { "p\(writer)_n\($0)" }, "writer \(writer)'s order")
        }

        let entries = try state.history.entries()
        #expect(entries.map(\.seq) == Array(1...expected.count), "seq values must be 1, 2, 3, ... without gaps or repeats")
        #expect(entries.map(\.op) == Array(repeating: "push", count: expected.count))
        #expect(entries.map { $0.args.first ?? "" } == names, "history order must match the stack")
        // Each entry's path extends the previous one by exactly its own route: no update was
        // made on a stale read.
        var path = "root"
        for entry in entries {
            path += "/" + (entry.args.first ?? "?")
            guard entry.path == path else {
                Issue.record("entry \(entry.seq) has path \(entry.path.suffix(40)), expected ...\(path.suffix(40))")
                break
            }
        }
        #expect(box.listing() == ["navigator.json", "navigator.json.lock"])
    }
}
