package urlgrammar

// The parsers in generated/ are built from grammar/*.peg by gen/, which runs pointlander/peg
// through go.mod's tool directive (go tool peg); tools.go keeps its version pinned. See gen/main.go.
//go:generate go run ./gen
