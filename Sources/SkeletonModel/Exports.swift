// The model's public types are built from the graphics value types (Rect, RGBA, EdgeInsets…).
@_exported public import SkeletonGraphics
