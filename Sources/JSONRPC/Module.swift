public enum JSONRPCModule {}
