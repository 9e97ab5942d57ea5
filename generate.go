package urlgrammar

// The parsers in generated/ are built from grammar/*.peg by gen/, which runs pointlander/peg
// through the tool directive of gen/go.mod (go tool peg): gen is a module of its own, so that the
// generator never reaches the module graph of a program that imports the library. See gen/main.go.
//go:generate go run ./gen
