import Testing

import RouteModel
import TestSupport
import RouteCodecs

/// `NavigatorFile.decode` on hostile bytes, in process: many thousands of seeded cases.
///
/// Whatever the bytes, decoding either fails with `invalidFile` or `newerFormat` (one line, no
/// trap) or gives a state that behaves: its history reads, it encodes to a file that decodes to
/// the same state, encoding is then stable, and a change can be recorded on it.
@Suite(.tags(.fuzz), .slowLayer) struct NavigatorFileFuzzTests {
    /// Checks one input; returns a description of the first broken rule, or `nil`.
    static func check(_ bytes: [UInt8]) -> String? {
        let strict: NavigatorState
        do {
            strict = try NavigatorFile.decode(bytes)
        } catch let error as NavigatorError {
            guard error.kind == .invalidFile || error.kind == .newerFormat else { return "decode threw \(error.kind)" }
            guard !error.message.contains("\n") else { return "multi-line error: \(error.message)" }
            return nil
        } catch {
            return "decode threw a non-NavigatorError: \(error)"
        }

        let entries: [HistoryEntry]
        do {
            entries = try strict.history.entries()
        } catch {
            return "decoded, but its history does not read: \(error)"
        }
        guard strict.format <= NavigatorState.currentFormat else { return nil }

        let encoded = NavigatorFile.encode(strict)
        let again: NavigatorState
        do {
            again = try NavigatorFile.decode(encoded)
        } catch {
            return "its encoding does not decode: \(error)"
        }
        guard again.initial == strict.initial, again.tree == strict.tree, again.tabContainers == strict.tabContainers,
            again.routes == strict.routes, again.historyLimit == strict.historyLimit,
            (try? again.history.entries()) == entries
        else { return "the encoding decodes to a different state" }
        guard NavigatorFile.encode(again) == encoded else { return "encoding is not stable" }

        var changed = strict
        do {
            guard strict.routes?.isEmpty != true else { return nil }  // no route may be pushed
            let route = try Route(strict.routes?.first ?? "pushed")
            guard try changed.perform(.push(route), at: "2026-11-22T10:00:00Z") else { return "a push changed nothing" }
            guard strict.history.lastSeq < Int.max else { return "a push recorded a seq after Int.max" }
        } catch let error as NavigatorError where error.kind == .cannotApply && strict.history.lastSeq == Int.max {
            return nil
        } catch {
            return "a push failed: \(error)"
        }
        guard let after = try? NavigatorFile.decode(NavigatorFile.encode(changed)), let newEntries = try? after.history.entries() else {
            return "the file after a push does not decode"
        }
        guard newEntries.last?.seq == strict.history.lastSeq + 1, newEntries.count == min(entries.count + 1, strict.historyLimit) else {
            return "the push recorded the wrong entry"
        }
        return nil
    }

    @Test func catalogOfHostileFiles() {
        for (name, bytes) in HostileFiles.catalog() {
            if let problem = Self.check(bytes) { Issue.record("\(name): \(problem)") }
        }
    }

    @Test func seedsAreValidAndTruncationsAtEveryByteAreRefused() throws {
        for seed in HostileFiles.seeds {
            let bytes = Array(seed.utf8)
            #expect(Self.check(bytes) == nil)
            _ = try NavigatorFile.decode(bytes)
            let end = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
            for count in 0..<bytes.count {
                let prefix = Array(bytes[..<count])
                if let problem = Self.check(prefix) { Issue.record("seed truncated to \(count) bytes: \(problem)") }
                // A document cut before its closing brace is never whole.
                if count <= end {
                    #expect(throws: NavigatorError.self, "truncated to \(count) bytes") { try NavigatorFile.decode(prefix) }
                }
            }
        }
    }

    @Test func randomMutations() {
        let seed = FuzzSettings.seed(for: "NavigatorFileFuzzTests.randomMutations")
        var random = FuzzRandom(seed: seed)
        let count = FuzzSettings.cases(10_000, factor: 100)
        var decoded = 0
        var failures = 0
        for index in 0..<count {
            let base = index % 3 == 0 ? random.pick(HostileFiles.smallCatalog) : Array(random.pick(HostileFiles.seeds).utf8)
            let bytes = HostileFiles.mutate(base, using: &random)
            if (try? NavigatorFile.decode(bytes)) != nil { decoded += 1 }
            if let problem = Self.check(bytes) {
                Issue.record("seed \(seed), case \(index): \(problem)\n\(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)")
                failures += 1
                if failures >= 5 { break }
            }
        }
        print("NavigatorFileFuzzTests: \(count) mutated files, \(decoded) of them valid")
    }

    @Test func filesOverTheSizeLimitAreRefusedUnread() {
        let big = [UInt8](repeating: UInt8(ascii: " "), count: NavigatorFile.maxBytes + 1)
        #expect(throws: NavigatorError(.invalidFile, "is larger than 16 MiB (16777217 bytes)")) { try NavigatorFile.decode(big) }
    }
}

extension HostileFiles {
    /// The catalog's files of at most 64 KiB, built once, as bases for mutation.
    static let smallCatalog: [[UInt8]] = catalog().map(\.bytes).filter { $0.count <= 65536 }
}
