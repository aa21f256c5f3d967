// swift-tools-version: 6.1
// skeletond: SkeletonView's skeleton semantics as a language-server-style daemon.
// Module map and invariants: ARCHITECTURE.md.
import PackageDescription

/// Swift's rounding functions call libm, which nothing else links on Linux.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "skeletond",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "skeletond", targets: ["skeletond"]),
        .executable(name: "skeleton", targets: ["skeleton"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "600.0.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // MARK: C libraries from Debian
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(name: "CJSONArena", dependencies: ["CJansson"]),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        .systemLibrary(
            name: "CGif",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]
        ),
        // Text: shaping, rasterising and bidi; each shim includes only its own library's headers.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),

        // MARK: The JSON edge
        .target(name: "JSON", dependencies: ["CJansson", "CJSONArena"], swiftSettings: strict, linkerSettings: libm),
        .target(name: "JSONRPC", dependencies: ["JSON"], swiftSettings: strict),

        // MARK: Skeleton semantics (never see JSON except Model's decoder)
        .target(name: "SkeletonGraphics", swiftSettings: strict, linkerSettings: libm),
        .target(name: "SkeletonModel", dependencies: ["JSON", "SkeletonGraphics"], swiftSettings: strict),
        .target(
            name: "SkeletonText", dependencies: ["SkeletonGraphics", "CHarfBuzz", "CFreeType", "CFriBidi"],
            swiftSettings: strict, linkerSettings: libm),
        .target(name: "SkeletonEngine", dependencies: ["SkeletonModel", "SkeletonGraphics"], swiftSettings: strict),
        .target(
            name: "SkeletonRender", dependencies: ["SkeletonGraphics", "SkeletonText", "CZlib"], swiftSettings: strict,
            linkerSettings: libm),
        .target(
            name: "InterfaceBuilder", dependencies: ["SkeletonModel", "SkeletonGraphics", "JSON"], swiftSettings: strict
        ),

        .target(
            name: "SwiftCode",
            dependencies: [
                "SkeletonModel", "SkeletonGraphics",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),

        // The typed protocol: one params and result type per method, decoded by one decoder (it sees JSON and the
        // model's option values; the engine, render and text never see it).
        .target(name: "SkeletonProtocol", dependencies: ["JSON", "SkeletonModel"], swiftSettings: strict),

        .target(
            name: "CodeLinking", dependencies: ["SwiftCode", "InterfaceBuilder", "SkeletonModel", "JSON"],
            swiftSettings: strict),

        // MARK: The server and its executables
        .target(
            name: "SkeletonServer",
            dependencies: [
                "JSON", "JSONRPC", "SkeletonModel", "SkeletonEngine", "SkeletonRender", "SkeletonGraphics",
                "SkeletonText", "InterfaceBuilder", "SwiftCode", "CodeLinking", "SkeletonProtocol",
            ],
            swiftSettings: strict
        ),
        .target(name: "SkeletonImaging", dependencies: ["CGif", "CZlib"], swiftSettings: strict),
        .target(name: "SkeletonClient", dependencies: ["JSON", "JSONRPC", "SkeletonProtocol"], swiftSettings: strict),
        .executableTarget(
            name: "skeletond",
            dependencies: [
                "SkeletonServer", "SkeletonText", "JSONRPC", "JSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "SkeletonWebPreview",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "JSON",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "skeleton",
            dependencies: [
                "SkeletonClient", "SkeletonImaging", "SkeletonWebPreview", "JSON", "JSONRPC", "CZlib",
                "SkeletonProtocol", "SkeletonModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: strict
        ),

        // MARK: Tests (one target per module, plus end to end over pipes)
        .target(
            name: "SkeletondTestSupport",
            dependencies: ["JSON", "JSONRPC", "SkeletonClient", "SkeletonImaging", "SkeletonProtocol"],
            path: "Tests/SkeletondTestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strict),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSON"], swiftSettings: strict),
        .testTarget(
            name: "SkeletonProtocolTests", dependencies: ["SkeletonProtocol", "JSON", "SkeletonModel"],
            swiftSettings: strict),
        .testTarget(
            name: "SkeletonGraphicsTests", dependencies: ["SkeletonGraphics", "SkeletondTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "SkeletonTextTests", dependencies: ["SkeletonText", "SkeletonGraphics"], swiftSettings: strict),
        .testTarget(
            name: "SkeletonModelTests", dependencies: ["SkeletonModel", "JSON", "SkeletondTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "SkeletonEngineTests",
            dependencies: ["SkeletonEngine", "SkeletonModel", "JSON", "SkeletondTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "InterfaceBuilderTests",
            dependencies: [
                "InterfaceBuilder", "SkeletonModel", "SkeletonEngine", "SkeletonGraphics", "JSON",
                "SkeletondTestSupport",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SwiftCodeTests",
            dependencies: [
                "SwiftCode", "SkeletonModel", "InterfaceBuilder", "CodeLinking",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "SkeletonClientTests", dependencies: ["SkeletonClient", "JSON", "SkeletonProtocol"],
            swiftSettings: strict),
        .testTarget(name: "SkeletonImagingTests", dependencies: ["SkeletonImaging", "CGif"], swiftSettings: strict),
        .testTarget(
            name: "SkeletonRenderTests",
            dependencies: [
                "SkeletonRender", "SkeletonGraphics", "CZlib", "SkeletondTestSupport", "SkeletonImaging",
                "SkeletonEngine", "SkeletonModel",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SkeletonServerTests",
            dependencies: [
                "SkeletonServer", "JSONRPC", "JSON", "SkeletondTestSupport", "SkeletonRender", "SkeletonGraphics",
                "SkeletonText",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SkeletonCLITests",
            dependencies: [
                "skeleton", "SkeletondTestSupport", "SkeletonImaging", "JSON", "CGif",
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SkeletonWebPreviewTests", dependencies: ["SkeletonWebPreview", "JSON"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "JSON", "JSONRPC", "SkeletondTestSupport", "InterfaceBuilder", "SkeletonModel", "SkeletonProtocol",
            ],
            swiftSettings: strict
        ),

        // MARK: Tooling, outside Sources/: the benchmark (Benchmarks/, scripts/bench) and the fuzz targets
        // (Fuzz/Targets/, scripts/fuzz)
        .executableTarget(
            name: "skeleton-bench",
            dependencies: [
                "JSON", "JSONRPC", "CJansson", "CJSONArena",
                "SkeletonModel", "SkeletonEngine", "SkeletonRender", "SkeletonGraphics", "SkeletonClient",
                "SkeletonText", "SwiftCode", "SkeletonProtocol",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Benchmarks/skeleton-bench",
            swiftSettings: strict),
        .target(name: "FuzzReplay", path: "Fuzz/Targets/FuzzReplay", swiftSettings: strict),
        .executableTarget(
            name: "skeletond-fuzz", dependencies: ["SkeletonServer", "JSONRPC", "JSON", "FuzzReplay"],
            path: "Fuzz/Targets/skeletond-fuzz", swiftSettings: strict),
        .executableTarget(
            name: "skeleton-document-fuzz",
            dependencies: [
                "SkeletonServer", "SkeletonEngine", "SkeletonModel", "InterfaceBuilder", "JSON", "FuzzReplay",
            ],
            path: "Fuzz/Targets/skeleton-document-fuzz",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "skeleton-framer-fuzz", dependencies: ["JSONRPC", "FuzzReplay"],
            path: "Fuzz/Targets/skeleton-framer-fuzz", swiftSettings: strict),
        // The Swift code target reads one input as one Swift file (scripts/fuzz --target swift).
        .executableTarget(
            name: "skeleton-swift-fuzz", dependencies: ["SwiftCode", "FuzzReplay"],
            path: "Fuzz/Targets/skeleton-swift-fuzz", swiftSettings: strict),
        .executableTarget(
            name: "skeleton-ib-fuzz", dependencies: ["InterfaceBuilder", "SkeletonModel", "FuzzReplay"],
            path: "Fuzz/Targets/skeleton-ib-fuzz", swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
