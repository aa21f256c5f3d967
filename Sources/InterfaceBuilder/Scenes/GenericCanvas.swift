import SkeletonModel

/// Interface Builder's generic canvas: files from before Xcode 8 that name no `<device>` lay out every view
/// controller's view on a 600 × 600 square (size classes "any"), a size no screen has. Such a root is previewed on
/// a phone: the screen the file simulates (the view controller's `simulatedDestinationMetrics`, else the file's
/// `defaultSimulatedMetrics` destination), else an iPhone 8's 375 × 667, in the simulated orientation.
struct GenericCanvas {
    /// The side of IB's generic square canvas.
    static let side = 600.0
    /// The phone a file that simulates no known screen is previewed on.
    static let defaultScreen = SimulatedScreen(name: "iPhone 8", size: Size(width: 375, height: 667))

    /// A screen size with the name people know it by.
    struct SimulatedScreen {
        var name: String
        var size: Size
    }

    /// The screen sizes of `simulatedScreenMetrics` types (the part before any `.`, e.g. `retina4_7.fullscreen`).
    static let screens: [String: SimulatedScreen] = [
        "retina3_5": SimulatedScreen(name: "iPhone 4s", size: Size(width: 320, height: 480)),
        "retina4": SimulatedScreen(name: "iPhone SE (1st generation)", size: Size(width: 320, height: 568)),
        "retina47": SimulatedScreen(name: "iPhone 8", size: Size(width: 375, height: 667)),
        "retina4_7": SimulatedScreen(name: "iPhone 8", size: Size(width: 375, height: 667)),
        "retina55": SimulatedScreen(name: "iPhone 8 Plus", size: Size(width: 414, height: 736)),
        "retina5_5": SimulatedScreen(name: "iPhone 8 Plus", size: Size(width: 414, height: 736)),
        "retina5_9": SimulatedScreen(name: "iPhone X", size: Size(width: 375, height: 812)),
        "retina6_1": SimulatedScreen(name: "iPhone 11", size: Size(width: 414, height: 896)),
        "retina6_5": SimulatedScreen(name: "iPhone 11 Pro Max", size: Size(width: 414, height: 896)),
        "iPad": SimulatedScreen(name: "iPad", size: Size(width: 768, height: 1024)),
        "iPad9_7": SimulatedScreen(name: "iPad", size: Size(width: 768, height: 1024)),
        "iPadPro12_9": SimulatedScreen(name: "iPad Pro (12.9-inch)", size: Size(width: 1024, height: 1366)),
    ]

    /// The file's `defaultSimulatedMetrics` (their destination and orientation elements).
    let fileMetrics: IBElement?

    /// The generic canvas of `document`; nil when the file names a `<device>` (its frames are the device's).
    init?(document: IBElement) {
        guard document.child("device") == nil else { return nil }
        fileMetrics = document.child(key: "defaultSimulatedMetrics")
    }

    /// The size a root view of `frame` is previewed at, with what says why; nil when `frame` is not the generic
    /// square. `controller` is the view controller whose view it is (its own simulated metrics win).
    func screen(for frame: Rect, controller: IBElement?) -> (size: Size, reason: String)? {
        guard frame.width == Self.side, frame.height == Self.side else { return nil }
        let own = controller?.children.filter { $0.key?.hasPrefix("simulated") == true } ?? []
        let metrics = own + (fileMetrics?.children ?? [])
        let destination = metrics.first { $0.name == "simulatedScreenMetrics" && $0["type"] != nil }
        let type = destination?["type"].map { String($0.prefix { $0 != "." }) }
        var screen = Self.defaultScreen
        var source = "the file simulates no known screen"
        if let type, let known = Self.screens[type] {
            screen = known
            let owner =
                own.contains { $0.name == "simulatedScreenMetrics" && $0["type"] != nil } ? "view controller" : "file"
            source = "the \(owner)'s simulated screen, \(destination?["type"] ?? type)"
        } else if let type {
            source = "the simulated screen \"\(type)\" is not known"
        }
        let orientation = metrics.first { $0.name == "simulatedOrientationMetrics" }?["orientation"] ?? ""
        let landscape = orientation.hasPrefix("landscape")
        let size = landscape ? Size(width: screen.size.height, height: screen.size.width) : screen.size
        let reason =
            "the view is on Interface Builder's generic 600 × 600 canvas (the file names no <device>): previewed "
            + "at \(Self.points(size.width)) × \(Self.points(size.height)), an \(screen.name)"
            + (landscape ? " in landscape" : "") + " (\(source))"
        return (size, reason)
    }

    /// A size in points as people write it (`375`, `812.5`).
    private static func points(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
