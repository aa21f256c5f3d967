let x: A<A<A<Int>>> = 1
let y = A<A<Int>>()
func f() -> () -> () -> Int { g }
