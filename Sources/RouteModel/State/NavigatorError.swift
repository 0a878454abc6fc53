import PlainText

/// An error from `RouteModel`: what went wrong, in one line, what kind of failure it is, and
/// (where a caller could help the user on) the facts behind it.
///
/// The message names the route, parameter or file concerned. A caller such as a command-line
/// tool maps ``Kind`` to its exit status, shows ``message`` as it is, and words its own advice
/// from ``fact``: the model knows nothing of commands or flags.
public struct NavigatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The class of failure, stable enough for a caller to act on.
    public enum Kind: Equatable, Sendable {
        /// The caller's input is invalid: a bad route name or parameter, a route not allowed.
        case invalidInput
        /// The operation cannot apply to the current state, such as a pop on an empty stack.
        case cannotApply
        /// The file is not a navigator file: corrupt, foreign, too large or nested too deep.
        case invalidFile
        /// The file has a newer format than this build can read, or (for a change) write.
        case newerFormat
        /// The file or its folder cannot be created or replaced.
        case cannotCreate
        /// Any other input or output failure.
        case io
        /// The file's lock could not be taken in time.
        case lockTimeout
        /// A tool a store runs (`defaults`, `xcrun`) is missing or failed.
        case toolFailed
    }

    /// What a caller needs to advise the user, for the errors that have advice.
    public enum Fact: Equatable, Sendable {
        /// `name` is not in the declared route list `allowed`.
        case routeNotAllowed(name: String, allowed: [String])
        /// The initial route `name` is not in the route list `allowed` of a new file.
        case initialNotAllowed(name: String, allowed: [String])
        /// A pop found nothing pushed on the top flow, which is presented as `presentation`
        /// (`nil` for a base flow); the state's path is `path`.
        case nothingToPop(path: String, presentation: PresentationStyle?)
        /// A pop of `requested` routes found only `pushed` on the top flow, which is presented
        /// as `presentation` (`nil` for a base flow).
        case popPastRoot(requested: Int, pushed: Int, presentation: PresentationStyle?)
        /// No route named `name` is in the top flow; the state's path is `path`.
        case notInFlow(name: String, path: String)
        /// A dismiss found nothing presented; the state's path is `path`.
        case nothingPresented(path: String)
        /// No flow of the chain on screen holds a route named `name`; the state's path is `path`.
        case notInChain(name: String, path: String)
        /// A tab was asked of the root `root`, which is no tab container; `containers` are the
        /// declared ones.
        case noTabs(root: String, containers: [String])
        /// `name` is not one of the tabs `tabs` of the container `container` (empty for a tab
        /// container that is no route).
        case unknownTab(name: String, container: String, tabs: [String])
        /// An undo of `requested` changes found history reaching back only `available`.
        case historyTooShort(requested: Int, available: Int)
        /// A path did not parse, or does not fit the declarations, at `column` (1-based, in
        /// characters).
        case invalidPath(column: Int)
        /// A URL or URL pattern did not parse, at `column` (1-based, in characters).
        case invalidURL(column: Int)
        /// A link's two patterns do not have the same placeholders.
        case invalidLink
        /// No declared link takes the URL `url`; `closest` is the URL pattern that comes
        /// closest, and `reason` why it does not match.
        case noLinkMatch(url: String, closest: String?, reason: String?)
        /// No declared link gives a URL for the path `path`; `declared` links are declared.
        case noLinkForPath(path: String, declared: Int)
        /// The URL pattern `url` is already declared, for the path pattern `path`.
        case linkDeclared(url: String, path: String)
        /// No link is declared for the URL pattern `url`; `declared` are the URL patterns that are.
        case noSuchLink(url: String, declared: [String])
        /// A parameter word has no `=`.
        case parameterWithoutValue
        /// A `key:=<json>` value is not a JSON number, `true`, `false`, `null` or string.
        case invalidTypedValue
        /// A parameter key is given twice.
        case duplicateParameter
        /// The state would not fit in a file even with only the newest history entry.
        case tooLargeToStore
        /// `operation` needs more than a ``RouteSetting`` holds (a root route name); `route` is
        /// the route it would have pushed, presented or set with parameters.
        case onlyARootRoute(operation: String, route: String?)
        /// `operation` needs more than a ``RouteSetting`` that holds an integer (the raw value of
        /// an `Int`-backed enum) holds, or a route name where it takes an integer; `value` is the
        /// integer it holds.
        case onlyAnInteger(operation: String, value: Int64)
        /// `redo` of `requested` changes found only `available` to take forward.
        case nothingToRedo(requested: Int, available: Int)
        /// `operation` (`history`, `undo` or `redo`) needs a history, which the state's format
        /// `format` does not keep.
        case keepsNoHistory(operation: String, format: String)
        /// A change would present over a tab view that shows nothing presented over it
        /// (VAPersistentNavigator's); `path` presents the same in the selected tab instead.
        case nothingOverTabs(path: String)
    }

    /// The class of failure.
    public var kind: Kind
    /// What the error is about, outermost first, such as the file and the key of an app's
    /// preferences (`'prefs.plist'`, `key 'route'`): each layer that knows adds its own with
    /// ``about(_:)``, instead of rewriting the message.
    public var subject: [String]
    /// What went wrong, in words that stand after the subject.
    public var reason: String
    /// The facts behind it, when a caller could advise on them.
    public var fact: Fact?
    /// Facts of a layer outside the model (a store's, an app's preferences'), in that layer's
    /// own type: the model names none of their concepts.
    public var detail: (any ErrorDetail)?

    /// Creates an error of the given kind, about `subject`.
    public init(_ kind: Kind, _ reason: String, fact: Fact? = nil, detail: (any ErrorDetail)? = nil, subject: [String] = []) {
        self.kind = kind
        self.reason = reason
        self.fact = fact
        self.detail = detail
        self.subject = subject
    }

    public static func == (lhs: NavigatorError, rhs: NavigatorError) -> Bool {
        guard lhs.kind == rhs.kind, lhs.subject == rhs.subject, lhs.reason == rhs.reason, lhs.fact == rhs.fact else {
            return false
        }
        switch (lhs.detail, rhs.detail) {
        case (nil, nil): return true
        case (let left?, let right?): return left.isEqual(to: right)
        default: return false
        }
    }

    /// The error in one line: its subject, then its reason.
    public var message: String {
        subject.isEmpty ? reason : (subject + [reason]).joined(separator: " ")
    }

    /// The error about `outer` as well, which goes before the subject it has (unless it is
    /// already there, first).
    public func about(_ outer: String) -> NavigatorError {
        guard subject.first != outer else { return self }
        var error = self
        error.subject.insert(outer, at: 0)
        return error
    }

    public var description: String { message }

    /// Quotes user-supplied text for a message (see ``PlainText/quoted(_:limit:)``).
    public static func quote(_ text: String, limit: Int = 80) -> String {
        quoted(text, limit: limit)
    }
}

/// What an outer layer knows of an error (see ``NavigatorError/detail``): a store's facts, an
/// app's preferences' facts, each in a type of that layer's own.
public protocol ErrorDetail: Sendable {
    /// Whether `other` is the same fact.
    func isEqual(to other: any ErrorDetail) -> Bool
}

extension ErrorDetail where Self: Equatable {
    public func isEqual(to other: any ErrorDetail) -> Bool {
        (other as? Self) == self
    }
}
