/// The shells routectl writes completion scripts for.
enum Shell: String, CaseIterable {
    case bash, zsh, fish
}
