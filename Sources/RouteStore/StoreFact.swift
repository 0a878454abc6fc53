import RouteModel

/// What a store knows of a failure, for a caller to advise on (``NavigatorError/detail``).
public enum StoreFact: ErrorDetail, Equatable {
    /// The file at `path` has no write bit.
    case readOnly(path: String)
    /// A file already exists at `path`, where one was to be created.
    case alreadyExists(path: String)
    /// The file at `path` is not a regular file (a FIFO, a device, a socket).
    case notARegularFile(path: String)
    /// The folder `folder` of a file to create does not exist (it is not created).
    case noSuchFolder(folder: String)
    /// The folder `folder` of a file to replace does not let routectl create a file in it.
    case folderNotWritable(folder: String)
    /// The file at `path` is in no format routectl reads (a `package.json` given by mistake):
    /// not routectl's, so nothing may offer to replace or move it.
    case inNoFormat(path: String)
}

/// A file was refused unread for its size: `size` bytes, over the `limit` its reader takes.
/// Its message names no path (the caller's subject does).
package struct FileTooLarge: ErrorDetail, Equatable {
    package var size: Int
    package var limit: Int
}
