package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// readPEG reads grammar/<id>.peg with package peg and checks it against its .bnf, g.
func readPEG(id string, g *bnf.Grammar, src []byte) (*peg.File, error) {
	f, err := peg.Parse(id+".peg", src)
	if err != nil {
		return nil, err
	}
	if err := check(id, g, f); err != nil {
		return nil, err
	}
	return f, nil
}

// commentRules reads the BNF rules of the comments above the PEG rules with the .bnf reader,
// so that each can be compared with the .bnf's rule of the same name. A rule that a comment
// names but no comment defines is defined as a stub: only the commented rules are compared.
func commentRules(id string, g *bnf.Grammar, f *peg.File) (*bnf.Grammar, error) {
	var src strings.Builder
	src.WriteString("@case sensitive\n")
	defined := map[string]bool{}
	for _, r := range f.Rules {
		if text := r.BNF; text != "" {
			src.WriteString(text)
			defined[strings.TrimSpace(strings.SplitN(text, "=", 2)[0])] = true
		}
	}
	for _, r := range g.Rules {
		if !defined[r.Name] {
			fmt.Fprintf(&src, "%s = \"stub\"\n", r.Name)
		}
	}
	return bnf.Parse(id+".peg comments", []byte(src.String()))
}

// check compares a .peg, as package peg read it, with its .bnf rule for rule (grammar/README.md).
// (What package peg refuses, a rule defined twice or a directive it cannot read among them,
// does not reach it.)
func check(id string, g *bnf.Grammar, f *peg.File) error {
	var problems []string
	bad := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	if len(f.BadLines) > 0 {
		var lines []string
		for _, n := range f.BadLines {
			lines = append(lines, fmt.Sprintf("line %d", n))
		}
		bad("non-ASCII or control characters in the .peg (%s): literals and sets are ASCII only", strings.Join(lines, ", "))
	}
	defined := map[string]bool{}
	for _, r := range f.Rules {
		defined[r.Name] = true
	}
	comments, err := commentRules(id, g, f)
	if err != nil {
		bad("the BNF rules in the comments of the .peg: %v", err)
	}
	bnfByPEG := map[string]*bnf.Rule{}
	for _, r := range g.Rules {
		p := peg.Name(r.Name)
		if other, ok := bnfByPEG[p]; ok {
			bad("BNF rules %s and %s map to the same PEG name %s", other.Name, r.Name, p)
		}
		bnfByPEG[p] = r
		_, folded := f.Folded[r.Name]
		switch {
		case folded && r.Charset && defined[p]:
			bad("BNF rule %s is a folded character-set rule, which gen writes; the .peg has PEG rule %s for it", r.Name, p)
		case folded && r.Charset:
		case !defined[p] && folded:
			bad("BNF rule %s is folded but no character-set rule: it needs a PEG rule %s of its own, for matching it alone", r.Name, p)
		case !defined[p]:
			bad("BNF rule %s has no PEG rule %s", r.Name, p)
		case f.Rule(p).BNF == "":
			bad("PEG rule %s has no \"# %s = …\" comment above it", p, r.Name)
		case comments != nil:
			if want, got := altsText(r), altsText(comments.Rule(r.Name)); got != want {
				bad("the comment above PEG rule %s is not its BNF rule:\n\t.peg: %s\n\t.bnf: %s", p, got, want)
			}
		}
	}
	for name := range f.Folded {
		if _, ok := bnfByPEG[peg.Name(name)]; !ok {
			bad("\"# folded %s\" names no BNF rule", name)
		}
	}
	for _, rule := range f.Rules {
		r := rule.Name
		_, isBNF := bnfByPEG[r]
		_, isExtra := f.Extra[r]
		switch {
		case r == "_start":
			bad("the rule name _start is reserved for gen")
		case !isBNF && !isExtra:
			bad("PEG rule %s is no BNF rule and has no \"# extra %s: reason\" line", r, r)
		case isBNF && isExtra:
			bad("PEG rule %s is a BNF rule and is also declared extra", r)
		}
	}
	aloneFor := map[string]string{}
	for extra, x := range f.Extra {
		if !defined[extra] {
			bad("\"# extra %s\": the .peg has no rule %s", extra, extra)
		}
		if name := x.As; name != "" {
			if _, ok := bnfByPEG[peg.Name(name)]; !ok {
				bad("\"# extra %s as %s\": %s is no BNF rule", extra, name, name)
			}
		}
		if name := x.Alone; name != "" {
			if _, ok := bnfByPEG[peg.Name(name)]; !ok || !defined[peg.Name(name)] {
				bad("\"# extra %s alone %s\": %s is no BNF rule with a PEG rule", extra, name, name)
			}
			if other, ok := aloneFor[name]; ok {
				bad("%s has two rules for matching it alone, %s and %s", name, min(other, extra), max(other, extra))
			}
			aloneFor[name] = extra
		}
	}
	if len(f.Starts) == 0 {
		bad("no \"# start: rule …\" line")
	}
	for _, s := range f.Starts {
		if _, ok := bnfByPEG[peg.Name(s)]; !ok || !defined[peg.Name(s)] {
			bad("start rule %s is not a BNF rule with a PEG rule", s)
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return fmt.Errorf("grammar/%s.peg does not match grammar/%s.bnf:\n  %s", id, id, strings.Join(problems, "\n  "))
	}
	return nil
}

// altsText writes a rule's alternatives in the .bnf notation, as the reader understood them.
func altsText(r *bnf.Rule) string {
	if r == nil {
		return "(none)"
	}
	var alts []string
	for _, a := range r.Alts {
		alts = append(alts, a.String())
	}
	return strings.Join(alts, " / ")
}
