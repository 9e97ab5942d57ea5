package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// pegFile is what gen reads of a .peg file: its directives and, for each rule, the BNF rule
// written in the comment above it (grammar/README.md, "The .peg conventions").
type pegFile struct {
	starts []string          // "# start:" line, BNF names
	rules  []string          // PEG rule names in order
	bnf    map[string]string // PEG rule name -> the comment's BNF rule, as .bnf source
	folded map[string]string // BNF name -> reason
	extra  map[string]string // PEG rule name -> reason
	as     map[string]string // extra PEG rule name -> the BNF rule it matches in its context
	alone  map[string]string // extra PEG rule name -> the BNF rule it matches when matched alone
	badLit []string          // lines with non-ASCII characters
}

var (
	pegRuleLine = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*<-`)
	foldedLine  = regexp.MustCompile(`^#\s*folded\s+([A-Za-z][A-Za-z0-9_+-]*)\s*:\s*(\S.*)$`)
	extraLine   = regexp.MustCompile(`^#\s*extra\s+([A-Za-z_][A-Za-z0-9_]*)(?:\s+(as|alone)\s+([A-Za-z][A-Za-z0-9_+-]*))?\s*:\s*(\S.*)$`)
	bnfComment  = regexp.MustCompile(`^#\s?([A-Za-z][A-Za-z0-9_+-]*\s*=.*)$`)
)

func readPEG(src string) pegFile {
	pf := pegFile{bnf: map[string]string{}, folded: map[string]string{}, extra: map[string]string{}, as: map[string]string{}, alone: map[string]string{}}
	var block []string // the comment lines since the last rule
	for n, line := range strings.Split(src, "\n") {
		for _, r := range line {
			if r > 0x7e || (r < 0x20 && r != '\t') {
				pf.badLit = append(pf.badLit, fmt.Sprintf("line %d", n+1))
				break
			}
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "# start:"):
			pf.starts = strings.Fields(strings.TrimPrefix(trimmed, "# start:"))
		case foldedLine.MatchString(trimmed):
			m := foldedLine.FindStringSubmatch(trimmed)
			pf.folded[m[1]] = m[2]
		case extraLine.MatchString(trimmed):
			m := extraLine.FindStringSubmatch(trimmed)
			pf.extra[m[1]] = m[4]
			switch m[2] {
			case "as":
				pf.as[m[1]] = m[3]
			case "alone":
				pf.alone[m[1]] = m[3]
			}
		case strings.HasPrefix(trimmed, "#"):
			block = append(block, line)
		case pegRuleLine.MatchString(line):
			name := pegRuleLine.FindStringSubmatch(line)[1]
			pf.rules = append(pf.rules, name)
			pf.bnf[name] = bnfIn(block)
			block = nil
		}
		// A blank line does not end a comment block: a rule's comment may be separated from
		// the rule by nothing, but the block before an earlier rule has ended there.
	}
	return pf
}

// bnfIn finds, in the comment block above a PEG rule, the BNF rule it transcribes: a line
// "# name = …" and its continuation lines ("#" followed by at least two blanks or a tab). It
// returns them as .bnf source (the "#" removed, continuation lines indented), or "".
func bnfIn(block []string) string {
	for i := len(block) - 1; i >= 0; i-- {
		m := bnfComment.FindStringSubmatch(strings.TrimSpace(block[i]))
		if m == nil {
			continue
		}
		src := m[1] + "\n"
		for _, cont := range block[i+1:] {
			body := strings.TrimPrefix(strings.TrimSpace(cont), "#")
			if !strings.HasPrefix(body, "  ") && !strings.HasPrefix(body, "\t") {
				break
			}
			src += body + "\n"
		}
		return src
	}
	return ""
}

// commentRules reads the BNF rules of the comments above the PEG rules with the .bnf reader,
// so that each can be compared with the .bnf's rule of the same name. A rule that a comment
// names but no comment defines is defined as a stub: only the commented rules are compared.
func commentRules(id string, g *bnf.Grammar, pf pegFile) (*bnf.Grammar, error) {
	var src strings.Builder
	src.WriteString("@case sensitive\n")
	defined := map[string]bool{}
	for _, r := range pf.rules {
		if text := pf.bnf[r]; text != "" {
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

// check compares a .peg with its .bnf rule for rule (grammar/README.md).
func check(id string, g *bnf.Grammar, pf pegFile) error {
	var problems []string
	bad := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	if len(pf.badLit) > 0 {
		bad("non-ASCII or control characters in the .peg (%s): literals and sets are ASCII only", strings.Join(pf.badLit, ", "))
	}
	defined := map[string]bool{}
	for _, r := range pf.rules {
		if defined[r] {
			bad("PEG rule %s is defined twice", r)
		}
		defined[r] = true
	}
	comments, err := commentRules(id, g, pf)
	if err != nil {
		bad("the BNF rules in the comments of the .peg: %v", err)
	}
	bnfByPEG := map[string]*bnf.Rule{}
	for _, r := range g.Rules {
		p := pegrt.PEGName(r.Name)
		if other, ok := bnfByPEG[p]; ok {
			bad("BNF rules %s and %s map to the same PEG name %s", other.Name, r.Name, p)
		}
		bnfByPEG[p] = r
		_, folded := pf.folded[r.Name]
		switch {
		case folded && r.Charset && defined[p]:
			bad("BNF rule %s is a folded character-set rule, which gen writes; the .peg has PEG rule %s for it", r.Name, p)
		case folded && r.Charset:
		case !defined[p] && folded:
			bad("BNF rule %s is folded but no character-set rule: it needs a PEG rule %s of its own, for matching it alone", r.Name, p)
		case !defined[p]:
			bad("BNF rule %s has no PEG rule %s", r.Name, p)
		case pf.bnf[p] == "":
			bad("PEG rule %s has no \"# %s = …\" comment above it", p, r.Name)
		case comments != nil:
			if want, got := altsText(r), altsText(comments.Rule(r.Name)); got != want {
				bad("the comment above PEG rule %s is not its BNF rule:\n\t.peg: %s\n\t.bnf: %s", p, got, want)
			}
		}
	}
	for name := range pf.folded {
		if _, ok := bnfByPEG[pegrt.PEGName(name)]; !ok {
			bad("\"# folded %s\" names no BNF rule", name)
		}
	}
	for _, r := range pf.rules {
		_, isBNF := bnfByPEG[r]
		_, isExtra := pf.extra[r]
		switch {
		case r == "_start":
			bad("the rule name _start is reserved for gen")
		case !isBNF && !isExtra:
			bad("PEG rule %s is no BNF rule and has no \"# extra %s: reason\" line", r, r)
		case isBNF && isExtra:
			bad("PEG rule %s is a BNF rule and is also declared extra", r)
		}
	}
	for extra, name := range pf.as {
		if _, ok := bnfByPEG[pegrt.PEGName(name)]; !ok {
			bad("\"# extra %s as %s\": %s is no BNF rule", extra, name, name)
		}
	}
	aloneFor := map[string]string{}
	for extra, name := range pf.alone {
		if _, ok := bnfByPEG[pegrt.PEGName(name)]; !ok || !defined[pegrt.PEGName(name)] {
			bad("\"# extra %s alone %s\": %s is no BNF rule with a PEG rule", extra, name, name)
		}
		if other, ok := aloneFor[name]; ok {
			bad("%s has two rules for matching it alone, %s and %s", name, other, extra)
		}
		aloneFor[name] = extra
	}
	if len(pf.starts) == 0 {
		bad("no \"# start: rule …\" line")
	}
	for _, s := range pf.starts {
		if _, ok := bnfByPEG[pegrt.PEGName(s)]; !ok || !defined[pegrt.PEGName(s)] {
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
