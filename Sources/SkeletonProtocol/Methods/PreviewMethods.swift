public import JSON

// The `preview/*` requests and notification a client sends (`Protocol/previews.md`): the daemon's own, so their
// objects are closed. What depends on the renderer's limits or on the canvas (a scale's range, a viewport's size in
// pixels, a region inside the frame) is checked by the server, at the members these types keep.

/// `preview/render`: one picture of a scene at a time.
public enum RenderPreviewRequest: RequestMethod {
    public static let method = "preview/render"
    public typealias Result = JSON

    public struct Params: DocumentParams {
        public static let members = MemberRule.closed(
            ["uri", "scene", "time", "scale", "encoding", "region", "outlines"])
        public static let document = DocumentMember.uri

        public let uri: String
        public let uriSource: JSONValue
        /// nil: now.
        public let time: Double?
        public let scale: PreviewNumber?
        public let encoding: String
        public let encodingSource: JSONValue
        public let scene: String?
        public let outlines: Bool
        /// `{x, y, width, height}` in pixels, integers (inside the frame: checked against it).
        public let region: PixelRegion?
        /// The params object (errors found later name its members).
        public let params: JSONValue

        public init(from object: ParamsObject) throws(JSONDecodingError) {
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
public enum SubscribeRequest: RequestMethod {
    public static let method = "preview/subscribe"
    public typealias Result = JSON

    public struct Params: DocumentParams {
        public static let members = MemberRule.closed(
            ["uri", "scene", "encoding", "scale", "maxFps", "window", "cells", "outlines", "viewport"])
        public static let document = DocumentMember.uri

        public let uri: String
        public let uriSource: JSONValue
        public let encoding: String
        public let encodingSource: JSONValue
        public let scale: PreviewNumber?
        public let maxFPS: PreviewNumber?
        public let window: PreviewNumber?
        /// The terminal grid (required for `cells`: checked with the encoding).
        public let cells: CellGridSize?
        public let cellsSource: JSONValue?
        public let outlines: Bool
        public let scene: String?
        /// The canvas region the frames show (nil: the whole canvas).
        public let viewport: PreviewViewport?
        public let params: JSONValue

        public init(from object: ParamsObject) throws(JSONDecodingError) {
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

/// `preview/viewport`: moves or resizes a live subscription's viewport; its next frame is a keyframe of it.
public enum ViewportRequest: RequestMethod {
    public static let method = "preview/viewport"
    public typealias Result = JSON

    public struct Params: ProtocolObject {
        public static let members = MemberRule.closed(["subscription", "viewport"])

        public let subscription: SubscriptionName
        public let viewport: PreviewViewport

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            subscription = try SubscriptionName(from: object)
            viewport = try object.decode("viewport")
        }
    }
}

/// `preview/ack`: the client applied every frame up to `seq` (a request, or a notification: `AckNotification`).
public enum AckRequest: RequestMethod {
    public static let method = "preview/ack"
    public typealias Result = JSON

    public struct Params: ProtocolObject {
        public static let members = MemberRule.closed(["subscription", "seq"])

        public let subscription: SubscriptionName
        public let seq: Int
        /// The number in the message (a seq that is not outstanding is an error at it).
        public let seqSource: JSONValue

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            subscription = try SubscriptionName(from: object)
            seqSource = try object.required("seq")
            seq = try seqSource.decodeInt()
        }
    }
}

/// `preview/ack` as a notification (the usual form): the same params as the request.
public enum AckNotification: NotificationMethod {
    public static let method = AckRequest.method
    public typealias Params = AckRequest.Params
}

/// `preview/refresh`: the subscription's next frame is a keyframe.
public enum RefreshRequest: RequestMethod {
    public static let method = "preview/refresh"
    public typealias Result = JSON
    public typealias Params = SubscriptionName
}

/// `preview/unsubscribe`: no frame is built for the subscription afterwards.
public enum UnsubscribeRequest: RequestMethod {
    public static let method = "preview/unsubscribe"
    public typealias Result = JSON
    public typealias Params = SubscriptionName
}

/// The subscription a request names: `subscription`, an id `preview/subscribe` answered.
public struct SubscriptionName: ProtocolObject {
    public static let members = MemberRule.closed(["subscription"])

    public let id: String
    /// The string in the message (an unknown subscription is an error at it).
    public let source: JSONValue

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        source = try object.required("subscription")
        id = try source.decodeString()
    }
}
