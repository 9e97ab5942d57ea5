package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// runVersions prints, for each version, its id, date and document, and on the next line its
// start rules, the default first.
func runVersions(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("versions", "", stderr)
	if _, err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	for _, v := range urlgrammar.Versions() {
		fmt.Fprintf(stdout, "%-10s %s  %s\n", v, v.Date(), v.Document())
		fmt.Fprintf(stdout, "%-10s start rules: %s\n", "", strings.Join(v.StartRules(), " "))
	}
	return exitValid
}
