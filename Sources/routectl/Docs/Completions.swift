/// Shell completion scripts, written from the command and option tables.
enum Completions {
    static func script(for shell: Shell) -> String {
        "# routectl completions for \(shell.rawValue): not written yet\n"
    }
}
