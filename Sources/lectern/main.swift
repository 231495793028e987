import ArgumentParser
import Foundation
import Glibc
import Logging

// Tesseract's OpenMP reads OMP_THREAD_LIMIT when the library loads, so it must be set before the
// process starts: re-execute ourselves once with it set. Pages run side by side on --jobs workers instead.
if getenv("OMP_THREAD_LIMIT") == nil {
    setenv("OMP_THREAD_LIMIT", "1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // execv only returns on failure; carry on single-process (slower OCR, still correct).
}

// Operator diagnostics go to stderr; LECTERN_LOG_LEVEL=debug|info|notice|warning (default) chooses how many.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = ProcessInfo.processInfo.environment["LECTERN_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
    return handler
}

/// Runs the parsed command, the async way when it is async (`lectern serve`): at top level the compiler picks
/// the synchronous `run()`, which only prints help for an async command.
func run(_ command: ParsableCommand) async throws {
    if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
    } else {
        var command = command
        try command.run()
    }
}

do {
    try await run(try Lectern.parseAsRoot())
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let code = Lectern.exitCode(for: error)
    if code == .success {
        print(Lectern.fullMessage(for: error))
        exit(0)
    }
    // Usage and configuration errors exit 2, as the command-line contract says (not ArgumentParser's 64).
    FileHandle.standardError.write(Data((Lectern.fullMessage(for: error) + "\n").utf8))
    exit(2)
}
