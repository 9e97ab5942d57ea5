package urlgrammar

// The parsers in generated/ are built from grammar/*.peg by gen/; see gen/main.go.
//go:generate go run ./gen
