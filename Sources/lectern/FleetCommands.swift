import ArgumentParser
import Foundation
import LecternModel
import LecternPipeline

struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Run the stages that `lectern run` schedules in a shared store, on this machine, until stopped.",
        discussion: """
        A worker needs no inbox and no output folder: with a PostgreSQL store it reads the inputs, the pipeline \
        options and the review decisions that the scanning run put in the store, and writes results there; \
        `lectern run` (or `lectern publish`) writes the bundles. Each claim is a lease that the worker renews; \
        if the worker dies, its stages go back to the others when the lease runs out. SIGTERM or Ctrl-C drain \
        it: the stages in hand finish, then it exits 0. With a SQLite store (--out) it works beside the runs on \
        that folder and reads the inbox of the latest run.

        Example: lectern worker --store postgres://lectern@db.school.lan:5432/lectern --jobs 4
        """)

    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var jobs: JobOptions
    @Flag(help: "Print what this worker did as JSON on stdout when it stops.") var json = false

    func validate() throws {
        guard jobs.jobs > 0 else { throw ValidationError("a worker needs --jobs 1 or more") }
    }

    func run() throws {
        let lectern = try store.openPipeline(out, jobs: jobs.jobs)
        let handlers = SignalHandlers()
        let counts = try lectern.serveAsWorker(jobs: jobs.jobs, progress: ConsoleProgress(), stop: handlers.stop)
        withExtendedLifetime(handlers) {}
        if json {
            try printJSON(counts)
        } else {
            print("Stopped: \(counts.run) stages run, \(counts.cached) from cache, \(counts.discarded) late results discarded.")
        }
    }
}

struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Write the bundles, media and index.json that a store holds into an output folder.",
        discussion: """
        `lectern run` publishes when its stages are done; this publishes anywhere else, for example a web \
        server's folder fed by a fleet's PostgreSQL store. One publisher per output folder at a time (a lock \
        file); every file is written to a temporary name and renamed, so readers never see half a file.

        Example: lectern publish --store postgres://lectern@db/lectern --out /srv/lectern
        """)

    @OptionGroup var out: OutOptions
    @OptionGroup var store: StoreOptions
    @Flag(help: "Print the index as JSON on stdout.") var json = false

    func run() throws {
        let index = try store.openPipeline(out).publish()
        if json {
            try printJSON(index)
        } else {
            let done = index.items.filter { $0.state == .done }.count
            print("Published \(done) of \(index.items.count) items to \(out.url.path).")
        }
    }
}
