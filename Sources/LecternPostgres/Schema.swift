/// The PostgreSQL schema: SQLite's tables (snake_case), plus leases on `stage_runs`, runner details and input bytes.
/// Keys and paths are `COLLATE "C"` so that rows sort by bytes, as SQLite sorts them, whatever the server's locale.
enum Schema {
    /// Any number from the lock space; every Lectern process migrating a database takes this one first.
    static let migrationLock = 7_418_230_771

    /// Applied in order, each in its own transaction, recorded in `schema_migrations`. Never edit one that shipped:
    /// add the next.
    static let migrations: [(version: Int, name: String, sql: String)] = [
        (1, "fleet-store", """
            CREATE TABLE items (
                id text COLLATE "C" PRIMARY KEY,
                kind text NOT NULL,
                source_path text COLLATE "C" NOT NULL,
                sha256 text NOT NULL,
                present boolean NOT NULL,
                parent_id text COLLATE "C",
                scan_error_code text,
                scan_error_message text
            );
            CREATE INDEX items_parent ON items (parent_id);
            CREATE TABLE stage_runs (
                item_id text COLLATE "C" NOT NULL REFERENCES items ON DELETE CASCADE,
                stage text COLLATE "C" NOT NULL,
                seq integer NOT NULL,
                state text NOT NULL,
                attempts integer NOT NULL,
                error_code text,
                error_message text,
                input_hash text,
                stage_version integer,
                options_hash text,
                artifact_key text,
                output_sha text,
                owner text COLLATE "C",
                force boolean NOT NULL,
                pending_reason text,
                started_at double precision,
                finished_at double precision,
                duration_ms integer,
                lease_until timestamptz,
                PRIMARY KEY (item_id, stage)
            );
            -- The claim walks pending rows in (seq, item_id) order and stops at the first runnable one: an index of
            -- pending rows only, so that finished stages are never scanned (graphile-worker#240).
            CREATE INDEX stage_runs_pending ON stage_runs (seq, item_id) WHERE state = 'pending';
            -- Recovery looks for expired leases; heartbeats, releases and `status --workers` for an owner's rows.
            CREATE INDEX stage_runs_leases ON stage_runs (lease_until) WHERE state = 'running';
            CREATE INDEX stage_runs_owner ON stage_runs (owner) WHERE state = 'running';
            -- Every claim and completion rewrites a row here: vacuum early so dead rows do not slow the claims.
            ALTER TABLE stage_runs SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 200);
            CREATE TABLE artifacts (
                key text COLLATE "C" PRIMARY KEY,
                stage text NOT NULL,
                output_sha text NOT NULL,
                data bytea NOT NULL
            );
            CREATE TABLE sources (
                path text COLLATE "C" PRIMARY KEY,
                size bigint NOT NULL,
                mtime_ns bigint NOT NULL,
                inode bigint NOT NULL,
                sha256 text NOT NULL
            );
            CREATE TABLE runners (
                id text COLLATE "C" PRIMARY KEY,
                host text NOT NULL,
                pid integer NOT NULL,
                jobs integer NOT NULL,
                started_at timestamptz NOT NULL,
                last_seen_at timestamptz NOT NULL
            );
            CREATE TABLE settings (
                key text COLLATE "C" PRIMARY KEY,
                value text NOT NULL
            );
            CREATE TABLE published (
                path text COLLATE "C" PRIMARY KEY,
                source text NOT NULL,
                size bigint NOT NULL,
                mtime_ns bigint NOT NULL
            );
            CREATE TABLE inputs (
                sha256 text COLLATE "C" PRIMARY KEY,
                data bytea NOT NULL
            );
            """),
    ]

    static let createMigrationsTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version integer PRIMARY KEY,
            name text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """

    /// Applies what is missing, holding the advisory lock so that processes opening a new database at once take turns.
    static func migrate(_ connection: PGConnection) throws(PGFailure) {
        try connection.query("SELECT pg_advisory_lock($1)", [.int(migrationLock)])
        do {
            try connection.execute(createMigrationsTable)
            let applied = Set(try connection.query("SELECT version FROM schema_migrations").compactMap { $0.int(0) })
            for migration in migrations where !applied.contains(migration.version) {
                try connection.transaction { () throws(PGFailure) in
                    try connection.execute(migration.sql)
                    try connection.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                         [.int(migration.version), .text(migration.name)])
                }
            }
        } catch {
            _ = try? connection.query("SELECT pg_advisory_unlock($1)", [.int(migrationLock)])
            throw error
        }
        try connection.query("SELECT pg_advisory_unlock($1)", [.int(migrationLock)])
    }
}
