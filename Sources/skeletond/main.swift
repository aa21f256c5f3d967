print("skeletond")
