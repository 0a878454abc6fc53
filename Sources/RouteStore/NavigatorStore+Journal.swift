#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RouteModel
import RouteCodecs

/// What a change replaced and what it wrote, as the store holds them (a file's bytes, a key's
/// value as a binary property list), for the ``ChangeJournal``; `nil` where nothing was (no
/// file, no key).
package struct RecordedValues: Equatable, Sendable {
    package var before: [UInt8]?
    package var after: [UInt8]?

    package init(before: [UInt8]?, after: [UInt8]?) {
        self.before = before
        self.after = after
    }
}

/// A store whose changes routectl can record in its ``ChangeJournal`` when the state's format
/// keeps no history of its own, and restore exactly: a file (``NavigatorStore``), a key of an
/// app's preferences.
package protocol JournaledStorage: StateStorage {
    /// ``StateStorage/updateState(recover:_:)``, with what the change replaced and wrote when
    /// it changed a state whose format keeps no history (`nil` otherwise: nothing to record).
    func updateRecording(
        recover: Bool, _ change: (inout StoredState) throws -> Bool
    ) throws -> (outcome: ChangeOutcome<StoredState>, values: RecordedValues?)

    /// ``DocumentStorage/updateDocument(applying:_:)``, with what the change replaced and wrote
    /// as ``updateRecording(recover:_:)`` gives them: a change written straight into the stored
    /// bytes records them too (`outcome` `nil`: spliced, nothing to note), so that a store
    /// whose changes routectl records keeps the splice. Default: ``updateRecording(recover:_:)``.
    func updateDocumentRecording(
        applying operation: NavigationOperation, _ change: (inout StoredState) throws -> Bool
    ) throws -> (outcome: ChangeOutcome<StoredState>?, values: RecordedValues?)

    /// Under the store's lock: when the store holds exactly `expected`, replaces it with
    /// `restored` (`nil`: removes it) and returns `true`; else writes nothing and returns
    /// `false`. `foundKey`: the key that holds the state, when a prefix named it.
    func restore(expecting expected: [UInt8]?, with restored: [UInt8]?, foundKey: String?) throws -> Bool
}

extension StoredState {
    /// Whether a change to this state is recorded in routectl's journal: a state whose format
    /// keeps no history (another library's), or a route setting.
    package var journaled: Bool {
        if case .navigator(let state) = self { return !state.keepsHistory }
        return true
    }
}

extension JournaledStorage {
    package func updateDocumentRecording(
        applying operation: NavigationOperation, _ change: (inout StoredState) throws -> Bool
    ) throws -> (outcome: ChangeOutcome<StoredState>?, values: RecordedValues?) {
        let (outcome, values) = try updateRecording(recover: false, change)
        return (outcome, values)
    }
}

extension NavigatorStore: JournaledStorage {
    package func updateDocumentRecording(
        applying operation: NavigationOperation, _ change: (inout StoredState) throws -> Bool
    ) throws -> (outcome: ChangeOutcome<StoredState>?, values: RecordedValues?) {
        var values: RecordedValues?
        func apply(_ state: inout NavigatorState) throws -> Bool {
            var stored = StoredState.navigator(state)
            let changed = try change(&stored)
            if case .navigator(let changedState) = stored { state = changedState }
            return changed
        }
        let outcome: Outcome? = try file.change(firstLook: { try firstLook(apply) }) { locked in
            // Without recover, a file that cannot be read is refused either way.
            let bytes = try naming { try locked.read() }
            if let bytes, let changed = (try? document(bytes))?.applying(operation) {
                try locked.replace(with: [changed[...]])
                // A document that splices keeps no history (NavigationPath): recorded.
                values = RecordedValues(before: bytes, after: changed)
                return nil
            }
            let outcome = try changing(locked, read: { bytes }, recover: false, apply)
            guard outcome.changed, !outcome.state.keepsHistory else { return outcome }
            values = RecordedValues(before: bytes, after: try SystemCall.readFile(locked.resolved, limit: maxBytes, forWriting: false))
            return outcome
        }
        return (outcome.map { ChangeOutcome(state: .navigator($0.state), changed: $0.changed, notes: $0.notes) }, values)
    }

    package func updateRecording(
        recover: Bool, _ change: (inout StoredState) throws -> Bool
    ) throws -> (outcome: ChangeOutcome<StoredState>, values: RecordedValues?) {
        var values: RecordedValues?
        func apply(_ state: inout NavigatorState) throws -> Bool {
            var stored = StoredState.navigator(state)
            let changed = try change(&stored)
            if case .navigator(let changedState) = stored { state = changedState }
            return changed
        }
        let outcome = try file.change(firstLook: { try firstLook(apply) }) { locked in
            let before = try naming { try locked.read() }
            let outcome = try changing(locked, read: { before }, recover: recover, apply)
            guard outcome.changed, !outcome.state.keepsHistory else { return outcome }
            // Read back under the lock: what routectl wrote, as the file holds it.
            values = RecordedValues(before: before, after: try SystemCall.readFile(locked.resolved, limit: maxBytes, forWriting: false))
            return outcome
        }
        return (ChangeOutcome(state: .navigator(outcome.state), changed: outcome.changed, notes: outcome.notes), values)
    }

    package func restore(expecting expected: [UInt8]?, with restored: [UInt8]?, foundKey: String?) throws -> Bool {
        let target = try file.target(refuseReadOnly: true)
        return try file.withLock(target.path, refuseReadOnly: true) { locked in
            guard try locked.read() == expected else { return false }
            if let restored {
                try locked.replace(with: restored)
            } else if locked.exists {
                guard unlink(locked.resolved.cString) == 0 else { throw SystemCall.failure("remove", locked.resolved) }
            }
            return true
        }
    }
}
