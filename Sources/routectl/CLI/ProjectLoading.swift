import RouteModel
import RouteProject
import RouteStore

/// A project file that was found and read: what it says, and where it is.
struct LoadedProject {
    var project: ProjectFile
    /// How messages name it: the path as given (`--config`, `$ROUTECTL_CONFIG`), or as found
    /// (`routectl.json` in the current folder, else its absolute path).
    var name: String
    /// Its folder, against which a relative `store.file` is read.
    var folder: String
}

/// Where the project file comes from and how it is read (see the contract, "The project file"):
/// `--no-config` ignores it; else `--config <path>`, then `$ROUTECTL_CONFIG`, then the search
/// from the current folder up (``ProjectFileSearch``). Every problem is a usage error (exit 64)
/// naming the file (and the line and member, when the text is at fault), raised before any store
/// is read.
enum ProjectLoading {
    static func load(_ options: ParsedOptions, environment: (String) -> EnvironmentValue?) throws -> LoadedProject? {
        if options.noConfig {
            guard options.config == nil else {
                throw UsageError(
                    "options '--config' and '--no-config' cannot be used together",
                    hint: "--config names the project file to use, --no-config uses none: pick one")
            }
            return nil
        }
        var given = options.config
        if given == nil {
            switch environment("ROUTECTL_CONFIG") {
            case .text(let text)?: given = text.isEmpty ? nil : text
            case .notUTF8?:
                throw UsageError("the project file's path from ROUTECTL_CONFIG is not valid UTF-8", hint: "name it with --config <path>")
            case nil: break
            }
        }
        if let given {
            let from = options.config != nil ? "--config" : "ROUTECTL_CONFIG"
            guard let bytes = try read(FilePath(given), name: given) else {
                throw UsageError("no project file \(NavigatorError.quote(given, limit: 200)) (from \(from))")
            }
            return LoadedProject(project: try parse(bytes, name: given), name: given, folder: SystemCall.directory(of: given))
        }
        let found: ProjectFileSearch.Outcome
        do {
            // A HOME that is not UTF-8 names no folder: no stop, as without one.
            var home: String?
            if case .text(let text)? = environment("HOME") { home = text }
            found = try ProjectFileSearch.find(home: home)
        } catch let error as NavigatorError {
            // The whole command again without it, as typed (`--config <path>` is the other
            // way, when the file is one to trust).
            let words = ["routectl", "--no-config"] + CommandLine.arguments.dropFirst().map(ShellWord.quote)
            throw UsageError(error.message, hint: "to run without it, run: " + words.joined(separator: " "))
        }
        guard case .found(let path) = found else { return nil }
        let folder = path.folder.description
        let name = path.folder == ProjectFileSearch.currentFolder() ? ProjectFileSearch.name : path.description
        guard let bytes = try read(path, name: name) else {
            // A dangling link is found and refused, as a folder or a FIFO named so is (issue
            // 34 item 11): never skipped for the default store.
            if let target = ProjectFileSearch.danglingTarget(path) {
                throw UsageError(
                    "project file: cannot read \(NavigatorError.quote(path.description, limit: 200)): it is a symbolic link to \(NavigatorError.quote(target, limit: 200)), which does not exist")
            }
            // Found a moment ago; gone now (another process removed it): as if it never was.
            return nil
        }
        return LoadedProject(project: try parse(bytes, name: name), name: name, folder: folder)
    }

    /// The file's bytes; `nil` when there is none. A folder, a link loop, a device or FIFO, a
    /// file routectl may not read or one too large is a usage error naming it.
    private static func read(_ path: FilePath, name: String) throws -> [UInt8]? {
        do {
            // The store's limit (16 MiB): the parser refuses anything over its own 1 MiB with
            // the size, and the store's message would name the wrong limit.
            return try SystemCall.readFile(path, limit: 16 << 20, forWriting: false)
        } catch let error as NavigatorError {
            // The store's wording, about the project file: "cannot read '<path>': Is a
            // directory" and "'<path>' is not a regular file" name the path; "is larger than
            // ..." (``FileTooLarge``) does not.
            guard error.detail is FileTooLarge else { throw UsageError("project file: " + error.message) }
            throw UsageError("project file \(NavigatorError.quote(name, limit: 200)) \(error.message)")
        }
    }

    private static func parse(_ bytes: [UInt8], name: String) throws -> ProjectFile {
        do {
            return try ProjectFile(parsing: bytes, formats: FormatName.all)
        } catch let error as ProjectFileError {
            var message = error.message(file: name)
            if let unknown = error.unknown, let guess = Suggestion.closest(to: unknown.name, among: unknown.candidates) {
                message += "; did you mean \(quoted(guess))?"
            }
            throw UsageError(message)
        }
    }
}

extension ParsedOptions {
    /// These options with the project file's store defaults where the command line left them
    /// unset. Precedence is git's: the command line, then the environment (`$ROUTECTL_FILE`),
    /// then the project file, then the default file. When the command line or the environment
    /// names where the state is (`-f`, `--domain`, `$ROUTECTL_FILE`), the project's store is not
    /// used at all: its key, simulator and format are about its own store, not the one named.
    func applying(_ loaded: LoadedProject?, environment: (String) -> String?) -> ParsedOptions {
        guard let loaded, !loaded.project.store.isEmpty else { return self }
        let fileFromEnvironment = environment("ROUTECTL_FILE").map { !$0.isEmpty } ?? false
        guard file == nil, domain == nil, !fileFromEnvironment else { return self }
        let store = loaded.project.store
        var options = self
        if let file = store.file {
            options.file = file.hasPrefix("/") || loaded.folder == "." ? file : loaded.folder + "/" + file
        }
        options.domain = store.domain
        // A device named on the command line is where the app is: not the project's simulator.
        options.simulator = device == nil ? simulator ?? store.simulator : simulator
        options.key = key ?? store.key
        options.format = format ?? store.format
        return options
    }
}
