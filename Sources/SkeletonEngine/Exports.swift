// The engine's API speaks in model and graphics types.
@_exported public import SkeletonModel
