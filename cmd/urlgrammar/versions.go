package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// runVersions prints, for each version, its id, date and document, and on the next line its
// default reading (the rule every command holds an input to without -rule) and its start
// rules. With --rules ID it prints instead every rule of ID's
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
		fmt.Fprintf(stdout, "%-10s default reading: %s; start rules: %s\n", "", defaultReading(v), strings.Join(v.Spec().StartRules, " "))
	}
	return exitValid
}

// defaultReading names the rule that Validate, and every command without -rule, holds an input
// to under v: its default rule, or for RFC 1738 the rule of the input's scheme.
func defaultReading(v urlgrammar.Version) string {
	if rule := compare.ReferenceTargets(v)[0].Rule; rule != "" {
		return rule
	}
	return "the rule of the URL's scheme (httpurl, ftpurl, …; genericurl for others)"
}
