import Foundation
import Testing
import RouteStore
import RouteModel

/// How a project file is found from a folder, as git finds `.git`: here, else the nearest folder
/// above, not above `$HOME`, not one another user owns. In process, on a temporary folder.
@Suite(.tags(.unit)) struct ProjectFileSearchTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("routectl-search-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root + "/home/app/Sources/deep", withIntermediateDirectories: true)
    }

    func find(from folder: String, home: String? = nil) throws -> String? {
        guard case .found(let path) = try ProjectFileSearch.find(from: FilePath(root + folder), home: home) else { return nil }
        return path.description
    }

    func write(_ folder: String) {
        _ = FileManager.default.createFile(atPath: root + folder + "/routectl.json", contents: Data("{}".utf8))
    }

    @Test func theNearestFolderWins() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try find(from: "/home/app/Sources/deep", home: root + "/home") == nil)
        write("/home/app")
        #expect(try find(from: "/home/app/Sources/deep") == root + "/home/app/routectl.json")
        #expect(try find(from: "/home/app") == root + "/home/app/routectl.json")
        write("/home/app/Sources")
        #expect(try find(from: "/home/app/Sources/deep") == root + "/home/app/Sources/routectl.json")
    }

    @Test func theSearchLooksInHomeButNotAboveIt() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        write("")  // above $HOME
        #expect(try find(from: "/home/app/Sources", home: root + "/home") == nil)
        #expect(try find(from: "/home/app/Sources", home: nil) == root + "/routectl.json")
        // $HOME named through a link is the same folder.
        try FileManager.default.createSymbolicLink(atPath: root + "/link-to-home", withDestinationPath: root + "/home")
        #expect(try find(from: "/home/app/Sources", home: root + "/link-to-home") == nil)
        write("/home")
        #expect(try find(from: "/home/app/Sources", home: root + "/home") == root + "/home/routectl.json")
    }

    @Test func anythingNamedSoIsFoundForTheReaderToRefuse() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A folder or a dangling link named routectl.json is found (then refused when read,
        // naming it), rather than silently skipped in favour of one further up.
        try FileManager.default.createDirectory(atPath: root + "/home/app/routectl.json", withIntermediateDirectories: true)
        #expect(try find(from: "/home/app/Sources") == root + "/home/app/routectl.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/home/app/Sources/routectl.json", withDestinationPath: "missing")
        #expect(try find(from: "/home/app/Sources") == root + "/home/app/Sources/routectl.json")
    }

    /// Only root can give a file away: without it, this case cannot be built (skipped).
    @Test(.enabled(if: geteuid() == 0, "giving a file to another user needs root")) func aFileAnotherUserOwnsIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        write("/home/app")
        #expect(chown(root + "/home/app/routectl.json", 4242, 4242) == 0)
        #expect(throws: NavigatorError.self) { try find(from: "/home/app/Sources") }
        do {
            _ = try find(from: "/home/app/Sources")
        } catch let error as NavigatorError {
            #expect(error.message == "the project file '\(root)/home/app/routectl.json' belongs to another user (uid 4242), so it is not used")
        }
    }
}
