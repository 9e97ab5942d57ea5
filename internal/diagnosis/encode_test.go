package diagnosis_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

// roundTrip returns the automaton that Decode reads from a's encoding, and checks that
// encoding it again gives the same string.
func roundTrip(t testing.TB, a *diagnosis.Automaton) *diagnosis.Automaton {
	t.Helper()
	s, err := a.Encode()
	if err != nil {
		t.Fatal(err)
	}
	d, err := diagnosis.Decode(s)
	if err != nil {
		t.Fatal(err)
	}
	again, err := d.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if again != s {
		t.Fatalf("the decoded automaton encodes as %d bytes that differ from the %d it was read from", len(again), len(s))
	}
	return d
}

// TestEncodeRoundTrip: the automaton that Decode reads back diagnoses exactly as the one
// Compile made, on every rule of every grammar: on random inputs over the bytes the grammars
// use, and on the inputs of TestAgreesWithEarley (there against the Earley recognizer too).
func TestEncodeRoundTrip(t *testing.T) {
	const alphabet = "aZ09:/?#[]@!$&'()*+,;=-._~%<> \"{}|\\^`\x00\xff"
	n := 200
	if testing.Short() {
		n = 30
	}
	for _, id := range grammarIDs {
		p := load(t, id)
		for _, r := range p.bnf.Rules {
			a, err := diagnosis.Compile(p.bnf, r.Name)
			if err != nil {
				t.Fatal(err)
			}
			d := roundTrip(t, a)
			rnd := rand.New(rand.NewPCG(uint64(r.Index), 1))
			for range n {
				var b strings.Builder
				for range rnd.IntN(40) {
					b.WriteByte(alphabet[rnd.IntN(len(alphabet))])
				}
				s := b.String()
				if got, want := d.Diagnose(s), a.Diagnose(s); !reflect.DeepEqual(got, want) {
					t.Errorf("%s %s %q: decoded %+v, compiled %+v", id, r.Name, s, got, want)
				}
			}
		}
	}
}

// TestDecodeRefuses: Decode refuses what is not an encoded automaton, without panicking.
func TestDecodeRefuses(t *testing.T) {
	a := compile(t, uriGrammar, "uri")
	s, err := a.Encode()
	if err != nil {
		t.Fatal(err)
	}
	const heads = 18 * 5 // then the format number, one digit
	if s[heads] != '$' {
		t.Fatalf("the encoding does not say format 1 where expected: %.100q", s)
	}
	for _, bad := range []string{
		"", "#", "\x00\x00\x00", s[:len(s)/2], s[:len(s)-1],
		s[:heads] + "%" + s[heads+1:], // format 2
	} {
		if _, err := diagnosis.Decode(bad); err == nil {
			t.Errorf("Decode(%.20q…) succeeded", bad)
		}
	}
}
