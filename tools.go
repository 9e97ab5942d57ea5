package urlgrammar

// The generator's one tool, pointlander/peg, is pinned by the tool directive of go.mod (Go
// 1.24's `go get -tool github.com/pointlander/peg@v1.0.1`), not by a `//go:build tools` file that
// imports it: the directive is what `go tool peg` runs, so gen/ runs exactly the pinned version,
// built once and cached by the go command, with no blank import of a main package that no build
// may compile. The module proxy serves only v1.0.0 and v1.0.1 of pointlander/peg.
//
// `go generate ./...` runs gen/ (see gen/main.go), which builds generated/ from grammar/*.peg with
// `go tool peg`. A program that imports the library compiles none of it: the go command builds
// only the packages a program imports (`go list -deps` lists them), and the tool is no import.
//go:generate go run ./gen
