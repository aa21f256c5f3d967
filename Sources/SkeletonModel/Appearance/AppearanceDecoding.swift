package import JSON

extension AppearanceOverrides {
    /// The members `SkeletonAppearance` has.
    package static let fieldNames: Set<String> = PropertyRegistry.names(in: .appearance)

    /// Decodes an appearance object, collecting every failure (located relative to `v`).
    package static func decode(_ v: JSONValue, failures: inout [ValueFailure]) -> AppearanceOverrides {
        var out = AppearanceOverrides()
        guard v.kind == .object else {
            failures.append(ValueFailure("an appearance must be an object, not \(v.kind)"))
            return out
        }
        func field<T>(_ property: DocumentProperty, _ parse: (JSONValue) throws(ValueFailure) -> T) -> T? {
            guard let m = v[property], !m.isNull else { return nil }
            do { return try parse(m) } catch {
                failures.append(error.under(.key(property)))
                return nil
            }
        }
        out.tintColor = field(.appearance.tintColor, ValueParsers.color)
        out.gradient = field(.appearance.gradient, ValueParsers.gradient)
        out.multilineHeight = field(.appearance.multilineHeight, ValueParsers.nonNegativeLength)
        out.textLineHeight = field(.appearance.textLineHeight, ValueParsers.textLineHeight)
        out.multilineSpacing = field(.appearance.multilineSpacing, ValueParsers.length)
        out.multilineLastLineFillPercent = field(.appearance.multilineLastLineFillPercent, ValueParsers.integer).map {
            min($0, 100)
        }
        out.multilineCornerRadius = field(.appearance.multilineCornerRadius, ValueParsers.integerLength)
        out.renderSingleLineAsView = field(.appearance.renderSingleLineAsView, ValueParsers.bool)
        out.skeletonCornerRadius = field(.appearance.skeletonCornerRadius, ValueParsers.length)
        for (key, _) in v.members where !fieldNames.contains(key) {
            failures.append(
                ValueFailure(.unknownField, "\"\(key)\" is not a SkeletonAppearance field", at: [.key(key)]))
        }
        return out
    }

    /// Decodes an appearance object for a request, throwing the first failure with its pointer.
    package static func decode(_ v: JSONValue) throws(JSONDecodingError) -> AppearanceOverrides {
        var failures: [ValueFailure] = []
        let out = decode(v, failures: &failures)
        if let first = failures.first { throw first.decodingError(at: v) }
        return out
    }
}

extension ValueParsers {
    /// `{"baseColor": c, "secondaryColor"?: c}`, `{"colors": [c...]}` or `[c...]`.
    package static func gradient(_ v: JSONValue) throws(ValueFailure) -> SkeletonGradient {
        if v.kind == .array { return SkeletonGradient(colors: try colorList(v)) }
        guard v.kind == .object else {
            throw ValueFailure("must be {\"baseColor\": …}, {\"colors\": […]} or an array of colours")
        }
        if let colors = v[.color.colors] {
            do { return SkeletonGradient(colors: try colorList(colors)) } catch {
                throw error.under(.key(.color.colors))
            }
        }
        guard let base = v[.color.baseColor] else {
            throw ValueFailure(
                .missingField, "a gradient needs \"baseColor\" or \"colors\"", at: [.key(.color.baseColor)])
        }
        let b: SkeletonColor
        do { b = try color(base) } catch { throw error.under(.key(.color.baseColor)) }
        if let secondary = v[.color.secondaryColor], !secondary.isNull {
            do { return SkeletonGradient(baseColor: b, secondaryColor: try color(secondary)) } catch {
                throw error.under(.key(.color.secondaryColor))
            }
        }
        return SkeletonGradient(baseColor: b)
    }

    /// A non-empty array of colours.
    package static func colorList(_ v: JSONValue) throws(ValueFailure) -> [SkeletonColor] {
        guard v.kind == .array, v.count > 0 else { throw ValueFailure("must be a non-empty array of colours") }
        var out: [SkeletonColor] = []
        for i in 0..<v.count {
            guard let e = v[i] else { continue }
            do { out.append(try color(e)) } catch { throw error.under(.index(i)) }
        }
        return out
    }
}
