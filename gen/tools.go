//go:build tools

// The generator's one tool dependency, pointlander/peg v1.0.1, is pinned by gen/go.mod's tool
// directive; this file names it as an import as well, for tools that read imports rather than
// go.mod (the module proxy serves only v1.0.0 and v1.0.1 of it).
package main

import _ "github.com/pointlander/peg"
