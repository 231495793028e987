// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lectern",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lectern", targets: ["lectern"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // System libraries: module maps only. Their pointers never leave the wrapper modules.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        .target(name: "LecternModel"),
        .target(name: "LecternOCR", dependencies: ["CTesseract", "LecternModel"]),
        .target(name: "LecternHTML", dependencies: ["CLibXML2", "LecternModel"]),
        .target(name: "LecternText", dependencies: ["LecternModel"], resources: [.copy("Resources")]),
        .target(name: "LecternGenerate", dependencies: ["LecternModel", "LecternText"]),
        .target(name: "LecternExport", dependencies: [
            "LecternModel",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "LecternStore", dependencies: [
            "LecternModel",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "LecternPipeline", dependencies: [
            "LecternModel", "LecternOCR", "LecternHTML", "LecternText", "LecternGenerate", "LecternStore", "LecternExport",
            .product(name: "Yams", package: "Yams"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .executableTarget(name: "lectern", dependencies: [
            "LecternPipeline", "LecternModel", "LecternStore", "LecternExport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Benchmarks: `make bench` (release build); each prints its figures.
        .executableTarget(name: "lectern-bench", dependencies: [
            "LecternPipeline", "LecternModel", "LecternStore", "LecternOCR", "LecternHTML", "LecternText", "LecternGenerate", "LecternExport",
        ]),

        .testTarget(name: "LecternModelTests", dependencies: ["LecternModel"]),
        .testTarget(name: "LecternOCRTests", dependencies: ["LecternOCR", "LecternModel"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LecternHTMLTests", dependencies: ["LecternHTML", "LecternGenerate", "LecternText", "LecternModel"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LecternTextTests", dependencies: ["LecternText", "LecternModel"]),
        .testTarget(name: "LecternGenerateTests", dependencies: ["LecternGenerate", "LecternText", "LecternModel"]),
        .testTarget(name: "LecternStoreTests", dependencies: ["LecternStore", "LecternModel"]),
        .testTarget(name: "LecternExportTests", dependencies: ["LecternExport", "LecternPipeline", "LecternModel"]),
        .testTarget(name: "LecternPipelineTests", dependencies: ["LecternPipeline", "LecternStore", "LecternModel"]),
    ],
    swiftLanguageModes: [.v6]
)
