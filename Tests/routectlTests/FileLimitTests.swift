import Foundation
import Testing
import TestSupport

/// Files at the edges of what routectl reads: the size limit, huge route lists, values the
/// command line would refuse.
@Suite(.tags(.endToEnd), .slowLayer) struct FileLimitTests {
    /// A format-1 file whose history entries carry long paths, `size` bytes in all give or take
    /// one entry's separator (each entry's path is `home?k=<x...>`).
    static func fileNearLimit(size: Int, entryBytes: Int = 200_000) -> (text: String, entries: Int) {
        let head = "{\n  \"format\": 1,\n  \"initial\": {\"name\": \"home\"},\n  \"root\": {\"name\": \"home\"},\n  \"stack\": [],\n  \"historyLimit\": 1000,\n  \"history\": ["
        let tail = "\n  ]\n}\n"
        func entry(_ seq: Int, padding: Int) -> String {
            "{\"seq\": \(seq), \"at\": \"2026-11-22T10:00:00Z\", \"op\": \"set\", \"args\": [\"home\"], \"path\": \"home?k=" + String(repeating: "x", count: padding) + "\"}"
        }
        var paddings: [Int] = []
        var total = head.utf8.count + tail.utf8.count
        while total + entryBytes <= size {
            paddings.append(entryBytes - 200)
            total += entryBytes
        }
        func render() -> String {
            head + paddings.enumerated().map { "\n    " + entry($0.offset + 1, padding: $0.element) }.joined(separator: ",") + tail
        }
        // Grow the last entry by what is still missing, to the byte.
        paddings[paddings.count - 1] += size - render().utf8.count
        let text = render()
        precondition(text.utf8.count == size)
        return (text, paddings.count)
    }

    // Issue 8 item 2: a change never produces a file routectl cannot read back.
    @Test func aChangeThatWouldPassTheSizeLimitDropsTheOldestHistoryInstead() throws {
        let box = Sandbox()
        let limit = 16 << 20
        let (text, count) = FileLimitTests.fileNearLimit(size: limit - 50)
        box.write(text)
        #expect(box.contents()!.count <= limit)
        #expect(box.run("show", "--path").status == 0)

        let push = box.run("push", "details", "id=42")
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.errorLines.count == 1)
        #expect(push.stderr.contains("dropped the oldest history entry"), "\(push.stderr)")
        let size = box.contents()!.count
        #expect(size <= limit, "the file grew to \(size) bytes")

        // Every command still reads it, and nothing but old history was lost.
        let show = box.run("show", "--path")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout == "home/details?id=42\n")
        let history = try JSONSerialization.jsonObject(with: Data(box.run("history", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(history?.count == count)  // one dropped, one added
        #expect(history?.first?["seq"] as? Int == 2)
        #expect(history?.last?["seq"] as? Int == count + 1)
        #expect(box.run("-q", "pop").stderr == "")
    }

    // Issue 8 item 2: when even the newest history entry alone does not fit, nothing is written.
    @Test func aStateTooLargeForAnyHistoryIsRefusedBeforeWriting() throws {
        let box = Sandbox()
        // 16,300 routes each holding a 1 KiB value: the stack alone is over 16 MiB once one more
        // is pushed, whatever history is dropped.
        let value = String(repeating: "v", count: 1024)
        let route = "{\"name\": \"r\", \"params\": {\"k\": \"\(value)\"}}"
        var text = "{\"format\": 1, \"initial\": {\"name\": \"home\"}, \"stack\": ["
        var count = 0
        while text.utf8.count + route.utf8.count + 40 < (16 << 20) - 1100 {
            text += (count == 0 ? "" : ",") + route
            count += 1
        }
        text += "]}\n"
        box.write(text)
        #expect(box.run("show", "--path").status == 0)
        let before = box.contents()
        let push = box.run("push", "r", "k=" + value)
        #expect(push.status == 1, "\(push.stderr)")
        #expect(push.errorLines.count == 2)
        #expect(push.errorLines.first?.hasPrefix("routectl: the change would make ") == true, "\(push.stderr)")
        #expect(box.contents() == before)
    }

    // Issue 8 item 3: a large `routes` list reads in linear time (today: quadratic, 80,000
    // names took 11 s). 300,000 names must read well within the bound below; the quadratic
    // check takes minutes.
    @Test func aLargeRouteListReadsInLinearTime() {
        let box = Sandbox()
        let names = (0..<300_000).map { "r\($0)" }
        let list = names.map { "\"\($0)\"" }.joined(separator: ",")
        box.write("{\"format\": 1, \"initial\": {\"name\": \"r0\"}, \"routes\": [\(list)]}\n")
        let result = Subprocess.run(
            Routectl.binary, ["-f", box.file, "show", "--path"],
            environment: TestEnvironment.make(home: box.folder), in: box.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "r0\n")
        // A duplicate far down the list is still found.
        box.write("{\"format\": 1, \"initial\": {\"name\": \"r0\"}, \"routes\": [\(list),\"r299999\"]}\n")
        let duplicate = box.run("show")
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr.contains("duplicate route 'r299999' in routes"), "\(duplicate.stderr)")
    }

    // Issue 8 item 9: a value outside what the command line accepts is an invalid file (65),
    // and `reset --force` recovers it.
    @Test func aHistoryLimitOutOfRangeIsAnInvalidFileThatResetForceRecovers() throws {
        let box = Sandbox()
        let text = "{\"format\": 1, \"initial\": {\"name\": \"home\"}, \"historyLimit\": 1000000000}\n"
        box.write(text)
        for args in [["show"], ["push", "x"], ["set", "x"], ["history"]] {
            let result = Routectl.run(["-f", box.file] + args, home: box.folder)
            #expect(result.status == 65, "\(args): \(result.stderr)")
            #expect(result.errorLines.first?.contains("historyLimit must be a whole number from 1 to 1000000") == true, "\(result.stderr)")
        }
        #expect(box.text() == text)
        let reset = box.run("reset", "--force")
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(box.json()["historyLimit"] as? Int == 1000)
        #expect(box.listing().contains { $0.hasPrefix("navigator.json.corrupt-") })
        #expect(box.run("push", "x").status == 0)
    }
}
