public enum SkeletonServerModule {}
