package import JSON
package import SkeletonProtocol

extension PipeClient {
    /// Sends `Method`'s request (its name from its type, its params as `Method.Params` writes them) and reads the
    /// answer's result into `Method.Result`: an error answer, or a result of another shape, is a `ClientError` that
    /// says so.
    package func request<Method: RequestMethod>(_: Method.Type, _ params: Method.Params, timeout: Double = 20) throws
        -> Method.Result where Method.Params: EncodableObject, Method.Result: ResultValue
    {
        try result(Method.self, of: request(Method.self, answering: params, timeout: timeout))
    }

    /// `request(_:_:timeout:)` for a method without params.
    package func request<Method: RequestMethod>(_: Method.Type, timeout: Double = 20) throws -> Method.Result
    where Method.Params == NoParams, Method.Result: ResultValue {
        try request(Method.self, NoParams(), timeout: timeout)
    }

    /// Sends `Method`'s request and returns the whole response (its result or its error), for a result that is not
    /// typed (`JSON`) or an error that is the point.
    package func request<Method: RequestMethod>(
        _: Method.Type, answering params: Method.Params, timeout: Double = 20
    ) throws -> JSON where Method.Params: EncodableObject {
        try request(Method.method, params.json, timeout: timeout)
    }

    /// Sends `Method`'s notification.
    package func notify<Method: NotificationMethod>(_: Method.Type, _ params: Method.Params)
    where Method.Params: EncodableObject {
        notify(Method.method, params.json)
    }

    /// The answer's result as `Method.Result`, or the `ClientError` that says why it is not.
    package func result<Method: RequestMethod>(_: Method.Type, of response: JSON) throws -> Method.Result
    where Method.Result: ResultValue {
        if let error = response["error"] {
            throw ClientError("\(Method.method) refused: \(error["message"]?.stringValue ?? error.text)")
        }
        do { return try Method.Result(answer: response["result"] ?? .null) } catch {
            throw ClientError("\(Method.method): \(error.message)")
        }
    }
}
