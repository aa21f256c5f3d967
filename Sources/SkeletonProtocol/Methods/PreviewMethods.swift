package import JSON

// The `preview/*` requests and notification a client sends (`Protocol/previews.md`): the daemon's own, so their
// objects are closed. What depends on the renderer's limits or on the canvas (a scale's range, a viewport's size in
// pixels, a region inside the frame) is checked by the server, at the members these types keep.

/// `preview/render`: one picture of a scene at a time.
package enum RenderPreviewRequest: RequestMethod {
    package static let method = "preview/render"
    package typealias Result = JSON

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(
            ["uri", "scene", "time", "scale", "encoding", "region", "outlines"])
        package static let document = DocumentMember.uri

        package let uri: String
        package let uriSource: JSONValue
        /// nil: now.
        package let time: Double?
        package let scale: PreviewNumber?
        package let encoding: String
        package let encodingSource: JSONValue
        package let scene: String?
        package let outlines: Bool
        /// `{x, y, width, height}` in pixels, integers (inside the frame: checked against it).
        package let region: PixelRegion?
        /// The params object (errors found later name its members).
        package let params: JSONValue

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            params = object.value
            uriSource = try object.required("uri")
            uri = try uriSource.decodeString()
            time = try object.time()
            scale = try PreviewNumber(object, "scale")
            encodingSource = try object.required("encoding")
            encoding = try encodingSource.decodeString()
            scene = try object.optionalString("scene")
            outlines = try object.optionalBool("outlines") ?? false
            region = try object.decodeIfPresent("region")
        }
    }
}

/// `preview/subscribe`: a live preview of a scene.
package enum SubscribeRequest: RequestMethod {
    package static let method = "preview/subscribe"
    package typealias Result = JSON

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(
            ["uri", "scene", "encoding", "scale", "maxFps", "window", "cells", "outlines", "viewport"])
        package static let document = DocumentMember.uri

        package let uri: String
        package let uriSource: JSONValue
        package let encoding: String
        package let encodingSource: JSONValue
        package let scale: PreviewNumber?
        package let maxFPS: PreviewNumber?
        package let window: PreviewNumber?
        /// The terminal grid (required for `cells`: checked with the encoding).
        package let cells: CellGridSize?
        package let cellsSource: JSONValue?
        package let outlines: Bool
        package let scene: String?
        /// The canvas region the frames show (nil: the whole canvas).
        package let viewport: PreviewViewport?
        package let params: JSONValue

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            params = object.value
            uriSource = try object.required("uri")
            uri = try uriSource.decodeString()
            encodingSource = try object.required("encoding")
            encoding = try encodingSource.decodeString()
            scale = try PreviewNumber(object, "scale")
            maxFPS = try PreviewNumber(object, "maxFps")
            window = try PreviewNumber(object, "window", integer: true)
            outlines = try object.optionalBool("outlines") ?? false
            cellsSource = object.optional("cells")
            cells = try object.decodeIfPresent("cells")
            scene = try object.optionalString("scene")
            viewport = try object.decodeIfPresent("viewport")
        }
    }
}

/// `preview/viewport`: moves or resizes a live subscription's viewport, or a `cells` subscription's grid (a resized
/// editor window); its next frame is a keyframe of them.
package enum ViewportRequest: RequestMethod {
    package static let method = "preview/viewport"
    package typealias Result = JSON

    package struct Params: ProtocolObject {
        package static let members = MemberRule.closed(["subscription", "viewport", "cells"])

        package let subscription: SubscriptionName
        /// nil: the viewport stays (then `cells` is given).
        package let viewport: PreviewViewport?
        /// The new terminal grid of a `cells` subscription (nil: it stays; its ranges and that the subscription is
        /// a `cells` one are checked by the server, at the member).
        package let cells: CellGridSize?
        /// The `cells` member in the message.
        package let cellsSource: JSONValue?

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            subscription = try SubscriptionName(from: object)
            viewport = try object.decodeIfPresent("viewport")
            cellsSource = object.optional("cells")
            cells = try object.decodeIfPresent("cells")
            guard viewport != nil || cells != nil else {
                throw JSONDecodingError(
                    pointer: object.value.pointerFromRoot.appending("viewport"),
                    message: "is required unless cells is given (a cells subscription's new grid)")
            }
        }
    }
}

/// `preview/ack`: the client applied every frame up to `seq` (a request, or a notification: `AckNotification`).
package enum AckRequest: RequestMethod {
    package static let method = "preview/ack"
    package typealias Result = JSON

    package struct Params: ProtocolObject {
        package static let members = MemberRule.closed(["subscription", "seq"])

        package let subscription: SubscriptionName
        package let seq: Int
        /// The number in the message (a seq that is not outstanding is an error at it).
        package let seqSource: JSONValue

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            subscription = try SubscriptionName(from: object)
            seqSource = try object.required("seq")
            seq = try seqSource.decodeInt()
        }
    }
}

/// `preview/ack` as a notification (the usual form): the same params as the request.
package enum AckNotification: NotificationMethod {
    package static let method = AckRequest.method
    package typealias Params = AckRequest.Params
}

/// `preview/refresh`: the subscription's next frame is a keyframe.
package enum RefreshRequest: RequestMethod {
    package static let method = "preview/refresh"
    package typealias Result = JSON
    package typealias Params = SubscriptionName
}

/// `preview/unsubscribe`: no frame is built for the subscription afterwards.
package enum UnsubscribeRequest: RequestMethod {
    package static let method = "preview/unsubscribe"
    package typealias Result = JSON
    package typealias Params = SubscriptionName
}

/// The subscription a request names: `subscription`, an id `preview/subscribe` answered.
package struct SubscriptionName: ProtocolObject {
    package static let members = MemberRule.closed(["subscription"])

    package let id: String
    /// The string in the message (an unknown subscription is an error at it).
    package let source: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        source = try object.required("subscription")
        id = try source.decodeString()
    }
}

extension RenderPreviewRequest.Params: EncodableObject {
    package init(
        uri: String, scene: String? = nil, encoding: String, time: Double? = nil, scale: Double? = nil,
        region: PixelRegion? = nil, outlines: Bool = false
    ) {
        self.uri = uri
        self.scene = scene
        self.encoding = encoding
        self.time = time
        self.scale = scale.map(PreviewNumber.init)
        self.region = region
        self.outlines = outlines
        uriSource = .unsent
        encodingSource = .unsent
        params = .unsent
    }

    package var json: JSON {
        .members([
            "uri": .string(uri), "scene": scene.map(JSON.string), "time": time.map(JSON.double),
            "scale": scale?.json, "encoding": .string(encoding), "region": region.json,
            "outlines": outlines ? .bool(true) : nil,
        ])
    }
}

extension SubscribeRequest.Params: EncodableObject {
    package init(
        uri: String, scene: String? = nil, encoding: String, scale: Double? = nil, maxFPS: Double? = nil,
        window: Int? = nil, cells: CellGridSize? = nil, outlines: Bool = false, viewport: PreviewViewport? = nil
    ) {
        self.uri = uri
        self.scene = scene
        self.encoding = encoding
        self.scale = scale.map(PreviewNumber.init)
        self.maxFPS = maxFPS.map(PreviewNumber.init)
        self.window = window.map { PreviewNumber(Double($0)) }
        self.cells = cells
        self.outlines = outlines
        self.viewport = viewport
        uriSource = .unsent
        encodingSource = .unsent
        cellsSource = cells == nil ? nil : .unsent
        params = .unsent
    }

    package var json: JSON {
        .members([
            "uri": .string(uri), "scene": scene.map(JSON.string), "encoding": .string(encoding),
            "scale": scale?.json, "maxFps": maxFPS?.json, "window": window?.json,
            "cells": cells.json, "outlines": outlines ? .bool(true) : nil, "viewport": viewport.json,
        ])
    }
}

extension ViewportRequest.Params: EncodableObject {
    /// - Important: `viewport` or `cells` is given (the daemon refuses neither).
    package init(subscription: SubscriptionName, viewport: PreviewViewport? = nil, cells: CellGridSize? = nil) {
        self.subscription = subscription
        self.viewport = viewport
        self.cells = cells
        cellsSource = cells == nil ? nil : .unsent
    }

    package var json: JSON {
        .members(["subscription": .string(subscription.id), "viewport": viewport.json, "cells": cells.json])
    }
}

extension AckRequest.Params: EncodableObject {
    package init(subscription: SubscriptionName, seq: Int) {
        self.subscription = subscription
        self.seq = seq
        seqSource = .unsent
    }

    package var json: JSON { ["subscription": .string(subscription.id), "seq": .int(seq)] }
}

extension SubscriptionName: EncodableObject {
    package init(_ id: String) {
        self.id = id
        source = .unsent
    }

    package var json: JSON { ["subscription": .string(id)] }
}
