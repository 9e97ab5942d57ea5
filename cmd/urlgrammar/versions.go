package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// runVersions prints, for each version, its id, date and document, and on the next line its
// start rules, the default first. With --rules ID it prints instead every rule of ID's
// document, one per line, in the document's order: the rules that -rule accepts.
func runVersions(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("versions", "[--rules ID]", stderr)
	rulesOf := fs.String("rules", "", "print every rule of version `ID`, one per line")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(rest) > 0 {
		return fail(stderr, "versions", fmt.Errorf("unexpected argument %q", rest[0]))
	}
	if *rulesOf != "" {
		v, err := urlgrammar.Lookup(*rulesOf)
		if err != nil {
			return fail(stderr, "versions", err)
		}
		for _, r := range v.Spec().Rules {
			fmt.Fprintln(stdout, r)
		}
		return exitValid
	}
	for _, v := range urlgrammar.Versions() {
		fmt.Fprintf(stdout, "%-10s %s  %s\n", v, v.Spec().Date, v.Spec().Document)
		fmt.Fprintf(stdout, "%-10s start rules: %s\n", "", strings.Join(v.Spec().StartRules, " "))
	}
	return exitValid
}
