package diagnosis

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// An automaton that Compile makes reads its grammar and expands its rule first, which costs a
// program that rejects one input more than the rest of its run. Encode writes out everything a
// deterministic state can ask of the positions (every position's set, label, follow and rules
// around it), so that a generator can store an automaton in the program as a string constant;
// Decode reads it back in time that does not grow with the automaton: the positions are read
// from the string itself, as states need them.
//
// The string is the heads of columns of numbers, the columns, then a text. A number is written
// in base 64 with digits from '#' (0x23) upwards: printable ASCII that a Go string literal holds
// as it is, but for the backslash. A column's head is the digits each of its numbers takes (one
// digit) and its length (four digits); the heads come first, so that Decode reads the start of
// the string only. The columns, in order:
//
//	format     one number, formatVersion
//	class      the class of each of the 256 bytes
//	rep        a byte of each class
//	sets       the distinct sets of classes that the positions read, a number per six classes
//	posSet     per position, its set
//	posLabel   per position, its label
//	posChain   per position, the chain entry of the innermost rule around it (chain) plus one
//	posFollow  per position, the list of what follows it
//	first      one number, the list of what the initial state follows
//	listStart  per list, where its positions begin in listPos (and one more: the end)
//	listFinal  per list, 1 if the input may end there
//	listPos    the lists' positions, one list after the other
//	labelText  per label, its text
//	labelRank  per label, its place in the .bnf as a rank (labels are sorted by it)
//	chainRule  per chain entry, the text of its rule
//	chainUp    per chain entry, the entry of the rule around it plus one (0: none)
//	textStart  per text, where it begins in the text (and one more: the end)
//	start      one number, the text of the start rule
//
// and the text is every text, one after the other.

// formatVersion is the first number of an encoded automaton: Decode refuses any other.
const formatVersion = 1

const (
	digit0    = '#' // the digit of 0
	digitBits = 6
	lenDigits = 4 // the digits of a column's length
)

// Encode writes a out in full as a string that Decode reads back: an automaton that diagnoses
// every input as a does.
func (a *Automaton) Encode() (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	p := a.pos
	n := int32(p.count())
	var (
		texts     = numbering[string]{}
		sets      = numbering[string]{} // a set's numbers, as a string
		lists     = numbering[string]{}
		labels    = numbering[label]{}
		chains    = numbering[[2]int32]{} // (rule's text, entry around it + 1)
		listPos   []int32
		listStart []int32
		listFinal []int32
	)
	list := func(pos []int32, final bool) int32 {
		var key strings.Builder
		fmt.Fprint(&key, final, pos)
		id, added := lists.add(key.String())
		if added {
			listStart = append(listStart, int32(len(listPos)))
			listPos = append(listPos, pos...)
			listFinal = append(listFinal, b2i(final))
		}
		return id
	}
	start, _ := texts.add(p.start())
	first := list(p.first())
	var posSet, posLabel, posChain, posFollow []int32
	for q := range n {
		var set strings.Builder
		for k := range (a.nclass + digitBits - 1) / digitBits {
			d := byte(0)
			for c := k * digitBits; c < min((k+1)*digitBits, a.nclass); c++ {
				if p.reads(q, uint8(c)) {
					d |= 1 << (c - k*digitBits)
				}
			}
			set.WriteByte(d)
		}
		s, _ := sets.add(set.String())
		l, _ := labels.add(p.label(q))
		posSet, posLabel = append(posSet, s), append(posLabel, l)
		posFollow = append(posFollow, list(p.appendFollow(nil, q)))
		chain := p.chain(q)
		up := int32(0)
		for i := len(chain) - 1; i >= 0; i-- {
			r, _ := texts.add(chain[i])
			id, _ := chains.add([2]int32{r, up})
			up = id + 1
		}
		posChain = append(posChain, up)
	}
	listStart = append(listStart, int32(len(listPos)))

	var orders []int
	for _, l := range labels.list {
		orders = append(orders, l.order)
	}
	slices.Sort(orders)
	orders = slices.Compact(orders)
	var labelText, labelRank []int32
	for _, l := range labels.list {
		t, _ := texts.add(l.text)
		r, _ := slices.BinarySearch(orders, l.order)
		labelText, labelRank = append(labelText, t), append(labelRank, int32(r))
	}
	var chainRule, chainUp []int32
	for _, c := range chains.list {
		chainRule, chainUp = append(chainRule, c[0]), append(chainUp, c[1])
	}
	var textStart []int32
	var text strings.Builder
	for _, t := range texts.list {
		textStart = append(textStart, int32(text.Len()))
		text.WriteString(t)
	}
	textStart = append(textStart, int32(text.Len()))
	var class, rep, setsCol []int32
	for _, c := range a.class {
		class = append(class, int32(c))
	}
	for _, c := range a.rep {
		rep = append(rep, int32(c))
	}
	for _, s := range sets.list {
		for _, d := range []byte(s) {
			setsCol = append(setsCol, int32(d))
		}
	}

	cols := [][]int32{
		{formatVersion}, class, rep, setsCol, posSet, posLabel, posChain, posFollow, {first},
		listStart, listFinal, listPos, labelText, labelRank, chainRule, chainUp, textStart, {start},
	}
	var e encoder
	widths := make([]int, len(cols))
	for i, col := range cols {
		widths[i] = e.head(col)
	}
	for i, col := range cols {
		for _, v := range col {
			e.number(v, widths[i])
		}
	}
	if e.err != nil {
		return "", e.err
	}
	return e.b.String() + text.String(), nil
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// numbering numbers distinct values in the order they are first added.
type numbering[T comparable] struct {
	ids  map[T]int32
	list []T
}

// add returns the number of v, and whether v is new.
func (n *numbering[T]) add(v T) (int32, bool) {
	if id, ok := n.ids[v]; ok {
		return id, false
	}
	if n.ids == nil {
		n.ids = map[T]int32{}
	}
	n.ids[v] = int32(len(n.list))
	n.list = append(n.list, v)
	return int32(len(n.list) - 1), true
}

type encoder struct {
	b   strings.Builder
	err error
}

// head writes the head of col: the digits each of its numbers takes, as many as the largest
// needs, which it returns, and its length.
func (e *encoder) head(col []int32) int {
	w := 1
	for _, v := range col {
		if v < 0 {
			e.err = fmt.Errorf("diagnosis: cannot encode %d", v)
			return 1
		}
		for int64(v) >= 1<<(digitBits*w) {
			w++
		}
	}
	if len(col) >= 1<<(digitBits*lenDigits) {
		e.err = fmt.Errorf("diagnosis: a column of %d numbers is too long to encode", len(col))
		return 1
	}
	e.number(int32(w), 1)
	e.number(int32(len(col)), lenDigits)
	return w
}

func (e *encoder) number(v int32, w int) {
	for k := w - 1; k >= 0; k-- {
		e.b.WriteByte(byte(digit0 + v>>(digitBits*k)&(1<<digitBits-1)))
	}
}

// A column is a column of an encoded automaton, read in place.
type column struct {
	s string // the numbers, w digits each
	w int
}

func (c column) len() int { return len(c.s) / c.w }

// at returns number i of the column.
func (c column) at(i int32) int32 {
	k := int(i) * c.w
	if c.w == 2 { // most columns
		return int32(c.s[k]-digit0)<<digitBits | int32(c.s[k+1]-digit0)
	}
	v := int32(0)
	for end := k + c.w; k < end; k++ {
		v = v<<digitBits | int32(c.s[k]-digit0)
	}
	return v
}

// table is the positions of an automaton read by Decode.
type table struct {
	sets                                  column // one digit per number
	setDigits                             int    // the digits of a set
	posSet, posLabel, posChain, posFollow column
	firstList                             int32
	listStart, listFinal, listPos         column
	labelText, labelRank                  column
	chainRule, chainUp                    column
	textStart                             column
	text                                  string
	startText                             int32
}

func (t *table) count() int { return t.posSet.len() }
func (t *table) reads(p int32, c uint8) bool {
	d := t.sets.s[int(t.posSet.at(p))*t.setDigits+int(c)/digitBits] - digit0
	return d>>(c%digitBits)&1 != 0
}
func (t *table) first() ([]int32, bool) { return t.list(t.firstList) }
func (t *table) appendFollow(dst []int32, p int32) ([]int32, bool) {
	l := t.posFollow.at(p)
	lo, hi := t.listStart.at(l), t.listStart.at(l+1)
	for i := lo; i < hi; i++ {
		dst = append(dst, t.listPos.at(i))
	}
	return dst, t.listFinal.at(l) == 1
}
func (t *table) start() string { return t.textOf(t.startText) }

func (t *table) list(l int32) ([]int32, bool) {
	lo, hi := t.listStart.at(l), t.listStart.at(l+1)
	pos := make([]int32, hi-lo)
	for i := range pos {
		pos[i] = t.listPos.at(lo + int32(i))
	}
	return pos, t.listFinal.at(l) == 1
}

func (t *table) label(p int32) label {
	l := t.posLabel.at(p)
	return label{text: t.textOf(t.labelText.at(l)), order: int(t.labelRank.at(l))}
}

func (t *table) chain(p int32) []string {
	var chain []string
	for c := t.posChain.at(p) - 1; c >= 0; c = t.chainUp.at(c) - 1 {
		chain = append(chain, t.textOf(t.chainRule.at(c)))
	}
	return chain
}

func (t *table) textOf(i int32) string { return t.text[t.textStart.at(i):t.textStart.at(i+1)] }

var errFormat = errors.New("diagnosis: not an encoded automaton of this version")

// Decode returns the automaton that Encode wrote as s. It reads the byte classes and leaves
// the rest in s, read as states need it: it costs microseconds whatever the size of
// the automaton. It checks the shape of s, not every number in it: s is to be what Encode
// wrote, unchanged.
func Decode(s string) (*Automaton, error) {
	d := decoder{s: s}
	var cols [18]column
	var lens [len(cols)]int
	for i := range cols {
		cols[i].w, lens[i] = d.number(1), d.number(lenDigits)
	}
	for i := range cols {
		cols[i] = d.column(cols[i].w, lens[i])
	}
	if d.err != nil {
		return nil, d.err
	}
	format, class, rep, sets := cols[0], cols[1], cols[2], cols[3]
	t := &table{
		sets: sets, setDigits: (rep.len() + digitBits - 1) / digitBits,
		posSet: cols[4], posLabel: cols[5], posChain: cols[6], posFollow: cols[7],
		listStart: cols[9], listFinal: cols[10], listPos: cols[11],
		labelText: cols[12], labelRank: cols[13], chainRule: cols[14], chainUp: cols[15],
		textStart: cols[16], text: d.s,
	}
	if format.len() != 1 || format.at(0) != formatVersion || class.len() != 256 || rep.len() == 0 ||
		sets.w != 1 || sets.len()%((rep.len()+digitBits-1)/digitBits) != 0 || cols[8].len() != 1 || cols[17].len() != 1 ||
		t.posLabel.len() != t.count() || t.posChain.len() != t.count() || t.posFollow.len() != t.count() ||
		t.listStart.len() != t.listFinal.len()+1 || t.labelRank.len() != t.labelText.len() ||
		t.chainUp.len() != t.chainRule.len() || t.textStart.len() == 0 ||
		int(t.textStart.at(int32(t.textStart.len()-1))) != len(t.text) {
		return nil, errFormat
	}
	t.firstList, t.startText = cols[8].at(0), cols[17].at(0)
	var cl [256]uint8
	for c := range cl {
		k := class.at(int32(c))
		if int(k) >= rep.len() {
			return nil, errFormat
		}
		cl[c] = uint8(k)
	}
	r := make([]byte, rep.len())
	for i := range r {
		r[i] = byte(rep.at(int32(i)))
	}
	return newAutomaton(t, &cl, r)
}

type decoder struct {
	s   string
	err error
}

// column reads a column of n numbers of w digits and leaves d.s after it.
func (d *decoder) column(w, n int) column {
	if d.err != nil || w == 0 || len(d.s) < w*n {
		d.err = errFormat
		return column{w: 1}
	}
	c := column{s: d.s[:w*n], w: w}
	d.s = d.s[w*n:]
	return c
}

func (d *decoder) number(w int) int {
	if d.err != nil || len(d.s) < w {
		d.err = errFormat
		return 0
	}
	v := 0
	for k := range w {
		c := d.s[k] - digit0
		if c >= 1<<digitBits {
			d.err = errFormat
			return 0
		}
		v = v<<digitBits | int(c)
	}
	d.s = d.s[w:]
	return v
}
