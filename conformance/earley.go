package conformance

import (
	"sort"
	"strings"
)

// The recognizer is Earley's algorithm over the compiled grammar (compile.go), with
//
//   - Aycock and Horspool's treatment of nullable nonterminals: predicting a nullable B also
//     moves the dot over B, so completions of empty derivations need no special pass;
//   - Leo's optimization for right recursion: when a completion can only climb a chain of items
//     that each end with the completed symbol, the topmost item of the chain is memoized per
//     Earley set and added directly, which keeps right-recursive rules (the 1993 and 1994
//     drafts write repetition as recursion) linear instead of quadratic;
//   - a compact store: an item is two int32s (dotted position, origin); a finished set keeps
//     only its items that wait for a nonterminal (the only ones a later completion looks at),
//     and sets that no live item can reach any more are compacted away, so memory stays small
//     on long inputs whose grammar does not force it (see BenchmarkDiagnose).
//
// Ambiguity costs nothing special: items are deduplicated per set. Left recursion is handled
// by prediction as usual.
//
// For coverage (check.go) a second mode keeps every item and the reasons each was added, and
// walks back from the accepting item to the items used by some derivation of the input.

type item struct{ pos, origin int32 }

// reason records why an item was added (chart mode only).
type reason struct {
	pred  int32 // the item whose dot moved (global index), or -1 for a prediction
	cause int32 // ≥0: the completed item (global index); -1-b: byte b was scanned; ≤ -257: nullable nonterminal −257−cause derived the empty string here
	next  int32 // next reason of the same item, or -1
}

type leoEntry struct {
	nt   int32
	res  item
	next int32
}

// run is the mutable state of one recognition; runs are pooled per grammar.
type run struct {
	c     *compiled
	input string
	chart bool // keep every item and reason (coverage)
	leo   bool
	// lookahead: predict only the productions that can begin with the next byte (or derive
	// the empty string); the last set is processed again without it (see exec).
	lookahead bool

	i     int32 // current set
	cur   []item
	next  []item
	epoch uint32

	// dedupe within the current set
	posStamp []uint32 // per position: epoch when (pos, i) is in cur
	ntStamp  []uint32 // per nonterminal: epoch when it was predicted in the current set
	posIdx   []int32
	htKeys   []uint64
	htVals   []int32
	htUsed   []int32

	// finished sets
	store    []item
	setStart []int32
	setLen   []int32
	gcLimit  int
	gcLive   u64Set
	gcMemo   u64Set
	gcWork   []uint64
	gcEnts   []leoEntry

	// Leo memo per set (streaming mode)
	leoHead []int32
	leoEnt  []leoEntry

	// chart mode
	curReason  []int32 // per cur index: head of its reasons
	nextReason []int32
	reasons    []reason
	rhead      []int32 // per stored item: head of its reasons
}

const minGC = 1 << 16

// predictionLookahead turns on the filtering of predictions by the next byte outside chart
// mode; a test turns it off to compare.
var predictionLookahead = true

func (c *compiled) getRun(chart bool) *run {
	r, _ := c.pool.Get().(*run)
	if r == nil {
		r = &run{c: c, posStamp: make([]uint32, len(c.sym)), posIdx: make([]int32, len(c.sym)), ntStamp: make([]uint32, len(c.ntName))}
	}
	r.chart, r.leo, r.lookahead = chart, !chart, !chart && predictionLookahead
	return r
}

func (c *compiled) putRun(r *run) {
	r.input = ""
	// Do not keep the buffers of a huge input alive in the pool.
	const keep = 1 << 16
	if cap(r.store) > keep || cap(r.setStart) > keep || cap(r.reasons) > keep || cap(r.leoEnt) > keep ||
		cap(r.gcLive.keys) > keep || cap(r.cur) > keep || cap(r.htKeys) > keep {
		*r = run{c: c, posStamp: r.posStamp, posIdx: r.posIdx, ntStamp: r.ntStamp, epoch: r.epoch}
	}
	c.pool.Put(r)
}

func (r *run) newEpoch() {
	r.epoch++
	if r.epoch == 0 { // wrapped: forget every stamp
		clear(r.posStamp)
		clear(r.ntStamp)
		r.epoch = 1
	}
	for _, s := range r.htUsed {
		r.htKeys[s] = 0
	}
	r.htUsed = r.htUsed[:0]
}

// htFind returns the slot of key (present or the empty slot where it would go).
func (r *run) htFind(key uint64) int {
	mask := len(r.htKeys) - 1
	h := int((key * 0x9E3779B97F4A7C15) >> 40)
	for {
		h &= mask
		k := r.htKeys[h]
		if k == 0 || k == key {
			return h
		}
		h++
	}
}

// htInsert inserts key with value v unless present; it returns the value stored and whether
// the key was new.
func (r *run) htInsert(key uint64, v int32) (int32, bool) {
	if 2*(len(r.htUsed)+1) > len(r.htKeys) {
		r.htGrow()
	}
	s := r.htFind(key)
	if r.htKeys[s] == key {
		return r.htVals[s], false
	}
	r.htKeys[s], r.htVals[s] = key, v
	r.htUsed = append(r.htUsed, int32(s))
	return v, true
}

func (r *run) htGrow() {
	n := 2 * len(r.htKeys)
	if n < 256 {
		n = 256
	}
	oldK, oldV, used := r.htKeys, r.htVals, r.htUsed
	r.htKeys, r.htVals, r.htUsed = make([]uint64, n), make([]int32, n), make([]int32, 0, n/2)
	for _, s := range used {
		t := r.htFind(oldK[s])
		r.htKeys[t], r.htVals[t] = oldK[s], oldV[s]
		r.htUsed = append(r.htUsed, int32(t))
	}
}

// add puts it into the current set unless it is there; in chart mode it records why.
func (r *run) add(it item, pred, cause int32) {
	var idx int32
	if it.origin == r.i {
		if r.posStamp[it.pos] == r.epoch {
			if !r.chart {
				return
			}
			idx = r.posIdx[it.pos]
			r.addReason(idx, pred, cause)
			return
		}
		r.posStamp[it.pos] = r.epoch
		idx = int32(len(r.cur))
		r.posIdx[it.pos] = idx
	} else {
		key := uint64(it.pos+1)<<32 | uint64(uint32(it.origin))
		v, isNew := r.htInsert(key, int32(len(r.cur)))
		if !isNew {
			if r.chart {
				r.addReason(v, pred, cause)
			}
			return
		}
		idx = v
	}
	r.cur = append(r.cur, it)
	if r.chart {
		r.curReason = append(r.curReason, -1)
		if pred >= 0 {
			r.addReason(idx, pred, cause)
		}
	}
}

func (r *run) addReason(idx, pred, cause int32) {
	if pred < 0 {
		return
	}
	r.reasons = append(r.reasons, reason{pred: pred, cause: cause, next: r.curReason[idx]})
	r.curReason[idx] = int32(len(r.reasons) - 1)
}

// base is the global index of the current set's first item (chart mode).
func (r *run) base() int32 { return int32(len(r.store)) }

// stored returns the kept items of finished set k.
func (r *run) stored(k int32) []item {
	s := r.setStart[k]
	if s < 0 {
		return nil
	}
	return r.store[s : s+r.setLen[k]]
}

// process runs prediction and completion over the current set to closure.
func (r *run) process() {
	c := r.c
	for idx := 0; idx < len(r.cur); idx++ {
		it := r.cur[idx]
		s := c.sym[it.pos]
		switch {
		case s == symEnd:
			if it.origin != r.i { // empty completions are done by prediction (Aycock–Horspool)
				r.complete(c.lhs[it.pos], it.origin, int32(idx))
			}
		case s >= 0:
			if r.ntStamp[s] != r.epoch {
				r.ntStamp[s] = r.epoch
				if r.lookahead {
					// A production that cannot begin with the next byte nor derive the
					// empty string would die at the next scan, having predicted only
					// productions of the same kind.
					atEnd := int(r.i) == len(r.input)
					var next byte
					if !atEnd {
						next = r.input[r.i]
					}
					for _, p := range c.ntProds[s] {
						if c.nullAt[p] || !atEnd && c.firstAt[p].Has(next) {
							r.add(item{p, r.i}, -1, 0)
						}
					}
				} else {
					for _, p := range c.ntProds[s] {
						r.add(item{p, r.i}, -1, 0)
					}
				}
			}
			if c.nullable[s] {
				r.add(item{it.pos + 1, it.origin}, r.base()+int32(idx), -257-s)
			}
		}
	}
}

// complete advances the items of set k that wait for nt, which derives input[k:i].
func (r *run) complete(nt, k, idx int32) {
	c := r.c
	if !r.chart {
		// Each (nt, k) needs completing once per set.
		if _, isNew := r.htInsert(1<<63|uint64(nt)<<32|uint64(uint32(k)), 0); !isNew {
			return
		}
		if r.leo {
			// A memoized Leo item stands for the items of set k that wait for nt (the
			// collector may have dropped them); new ones are computed for right recursion.
			t, ok := r.leoMemo(k, nt)
			if !ok && c.rightRec[nt] {
				t, ok = r.leoItem(k, nt, 0)
			}
			if ok {
				r.add(t, -1, 0)
				return
			}
		}
		for _, w := range r.stored(k) {
			if c.sym[w.pos] == nt {
				r.add(item{w.pos + 1, w.origin}, -1, 0)
			}
		}
		return
	}
	st := r.setStart[k]
	for j, w := range r.stored(k) {
		if c.sym[w.pos] == nt {
			r.add(item{w.pos + 1, w.origin}, st+int32(j), r.base()+idx)
		}
	}
}

// leoItem returns the topmost item of the deterministic chain that completing nt from set k
// climbs, when set k holds exactly one item waiting for nt and nt ends its production.
func (r *run) leoItem(k, nt int32, depth int) (item, bool) {
	if t, ok := r.leoMemo(k, nt); ok {
		return t, true
	}
	if depth > 64 { // a long chain of unit rules within one set: give up, complete normally
		return item{}, false
	}
	c := r.c
	var w item
	n := 0
	for _, x := range r.stored(k) {
		if c.sym[x.pos] == nt {
			w = x
			if n++; n > 1 {
				return item{}, false
			}
		}
	}
	if n != 1 || c.sym[w.pos+1] != symEnd {
		return item{}, false
	}
	res := item{w.pos + 1, w.origin}
	if w.origin < k || w.origin == k && c.lhs[w.pos] != nt {
		if t, ok := r.leoItem(w.origin, c.lhs[w.pos], depth+1); ok {
			res = t
		}
	}
	if len(r.leoEnt) == cap(r.leoEnt) {
		r.leoEnt = append(make([]leoEntry, 0, max(64, 2*cap(r.leoEnt))), r.leoEnt...)
	}
	r.leoEnt = append(r.leoEnt, leoEntry{nt: nt, res: res, next: r.leoHead[k]})
	r.leoHead[k] = int32(len(r.leoEnt) - 1)
	return res, true
}

// leoMemo returns the memoized Leo item of (set k, nt), if any.
func (r *run) leoMemo(k, nt int32) (item, bool) {
	for e := r.leoHead[k]; e >= 0; e = r.leoEnt[e].next {
		if r.leoEnt[e].nt == nt {
			return r.leoEnt[e].res, true
		}
	}
	return item{}, false
}

// finish keeps what later sets need of the current set.
func (r *run) finish() {
	c := r.c
	r.setStart = push32(r.setStart, int32(len(r.store)))
	if r.chart {
		r.store = append(r.store, r.cur...)
		r.rhead = append(r.rhead, r.curReason...)
		r.setLen = push32(r.setLen, int32(len(r.cur)))
		return
	}
	n := 0
	for _, it := range r.cur {
		if c.sym[it.pos] >= 0 {
			if len(r.store) == cap(r.store) {
				r.store = append(make([]item, 0, max(1024, 2*cap(r.store))), r.store...)
			}
			r.store = append(r.store, it)
			n++
		}
	}
	r.setLen = push32(r.setLen, int32(n))
	r.leoHead = push32(r.leoHead, -1)
}

// scan moves the items of the current set over byte b into r.next.
func (r *run) scan(b byte) {
	c := r.c
	r.next = r.next[:0]
	r.nextReason = r.nextReason[:0]
	base := r.base()
	if !r.chart {
		base = 0
	}
	for idx, it := range r.cur {
		s := c.sym[it.pos]
		if s < 0 && s != symEnd && c.terms[-1-s].set.Has(b) {
			r.next = append(r.next, item{it.pos + 1, it.origin})
			if r.chart {
				r.nextReason = append(r.nextReason, base+int32(idx))
			}
		}
	}
}

// gc drops what no later completion can look at. Liveness is per (set, nonterminal): a
// completion of A from set k looks only at the items of set k that wait for A, and it can only
// happen while some item begun at k for A is alive. The roots are the items of the next set;
// a kept item [B → γ • A δ, j] of set k (live because (k, A) is) makes (j, B) live; a Leo memo
// for (k, A) makes its result's (origin, nonterminal) live. Everything else is compacted away.
func (r *run) gc() {
	c := r.c
	type pair = uint64 // set<<32 | nonterminal
	live := r.gcLive.reset(len(r.next) + len(r.store)/4)
	work := r.gcWork[:0]
	defer func() { r.gcWork = work[:0] }()
	push := func(k, nt int32) {
		p := pair(uint32(k))<<32 | pair(uint32(nt))
		if live.insert(p) {
			work = append(work, p)
		}
	}
	for _, it := range r.next {
		push(it.origin, c.lhs[it.pos])
	}
	memoOnly := r.gcMemo.reset(16)
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		k, nt := int32(p>>32), int32(uint32(p))
		if t, ok := r.leoMemo(k, nt); ok {
			// Completions of nt from k use the memo, never the items: drop those, which
			// cuts the chain a right recursion would otherwise keep alive through every set.
			memoOnly.insert(p)
			push(t.origin, c.lhs[t.pos])
			continue
		}
		for _, w := range r.stored(k) {
			if c.sym[w.pos] == nt {
				push(w.origin, c.lhs[w.pos])
			}
		}
	}
	w := int32(0)
	ents := r.gcEnts[:0]
	n := int32(r.i) + 1
	for k := int32(0); k < n; k++ {
		if r.setStart[k] < 0 {
			continue
		}
		s, l := r.setStart[k], r.setLen[k]
		start := w
		for _, it := range r.store[s : s+l] {
			if p := pair(uint32(k))<<32 | pair(uint32(c.sym[it.pos])); live.has(p) && !memoOnly.has(p) {
				r.store[w] = it
				w++
			}
		}
		head := int32(-1)
		for e := r.leoHead[k]; e >= 0; e = r.leoEnt[e].next {
			if x := r.leoEnt[e]; live.has(pair(uint32(k))<<32 | pair(uint32(x.nt))) {
				x.next = head
				ents = append(ents, x)
				head = int32(len(ents) - 1)
			}
		}
		r.leoHead[k] = head
		if w == start && head < 0 {
			r.setStart[k], r.setLen[k] = -1, 0
			continue
		}
		r.setStart[k], r.setLen[k] = start, w-start
	}
	freed := len(r.store) - int(w)
	r.store = r.store[:w]
	r.leoEnt, r.gcEnts = ents, r.leoEnt[:0]
	r.gcLimit = max(minGC, 2*int(w))
	if freed < int(w) {
		// Most items are live (right recursion keeps a chain through every set): collect
		// less often, so that the total work stays linear with a small constant.
		r.gcLimit = max(minGC, 4*int(w))
	}
}

// exec recognizes input from the augmented start nonterminal s. It returns whether the whole
// input matched and the last set reached: the length of the longest prefix of input that is a
// prefix of some string of the language. On return r.cur holds that set.
func (r *run) exec(s int32, input string) (bool, int) {
	c := r.c
	r.input = input
	r.i = 0
	r.cur, r.next = r.cur[:0], r.next[:0]
	r.store, r.setStart, r.setLen = r.store[:0], r.setStart[:0], r.setLen[:0]
	r.leoHead, r.leoEnt = r.leoHead[:0], r.leoEnt[:0]
	r.curReason, r.nextReason, r.reasons, r.rhead = r.curReason[:0], r.nextReason[:0], r.reasons[:0], r.rhead[:0]
	r.gcLimit = minGC
	r.newEpoch()
	if !c.productive[s] {
		return false, 0
	}
	for _, p := range c.ntProds[s] {
		r.add(item{p, 0}, -1, 0)
	}
	for {
		kernel := len(r.cur)
		r.process()
		if int(r.i) == len(input) {
			r.unfiltered(kernel)
			break
		}
		r.scan(input[r.i])
		if len(r.next) == 0 {
			r.unfiltered(kernel)
			break
		}
		r.finish()
		if !r.chart && len(r.store) > r.gcLimit {
			r.gc()
		}
		r.i++
		r.newEpoch()
		r.cur, r.next = r.next, r.cur
		if r.chart {
			r.curReason = r.curReason[:0]
			b := input[r.i-1]
			for _, pred := range r.nextReason {
				r.curReason = append(r.curReason, -1)
				r.addReason(int32(len(r.curReason)-1), pred, -1-int32(b))
			}
		}
		// Scanned items have a terminal before the dot and are unique; register those of
		// origin i (none: origin < i) — nothing to do for dedupe.
	}
	return int(r.i) == len(input) && r.accepts(s), int(r.i)
}

// unfiltered processes the last set again, from its first kernel items, without filtering
// its predictions by the next byte: what the set expects there (Diagnose) is every byte its
// items can scan, not only the one that follows. The items of the earlier sets are those of
// an unfiltered run that can still lead somewhere (a prediction filtered out could never
// complete), so completions into them are the same.
func (r *run) unfiltered(kernel int) {
	if !r.lookahead {
		return
	}
	r.lookahead = false
	r.newEpoch()
	r.cur = r.cur[:kernel]
	for _, it := range r.cur {
		if it.origin == r.i {
			r.posStamp[it.pos] = r.epoch
			r.posIdx[it.pos] = 0 // unused outside chart mode
		}
	}
	r.process()
	r.lookahead = true
}

// accepts reports whether the current set holds the completed start item S' → X •, 0.
func (r *run) accepts(s int32) bool {
	c := r.c
	for _, it := range r.cur {
		if it.origin == 0 && c.sym[it.pos] == symEnd && c.lhs[it.pos] == s {
			return true
		}
	}
	return false
}

// Recognize reports whether input is a string of the language of rule start. It is false for
// an undefined rule.
func (g *Grammar) Recognize(start, input string) bool {
	s, ok := g.c.startNT[start]
	if !ok {
		return false
	}
	r := g.c.getRun(false)
	m, _ := r.exec(s, input)
	g.c.putRun(r)
	return m
}

// Diagnosis says where and why an input leaves the language of a rule.
type Diagnosis struct {
	// Match is true when the whole input is in the language.
	Match bool
	// Offset is the length in bytes of the longest prefix of the input that is still a prefix
	// of some string of the language (len(input) when Match).
	Offset int
	// Expected lists what the grammar allows at Offset, in the order the .bnf first mentions
	// each: character-set rules by name (`digit`), literals as written (`"/"`, or the rest of
	// a literal begun before Offset), %x values as written, and "end of input" (last) when the
	// prefix is itself a complete string.
	Expected []string
	// In is the innermost rule being matched at Offset: of the unfinished items that began
	// last before Offset, the nearest rule that contains all of them (for "http://a b" under
	// RFC 3986, where `a` may begin a userinfo or a reg-name, that is authority); the start
	// rule when nothing began before Offset.
	In string
}

// endOfInput is the Expected entry that says the input may end at Offset.
const endOfInput = "end of input"

// expectedText renders Expected for an error message: `digit, "." or "/"`.
func (d Diagnosis) expectedText() string {
	switch n := len(d.Expected); n {
	case 0:
		return "nothing"
	case 1:
		return d.Expected[0]
	default:
		return strings.Join(d.Expected[:n-1], ", ") + " or " + d.Expected[n-1]
	}
}

// Diagnose recognizes input from rule start and says where it leaves the language. It runs in
// time linear in the input for the grammars of this project (Earley sets of bounded size) and
// never panics, whatever the bytes. An undefined start rule gives a zero Diagnosis.
func (g *Grammar) Diagnose(start, input string) Diagnosis {
	s, ok := g.c.startNT[start]
	if !ok {
		return Diagnosis{}
	}
	r := g.c.getRun(false)
	defer g.c.putRun(r)
	m, off := r.exec(s, input)
	d := Diagnosis{Match: m, Offset: off, In: start}
	c := g.c
	if !c.productive[s] {
		return d
	}
	type lab struct {
		order int
		text  string
	}
	var labs []lab
	seen := map[string]int{} // label → index in labs
	bestOrigin := int32(-1)
	for _, it := range r.cur {
		sy := c.sym[it.pos]
		if sy == symEnd {
			continue
		}
		if it.origin < r.i && it.origin > bestOrigin {
			bestOrigin = it.origin
		}
		if sy < 0 {
			for _, p := range c.terms[-1-sy].parts {
				if k, ok := seen[p.label]; ok {
					labs[k].order = min(labs[k].order, p.order)
					continue
				}
				seen[p.label] = len(labs)
				labs = append(labs, lab{p.order, p.label})
			}
		}
	}
	if bestOrigin >= 0 {
		d.In = g.rules[c.ntOwner[r.innermost(bestOrigin)]].Name
	}
	sort.SliceStable(labs, func(i, j int) bool { return labs[i].order < labs[j].order })
	for _, l := range labs {
		d.Expected = append(d.Expected, l.text)
	}
	if r.accepts(s) {
		d.Expected = append(d.Expected, endOfInput)
	}
	return d
}

// innermost returns the nonterminal that most closely encloses every unfinished item of the
// current set that began at k: their nearest common ancestor in the derivations (an item
// [X → α • β, k] descends from each item of set k that waits for X, which in turn descends
// from the items of its own origin's set that wait for its nonterminal, and so on), ties going
// to the first found; the first candidate's own nonterminal when the walk finds none.
func (r *run) innermost(k int32) int32 {
	c := r.c
	type node = uint64 // nonterminal<<32 | origin
	var cands []node
	seen := map[node]bool{}
	for _, it := range r.cur {
		if it.origin == k && c.sym[it.pos] != symEnd {
			n := node(c.lhs[it.pos])<<32 | node(uint32(k))
			if !seen[n] {
				seen[n] = true
				cands = append(cands, n)
			}
		}
	}
	const limit = 4096 // ancestors visited per candidate (error path only; bounded work)
	type score struct{ n, worst, first int }
	common := map[node]*score{}
	seq := 0
	for _, x := range cands {
		dist := map[node]int{x: 0}
		queue := []node{x}
		for q := 0; q < len(queue) && len(dist) < limit; q++ {
			y := queue[q]
			nt, org := int32(y>>32), int32(uint32(y))
			if t, ok := r.leoMemo(org, nt); ok {
				p := node(c.lhs[t.pos])<<32 | node(uint32(t.origin))
				if _, ok := dist[p]; !ok {
					dist[p] = dist[y] + 1
					queue = append(queue, p)
				}
			}
			for _, w := range r.stored(org) {
				if c.sym[w.pos] == nt {
					p := node(c.lhs[w.pos])<<32 | node(uint32(w.origin))
					if _, ok := dist[p]; !ok {
						dist[p] = dist[y] + 1
						queue = append(queue, p)
					}
				}
			}
		}
		for _, y := range queue {
			sc := common[y]
			if sc == nil {
				sc = &score{first: seq}
				seq++
				common[y] = sc
			}
			sc.n++
			sc.worst = max(sc.worst, dist[y])
		}
	}
	best, bs := node(0), (*score)(nil)
	for y, sc := range common {
		if sc.n != len(cands) {
			continue
		}
		if bs == nil || sc.worst < bs.worst || sc.worst == bs.worst && sc.first < bs.first {
			best, bs = y, sc
		}
	}
	if bs == nil {
		return int32(cands[0] >> 32)
	}
	return int32(best >> 32)
}

// u64Set is an open-addressing set of uint64 keys.
type u64Set struct {
	keys []uint64 // key+1; 0 is empty
	n    int
}

// reset empties s, sized for about hint keys, reusing its memory.
func (s *u64Set) reset(hint int) *u64Set {
	size := 64
	for size < 2*hint {
		size *= 2
	}
	if cap(s.keys) >= size {
		s.keys = s.keys[:size]
		clear(s.keys)
	} else {
		s.keys = make([]uint64, size)
	}
	s.n = 0
	return s
}

func (s *u64Set) slot(k uint64) int {
	mask := len(s.keys) - 1
	h := int((k * 0x9E3779B97F4A7C15) >> 32)
	for {
		h &= mask
		if s.keys[h] == 0 || s.keys[h] == k+1 {
			return h
		}
		h++
	}
}

// insert adds k and reports whether it was new.
func (s *u64Set) insert(k uint64) bool {
	if 2*(s.n+1) > len(s.keys) {
		old := s.keys
		s.keys = make([]uint64, 2*len(old))
		for _, x := range old {
			if x != 0 {
				s.keys[s.slot(x-1)] = x
			}
		}
	}
	h := s.slot(k)
	if s.keys[h] != 0 {
		return false
	}
	s.keys[h] = k + 1
	s.n++
	return true
}

func (s *u64Set) has(k uint64) bool { return s.keys[s.slot(k)] != 0 }

// push32 appends v, doubling the capacity when full: the per-position slices of a long input
// then cost at most twice their final size in allocations (append grows large slices by 1.25).
func push32(s []int32, v int32) []int32 {
	if len(s) == cap(s) {
		t := make([]int32, len(s), max(64, 2*cap(s)))
		copy(t, s)
		s = t
	}
	return append(s, v)
}
