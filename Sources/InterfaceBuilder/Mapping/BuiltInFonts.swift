/// The font families iOS ships (iOS 17's list, as `UIFont.familyNames` gives it on a device), matched by their
/// family name or their PostScript name: `Avenir Next` and `AvenirNext-DemiBold`, `American Typewriter` and
/// `AmericanTypewriter-Bold`, `Times New Roman` and `TimesNewRomanPS-BoldMT`. A storyboard that names one of them
/// names a font every device has, not one the app must bundle (`Protocol/interface-builder.md`, "Fonts").
enum BuiltInFonts {
    /// The families, as `UIFont.familyNames` spells them.
    static let families = [
        "Academy Engraved LET", "Al Nile", "American Typewriter", "Apple Color Emoji", "Apple SD Gothic Neo",
        "Apple Symbols", "Arial", "Arial Hebrew", "Arial Rounded MT Bold", "Avenir", "Avenir Next",
        "Avenir Next Condensed", "Baskerville", "Bodoni 72", "Bodoni 72 Oldstyle", "Bodoni 72 Smallcaps",
        "Bodoni Ornaments", "Bradley Hand", "Chalkboard SE", "Chalkduster", "Charter", "Cochin", "Copperplate",
        "Courier", "Courier New", "Damascus", "Devanagari Sangam MN", "Didot", "DIN Alternate", "DIN Condensed",
        "Euphemia UCAS", "Farah", "Futura", "Galvji", "Geeza Pro", "Georgia", "Gill Sans", "Grantha Sangam MN",
        "Helvetica", "Helvetica Neue", "Hiragino Maru Gothic ProN", "Hiragino Mincho ProN", "Hiragino Sans",
        "Hoefler Text", "Kailasa", "Kefa", "Khmer Sangam MN", "Kohinoor Bangla", "Kohinoor Devanagari",
        "Kohinoor Gujarati", "Kohinoor Telugu", "Lao Sangam MN", "Malayalam Sangam MN", "Marker Felt", "Menlo",
        "Mishafi", "Mukta Mahee", "Myanmar Sangam MN", "Noteworthy", "Noto Nastaliq Urdu", "Noto Sans Kannada",
        "Noto Sans Myanmar", "Noto Sans Oriya", "Optima", "Palatino", "Papyrus", "Party LET", "PingFang HK",
        "PingFang SC", "PingFang TC", "Rockwell", "Savoye LET", "Sinhala Sangam MN", "Snell Roundhand",
        "STIX Two Math", "STIX Two Text", "Symbol", "Tamil Sangam MN", "Thonburi", "Times New Roman",
        "Trebuchet MS", "Verdana", "Zapf Dingbats", "Zapfino",
    ]

    /// PostScript family stems that are not the family name without spaces.
    static let postScriptStems: Set<String> = [
        "academyengravedletplain", "arialroundedmtbold", "bodonisvtytwoitctt", "bodonisvtytwoositctt",
        "bodonisvtytwoscitctt", "bodoniornamentsitctt", "bradleyhanditctt", "hiramarupron", "hiraminpron",
        "hirakakupron", "partyletplain", "savoyeletplain", "zapfdingbatsitc", "stixtwomath", "stixtwotext",
        "sukhumvitset", "notosanskannada", "notosansmyanmar", "notosansoriya", "timesnewromanps", "couriernewps",
        "georgia", "arialhebrew", "geezapro", "damascus", "kohinoorbangla", "kohinoordevanagari",
    ]

    /// Family names without spaces, lowercased (`avenirnext`).
    static let stems: Set<String> = Set(families.map(stem)).union(postScriptStems)

    /// Lowercased, without spaces, dashes' tails (`-Bold`) and PostScript's `MT`/`PSMT` endings.
    static func stem(_ name: String) -> String {
        let family = name.split(separator: "-", maxSplits: 1).first.map(String.init) ?? name
        return family.lowercased().filter { $0 != " " && $0 != "_" }
    }

    /// Whether a `fontDescription`'s `name` or `family` names a font iOS ships.
    static func contains(name: String?, family: String?) -> Bool {
        [name, family].contains { candidate in
            guard let candidate, !candidate.isEmpty else { return false }
            let s = stem(candidate)
            if stems.contains(s) { return true }
            for ending in ["psmt", "mt", "ps"] where s.hasSuffix(ending) {
                if stems.contains(String(s.dropLast(ending.count))) { return true }
            }
            return false
        }
    }

    /// The system font under its private names (`.AppleSystemUIFont`, `.SFUI-Regular`, `.SFUIText-Semibold`…),
    /// which Xcode writes when a font was picked from the system font's family: the system font itself.
    static func isSystemUI(_ name: String) -> Bool {
        name.hasPrefix(".AppleSystemUIFont") || name.hasPrefix(".SFUI") || name.hasPrefix(".SFNS")
            || name == "SFUI" || name.hasPrefix("SFUIText") || name.hasPrefix("SFUIDisplay")
            || name.hasPrefix("SFPro")
    }
}
