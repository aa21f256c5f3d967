/// The document model: typed view trees decoded from JSON documents.
public enum SkeletonModelModule {}
