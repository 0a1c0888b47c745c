/// What a test needs and does not find (a program, a package, a server that starts): the test
/// fails with this, never skips, since `make test` installs and starts everything it needs.
struct MissingTool: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
