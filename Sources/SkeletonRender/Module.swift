/// The renderer: display lists to pixels, damage and encoders.
public enum SkeletonRenderModule {}
