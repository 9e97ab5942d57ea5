package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// foldGrammar exercises the folding and the tight loops on the shapes pointlander/peg
// compiles choices to: a choice made only of characters, choices whose first, middle or last
// alternative is a sequence that begins with a character, a set inside a negative lookahead,
// and repetitions with and without a set as their first alternative.
const foldGrammar = `package t

type parser Peg {
	start    int
	notokens bool

	position, tokenIndex uint32
}

_start <- &{p.start == 0} a !. / &{p.start == 1} b !. / &{p.start == 2} c !. / &{p.start == 3} d !.

a <- ([a-c] / 'x' 'y' / [0-9] / '%' [0-9] [0-9])*
b <- ('q' 'r' / [a-c] / 'd')+ ('e' / 'f' / 'g' 'h')
c <- (!([a-c] / 'z') [a-z])* ([0-9] / '-')?
d <- ([a-c] ('x' / 'y'))* [a-c]* 'z'
`

// foldLanguages are the languages of foldGrammar's rules, as regular expressions.
var foldLanguages = []string{
	`^(?:[a-c]|xy|[0-9]|%[0-9][0-9])*$`,
	`^(?:qr|[a-c]|d)+(?:e|f|gh)$`,
	`^[d-y]*[0-9-]?$`,
	`^(?:[a-c][xy])*[a-c]*z$`,
}

// foldCheck is the test that runs in the package generated from foldGrammar: every string of
// up to five bytes over the grammar's letters (and one more) gets the verdict of the regular
// expression.
const foldCheck = `package t

import (
	"errors"
	"regexp"
	"testing"
)

var errMismatch = errors.New("no match")

var languages = []string{%s}

func TestLanguages(t *testing.T) {
	const letters = "abcdefghqrxyz09%%-"
	var res []*regexp.Regexp
	for _, l := range languages {
		res = append(res, regexp.MustCompile(l))
	}
	p := &parser{}
	p.Init()
	var walk func(s string)
	failures := 0
	walk = func(s string) {
		for i, re := range res {
			p.start, p.notokens, p.Buffer = i, true, s
			p.Reset()
			got := p.Parse() == nil
			if want := re.MatchString(s); got != want && failures < 20 {
				t.Errorf("rule %%d %%q: %%v, want %%v", i, s, got, want)
				failures++
			}
		}
		if len(s) < 5 {
			for i := range letters {
				walk(s + letters[i:i+1])
			}
		}
	}
	walk("")
}
`

func TestFoldKeepsTheLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pointlander/peg and a generated package")
	}
	tmp := t.TempDir()
	peg := filepath.Join(tmp, "peg")
	build := exec.Command("go", "build", "-o", peg, "github.com/pointlander/peg")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building pointlander/peg: %v\n%s", err, out)
	}
	in, out := filepath.Join(tmp, "t.peg"), filepath.Join(tmp, "raw.go")
	if err := os.WriteFile(in, []byte(foldGrammar), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(peg, "-inline", "-output", out, in).CombinedOutput(); err != nil {
		t.Fatalf("pointlander/peg: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	src, err := postProcess("t", string(raw))
	if err != nil {
		t.Fatal(err)
	}
	// Every rule has a choice to fold.
	if n := strings.Count(src, "\tcset"); n < 4 {
		t.Errorf("%d tables, want at least 4:\n%s", n, src)
	}
	if n := strings.Count(src, "i, buf := p.position, p.buffer"); n != 2 { // a's loop and d's [a-c]*
		t.Errorf("%d tight loops, want 2:\n%s", n, src)
	}
	pkg := filepath.Join(tmp, "t")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	quoted := make([]string, len(foldLanguages))
	for i, l := range foldLanguages {
		quoted[i] = "`" + l + "`"
	}
	files := map[string]string{
		"go.mod":    "module t\n\ngo 1.26\n",
		"parser.go": src,
		"t_test.go": strings.ReplaceAll(strings.Replace(foldCheck, "%s", strings.Join(quoted, ", "), 1), "%%", "%"),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(pkg, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	test := exec.Command("go", "test", ".")
	test.Dir = pkg
	test.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := test.CombinedOutput(); err != nil {
		t.Fatalf("the generated parser does not keep the language: %v\n%s", err, out)
	}
}
