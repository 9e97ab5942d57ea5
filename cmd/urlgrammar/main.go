// Command urlgrammar validates, parses and compares URLs under the historical URL grammars.
//
// Usage:
//
//	urlgrammar <command> [flags] [input ...]
//
// Each command reads its inputs from the arguments or, when there are none, from standard input,
// one input per line (see readInputs). Exit status: 0 when every input is valid, 1 when some
// input is invalid, 2 on a usage or I/O error. Run "urlgrammar help" for the commands.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// A command is one subcommand of urlgrammar.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands by name.
var commands = map[string]command{
	"versions": {"list the grammar versions", runVersions},
	"check":    {"validate inputs: one verdict line per input", runCheck},
	"compare":  {"acceptance of inputs across versions, with the reason for each rejection", runCompare},
	"parse":    {"typed components of inputs: one JSON object per input", runParse},
	"tree":     {"the parse tree of inputs, as an outline of rule names and matched text", runTree},
	"charsets": {"which printable ASCII characters may stand unescaped in each component, per version", runCharsets},
	"conform": {"check each generated parser against its .bnf on generated samples, with coverage",
		func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
			return runConform(args, stdout, stderr)
		}},
	"resolve":   {"resolve references against a base, by a version's own algorithm (or, with --relative, the inverse)", runResolve},
	"normalize": {"inputs in the normal form of a version's document: one line per input", runNormalize},
	"equiv":     {"whether two inputs are equivalent under a version's document, and by which rung of its ladder", runEquiv},
	"review":    {"check valid inputs against the security considerations of a version's document", runReview},
}

const (
	exitValid   = 0
	exitInvalid = 1
	exitUsage   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitValid
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "urlgrammar: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: urlgrammar <command> [flags] [input ...]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-9s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w, "\nRun \"urlgrammar <command> -h\" for a command's flags.")
}
