package compare

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
)

// summaryJSON is the JSON form of a Summary (see MarshalJSON).
type summaryJSON struct {
	Inputs  int          `json:"inputs"`
	Targets []targetJSON `json:"targets"`
	Pairs   []pairJSON   `json:"pairs"`
	Sets    []setJSON    `json:"sets"`
	Causes  []causeJSON  `json:"causes"`
	// Differences, the interpretation differential, only when the summary holds one.
	Differences []differenceJSON `json:"differences,omitempty"`
}

type targetJSON struct {
	Version string `json:"version,omitempty"` // a grammar's
	// Reader, Name and Normalizations are a reader's, which has no version.
	Reader         string `json:"reader,omitempty"`
	Name           string `json:"name,omitempty"`
	Normalizations string `json:"normalizations,omitempty"`
	Rule           string `json:"rule"`
	Accepted       int    `json:"accepted"`
}

type pairJSON struct {
	First      string `json:"first"`
	Second     string `json:"second"`
	Both       int    `json:"both"`
	OnlyFirst  int    `json:"only_first"`
	OnlySecond int    `json:"only_second"`
	Neither    int    `json:"neither"`
	// By the kind of character found where the one rejects what the other accepts.
	FirstRejects  map[string]int `json:"first_rejects"`
	SecondRejects map[string]int `json:"second_rejects"`
	Interpreted   int            `json:"interpreted,omitempty"`
	Alike         int            `json:"alike,omitempty"`
}

type componentJSON struct {
	Present bool   `json:"present"`
	Text    string `json:"text"`
}

type excerptJSON struct {
	Document string `json:"document"`
	Section  string `json:"section"`
	Words    string `json:"words"`
}

type differenceJSON struct {
	First    string        `json:"first"`
	Second   string        `json:"second"`
	Field    string        `json:"field"`
	Cause    string        `json:"cause"`
	Count    int           `json:"count"`
	Example  string        `json:"example"`
	A        componentJSON `json:"a"`
	B        componentJSON `json:"b"`
	Excerpts []excerptJSON `json:"excerpts"`
}

type setJSON struct {
	Accepting []string `json:"accepting"`
	Count     int      `json:"count"`
}

type causeJSON struct {
	Version      string   `json:"version,omitempty"`
	Reader       string   `json:"reader,omitempty"`
	Target       string   `json:"target,omitempty"`
	Rule         string   `json:"rule"`
	Shared       bool     `json:"shared"`
	In           string   `json:"in"`
	Found        string   `json:"found"`
	Count        int      `json:"count"`
	Example      string   `json:"example"`
	ExampleBytes []byte   `json:"example_bytes,omitempty"`
	Offset       int      `json:"offset"`
	Expected     []string `json:"expected"`
	Message      string   `json:"message"`
}

// targetNames names the targets as the JSON form does, and reports whether a version (or a
// reader) alone names each.
func targetNames(targets []Target) (names []string, byVersion bool) {
	byVersion = true
	for i, t := range targets {
		for _, u := range targets[:i] {
			byVersion = byVersion && u.ID() != t.ID()
		}
	}
	for _, t := range targets {
		if byVersion {
			names = append(names, t.ID())
		} else {
			names = append(names, t.String())
		}
	}
	return names, byVersion
}

// MarshalJSON returns the JSON form of the summary, which UnmarshalJSON reads back to an equal
// Summary. It is one object, stable (members may be added, none will change meaning), with
// these members in this order (the README's "The summary's JSON form" shows it in use):
//
//	inputs   the number of inputs summarized
//	targets  per target in order: {"version", "rule" ("" for the default reading), "accepted"};
//	         for a reader (Target.Reader) {"reader" (its ID), "name", "normalizations",
//	         "rule" (""), "accepted"}, with no "version"
//	pairs    per pair i < j in order: {"first", "second", "both", "only_first", "only_second",
//	         "neither", "first_rejects", "second_rejects"}, the last two the inputs of
//	         only_second and only_first by the kind of character at which the other rejects
//	         them (PairCount.FirstRejects): {"#": 262, "~": 26}; and, when the pair's
//	         components were held to each other, "interpreted" and "alike"
//	sets     as Sets, per set of targets that exactly accepts some inputs:
//	         {"accepting": [names], "count"}
//	causes   as Causes: {"version", "target" (only when two targets share a version), "rule"
//	         (the rule the example was held to), "shared", "in", "found", "count", "example",
//	         "example_bytes" (the example's bytes in base64, only when it is not valid UTF-8),
//	         "offset", "expected", "message" (the example's Reason)}; for the cause
//	         "in": "internal error" (InternalError), "found" is "", "offset" 0, "expected" null,
//	         "rule" the engine error's and "message" its message; a reader's cause
//	         (Refused) has "reader" for "version", "rule" "", "offset" 0, "expected" null
//	differences  only when the summary holds an interpretation differential, as Differences:
//	         {"first", "second", "field", "cause", "count", "example", "a", "b" (each
//	         {"present", "text"}), "excerpts" ([{"document", "section", "words"}])}
//
// A summary of grammars alone has no "reader" and no "differences": its JSON form is the one
// of a summary made before readers were, which UnmarshalJSON reads as it reads any.
//
// A target is named by its version's ID, or by "ID:rule" (Target.String) when two targets of
// the summary share a version. A summary that holds one target twice has no JSON form.
func (s *Summary) MarshalJSON() ([]byte, error) {
	names, byVersion := targetNames(s.Targets)
	if !s.wellFormed() {
		return nil, errors.New("compare: a summary whose counts do not match its targets")
	}
	if !byVersion && len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
		return nil, errors.New("compare: a summary that holds a target twice has no JSON form")
	}
	j := summaryJSON{Inputs: s.Inputs, Targets: []targetJSON{}, Pairs: []pairJSON{}, Sets: []setJSON{}, Causes: []causeJSON{}}
	for i, t := range s.Targets {
		jt := targetJSON{Rule: t.Rule, Accepted: s.Accepted[i]}
		if t.Reader != nil {
			jt.Reader, jt.Name, jt.Normalizations = t.Reader.ID(), t.Reader.Name(), t.Reader.Normalizations()
		} else {
			jt.Version = t.Version.String()
		}
		j.Targets = append(j.Targets, jt)
	}
	k := 0
	for a := range s.Targets {
		for b := a + 1; b < len(s.Targets); b++ {
			p := s.Pairs[k]
			j.Pairs = append(j.Pairs, pairJSON{names[a], names[b], p.Both, p.OnlyFirst, p.OnlySecond, p.Neither,
				orEmpty(p.FirstRejects), orEmpty(p.SecondRejects), p.Interpreted, p.Alike})
			k++
		}
	}
	for _, set := range s.Sets() {
		js := setJSON{Accepting: []string{}, Count: set.Count}
		for i, ok := range set.Accepting {
			if ok {
				js.Accepting = append(js.Accepting, names[i])
			}
		}
		j.Sets = append(j.Sets, js)
	}
	for _, c := range s.Causes() {
		e := rejection(c.Err, c.Example)
		jc := causeJSON{Rule: e.Rule, Shared: c.Shared, In: c.In, Found: c.Found,
			Count: c.Count, Example: c.Example, Offset: e.Offset, Expected: e.Expected, Message: c.Reason()}
		if c.Target.Reader != nil {
			jc.Reader = c.Target.Reader.ID()
		} else {
			jc.Version = c.Target.Version.String()
		}
		if !byVersion {
			jc.Target = c.Target.String()
		}
		if !utf8.ValidString(c.Example) {
			jc.ExampleBytes = []byte(c.Example)
		}
		j.Causes = append(j.Causes, jc)
	}
	j.Differences = differencesJSON(s, names)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // an encoder that wants them escaped escapes what this returns
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// orEmpty is m, or an empty map for nil: a count of nothing is {} in the JSON form, not null.
func orEmpty(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}

// UnmarshalJSON sets s to the summary whose JSON form (see MarshalJSON) is data. It ignores
// members it does not know, and "message", which follows from the others: the example's
// *urlgrammar.SyntaxError is made again from "rule", the example, "offset", "expected" and
// "in"; for the cause InternalError (whose "found" is "", "offset" 0, "expected" null and
// "message" the error's), the *urlgrammar.EngineError that Validate returns, its parser
// rejecting the example and its automaton accepting it, from "rule" and the example. It returns an error for a version it does not know, a pair or set that does not match
// the targets, sets that do not count every input, or a cause given twice.
func (s *Summary) UnmarshalJSON(data []byte) error {
	var j summaryJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	targets := make([]Target, len(j.Targets))
	for i, t := range j.Targets {
		if t.Reader != "" {
			targets[i] = Target{Reader: namedReader{t.Reader, t.Name, t.Normalizations}}
			continue
		}
		v, err := urlgrammar.Lookup(t.Version)
		if err != nil {
			return fmt.Errorf("compare: summary: %w", err)
		}
		targets[i] = Target{Version: v, Rule: t.Rule}
	}
	names, byVersion := targetNames(targets)
	index := map[string]int{}
	for i, n := range names {
		if _, ok := index[n]; ok {
			return fmt.Errorf("compare: summary: target %s given twice", n)
		}
		index[n] = i
	}
	out := NewSummary(targets)
	out.Inputs = j.Inputs
	for i, t := range j.Targets {
		out.Accepted[i] = t.Accepted
	}
	if len(j.Pairs) != len(out.Pairs) {
		return fmt.Errorf("compare: summary: %d pairs of %d targets", len(j.Pairs), len(targets))
	}
	k := 0
	for a := range targets {
		for b := a + 1; b < len(targets); b++ {
			p, q := j.Pairs[k], &out.Pairs[k]
			if p.First != names[a] || p.Second != names[b] {
				return fmt.Errorf("compare: summary: pair %d is of %s and %s, want %s and %s", k, p.First, p.Second, names[a], names[b])
			}
			q.Both, q.OnlyFirst, q.OnlySecond, q.Neither = p.Both, p.OnlyFirst, p.OnlySecond, p.Neither
			q.Interpreted, q.Alike = p.Interpreted, p.Alike
			for _, by := range []struct {
				m    map[string]int
				to   *map[string]int
				want int
			}{{p.FirstRejects, &q.FirstRejects, p.OnlySecond}, {p.SecondRejects, &q.SecondRejects, p.OnlyFirst}} {
				sum := 0
				for found, n := range by.m {
					count(by.to, found, n)
					sum += n
				}
				if by.m != nil && sum != by.want {
					return fmt.Errorf("compare: summary: pair %d counts %d rejections by character, not %d", k, sum, by.want)
				}
			}
			k++
		}
	}
	sum := 0
	for _, set := range j.Sets {
		in := make([]bool, len(targets))
		for _, n := range set.Accepting {
			i, ok := index[n]
			if !ok {
				return fmt.Errorf("compare: summary: a set names %q, no target", n)
			}
			in[i] = true
		}
		mask := out.setOf(func(i int) bool { return in[i] })
		if _, ok := out.sets[mask]; ok {
			return fmt.Errorf("compare: summary: the set %v is given twice", set.Accepting)
		}
		out.sets[mask] = set.Count
		sum += set.Count
	}
	if sum != j.Inputs {
		return fmt.Errorf("compare: summary: its sets count %d inputs, not %d", sum, j.Inputs)
	}
	for _, c := range j.Causes {
		name := cmp.Or(c.Version, c.Reader)
		if !byVersion {
			name = c.Target
		}
		i, ok := index[name]
		if !ok {
			return fmt.Errorf("compare: summary: a cause of %q, no target", name)
		}
		example := c.Example
		if c.ExampleBytes != nil {
			example = string(c.ExampleBytes)
		}
		k := causeKey{i, c.In, c.Found, c.Shared}
		if _, ok := out.causes[k]; ok {
			return fmt.Errorf("compare: summary: the cause %s in %s at %s is given twice", name, c.In, c.Found)
		}
		var err error = &urlgrammar.SyntaxError{Version: targets[i].Version, Rule: c.Rule, Input: example, Offset: c.Offset, Expected: c.Expected, In: c.In}
		switch {
		case targets[i].Reader != nil:
			err = &ReadError{Reader: name, Err: errors.New(c.Message)}
		case c.In == InternalError:
			// The one internal error of Validate: its parser rejects, its automaton accepts.
			err = &urlgrammar.EngineError{Version: targets[i].Version, Rule: c.Rule, Input: example, Automaton: true}
		}
		out.causes[k] = &Cause{Target: targets[i], In: c.In, Found: c.Found, Shared: c.Shared, Count: c.Count, Example: example, Err: err}
	}
	if err := out.differencesFromJSON(j.Differences, index); err != nil {
		return err
	}
	*s = *out
	return nil
}

// summaryHead is what the summary line of FormatJSON says of the run beside the summary (see
// WriteSummary).
type summaryHead struct {
	Type    string `json:"type"`
	Read    int    `json:"read"`
	Shown   string `json:"shown"`
	Cut     string `json:"cut"`
	Stopped *Stop  `json:"stopped"`
}

// ReadSummary reads the JSON Lines of FormatJSON from rd (all of them, or the summary line
// alone, as written to a file of its own) and returns the summary that its summary line holds,
// as UnmarshalJSON reads it; it sets r.Targets to the summary's, and r.Read, r.Diff, r.Cut and
// r.Stopped to what the line says of the run, so that r writes the summary as the run did. name names
// the input in errors, as go/parser's filename does. The input must hold one summary line.
func (r *Report) ReadSummary(name string, rd io.Reader) (*Summary, error) {
	var s *Summary
	br := bufio.NewReader(rd)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 && !bytes.HasPrefix(line, []byte(`{"type":"input"`)) {
			var head summaryHead
			if e := json.Unmarshal(line, &head); e == nil && head.Type == "summary" {
				if s != nil {
					return nil, fmt.Errorf("%s holds more than one summary", name)
				}
				s = new(Summary)
				if e := json.Unmarshal(line, s); e != nil {
					return nil, fmt.Errorf("%s: %w", name, e)
				}
				r.Targets, r.Read, r.Diff, r.Cut, r.Stopped = s.Targets, head.Read, head.Shown == "disagreeing", head.Cut, head.Stopped
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if s == nil {
		return nil, fmt.Errorf("%s holds no summary of compare --format json", name)
	}
	return s, nil
}

// MergeSummaries reads the summary line of each named file (see ReadSummary) and returns the
// summary of them all, merged in the order given (see Summary.Merge); it sets r.Targets,
// r.Read and r.Diff to those of the whole, so that r writes the summary of one run over all
// the inputs, and r.Cut to what cut a part short, each with its name ("stopped by SIGTERM after
// line 12 (in part2.json)"), and r.Stopped to the first part's stop. The summaries must be of the same targets and of the same inputs: all of them,
// or those on which the targets disagree (Diff).
func (r *Report) MergeSummaries(names ...string) (*Summary, error) {
	var total Summary
	shown := map[bool]string{false: "all", true: "disagreeing"}
	read := 0
	var cuts []string
	for i, name := range names {
		var part Report
		file, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		s, err := part.ReadSummary(name, file)
		file.Close()
		if err != nil {
			return nil, err
		}
		if i > 0 && part.Diff != r.Diff {
			return nil, fmt.Errorf("%s summarizes %s inputs, the summaries before it %s inputs", name, shown[part.Diff], shown[r.Diff])
		}
		if err := total.Merge(s); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		read, r.Diff = read+part.Read, part.Diff
		if part.Cut != "" { // the whole is cut where a part is
			cuts = append(cuts, part.Cut+" (in "+name+")")
			r.Stopped = cmp.Or(r.Stopped, part.Stopped)
		}
	}
	r.Targets, r.Read, r.Cut = total.Targets, read, strings.Join(cuts, "; ")
	return &total, nil
}

// differencesJSON is the "differences" member of the JSON form of s, whose targets are named
// names; nil when s holds no differential.
func differencesJSON(s *Summary, names []string) []differenceJSON {
	var out []differenceJSON
	for _, d := range s.Differences() {
		i, j := pairTargets(len(s.Targets), d.pair)
		jd := differenceJSON{First: names[i], Second: names[j], Field: d.Field, Cause: d.Cause, Count: d.Count, Example: d.Example,
			A: componentJSON(d.A), B: componentJSON(d.B), Excerpts: []excerptJSON{}}
		for _, e := range d.Excerpts {
			jd.Excerpts = append(jd.Excerpts, excerptJSON(e))
		}
		out = append(out, jd)
	}
	return out
}

// differencesFromJSON sets the differences of s, made by NewSummary, from their JSON form;
// index gives the targets by name.
func (s *Summary) differencesFromJSON(ds []differenceJSON, index map[string]int) error {
	n := len(s.Targets)
	for _, d := range ds {
		a, okA := index[d.First]
		b, okB := index[d.Second]
		if !okA || !okB || a >= b {
			return fmt.Errorf("compare: summary: a difference of %q and %q, no pair of targets", d.First, d.Second)
		}
		k := differenceKey{a*n - a*(a+1)/2 + b - a - 1, d.Field, d.Cause}
		if _, ok := s.diffs[k]; ok {
			return fmt.Errorf("compare: summary: the difference of %s and %s in the %s by %s is given twice", d.First, d.Second, d.Field, d.Cause)
		}
		dd := &Difference{First: s.Targets[a], Second: s.Targets[b], Field: d.Field, Cause: d.Cause, Count: d.Count,
			Example: d.Example, A: Component(d.A), B: Component(d.B), pair: k.pair}
		for _, e := range d.Excerpts {
			dd.Excerpts = append(dd.Excerpts, Excerpt(e))
		}
		s.diffs[k] = dd
	}
	return nil
}
