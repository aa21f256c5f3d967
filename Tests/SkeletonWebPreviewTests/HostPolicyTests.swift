import SkeletonWebPreview
import Testing

@Suite struct HostPolicyTests {
    let policy = HostPolicy(port: 8123)

    @Test func acceptsTheServersOwnNamesOnly() {
        #expect(policy.refusal(hosts: ["127.0.0.1:8123"], origins: [], originRequired: false) == nil)
        #expect(policy.refusal(hosts: ["LOCALHOST:8123"], origins: [], originRequired: false) == nil)
        #expect(
            policy.refusal(hosts: ["localhost:8123"], origins: ["http://127.0.0.1:8123"], originRequired: true) == nil)
    }

    @Test func refusesForeignMissingAndRepeatedHosts() {
        #expect(policy.refusal(hosts: [], origins: [], originRequired: false) == "a Host header is required")
        #expect(
            policy.refusal(hosts: ["evil.example:8123"], origins: [], originRequired: false)
                == "Host 'evil.example:8123' is not this server")
        // DNS rebinding: the right address under another name, or another port.
        #expect(policy.refusal(hosts: ["127.0.0.1"], origins: [], originRequired: false) != nil)
        #expect(policy.refusal(hosts: ["127.0.0.1:8124"], origins: [], originRequired: false) != nil)
        #expect(
            policy.refusal(hosts: ["127.0.0.1:8123", "evil.example"], origins: [], originRequired: false)
                == "more than one Host header")
    }

    @Test func refusesForeignMissingAndRepeatedOrigins() {
        let host = ["127.0.0.1:8123"]
        #expect(policy.refusal(hosts: host, origins: [], originRequired: true) == "an Origin header is required")
        #expect(
            policy.refusal(hosts: host, origins: ["http://evil.example"], originRequired: false)
                == "Origin 'http://evil.example' is not this server")
        #expect(policy.refusal(hosts: host, origins: ["https://127.0.0.1:8123"], originRequired: true) != nil)
        #expect(policy.refusal(hosts: host, origins: ["null"], originRequired: true) != nil)
        #expect(
            policy.refusal(
                hosts: host, origins: ["http://127.0.0.1:8123", "http://127.0.0.1:8123"], originRequired: true)
                == "more than one Origin header")
    }

    @Test func quotesAtMostAHundredCharactersOfAHost() throws {
        let long = String(repeating: "a", count: 10_000)
        let refusal = try #require(policy.refusal(hosts: [long], origins: [], originRequired: false))
        #expect(refusal.count < 140)
    }
}
