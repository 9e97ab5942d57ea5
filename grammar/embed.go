// Package grammar holds the grammars of every version as printed (<id>.bnf) and their PEG
// transcriptions (<id>.peg); see README.md in this directory for the notation and conventions.
package grammar

import "embed"

// Files holds every .bnf and .peg file of this directory.
//
//go:embed *.bnf *.peg
var Files embed.FS
