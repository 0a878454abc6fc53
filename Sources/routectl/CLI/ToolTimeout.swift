import RoutePreferences
import RouteDefaults
import RouteModel

/// How long `--domain` lets each run of `defaults` (or of `xcrun`: `simctl`, `devicectl`) take
/// before stopping it: ``DefaultsDomainStore/defaultTimeout`` seconds, or what
/// `ROUTECTL_TOOL_TIMEOUT` says (a number of seconds above 0, fractions allowed, at most a day;
/// empty counts as unset).
enum ToolTimeout {
    static let variable = "ROUTECTL_TOOL_TIMEOUT"

    /// The seconds allowed.
    ///
    /// - Throws: ``UsageError`` for a value that is not a number of seconds above 0, at most
    ///   86400, or not UTF-8.
    static func seconds(environment: (String) -> EnvironmentValue?) throws -> Double {
        let expected = "expected a number of seconds above 0, at most 86400, such as 2.5"
        let hint = "unset it for the default of \(Int(DefaultsDomainStore.defaultTimeout)) seconds"
        let text: String
        switch environment(variable) {
        case .text(let value)?: text = value
        case .notUTF8?: throw UsageError("invalid \(variable): it is not valid UTF-8; \(expected)", hint: hint)
        case nil: text = ""
        }
        guard !text.isEmpty else { return DefaultsDomainStore.defaultTimeout }
        let allowed = text.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
        guard allowed, let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
            throw UsageError("invalid \(variable) \(NavigatorError.quote(text, limit: 40)): \(expected)", hint: hint)
        }
        return value
    }
}
