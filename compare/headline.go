package compare

import (
	"cmp"
	"fmt"
	"html"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// The headline is the answer a report opens with, in one sentence made from the counts of its
// summary: of a pair of versions, how many of the inputs the one accepts the other rejects,
// both ways, and the kinds of character at which it rejects the most of them.
//
//	Of the 20000 inputs read, RFC 1738 (December 1994) rejects 297 that the 2003 draft of
//	RFC 2396bis (March 2003) accepts (262 for `#`, 26 for `~`, 3 for `/`, …); the 2003 draft
//	rejects none that RFC 1738 accepts.
//
// The pair is the project's question, RFC 1738 against the 2003 draft, when both are
// compared, else the pair that disagrees on the most inputs. Every count in it is one of the
// JSON summary's, and FormatHTML marks each with the data-key that names it there.

// A phrase is a piece of the headline: words, or a count and the key of the JSON summary's
// number it is, or a character of the inputs, shown as code.
type phrase struct {
	words string
	n     int
	key   string // set for a count
	code  bool   // words are a character of the inputs
}

// maxFound is how many kinds of character the headline names behind a count.
const maxFound = 3

// headline returns the answer to r's comparison of the inputs s summarizes.
func headline(r *Report, s *Summary) []phrase {
	var h []phrase
	words := func(format string, args ...any) { h = append(h, phrase{words: fmt.Sprintf(format, args...)}) }
	count := func(n int, key string) { h = append(h, phrase{n: n, key: key}) }
	n, key, read := s.Inputs, "inputs", ""
	if r.Diff { // the summary counts the disagreeing inputs only; the pairs' counts are of all
		n, key, read = r.Read, "read", " read"
	}
	words("Of the ")
	count(n, key)
	words(" %s%s, ", nouns(n, "input"), read)
	names, _ := targetNames(s.Targets)
	if len(s.Targets) == 1 {
		words("%s accepts ", s.Targets[0].label())
		count(s.Accepted[0], "accepted/"+names[0])
		words(".")
		return h
	}
	p, question := headlinePair(s)
	pc := s.Pairs[p]
	a, b := pairTargets(len(s.Targets), p)
	key = "pair/" + names[a] + "/" + names[b] + "/"
	if pc.OnlyFirst == 0 && pc.OnlySecond == 0 {
		words("%s and %s accept the same inputs: both accept ", pc.First.label(), pc.Second.label())
		count(pc.Both, key+"both")
		words(", neither accepts ")
		count(pc.Neither, key+"neither")
	} else {
		// The version that rejects more of what the other accepts is named first.
		type side struct {
			rejecter, accepter Target
			n                  int
			by                 map[string]int
			key, byKey         string
		}
		first := side{pc.First, pc.Second, pc.OnlySecond, pc.FirstRejects, key + "only_second", key + "first_rejects/"}
		second := side{pc.Second, pc.First, pc.OnlyFirst, pc.SecondRejects, key + "only_first", key + "second_rejects/"}
		if second.n > first.n {
			first, second = second, first
		}
		for i, sd := range []side{first, second} {
			name, other := sd.rejecter.label(), sd.accepter.label()
			if i > 0 {
				name, other = sd.rejecter.shortLabel(), sd.accepter.shortLabel()
				words("; ")
			}
			words("%s rejects ", name)
			if sd.n == 0 {
				words("none")
			} else {
				count(sd.n, sd.key)
			}
			words(" that %s accepts", other)
			h = append(h, foundPhrases(sd.by, sd.byKey)...)
		}
	}
	if len(s.Targets) > 2 && !question {
		kind := "versions"
		if slices.ContainsFunc(s.Targets, Target.IsReader) {
			kind = "columns"
		}
		words(" (of the %d pairs of %s, the one that disagrees on the most inputs)", len(s.Pairs), kind)
	}
	words(".")
	return h
}

// headlinePair returns the index in s.Pairs of the pair the headline is about: RFC 1738 and
// the 2003 draft (question) when both are compared, else the pair that disagrees on the most
// inputs, the first of them on a tie; a pair of grammars before any pair with a reader, the
// headline being the documents' question.
func headlinePair(s *Summary) (p int, question bool) {
	best := -1
	grammars := func(pc PairCount) bool { return !pc.First.IsReader() && !pc.Second.IsReader() }
	for i, pc := range s.Pairs {
		v, w := pc.First.Version, pc.Second.Version
		if grammars(pc) && (v == urlgrammar.RFC1738 && w == urlgrammar.Draft2003 || v == urlgrammar.Draft2003 && w == urlgrammar.RFC1738) {
			return i, true
		}
		if best >= 0 && grammars(s.Pairs[best]) && !grammars(pc) {
			continue
		}
		if best < 0 || grammars(pc) && !grammars(s.Pairs[best]) || pc.OnlyFirst+pc.OnlySecond > s.Pairs[best].OnlyFirst+s.Pairs[best].OnlySecond {
			best = i
		}
	}
	return best, false
}

// pairTargets returns the targets of pair p of n targets (pairs i < j, in order).
func pairTargets(n, p int) (i, j int) {
	for i = 0; ; i++ {
		if p < n-1-i {
			return i, i + 1 + p
		}
		p -= n - 1 - i
	}
}

// foundPhrases names the kinds of character that by counts, the most frequent first: " (262
// for `#`, 26 for `~`, …)", or nothing when by is empty.
func foundPhrases(by map[string]int, key string) []phrase {
	if len(by) == 0 {
		return nil
	}
	kinds := slices.SortedFunc(maps.Keys(by), func(a, b string) int { return cmp.Or(by[b]-by[a], strings.Compare(a, b)) })
	h := []phrase{{words: " ("}}
	for i, found := range kinds[:min(len(kinds), maxFound)] {
		if i > 0 {
			h = append(h, phrase{words: ", "})
		}
		h = append(h, phrase{n: by[found], key: key + found}, phrase{words: " for "})
		switch found {
		case "letter", "digit", "space":
			h = append(h, phrase{words: "a " + found})
		case "control":
			h = append(h, phrase{words: "a control character"})
		case "non-ASCII":
			h = append(h, phrase{words: "a byte that is not ASCII"})
		case "end of input":
			h = append(h, phrase{words: "the end of the input"})
		case "":
			h = append(h, phrase{words: "an internal error"})
		default:
			h = append(h, phrase{words: found, code: true})
		}
	}
	if len(kinds) > maxFound {
		h = append(h, phrase{words: ", …"})
	}
	return append(h, phrase{words: ")"})
}

// headlineText is the headline as plain text, a character of the inputs in backticks as
// Markdown writes code (markdown: as a code span that holds a backtick too).
func headlineText(h []phrase, markdown bool) string {
	var b strings.Builder
	for _, p := range h {
		switch {
		case p.key != "":
			b.WriteString(strconv.Itoa(p.n))
		case p.code && markdown && strings.Contains(p.words, "`"):
			b.WriteString("`` " + p.words + " ``")
		case p.code:
			b.WriteString("`" + p.words + "`")
		default:
			b.WriteString(p.words)
		}
	}
	return b.String()
}

// headlineHTML is the headline as HTML: each count in a span whose data-key names it.
func headlineHTML(h []phrase) string {
	var b strings.Builder
	for _, p := range h {
		switch {
		case p.key != "":
			fmt.Fprintf(&b, "<span data-key=\"%s\">%d</span>", html.EscapeString(p.key), p.n)
		case p.code:
			b.WriteString("<code>" + html.EscapeString(p.words) + "</code>")
		default:
			b.WriteString(html.EscapeString(p.words))
		}
	}
	return b.String()
}

// wrapText breaks text into lines of at most width bytes, at spaces, each line after the first
// indented by indent.
func wrapText(text string, width int, indent string) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(text) {
		if i > 0 && line+1+len(word) > width {
			b.WriteString("\n" + indent)
			line = len(indent)
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	return b.String()
}

// plural is n and the noun, in the plural unless n is 1: "1 input", "2 inputs".
func plural(n int, noun string) string { return strconv.Itoa(n) + " " + nouns(n, noun) }

// nouns is the noun, in the plural unless n is 1.
func nouns(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
