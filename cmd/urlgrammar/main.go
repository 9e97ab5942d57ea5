// Command urlgrammar validates, parses and compares URLs under the historical URL grammars.
//
// Usage:
//
//	urlgrammar <command> [flags] [input ...]
//
// Each command takes its inputs as arguments, or one per line from a file (-f FILE) or standard
// input, every line an input (see input.go), and prints its results in the formats of
// --format (see format.go). "--" ends the flags; -h or --help prints a command's usage,
// --version the module's version. Exit status: 0 when every input is valid, 1 when some
// input is invalid, 2 on a usage or I/O error, 128 + the signal's number when SIGINT, SIGTERM or
// SIGHUP stopped it (see stop.go); a standard output whose reader is gone (a pipe into head)
// ends the command quietly, by SIGPIPE, as it ends cat. Run "urlgrammar help" for
// the commands.
package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strings"
)

// A command is one subcommand of urlgrammar.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands by name.
var commands = map[string]command{
	"versions":  {"list the grammar versions", runVersions},
	"check":     {"validate inputs: one verdict line per input", runCheck},
	"compare":   {"acceptance of inputs across versions, with the reason for each rejection", runCompare},
	"parse":     {"typed components of inputs: one JSON object per input", runParse},
	"build":     {"write a URL from its components, escaped as a version requires (the inverse of parse)", runBuild},
	"tree":      {"the parse tree of inputs, as an outline of rule names and matched text", runTree},
	"charsets":  {"which printable ASCII characters may stand unescaped in each component, per version", runCharsets},
	"conform":   {"check each generated parser against its .bnf: samples, W-method suites (--cover), a proof of its .peg (--prove)", runConform},
	"extract":   {"the URLs in running text, delimited as RFC 1738 and the 2003 draft recommend: one per line", runExtract},
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
	// A line may be maxLine long, and its parse then grows token buffers of hundreds of
	// megabytes, each twice the one before it, which is garbage as soon as it is copied. Left
	// to GOGC alone the heap grows to twice what is live before that garbage is collected; a
	// soft limit (unless GOMEMLIMIT sets one) has it collected and returned to the system
	// first. Below the limit, which only such lines reach, it changes nothing.
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(768 << 20)
	}
	handleStops()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command of args and returns its exit status. A write error of standard output
// is reported once, at the end, and the status is then 2, whatever the command (its output is
// not all there).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &errWriter{w: stdout}
	status := dispatch(args, stdin, out, stderr)
	if out.err != nil {
		prefix := "urlgrammar"
		if len(args) > 0 && commands[args[0]].run != nil {
			prefix += " " + args[0]
		}
		fmt.Fprintf(stderr, "%s: %s\n", prefix, out.err)
		return exitUsage
	}
	return status
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := args
	if i := slices.Index(args, "--"); i >= 0 {
		flags = args[:i]
	}
	switch {
	case len(args) == 0:
		usage(stderr)
		return exitUsage
	case slices.ContainsFunc(flags, isFlag("version")):
		fmt.Fprintf(stdout, "urlgrammar %s\n", buildVersion())
		return exitValid
	case args[0] == "help" && len(args) > 1:
		return help(args[1], stdout, stderr)
	case args[0] == "help" || isFlag("help")(args[0]) || isFlag("h")(args[0]):
		usage(stdout)
		return exitValid
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "urlgrammar: unknown command %q (\"urlgrammar help\" lists the commands)\n", args[0])
		return exitUsage
	}
	if slices.ContainsFunc(flags, isFlag("help")) || slices.ContainsFunc(flags, isFlag("h")) {
		return help(args[0], stdout, stderr)
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

// isFlag returns a test for the flag name written with one dash or two.
func isFlag(name string) func(string) bool {
	return func(arg string) bool { return arg == "-"+name || arg == "--"+name }
}

// help prints the usage of the command name on stdout: the command's own flag set prints it,
// asked with -h, so every command's help is the one its flags declare.
func help(name string, stdout, stderr io.Writer) int {
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "urlgrammar help: unknown command %q\n", name)
		return exitUsage
	}
	fmt.Fprintf(stdout, "urlgrammar %s: %s\n", name, cmd.summary)
	cmd.run([]string{"-h"}, strings.NewReader(""), stdout, stdout)
	return exitValid
}

// buildVersion is the module's version as the build recorded it ("(devel)" for a build from a
// checkout), with the revision when the build recorded one.
func buildVersion() string {
	version := "(unknown)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				version += " " + s.Value
			}
		}
	}
	return version
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: urlgrammar <command> [flags] [input ...]")
	fmt.Fprintln(w, "\ncommands:")
	for _, name := range slices.Sorted(maps.Keys(commands)) {
		fmt.Fprintf(w, "  %-9s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w, "\nInputs are the arguments, or one per line from -f FILE or standard input; \"--\" ends")
	fmt.Fprintln(w, "the flags. Run \"urlgrammar help <command>\" for a command's flags, \"urlgrammar --version\"")
	fmt.Fprintln(w, "for the version.")
}
