package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// This file holds the post-processing steps that work on the structure of pointlander/peg's
// output rather than on fixed pieces of its text: the folding of character classes into table
// lookups, the removal of the labels and saved positions that the folding leaves unused, and
// the tight loops over runs of a set.
//
// pointlander/peg compiles a set such as [A-Za-z0-9\-.] to an ordered choice of one test per
// character or range (tree/peg.go, TypeAlternate), each failed test restoring the position
// saved at the start of the choice before the next one is tried:
//
//	{
//		position7, tokenIndex7 := position, tokenIndex
//		if c := buffer[position]; c < 'A' || c > 'Z' {
//			goto l8
//		}
//		position++
//		goto l7
//	l8:
//		position, tokenIndex = position7, tokenIndex7
//		if buffer[position] != '-' {
//			goto l4
//		}
//		position++
//	}
//	l7:
//
// A test that fails consumes nothing and records no token, so the restores between two such
// tests change nothing, and a run of them succeeds exactly when the byte at position is in the
// union of their characters. foldClasses replaces each run of two or more by one lookup in a
// 256-entry table, jumping where the run's last test jumped on failure; where the run is not
// the end of the choice, what follows it (the jump to the choice's end, the last test's failure
// label and the restore before the next alternative) stays as it was.

// A charSet is a set of bytes.
type charSet [256]bool

// String writes the set as a PEG character class, such as [\-.0-9A-Za-z].
func (s *charSet) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for c := 0; c < 256; {
		if !s[c] {
			c++
			continue
		}
		end := c
		for end+1 < 256 && s[end+1] {
			end++
		}
		switch {
		case end-c >= 2:
			b.WriteString(classChar(byte(c)) + "-" + classChar(byte(end)))
		case end-c == 1:
			b.WriteString(classChar(byte(c)) + classChar(byte(end)))
		default:
			b.WriteString(classChar(byte(c)))
		}
		c = end + 1
	}
	b.WriteByte(']')
	return b.String()
}

func classChar(c byte) string {
	switch {
	case c == '-' || c == ']' || c == '\\' || c == '[':
		return `\` + string(c)
	case c < 0x20 || c >= 0x7f:
		return fmt.Sprintf(`\x%02x`, c)
	}
	return string(c)
}

// goLiteral writes the set as a Go [256]bool composite literal.
func (s *charSet) goLiteral() string {
	var b strings.Builder
	b.WriteString("[256]bool{")
	first := true
	for c := 0; c < 256; c++ {
		if !s[c] {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(strconv.QuoteRune(rune(c)) + ": true")
	}
	b.WriteString("}")
	return b.String()
}

var (
	saveLine    = regexp.MustCompile(`^position(\d+), tokenIndex(\d+) := position, tokenIndex$`)
	restoreLine = regexp.MustCompile(`^position, tokenIndex = position(\d+), tokenIndex(\d+)$`)
	charTest    = regexp.MustCompile(`^if buffer\[position\] != ('(?:[^'\\]|\\.[^']*)') \{$`)
	rangeTest   = regexp.MustCompile(`^if c := buffer\[position\]; c < ('(?:[^'\\]|\\.[^']*)') \|\| c > ('(?:[^'\\]|\\.[^']*)') \{$`)
	gotoLine    = regexp.MustCompile(`^goto (l\d+)$`)
	labelLine   = regexp.MustCompile(`^(l\d+):$`)
	setTest     = regexp.MustCompile(`^if !cset(\d+)\[buffer\[position\]\] \{$`)
)

// charLit reads a Go character literal, such as 'a' or the escaped quote.
func charLit(lit string) (byte, error) {
	s, err := strconv.Unquote(lit)
	if err != nil || len(s) != 1 {
		return 0, fmt.Errorf("character literal %s: not one byte", lit)
	}
	return s[0], nil
}

// singleTest reads the four lines of a one-character test at lines[i:]:
//
//	if buffer[position] != 'x' {   (or a range test)
//		goto lN
//	}
//	position++
//
// and returns the characters it accepts and its failure label.
func singleTest(lines []string, i int) (set charSet, fail string, ok bool) {
	if i+3 >= len(lines) {
		return set, "", false
	}
	t := strings.TrimSpace(lines[i])
	if m := charTest.FindStringSubmatch(t); m != nil {
		c, err := charLit(m[1])
		if err != nil {
			return set, "", false
		}
		set[c] = true
	} else if m := rangeTest.FindStringSubmatch(t); m != nil {
		lo, err1 := charLit(m[1])
		hi, err2 := charLit(m[2])
		if err1 != nil || err2 != nil || lo > hi {
			return set, "", false
		}
		for c := int(lo); c <= int(hi); c++ {
			set[c] = true
		}
	} else {
		return set, "", false
	}
	g := gotoLine.FindStringSubmatch(strings.TrimSpace(lines[i+1]))
	if g == nil || strings.TrimSpace(lines[i+2]) != "}" || strings.TrimSpace(lines[i+3]) != "position++" {
		return set, "", false
	}
	return set, g[1], true
}

func merge(into, from *charSet) {
	for c := range from {
		into[c] = into[c] || from[c]
	}
}

// classTables collects the distinct sets that foldClasses makes tables of.
type classTables struct {
	sets  []charSet
	index map[charSet]int
}

func (t *classTables) id(s charSet) int {
	if t.index == nil {
		t.index = map[charSet]int{}
	}
	if i, ok := t.index[s]; ok {
		return i
	}
	t.index[s] = len(t.sets)
	t.sets = append(t.sets, s)
	return len(t.sets) - 1
}

// foldClasses replaces each run of two or more one-character alternatives of an ordered choice
// by one table lookup (see the comment at the top of this file). It returns the new source and
// how many runs it folded.
func foldClasses(src string, tables *classTables) (string, int) {
	lines := strings.Split(src, "\n")
	var out []string
	folded := 0
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		t := strings.TrimSpace(lines[i])
		var k string // the number of the choice's saved position
		if m := saveLine.FindStringSubmatch(t); m != nil && m[1] == m[2] {
			k = m[1]
		} else if m := restoreLine.FindStringSubmatch(t); m != nil && m[1] == m[2] {
			k = m[1]
		} else {
			continue
		}
		// A run of tests starts right after the save or a restore: position is the choice's
		// saved position there.
		// Each test of the run must be a whole alternative: followed either by the jump to
		// the choice's end, its own failure label and the restore before the next
		// alternative, or (the last alternative) by the end of the choice's block. A test
		// followed by anything else begins a sequence, and ends the run before it.
		// j is where the lines that stay begin: after the run's last test.
		var union charSet
		n, j, fail := 0, i+1, ""
		for at := i + 1; ; {
			set, f, ok := singleTest(lines, at)
			if !ok {
				break
			}
			end := at + 4
			if end < len(lines) && strings.TrimSpace(lines[end]) == "}" {
				merge(&union, &set)
				n, fail, j = n+1, f, end
				break
			}
			if end+2 < len(lines) &&
				strings.TrimSpace(lines[end]) == "goto l"+k &&
				strings.TrimSpace(lines[end+1]) == f+":" &&
				strings.TrimSpace(lines[end+2]) == "position, tokenIndex = position"+k+", tokenIndex"+k {
				merge(&union, &set)
				n, fail, j = n+1, f, end
				at = end + 3
				continue
			}
			break
		}
		if n < 2 {
			continue
		}
		indent := lines[i+1][:len(lines[i+1])-len(strings.TrimLeft(lines[i+1], " \t"))]
		id := tables.id(union)
		out = append(out,
			fmt.Sprintf("%sif !cset%d[buffer[position]] {", indent, id),
			fmt.Sprintf("%s\tgoto %s", indent, fail),
			indent+"}",
			indent+"position++")
		i = j - 1
		folded++
	}
	return strings.Join(out, "\n"), folded
}

// dropUnused removes the labels that no goto names, which foldClasses leaves behind where it
// folded a whole choice; the restores that no path reaches (right after a goto, with no label
// between: pointlander/peg writes one where a repetition's body cannot fail, and vet calls it
// unreachable); and then the saved positions that nothing reads any more.
func dropUnused(src string) string {
	gotos := map[string]bool{}
	for _, m := range regexp.MustCompile(`goto (l\d+)`).FindAllStringSubmatch(src, -1) {
		gotos[m[1]] = true
	}
	lines := strings.Split(src, "\n")
	var kept []string
	afterGoto := false // the last statement kept was a goto, and no label followed
	for _, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
		case labelLine.MatchString(t):
			if !gotos[labelLine.FindStringSubmatch(t)[1]] {
				continue
			}
			afterGoto = false
		case afterGoto && restoreLine.MatchString(t):
			continue
		default:
			afterGoto = gotoLine.MatchString(t)
		}
		kept = append(kept, line)
	}
	uses := map[string]int{}
	for _, m := range regexp.MustCompile(`\b(?:position|tokenIndex)(\d+)\b`).FindAllStringSubmatch(strings.Join(kept, "\n"), -1) {
		uses[m[1]]++
	}
	out := kept[:0]
	for _, line := range kept {
		t := strings.TrimSpace(line)
		if m := saveLine.FindStringSubmatch(t); m != nil && m[1] == m[2] && uses[m[1]] == 2 {
			continue // the save itself is the only mention of positionN and tokenIndexN
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// setDecls declares the tables made by foldClasses.
func setDecls(tables *classTables) string {
	if len(tables.sets) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n// The character sets that gen folded ordered choices of single characters into (gen/fold.go).\nvar (\n")
	for i := range tables.sets {
		fmt.Fprintf(&b, "\t// %s\n\tcset%d = %s\n", tables.sets[i].String(), i, tables.sets[i].goLiteral())
	}
	b.WriteString(")\n")
	return b.String()
}

// fastRuns puts a tight loop at the head of each repetition whose body matches one byte of a
// set, a range or a character as its first alternative (or as the whole body), as
// foldClasses leaves, for example,
//
//	[A-Za-z0-9]*                        ([A-Za-z0-9] / pct_encoded)*
//
//	l5:                                 l5:
//		{                                   {
//			position6, … := …                   position6, … := …
//			if !cset3[buffer[position]] {       {
//				goto l6                             position7, … := …
//			}                                       if !cset3[buffer[position]] {
//			position++                                  goto l8
//			goto l5                                 }
//		l6:                                         position++
//			position, … = position6, …              goto l7
//		}                                       l8:
//	                                                …
//	                                            }
//	                                        l7:
//	                                            goto l5
//	                                        l6:
//	                                            position, … = position6, …
//	                                        }
//
// Each turn of such a loop that takes the first alternative consumes one byte of the set and
// records nothing, so consuming the longest run of bytes of the set at the loop's head, with
// the position in a local variable, leaves the loop exactly where the turns would have. It
// returns the new source and how many loops it changed.
func fastRuns(src string) (string, int) {
	lines := strings.Split(src, "\n")
	trim := func(i int) string {
		if i < 0 || i >= len(lines) {
			return ""
		}
		return strings.TrimSpace(lines[i])
	}
	// blockEnd returns the line that closes the block opened by the "{" at line i.
	blockEnd := func(i int) int {
		depth := 0
		for j := i; j < len(lines); j++ {
			t := trim(j)
			if strings.HasSuffix(t, "{") {
				depth++
			} else if strings.HasPrefix(t, "}") {
				depth--
				if depth == 0 {
					return j
				}
			}
		}
		return -1
	}
	// cond returns, for the one-byte test at line i (a table, a character or a range), the
	// condition under which buf[i] passes it.
	cond := func(i int) (string, bool) {
		t := trim(i)
		if m := setTest.FindStringSubmatch(t); m != nil {
			return "cset" + m[1] + "[buf[i]]", true
		}
		if m := charTest.FindStringSubmatch(t); m != nil {
			return "buf[i] == " + m[1], true
		}
		if m := rangeTest.FindStringSubmatch(t); m != nil {
			return m[1] + " <= buf[i] && buf[i] <= " + m[2], true
		}
		return "", false
	}
	// headSet returns the condition of the loop whose label is the line i, if it is such a
	// loop.
	headSet := func(i int) (string, bool) {
		m := labelLine.FindStringSubmatch(trim(i))
		if m == nil || trim(i+1) != "{" {
			return "", false
		}
		again := m[1]
		s := saveLine.FindStringSubmatch(trim(i + 2))
		if s == nil || s[1] != s[2] {
			return "", false
		}
		out := "l" + s[1]
		var set string
		var next int // the line after the body
		if t, ok := cond(i + 3); ok {
			// The body is the test alone.
			if trim(i+4) != "goto "+out || trim(i+5) != "}" || trim(i+6) != "position++" {
				return "", false
			}
			set, next = t, i+7
		} else if trim(i+3) == "{" {
			// The body is a choice; its first alternative must be the test alone.
			end := blockEnd(i + 3)
			if end < 0 {
				return "", false
			}
			at, k := i+4, ""
			if c := saveLine.FindStringSubmatch(trim(at)); c != nil && c[1] == c[2] {
				at, k = at+1, c[1]
			}
			t, ok := cond(at)
			if !ok || !gotoLine.MatchString(trim(at+1)) || trim(at+2) != "}" || trim(at+3) != "position++" {
				return "", false
			}
			switch {
			case k != "" && trim(at+4) == "goto l"+k: // more alternatives follow
			case k == "" && at+4 == end: // the test is the whole choice
			default:
				return "", false
			}
			set, next = t, end+1
			if labelLine.MatchString(trim(next)) { // the choice's end
				next++
			}
		} else {
			return "", false
		}
		// After the body: the jump back, then the loop's exit.
		if trim(next) != "goto "+again || trim(next+1) != out+":" ||
			trim(next+2) != "position, tokenIndex = position"+s[1]+", tokenIndex"+s[1] {
			return "", false
		}
		return set, true
	}
	var result []string
	n := 0
	for i := range lines {
		result = append(result, lines[i])
		set, ok := headSet(i)
		if !ok {
			continue
		}
		indent := lines[i+1][:len(lines[i+1])-len(strings.TrimLeft(lines[i+1], " \t"))]
		result = append(result,
			indent+"{",
			indent+"\ti, buf := position, buffer",
			indent+"\tfor "+set+" {",
			indent+"\t\ti++",
			indent+"\t}",
			indent+"\tposition = i",
			indent+"}")
		n++
	}
	return strings.Join(result, "\n"), n
}
