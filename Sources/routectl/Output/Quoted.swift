import RouteModel

/// User-supplied text quoted for a message, as the model quotes it (see
/// ``NavigatorError/quote(_:limit:)``): one quoting rule for every line routectl prints.
func quoted(_ text: String, limit: Int = 80) -> String {
    NavigatorError.quote(text, limit: limit)
}
