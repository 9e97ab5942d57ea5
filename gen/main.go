// Command gen builds the generated parser packages: for each grammar/<id>.peg it checks the PEG
// against grammar/<id>.bnf rule for rule, runs pointlander/peg on it, post-processes the output,
// and writes generated/<id>/parser.go and generated/<id>/grammar.go.
//
// Run it from the repository root, through `go generate ./...` (see generate.go there), or as
// `go run ./gen [-only id]`. Its output depends on nothing but the two grammar files and the
// pinned pointlander/peg version, so it is byte for byte the same on every machine.
//
// What it adds to each .peg before pointlander/peg sees it (the .peg files hold rules only):
//
//	package <id>
//	type parser Peg { start int; notokens bool }
//	_start <- &{p.start == 0} r0 !. / &{p.start == 1} r1 !. / ...
//
// where r0, r1, … are the start rules named by the .peg's "# start:" line. The dispatcher makes
// every start rule reachable (pointlander/peg drops unreachable rules) and requires end of input.
//
// What it changes in pointlander/peg's output (each change is checked to apply, and none changes
// what the parser accepts, which the conformance engine verifies):
//
//   - the input is matched as bytes in a reused buffer instead of a []rune conversion on every
//     call (the largest cost in PEG-NOTES.md), with NUL as the end marker; generated Match
//     rejects any input that holds a NUL byte, so the marker can never be read as input;
//   - every token records the index of its first inner token, so that the token list is a tree
//     even where a rule matches the empty string at its parent's first byte;
//   - the parser records no tokens while notokens is set (Recognize), since a verdict needs none;
//   - a failed parse returns a preallocated error instead of allocating one, and nothing keeps
//     the furthest match that only pointlander/peg's own error needed;
//   - the token bookkeeping of each rule (pointlander/peg's add closure) is written inline;
//   - a choice of single characters, which pointlander/peg compiles to one test per character
//     or range with a restore between them, is one lookup in a 256-entry table (fold.go);
//   - a repetition whose body begins with such a set consumes the longest run of the set in a
//     tight loop before its first turn (fold.go);
//   - a call of a rule that cannot match the empty string is skipped when the byte at the
//     position cannot begin it (first.go);
//   - the rules are methods and the parser's state its fields, instead of closures that
//     capture variables (methods.go);
//   - the start dispatcher fails as soon as the start rule asked for fails (methods.go);
//   - the "Code generated" header names the inputs instead of the build-cache path of the tool.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/urlgrammar/urlgrammar/conformance"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	only := flag.String("only", "", "generate only this grammar id")
	root := flag.String("root", ".", "repository root")
	flag.Parse()

	ids, err := grammarIDs(filepath.Join(*root, "grammar"))
	if err != nil {
		log.Fatal(err)
	}
	if *only != "" {
		ids = []string{*only}
	}
	tmp, err := os.MkdirTemp("", "urlgrammar-gen")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	peg := filepath.Join(tmp, "peg")
	build := exec.Command("go", "build", "-o", peg, "github.com/pointlander/peg")
	build.Dir = *root
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		log.Fatalf("building pointlander/peg: %v", err)
	}
	failed := false
	for _, id := range ids {
		if err := generate(*root, tmp, peg, id); err != nil {
			log.Printf("%s: %v", id, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// grammarIDs lists the ids of the grammars that have a .peg file.
func grammarIDs(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.peg"))
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, f := range files {
		ids = append(ids, strings.TrimSuffix(filepath.Base(f), ".peg"))
	}
	sort.Strings(ids)
	return ids, nil
}

func generate(root, tmp, peg, id string) error {
	bnfSrc, err := os.ReadFile(filepath.Join(root, "grammar", id+".bnf"))
	if err != nil {
		return err
	}
	pegSrc, err := os.ReadFile(filepath.Join(root, "grammar", id+".peg"))
	if err != nil {
		return err
	}
	// The .bnf must be a grammar the conformance engine can read: it is the ground truth that
	// the generated parser is proven against.
	if _, err := conformance.ParseBNF(id+".bnf", bnfSrc); err != nil {
		return err
	}
	bnf := readBNF(string(bnfSrc))
	pf := readPEG(string(pegSrc))
	if err := check(id, bnf, pf); err != nil {
		return err
	}

	// Compose the full PEG: package, parser type, start dispatcher, then the file as it is.
	var full strings.Builder
	fmt.Fprintf(&full, "package %s\n\ntype parser Peg {\n\tstart    int\n\tnotokens bool\n\n\tposition, tokenIndex uint32\n}\n\n_start <-", id)
	for i, s := range pf.starts {
		if i > 0 {
			full.WriteString(" /")
		}
		fmt.Fprintf(&full, " &{p.start == %d} %s !.", i, pegName(s))
	}
	full.WriteString("\n\n")
	full.Write(pegSrc)
	in := filepath.Join(tmp, id+".peg")
	out := filepath.Join(tmp, id+".go")
	if err := os.WriteFile(in, []byte(full.String()), 0o644); err != nil {
		return err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(peg, "-inline", "-output", out, in)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pointlander/peg: %v\n%s", err, stderr.String())
	}
	// pointlander/peg only warns about these; for us they are errors.
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, "left recursion") || strings.Contains(line, "used but not defined") {
			return fmt.Errorf("pointlander/peg: %s", strings.TrimSpace(line))
		}
	}
	generated, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	parser, err := postProcess(id, string(generated))
	if err != nil {
		return err
	}
	grammar, err := grammarFile(id, bnf, pf, string(generated))
	if err != nil {
		return err
	}
	dir := filepath.Join(root, "generated", id)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeGo(filepath.Join(dir, "parser.go"), parser); err != nil {
		return err
	}
	return writeGo(filepath.Join(dir, "grammar.go"), grammar)
}

func writeGo(path, src string) error {
	b, err := format.Source([]byte(src))
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return os.WriteFile(path, b, 0o644)
}

// pegName maps a BNF rule name to its PEG rule name: "-" is written "_" and "+" "plus".
// It is the only mapping between the two (grammar/README.md).
func pegName(bnfName string) string {
	return strings.NewReplacer("-", "_", "+", "plus").Replace(bnfName)
}

// A bnfRule is one rule of a .bnf file: its name and its definition with comments removed and
// white space folded (incremental "=/" alternatives appended with " =/ ").
type bnfRule struct {
	name, text string
}

var bnfRuleLine = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9_+-]*)\s*(=/?)\s*(.*)$`)

// readBNF returns the rules of a .bnf file in order. It reads only what the name checks need;
// the full reader is conformance.ParseBNF.
func readBNF(src string) []bnfRule {
	var rules []bnfRule
	index := map[string]int{}
	last := -1
	for _, line := range strings.Split(src, "\n") {
		line = stripBNFComment(line)
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "@") {
			continue
		}
		if m := bnfRuleLine.FindStringSubmatch(line); m != nil && line[0] != ' ' && line[0] != '\t' {
			if i, ok := index[m[1]]; ok && m[2] == "=/" {
				rules[i].text += " =/ " + m[3]
				last = i
				continue
			}
			index[m[1]] = len(rules)
			last = len(rules)
			rules = append(rules, bnfRule{m[1], m[3]})
			continue
		}
		if last >= 0 {
			rules[last].text += " " + line
		}
	}
	for i := range rules {
		rules[i].text = strings.Join(strings.Fields(rules[i].text), " ")
	}
	return rules
}

// stripBNFComment removes a ";" comment, leaving ";" inside quoted strings alone.
func stripBNFComment(line string) string {
	quoted := false
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				return line[:i]
			}
		}
	}
	return line
}

// pegFile is what gen reads of a .peg file.
type pegFile struct {
	starts  []string          // "# start:" line, BNF names
	rules   []string          // PEG rule names in order
	bnfText map[string]string // PEG rule name -> the BNF text in the comment above it, folded
	folded  map[string]string // BNF name -> reason
	extra   map[string]string // PEG rule name -> reason
	as      map[string]string // extra PEG rule name -> the BNF rule it matches in its context
	badLit  []string          // lines with non-ASCII characters
}

var (
	pegRuleLine = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*<-`)
	foldedLine  = regexp.MustCompile(`^#\s*folded\s+([A-Za-z][A-Za-z0-9_+-]*)\s*:\s*(\S.*)$`)
	extraLine   = regexp.MustCompile(`^#\s*extra\s+([A-Za-z_][A-Za-z0-9_]*)(?:\s+as\s+([A-Za-z][A-Za-z0-9_+-]*))?\s*:\s*(\S.*)$`)
	bnfComment  = regexp.MustCompile(`^#\s?([A-Za-z][A-Za-z0-9_+-]*)\s*(=/?)\s*(.*)$`)
)

func readPEG(src string) pegFile {
	pf := pegFile{bnfText: map[string]string{}, folded: map[string]string{}, extra: map[string]string{}, as: map[string]string{}}
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
			pf.extra[m[1]] = m[3]
			if m[2] != "" {
				pf.as[m[1]] = m[2]
			}
		case strings.HasPrefix(trimmed, "#"):
			block = append(block, line)
		case pegRuleLine.MatchString(line):
			name := pegRuleLine.FindStringSubmatch(line)[1]
			pf.rules = append(pf.rules, name)
			pf.bnfText[name] = bnfTextIn(block)
			block = nil
		case trimmed == "":
			// A blank line does not end a comment block: a rule's comment may be separated
			// from the rule by nothing, but the block before an earlier rule has ended there.
		}
	}
	return pf
}

// bnfTextIn finds, in the comment block above a PEG rule, the BNF rule it transcribes: a line
// "# name = …" and its continuation lines ("#" followed by at least two blanks or a tab).
// It returns "name = text" with white space folded, or "" if there is none.
func bnfTextIn(block []string) string {
	for i := len(block) - 1; i >= 0; i-- {
		m := bnfComment.FindStringSubmatch(strings.TrimSpace(block[i]))
		if m == nil {
			continue
		}
		// Comments are removed line by line, as readBNF does: a ";" comment ends at its line.
		text := m[1] + " " + m[2] + " " + stripBNFComment(m[3])
		for _, cont := range block[i+1:] {
			body := strings.TrimPrefix(strings.TrimSpace(cont), "#")
			if !strings.HasPrefix(body, "  ") && !strings.HasPrefix(body, "\t") {
				break
			}
			text += " " + stripBNFComment(body)
		}
		return strings.Join(strings.Fields(text), " ")
	}
	return ""
}

// check compares a .peg with its .bnf rule for rule (grammar/README.md).
func check(id string, bnf []bnfRule, pf pegFile) error {
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
	bnfByPEG := map[string]bnfRule{}
	for _, r := range bnf {
		p := pegName(r.name)
		if other, ok := bnfByPEG[p]; ok {
			bad("BNF rules %s and %s map to the same PEG name %s", other.name, r.name, p)
		}
		bnfByPEG[p] = r
		_, folded := pf.folded[r.name]
		switch {
		case defined[p] && folded:
			bad("BNF rule %s has PEG rule %s and is also declared folded", r.name, p)
		case !defined[p] && !folded:
			bad("BNF rule %s has no PEG rule %s and no \"# folded %s: reason\" line", r.name, p, r.name)
		case defined[p]:
			want := strings.Join(strings.Fields(r.name+" = "+r.text), " ")
			got := pf.bnfText[p]
			if got == "" {
				bad("PEG rule %s has no \"# %s = …\" comment above it", p, r.name)
			} else if !strings.Contains(want, "=/") && got != want {
				bad("the comment above PEG rule %s is not its BNF rule:\n\t.peg: %s\n\t.bnf: %s", p, got, want)
			}
		}
	}
	for name := range pf.folded {
		if _, ok := bnfByPEG[pegName(name)]; !ok {
			bad("\"# folded %s\" names no BNF rule", name)
		}
	}
	for _, r := range pf.rules {
		_, isBNF := bnfByPEG[r]
		_, isExtra := pf.extra[r]
		switch {
		case r == "_start":
			bad("the rule name _start is reserved for gen's start dispatcher")
		case !isBNF && !isExtra:
			bad("PEG rule %s is no BNF rule and has no \"# extra %s: reason\" line", r, r)
		case isBNF && isExtra:
			bad("PEG rule %s is a BNF rule and is also declared extra", r)
		}
	}
	for extra, name := range pf.as {
		if _, ok := bnfByPEG[pegName(name)]; !ok {
			bad("\"# extra %s as %s\": %s is no BNF rule", extra, name, name)
		}
	}
	if len(pf.starts) == 0 {
		bad("no \"# start: rule …\" line")
	}
	for _, s := range pf.starts {
		if _, ok := bnfByPEG[pegName(s)]; !ok || !defined[pegName(s)] {
			bad("start rule %s is not a BNF rule with a PEG rule", s)
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return fmt.Errorf("grammar/%s.peg does not match grammar/%s.bnf:\n  %s", id, id, strings.Join(problems, "\n  "))
	}
	return nil
}

// replacement is one edit of pointlander/peg's output; it must apply at least once.
type replacement struct {
	why, old, new string
	regexp        bool
}

var edits = []replacement{
	{why: "byte buffer: end marker", old: "const endSymbol rune = 1114112", new: "const endSymbol byte = 0"},
	{why: "byte buffer: buffer type", old: `(buffer\s+)\[\]rune`, new: "${1}[]byte", regexp: true},
	{why: "byte buffer: reuse instead of []rune conversion",
		old: "p.buffer = []rune(p.Buffer)\n\t\tif len(p.buffer) == 0 || p.buffer[len(p.buffer)-1] != endSymbol {\n\t\t\tp.buffer = append(p.buffer, endSymbol)\n\t\t}",
		new: "p.buffer = append(append(p.buffer[:0], p.Buffer...), endSymbol)"},
	{why: "byte buffer: character literals compare as untyped constants",
		old: `rune\(('(?:[^'\\]|\\[^']+|\\')')\)`, new: "$1", regexp: true},
	{why: "byte buffer: node text", old: "string(([]rune(buffer)[node.begin:node.end]))", new: "buffer[node.begin:node.end]"},
	{why: "first inner token: field", old: "type token32 struct {\n\tpegRule\n\tbegin, end uint32\n}",
		new: "type token32 struct {\n\tpegRule\n\tbegin, end uint32\n\tfirst      uint32\n}"},
	{why: "first inner token: Add", old: "func (t *tokens32) Add(rule pegRule, begin, end, index uint32) {",
		new: "func (t *tokens32) Add(rule pegRule, begin, end, index, first uint32) {"},
	{why: "first inner token: Add stores it", old: "token32{pegRule: rule, begin: begin, end: end}",
		new: "token32{pegRule: rule, begin: begin, end: end, first: first}"},
	{why: "first inner token: add", old: "add := func(rule pegRule, begin uint32) {\n\t\ttree.Add(rule, begin, position, tokenIndex)",
		new: "add := func(rule pegRule, begin, first uint32) {\n\t\ttree.Add(rule, begin, position, tokenIndex, first)"},
	{why: "recognition without tokens: add", old: "\t\ttree.Add(rule, begin, position, tokenIndex, first)\n",
		new: "\t\tif !p.notokens {\n\t\t\ttree.Add(rule, begin, position, tokenIndex, first)\n\t\t}\n"},
	{why: "recognition without tokens: trim", old: "\t\t\tp.Trim(tokenIndex)\n", new: "\t\t\tif !p.notokens {\n\t\t\t\tp.Trim(tokenIndex)\n\t\t\t}\n"},
	{why: "first inner token: max", old: "max = token32{rule, begin, position}", new: "max = token32{pegRule: rule, begin: begin, end: position}"},
	{why: "first inner token: saved at rule start", old: `(?m)^(\s*)position(\d+) := position$`,
		new: "${1}position${2}, tokenIndex${2} := position, tokenIndex", regexp: true},
	{why: "first inner token: passed to add", old: `add\((rule\w+), position(\d+)\)`, new: "add($1, position$2, tokenIndex$2)", regexp: true},
	{why: "no allocation on a failed parse", old: "return &parseError{p, max}", new: "return errMismatch"},
	// With errMismatch, nothing reads the furthest match that add kept up to date on every token.
	{why: "no furthest-match bookkeeping: add", old: "\t\ttokenIndex++\n\t\tif begin != position && position > max.end {\n\t\t\tmax = token32{pegRule: rule, begin: begin, end: position}\n\t\t}\n",
		new: "\t\ttokenIndex++\n"},
	{why: "no furthest-match bookkeeping: variable", old: `\n\t\tmax +token32\n`, new: "\n", regexp: true},
	{why: "no furthest-match bookkeeping: reset", old: "\t\tmax = token32{}\n", new: ""},
	// add is a closure that every rule calls through a captured variable, which the compiler
	// does not inline; its three statements are written where it is called instead.
	{why: "add written inline: calls", old: `(?m)^(\s*)add\((rule\w+), (position\d+), (tokenIndex\d+)\)$`,
		new: "${1}if !p.notokens {\n${1}\ttree.Add($2, $3, position, tokenIndex, $4)\n${1}}\n${1}tokenIndex++", regexp: true},
	{why: "add written inline: definition", old: "\tadd := func(rule pegRule, begin, first uint32) {\n\t\tif !p.notokens {\n\t\t\ttree.Add(rule, begin, position, tokenIndex, first)\n\t\t}\n\t\ttokenIndex++\n\t}\n",
		new: ""},
}

// header matches pointlander/peg's "Code generated" line, which names the tool's own path.
var header = regexp.MustCompile(`(?m)^// Code generated by .* DO NOT EDIT\.$`)

func postProcess(id, src string) (string, error) {
	if !header.MatchString(src) {
		return "", fmt.Errorf("post-processing: no \"Code generated\" line in pointlander/peg's output")
	}
	src = header.ReplaceAllLiteralString(src, fmt.Sprintf(
		"// Code generated by gen/ from grammar/%s.peg with pointlander/peg v1.0.1 -inline. DO NOT EDIT.", id))
	for _, e := range edits {
		if e.regexp {
			re := regexp.MustCompile(e.old)
			if !re.MatchString(src) {
				return "", fmt.Errorf("post-processing (%s): pattern %q not found", e.why, e.old)
			}
			src = re.ReplaceAllString(src, e.new)
			continue
		}
		if !strings.Contains(src, e.old) {
			return "", fmt.Errorf("post-processing (%s): text %q not found", e.why, e.old)
		}
		src = strings.ReplaceAll(src, e.old, e.new)
	}
	if strings.Contains(src, "rune(") || strings.Contains(src, "[]rune") {
		return "", fmt.Errorf("post-processing: the parser still converts to runes")
	}
	var tables classTables
	src, n := foldClasses(src, &tables)
	if n == 0 {
		return "", fmt.Errorf("post-processing (character classes as tables): no choice of single characters found")
	}
	src = dropUnused(src)
	src, n = fastRuns(src)
	if n == 0 {
		return "", fmt.Errorf("post-processing (tight loops over runs of a set): no repetition of a set found")
	}
	src, _, err := guardCalls(src, &tables)
	if err != nil {
		return "", fmt.Errorf("post-processing (calls guarded by first sets): %v", err)
	}
	src, err = toMethods(src)
	if err != nil {
		return "", fmt.Errorf("post-processing (rules as methods): %v", err)
	}
	if src, _, err = failFastStart(src); err != nil {
		return "", fmt.Errorf("post-processing (start dispatcher fails fast): %v", err)
	}
	src += setDecls(&tables)
	return src, nil
}

// ruleNames reads pointlander/peg's rule table (rul3s) from its output.
var rul3s = regexp.MustCompile(`(?s)var rul3s = \[\.\.\.\]string\{(.*?)\n\}`)

func grammarFile(id string, bnf []bnfRule, pf pegFile, generated string) (string, error) {
	m := rul3s.FindStringSubmatch(generated)
	if m == nil {
		return "", fmt.Errorf("no rule table in pointlander/peg's output")
	}
	var pegRules []string
	for _, f := range strings.Split(m[1], ",") {
		if f = strings.TrimSpace(f); f != "" {
			pegRules = append(pegRules, strings.Trim(f, `"`))
		}
	}
	bnfName := map[string]string{}
	for _, r := range bnf {
		bnfName[pegName(r.name)] = r.name
	}
	for extra, name := range pf.as {
		bnfName[extra] = name // it matches that BNF rule where it stands
	}
	var b strings.Builder
	fmt.Fprintf(&b, `// Code generated by gen/ from grammar/%[1]s.bnf and grammar/%[1]s.peg. DO NOT EDIT.

package %[1]s

import (
	"errors"

	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// Grammar describes the %[1]s parser.
var Grammar = &pegrt.Grammar{
	ID: %[1]q,
	Starts: []string{`, id)
	for _, s := range pf.starts {
		fmt.Fprintf(&b, "%q, ", s)
	}
	b.WriteString("},\n\tRules: []string{\n")
	for _, r := range pegRules {
		fmt.Fprintf(&b, "\t\t%q, // %s\n", bnfName[r], r)
	}
	b.WriteString("\t},\n\tPEGRules: []string{\n")
	for _, r := range pegRules {
		fmt.Fprintf(&b, "\t\t%q,\n", r)
	}
	b.WriteString(`	},
	New: func() pegrt.Parser {
		m := &machine{}
		m.Init()
		return m
	},
}

// errMismatch is what a failed parse returns; diagnostics come from the conformance engine.
var errMismatch = errors.New("no match")

// machine adapts the generated parser to pegrt.Parser.
type machine struct {
	parser
}

func (m *machine) Match(start int, input string) bool {
	return m.run(start, input, false)
}

func (m *machine) Recognize(start int, input string) bool {
	return m.run(start, input, true)
}

// run matches input from start rule number start. NUL is the parser's end marker, and no test
// of the parser accepts it: a match that ends before the end of the input ended at a NUL, and
// is no match of the input.
func (m *machine) run(start int, input string, notokens bool) bool {
	m.start, m.notokens = start, notokens
	m.Buffer = input
	m.Reset()
	return m.Parse() == nil && int(m.position) == len(input)
}

func (m *machine) Len() int { return len(m.tokens32.tree) }

func (m *machine) Token(i int) pegrt.Token {
	t := m.tokens32.tree[i]
	return pegrt.Token{Rule: int(t.pegRule), Begin: int(t.begin), End: int(t.end), First: int(t.first)}
}

func (m *machine) Capacity() int { return cap(m.tokens32.tree) }
`)
	return b.String(), nil
}
