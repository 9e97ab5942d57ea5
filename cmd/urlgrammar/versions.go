package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/urlgrammar/urlgrammar"
)

func runVersions(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("versions", "", stderr)
	if _, err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tDATE\tDOCUMENT\tSTART RULES (default first)")
	for _, v := range urlgrammar.Versions() {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", v, v.Date(), v.Document(), strings.Join(v.StartRules(), " "))
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintln(stderr, "urlgrammar:", err)
		return exitUsage
	}
	return exitValid
}
