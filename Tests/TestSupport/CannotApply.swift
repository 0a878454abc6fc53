#if canImport(Testing)
import RouteModel
import Testing

/// Applies `operation` to `state`, expecting it refused as `cannotApply` with the state left as
/// it was; returns the error, for the caller to check its message and facts.
public func cannotApply(
    _ state: inout NavigatorState, _ operation: NavigationOperation, sourceLocation: SourceLocation = #_sourceLocation
) -> NavigatorError? {
    let before = state.tree
    let error = #expect(throws: NavigatorError.self, sourceLocation: sourceLocation) { try state.apply(operation) }
    #expect(error?.kind == .cannotApply, sourceLocation: sourceLocation)
    #expect(state.tree == before, "a refused operation changed the state", sourceLocation: sourceLocation)
    return error
}
#endif
