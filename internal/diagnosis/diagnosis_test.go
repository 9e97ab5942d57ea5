package diagnosis_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

func compile(t *testing.T, src, start string) *diagnosis.Automaton {
	t.Helper()
	g, err := bnf.Parse("test.bnf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a, err := diagnosis.Compile(g, start)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestDiagnose checks the automaton on a small grammar whose answers can be read off it.
func TestDiagnose(t *testing.T) {
	a := compile(t, `@case sensitive
s      = "http:" digits [ "." digits ] "/"
digits = 1*digit
digit  = %x30-39
`, "s")
	for _, tc := range []struct {
		in   string
		want diagnosis.Result
	}{
		{"", diagnosis.Result{Offset: 0, Expected: []string{`"http:"`}, In: "s"}},
		{"htx", diagnosis.Result{Offset: 2, Expected: []string{`"tp:"`}, In: "s"}},
		{"http:1x", diagnosis.Result{Offset: 6, Expected: []string{`"."`, `"/"`, "digit"}, In: "digits"}},
		{"http:1.", diagnosis.Result{Offset: 7, Expected: []string{"digit"}, In: "s"}},
		{"http:1/", diagnosis.Result{Match: true, Offset: 7, Expected: []string{diagnosis.EndOfInput}, In: "s"}},
		{"http:1/x", diagnosis.Result{Offset: 7, Expected: []string{diagnosis.EndOfInput}, In: "s"}},
		{"http:\x00", diagnosis.Result{Offset: 5, Expected: []string{"digit"}, In: "s"}},
		{"\xff\xfe", diagnosis.Result{Offset: 0, Expected: []string{`"http:"`}, In: "s"}},
	} {
		if diff := cmp.Diff(tc.want, a.Diagnose(tc.in)); diff != "" {
			t.Errorf("Diagnose(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestTailRecursion: a rule that refers to itself at its end is a loop, however long the
// input; the drafts write repetition that way.
func TestTailRecursion(t *testing.T) {
	a := compile(t, `@case sensitive
hostname = ialpha [ "." hostname ]
ialpha   = alpha [ ialpha ]
alpha    = %x61-7A
`, "hostname")
	long := strings.Repeat("ab.", 100000) + "c"
	if d := a.Diagnose(long); !d.Match {
		t.Errorf("%d bytes of labels: %+v", len(long), d)
	}
	if d := a.Diagnose(long + ".."); d.Match || d.Offset != len(long)+1 || d.In != "hostname" {
		t.Errorf("a second dot: %+v, want offset %d in hostname", d, len(long)+1)
	}
}

// TestSelfEmbedding: a rule that refers to itself other than at its end describes a language
// no finite automaton reads; Compile says so and names the rule.
func TestSelfEmbedding(t *testing.T) {
	for _, src := range []string{
		"@case sensitive\nparens = \"(\" [ parens ] \")\"\n",
		"@case sensitive\ns = a \"x\"\na = \"(\" [ s ] \")\"\n",
	} {
		g, err := bnf.Parse("test.bnf", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		_, err = diagnosis.Compile(g, g.Rules[0].Name)
		if err == nil || !strings.Contains(err.Error(), "self-embedding") || !strings.Contains(err.Error(), "rule "+g.Rules[0].Name) {
			t.Errorf("Compile(%q) = %v, want a self-embedding error naming %s", src, err, g.Rules[0].Name)
		}
	}
}

// TestUnknownRule: an unknown start rule is an error, not a panic.
func TestUnknownRule(t *testing.T) {
	g, _ := bnf.Parse("test.bnf", []byte("@case sensitive\na = \"x\"\n"))
	if _, err := diagnosis.Compile(g, "b"); err == nil {
		t.Error("Compile of an unknown rule succeeded")
	}
}

// TestStateBound: a language whose deterministic automaton has more states than are kept
// (the 13th byte from the end is "a": 2^13 states) is still read exactly, past the bound.
func TestStateBound(t *testing.T) {
	a := compile(t, `@case sensitive
s = *( "a" / "b" ) "a" 12( "a" / "b" )
`, "s")
	rnd := uint32(1)
	var b strings.Builder
	for range 200000 {
		rnd = rnd*1664525 + 1013904223
		b.WriteByte("ab"[rnd>>31])
	}
	in := b.String()
	for _, n := range []int{13, 500, 100000, 200000} {
		s := in[:n]
		want := s[len(s)-13] == 'a'
		if d := a.Diagnose(s); d.Match != want || d.Offset != len(s) {
			t.Errorf("%d bytes: %+v, want match %v", n, d, want)
		}
	}
}

const uriGrammar = `@case insensitive
uri  = scheme ":" *( pchar / "/" )
scheme = alpha *( alpha / digit / "+" )
pchar = alpha / digit / "%" hex hex
hex = digit / "A" / "B" / "C" / "D" / "E" / "F"
alpha = %x41-5A / %x61-7A
digit = %x30-39
`

// TestConcurrent diagnoses from several goroutines at once on one automaton, while its states
// are being built (run with -race).
func TestConcurrent(t *testing.T) {
	a := compile(t, uriGrammar, "uri")
	inputs := []string{"http://a/b%4", "HTTP:/%zz", "x+1:a/b/c", "1x:", "mailto:a%41%42/", ""}
	want := make([]diagnosis.Result, len(inputs))
	for i, s := range inputs {
		want[i] = compile(t, uriGrammar, "uri").Diagnose(s) // a fresh automaton each
	}
	done := make(chan bool)
	for g := range 8 {
		go func() {
			for k := range 200 {
				i := (g + k) % len(inputs)
				if got := a.Diagnose(inputs[i]); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("%q: %+v, want %+v", inputs[i], got, want[i])
				}
			}
			done <- true
		}()
	}
	for range 8 {
		<-done
	}
}

// TestFirstRun: an automaton's first run, which follows sets of positions without building
// states for up to 256 bytes and then goes on with states, diagnoses as the runs after it do,
// on inputs that leave the language before, at and after that bound, and that end inside it.
func TestFirstRun(t *testing.T) {
	for n := 250; n <= 262; n++ {
		prefix := "http:" + strings.Repeat("a", n)
		for _, tc := range []struct {
			suffix string
			want   diagnosis.Result
		}{
			{"", diagnosis.Result{Match: true, Offset: len(prefix), Expected: []string{`"/"`, "alpha", "digit", `"%"`, diagnosis.EndOfInput}, In: "uri"}},
			{"%4", diagnosis.Result{Offset: len(prefix) + 2, Expected: []string{"hex"}, In: "pchar"}},
			{"%zz", diagnosis.Result{Offset: len(prefix) + 1, Expected: []string{"hex"}, In: "pchar"}},
			{"/b c", diagnosis.Result{Offset: len(prefix) + 2, Expected: []string{`"/"`, "alpha", "digit", `"%"`, diagnosis.EndOfInput}, In: "uri"}},
		} {
			s := prefix + tc.suffix
			fresh := compile(t, uriGrammar, "uri")
			warmed := compile(t, uriGrammar, "uri")
			warmed.Diagnose("x")
			for i, got := range []diagnosis.Result{fresh.Diagnose(s), fresh.Diagnose(s), warmed.Diagnose(s)} {
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("%d bytes, run %d: %+v, want %+v", len(s), i, got, tc.want)
				}
			}
		}
	}
}
