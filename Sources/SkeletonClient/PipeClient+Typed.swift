package import JSON
package import SkeletonProtocol

extension PipeClient {
    /// Sends `Method`'s request (its name from its type) and reads the answer's result into `Method.Result`: an error
    /// answer, or a result of another shape, is a `ClientError` that says so.
    package func request<Method: RequestMethod>(_: Method.Type, _ params: JSON? = nil, timeout: Double = 20) throws
        -> Method.Result where Method.Result: ResultValue
    {
        let response = try request(Method.method, params, timeout: timeout)
        if let error = response["error"] {
            throw ClientError("\(Method.method) refused: \(error["message"]?.stringValue ?? error.text)")
        }
        do { return try Method.Result(answer: response["result"] ?? .null) } catch {
            throw ClientError("\(Method.method): \(error.message)")
        }
    }
}
