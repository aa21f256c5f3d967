import HTTPTypes

extension HostPolicy {
    /// `refusal(hosts:origins:originRequired:)` of a request as Hummingbird reads it: the first `Host` header is the
    /// request's authority, any further one stays among its fields.
    func refusal(of request: HTTPRequest, originRequired: Bool) -> String? {
        var hosts = request.authority.map { [$0] } ?? []
        if let name = HTTPField.Name("Host") { hosts += request.headerFields[values: name] }
        return refusal(hosts: hosts, origins: request.headerFields[values: .origin], originRequired: originRequired)
    }
}
