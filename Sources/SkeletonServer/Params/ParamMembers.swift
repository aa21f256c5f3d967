package import SkeletonProtocol

/// The one rule for unknown members (`SkeletonProtocol.ParamMembers`), by its name here for the methods that still
/// register their members with the table (`MethodTable.request(_:route:members:_:)`): their params are not typed
/// yet. A typed method's params type declares its members (`ProtocolObject.members`).
package typealias ParamMembers = SkeletonProtocol.ParamMembers
