package main

import (
	"os"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/reading"
)

// TestConfusionCasesReported: every published case of compare's corpus whose sources say that
// parsers read different hosts is reported so by compare -g neturl,whatwg: one of the two
// refuses what the other reads a host in (a verdict apart), or both accept it and the
// differential finds their hosts apart; or both read one host, and cases.tsv says why (its
// WHY column: the parser that read another host was neither); or both refuse it, and neither
// connects anywhere.
func TestConfusionCasesReported(t *testing.T) {
	var why []string // cases.tsv's WHY, row by row: the order of reading.Cases
	data, err := os.ReadFile("../../reading/cases.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			cols := strings.Split(line, "\t")
			why = append(why, strings.TrimPrefix(cols[len(cols)-1], "-"))
		}
	}
	if len(why) != len(reading.Cases()) {
		t.Fatalf("cases.tsv has %d rows, reading.Cases %d", len(why), len(reading.Cases()))
	}
	targets := []compare.Target{}
	for _, id := range []string{"neturl", "whatwg"} {
		tg, _ := lookupReader(id)
		targets = append(targets, tg)
	}
	differ := 0
	for i, cs := range reading.Cases() {
		if !hostsDiffer(cs.Claim) {
			continue
		}
		differ++
		c, err := compare.Compare(targets, cs.Input, 0)
		if err != nil {
			t.Fatal(err)
		}
		c = compare.Interpret(c, targets, differential{})
		hostApart := false
		for _, in := range c.Interpretations() {
			for _, d := range in.Disagreements {
				hostApart = hostApart || d.Field == "host"
			}
		}
		switch {
		case c.Accepted(0) != c.Accepted(1), hostApart, !c.Accepted(0) && !c.Accepted(1):
		case why[i] != "":
			t.Logf("%q: one host, as cases.tsv says: %s", cs.Input, why[i])
		default:
			t.Errorf("%q: the sources say %s; net/url and the WHATWG reading read one host, and cases.tsv says not why", cs.Input, cs.Claim)
		}
	}
	if differ < 5 {
		t.Errorf("%d cases whose sources name different hosts", differ)
	}
}

// hostsDiffer reports whether a case's claim names more than one host: the last word of each
// "PARSER HOST (NOTE)".
func hostsDiffer(claim string) bool {
	hosts := map[string]bool{}
	for _, item := range strings.Split(claim, ", ") {
		item, _, _ = strings.Cut(item, " (")
		f := strings.Fields(item)
		hosts[f[len(f)-1]] = true
	}
	return len(hosts) > 1
}
