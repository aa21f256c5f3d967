/// `GradientDirection`: the six sliding directions.
package enum GradientDirection: String, Sendable, Hashable, CaseIterable {
    case leftRight, rightLeft, topBottom, bottomTop, topLeftBottomRight, bottomRightTopLeft

    /// `(startPoint from, startPoint to, endPoint from, endPoint to)` in unit coordinates.
    package var slidingPoints: (startFrom: Point, startTo: Point, endFrom: Point, endTo: Point) {
        switch self {
        case .leftRight: (Point(x: -1, y: 0.5), Point(x: 1, y: 0.5), Point(x: 0, y: 0.5), Point(x: 2, y: 0.5))
        case .rightLeft: (Point(x: 1, y: 0.5), Point(x: -1, y: 0.5), Point(x: 2, y: 0.5), Point(x: 0, y: 0.5))
        case .topBottom: (Point(x: 0.5, y: -1), Point(x: 0.5, y: 1), Point(x: 0.5, y: 0), Point(x: 0.5, y: 2))
        case .bottomTop: (Point(x: 0.5, y: 1), Point(x: 0.5, y: -1), Point(x: 0.5, y: 2), Point(x: 0.5, y: 0))
        case .topLeftBottomRight: (Point(x: -1, y: -1), Point(x: 1, y: 1), Point(x: 0, y: 0), Point(x: 2, y: 2))
        case .bottomRightTopLeft: (Point(x: 1, y: 1), Point(x: -1, y: -1), Point(x: 2, y: 2), Point(x: 0, y: 0))
        }
    }
}

/// A `CAMediaTimingFunction`.
package enum TimingFunction: Sendable, Hashable {
    case linear
    case easeIn
    case easeOut
    case easeInEaseOut
    /// `kCAMediaTimingFunctionDefault` (0.25, 0.1, 0.25, 1).
    case `default`
    case cubicBezier(Double, Double, Double, Double)

    /// The control points `(x1, y1, x2, y2)`.
    package var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        case .default: (0.25, 0.1, 0.25, 1)
        case .cubicBezier(let a, let b, let c, let d): (a, b, c, d)
        }
    }
}

/// The layer property a custom animation drives.
package enum AnimatedProperty: String, Sendable, Hashable, CaseIterable {
    /// Solid layers' colour.
    case backgroundColor
    /// Every layer.
    case opacity
    /// Gradient layers' axis start (unit coordinates).
    case startPoint
    /// Gradient layers' axis end (unit coordinates).
    case endPoint
}

/// A value a custom animation moves from or to.
package enum AnimatedValue: Sendable, Hashable {
    case color(SkeletonColor)
    /// The complementary colour of the layer's own colour (what pulse animates to).
    case complementaryColor
    case number(Double)
    case point(Point)
}

/// One animated property of a custom animation.
package struct AnimationTrack: Sendable, Hashable {
    /// The animated layer property.
    package var property: AnimatedProperty
    /// nil: the layer's current (model) value.
    package var from: AnimatedValue?
    /// The value animated to.
    package var to: AnimatedValue
    package init(property: AnimatedProperty, from: AnimatedValue? = nil, to: AnimatedValue) {
        self.property = property
        self.from = from
        self.to = to
    }
}

/// SkeletonView's `SkeletonLayerAnimation` closure as data: one or more tracks sharing one timing.
package struct CustomAnimation: Sendable, Hashable {
    /// The animated properties, sharing one timing.
    package var tracks: [AnimationTrack]
    /// Seconds for one pass (> 0).
    package var duration: Double
    /// The timing curve of each pass.
    package var timingFunction: TimingFunction
    /// Each pass plays forwards then backwards.
    package var autoreverses: Bool
    /// Passes (a reversal counts as part of its pass); `.infinity` repeats forever.
    package var repeatCount: Double

    package init(
        tracks: [AnimationTrack], duration: Double, timingFunction: TimingFunction = .default,
        autoreverses: Bool = false, repeatCount: Double = .infinity
    ) {
        self.tracks = tracks
        self.duration = duration
        self.timingFunction = timingFunction
        self.autoreverses = autoreverses
        self.repeatCount = repeatCount
    }
}

/// Which animation a skeleton runs.
package enum AnimationSpec: Sendable, Hashable {
    /// The layer colour to its complementary colour, 1 s ease-in-ease-out, autoreversing, forever.
    case pulse
    /// `SkeletonAnimationBuilder().makeSlidingAnimation(withDirection:duration:autoreverses:)`.
    case sliding(direction: GradientDirection, duration: Double = 1.5, autoreverses: Bool = false)
    case custom(CustomAnimation)

    /// The animation as tracks and timing.
    package var descriptor: CustomAnimation {
        switch self {
        case .pulse:
            return CustomAnimation(
                tracks: [AnimationTrack(property: .backgroundColor, to: .complementaryColor)],
                duration: 1, timingFunction: .easeInEaseOut, autoreverses: true)
        case .sliding(let direction, let duration, let autoreverses):
            let p = direction.slidingPoints
            return CustomAnimation(
                tracks: [
                    AnimationTrack(property: .startPoint, from: .point(p.startFrom), to: .point(p.startTo)),
                    AnimationTrack(property: .endPoint, from: .point(p.endFrom), to: .point(p.endTo)),
                ],
                duration: duration, timingFunction: .easeIn, autoreverses: autoreverses)
        case .custom(let custom):
            return custom
        }
    }
}
