import RouteModel
import RouteStore
import PropertyListCodec

/// A key's changes, recorded and restored as the key's value (as a binary property list of
/// that value alone): everything else in the preferences is kept as it is.
extension PreferenceKeyStore: JournaledStorage {
    package func updateRecording(
        recover: Bool, _ change: (inout StoredState) throws -> Bool
    ) throws -> (outcome: ChangeOutcome<StoredState>, values: RecordedValues?) {
        try preferences.update(keysStartingWith: key.name) { document in
            let key = try resolvedKey(in: document)
            let (replacement, outcome) = try changing(document, key: key, recover: recover, change)
            guard let replacement, outcome.changed, outcome.state.journaled else { return (replacement, (outcome, nil)) }
            let values = RecordedValues(
                before: document.dictionary[key.name].map(BinaryPropertyList.encode),
                after: replacement.dictionary[key.name].map(BinaryPropertyList.encode))
            return (replacement, (outcome, values))
        }
    }

    package func restore(expecting expected: [UInt8]?, with restored: [UInt8]?, foundKey: String?) throws -> Bool {
        let name = foundKey ?? key.name
        let restoredValue = try restored.map { bytes in
            do {
                return try BinaryPropertyList.decode(bytes)
            } catch {
                throw NavigatorError(.invalidFile, "routectl's record of the value of \(PreferenceKey(name)) is damaged, so nothing was restored")
            }
        }
        return try preferences.update(keysStartingWith: name) { document -> (PropertyListDocument?, Bool) in
            let current = document.dictionary[name]
            let expectedValue = try expected.map { try BinaryPropertyList.decode($0) }
            guard current == expectedValue else { return (nil, false) }
            var changed = document
            if let restoredValue {
                changed.dictionary = document.dictionary.replacing(name, with: restoredValue)
            } else {
                changed.dictionary = document.dictionary.removing(name)
            }
            return (changed, true)
        }
    }
}
