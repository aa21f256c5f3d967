/// The skeleton engine: SkeletonView semantics from typed trees to display lists.
public enum SkeletonEngineModule {}
