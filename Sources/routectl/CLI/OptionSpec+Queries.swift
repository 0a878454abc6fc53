/// The questions help, the man page and the completion scripts ask of the option table, asked
/// here once.
extension OptionSpec {
    /// Options accepted with every command, before or after it, in table order.
    static var global: [OptionSpec] { all.filter { $0.commands == nil } }

    /// Options that belong to some commands only, accepted after one of them.
    static var commandSpecific: [OptionSpec] { all.filter { $0.commands != nil } }

    /// The options that belong to `command`, in table order.
    static func own(of command: Command) -> [OptionSpec] {
        all.filter { $0.commands?.contains(command) ?? false }
    }

    /// The options that take a value.
    static var valueTaking: [OptionSpec] { all.filter { $0.valueName != nil } }
}
