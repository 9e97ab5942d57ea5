package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// versionLine is one line of "versions --format json".
type versionLine struct {
	Version        string   `json:"version"`
	Name           string   `json:"name"`
	Date           string   `json:"date"`
	Document       string   `json:"document"`
	DefaultReading string   `json:"default_reading"`
	StartRules     []string `json:"start_rules"`
}

// runVersions prints, for each version, its id, the month and year of its document, the name
// the reports give it and the document, and on the next line its default reading (the rule
// every command holds an input to without -rule) and its start rules; then which versions the
// project's question compares. With --rules ID it prints instead every rule of ID's document,
// one per line, in the document's order: the rules that -rule accepts.
func runVersions(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("versions", "[--rules ID] [--format text|json|tsv]", stderr)
	rulesOf := fs.String("rules", "", "print every rule of version `ID`, one per line")
	format := addFormatFlag(fs, "text", "json", "tsv")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(rest) > 0 {
		return fail(stderr, "versions", fmt.Errorf("unexpected argument %q", rest[0]))
	}
	out := newOut(stdout)
	if *rulesOf != "" {
		v, err := lookup("--rules", *rulesOf)
		if err != nil {
			return fail(stderr, "versions", err)
		}
		if format.name == "tsv" {
			writeTSV(out, "rule")
		}
		for _, r := range v.Spec().Rules {
			if format.name == "json" {
				encodeJSONLine(out, struct {
					Version string `json:"version"`
					Rule    string `json:"rule"`
				}{v.String(), r})
			} else {
				fmt.Fprintln(out, r) // a rule name needs no escape in TSV
			}
		}
		return flushOut(out, stderr, "versions")
	}
	if format.name == "tsv" {
		writeTSV(out, "version", "name", "date", "document", "default_reading", "start_rules")
	}
	for _, v := range urlgrammar.Versions() {
		spec := v.Spec()
		switch format.name {
		case "json":
			encodeJSONLine(out, versionLine{v.String(), compare.Name(v), spec.Date, spec.Document, defaultReading(v), spec.StartRules})
		case "tsv":
			writeTSV(out, v.String(), compare.Name(v), spec.Date, spec.Document, defaultReading(v), strings.Join(spec.StartRules, " "))
		default:
			fmt.Fprintf(out, "%-10s %-14s %s\n", v, compare.Month(v), spec.Document)
			fmt.Fprintf(out, "%-10s default reading: %s; start rules: %s\n", "", defaultReading(v), strings.Join(spec.StartRules, " "))
		}
	}
	if format.name == "text" {
		fmt.Fprintf(out, "\n\"1994 against 2003\", the project's question, is rfc1738 against draft2003 (compare --question):\n%s against %s;\ndraft1994 is %s, before RFC 1738.\n",
			compare.Dated(urlgrammar.RFC1738), compare.Dated(urlgrammar.Draft2003), compare.Dated(urlgrammar.Draft1994))
	}
	return flushOut(out, stderr, "versions")
}

// defaultReading names the rule that Validate, and every command without -rule, holds an input
// to under v: its default rule, or for RFC 1738 the rule of the input's scheme.
func defaultReading(v urlgrammar.Version) string {
	if rule := compare.ReferenceTargets(v)[0].Rule; rule != "" {
		return rule
	}
	return "the rule of the URL's scheme (httpurl, ftpurl, …; genericurl for others)"
}
