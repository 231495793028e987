import Logging

/// Diagnostics for operators, on stderr. Quiet by default; `LECTERN_LOG_LEVEL=debug lectern run` shows every step.
let log = Logger(label: "lectern")
