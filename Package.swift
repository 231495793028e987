// swift-tools-version: 6.0
import PackageDescription

// Linux only: the code calls Glibc (flock, inotify, posix_spawn) and needs Swift 6's Mutex and UInt128.
let package = Package(
    name: "Lectern",
    products: [
        .executable(name: "lectern", targets: ["lectern"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // System libraries: module maps only. Their pointers never leave the wrapper modules.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        // LAME ships no pkg-config file: its module map links mp3lame by name.
        .systemLibrary(name: "CLame", providers: [.apt(["libmp3lame-dev"])]),

        .target(name: "LecternModel"),
        // UTF-8 fast paths and the whitespace vocabulary the text modules share (public and @inlinable: `package`
        // functions were not inlined across modules, which cost the lecture stage 10% in calls per byte).
        .target(name: "LecternBytes"),
        .target(name: "LecternJSON", dependencies: ["LecternModel", "LecternBytes"]),
        .target(name: "LecternOCR", dependencies: ["CTesseract", "LecternModel"]),
        .target(name: "LecternHTML", dependencies: ["CLibXML2", "LecternModel", "LecternBytes"]),
        // espeak-ng + LAME: what a topic says, its speech and its MP3 (the narrate stage).
        .target(name: "LecternVoice", dependencies: ["CEspeakNG", "CLame", "LecternModel", "LecternText"]),
        .target(name: "LecternText", dependencies: ["LecternModel", "LecternBytes"], resources: [.copy("Resources")]),
        // The generate stages, one module per product; what the products share sits under them, and no product imports
        // another. `PlainText` is public and @inlinable for the same reason as LecternBytes: the lectures call it per byte.
        .target(name: "LecternQuestions", dependencies: ["LecternModel", "LecternText", "LecternBytes"]),
        .target(name: "LecternHomework", dependencies: ["LecternQuestions", "LecternModel", "LecternText"]),
        .target(name: "LecternWordLists", dependencies: ["LecternQuestions", "LecternModel", "LecternText"]),
        .target(name: "LecternLectures", dependencies: ["LecternQuestions", "LecternModel", "LecternText", "LecternBytes"]),
        .target(name: "LecternExport", dependencies: [
            "LecternModel", "LecternJSON",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "LecternStore", dependencies: [
            "LecternModel",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // The fleet's store (libpq, synchronous like the worker threads); its pointers never leave the module.
        .target(name: "LecternPostgres", dependencies: ["CLibPQ", "LecternStore", "LecternModel"]),
        .target(name: "LecternPipeline", dependencies: [
            "LecternModel", "LecternJSON", "LecternOCR", "LecternHTML", "LecternText", "LecternHomework", "LecternQuestions", "LecternWordLists", "LecternLectures", "LecternStore",
            "LecternPostgres",
            "LecternExport", "LecternReviews", "LecternVoice",
            .product(name: "Yams", package: "Yams"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "LecternReviews", dependencies: ["LecternModel", .product(name: "Yams", package: "Yams")]),
        .target(name: "LecternServe", dependencies: [
            "LecternModel", "LecternJSON", "LecternLectures", "LecternReviews", "LecternText",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Mustache", package: "swift-mustache"),
        ], resources: [.copy("Resources")]),
        .executableTarget(name: "lectern", dependencies: [
            "LecternPipeline", "LecternModel", "LecternJSON", "LecternLectures", "LecternServe", "LecternExport", "LecternReviews",
            "LecternText", "LecternQuestions", "LecternHomework",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // What the tests of several targets and the scale benchmark share (a throwaway PostgreSQL server, the fleet inbox);
        // `lectern` never links it.
        .target(name: "LecternTestSupport"),

        // Benchmarks: `make bench` (release build); each prints its figures.
        .executableTarget(name: "lectern-bench", dependencies: [
            "LecternPipeline", "LecternModel", "LecternJSON", "LecternOCR", "LecternHTML", "LecternText", "LecternQuestions", "LecternHomework",
            "LecternWordLists", "LecternLectures", "LecternExport", "LecternStore", "LecternPostgres", "LecternVoice", "LecternTestSupport",
        ]),

        .testTarget(name: "LecternBytesTests", dependencies: ["LecternBytes"]),
        .testTarget(name: "LecternJSONTests", dependencies: ["LecternJSON", "LecternModel"]),
        .testTarget(name: "LecternOCRTests", dependencies: ["LecternOCR", "LecternModel"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LecternHTMLTests", dependencies: ["LecternHTML", "LecternBytes", "LecternQuestions", "LecternLectures", "LecternText", "LecternModel", "LecternJSON"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LecternVoiceTests", dependencies: ["LecternVoice", "LecternModel"]),
        .testTarget(name: "LecternTextTests", dependencies: ["LecternText", "LecternModel"]),
        .testTarget(name: "LecternHomeworkTests", dependencies: ["LecternHomework", "LecternQuestions", "LecternText", "LecternModel", "LecternJSON"]),
        .testTarget(name: "LecternWordListsTests", dependencies: ["LecternWordLists", "LecternQuestions", "LecternText", "LecternModel"]),
        .testTarget(name: "LecternLecturesTests", dependencies: ["LecternLectures", "LecternQuestions", "LecternText", "LecternModel", "LecternJSON"]),
        // One conformance suite over both stores; the PostgreSQL half starts a throwaway server (initdb, pg_ctl).
        .testTarget(name: "LecternStoreTests", dependencies: ["LecternStore", "LecternPostgres", "LecternModel", "LecternTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "LecternServeTests", dependencies: [
            "LecternServe", "LecternPipeline", "LecternModel", "LecternJSON", "LecternReviews", "LecternText",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
        .testTarget(name: "LecternExportTests", dependencies: ["LecternExport", "LecternPipeline", "LecternModel", "LecternJSON"]),
        .testTarget(name: "LecternPipelineTests", dependencies: ["LecternPipeline", "LecternVoice", "LecternReviews", "LecternStore", "LecternModel", "LecternJSON", "LecternExport", "LecternTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
