func f() async throws {
    try try await try! f()
    let v = try? await g()
}
