package main

import (
	"errors"
	"net/url"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/reading"
	"github.com/urlgrammar/urlgrammar/review"
)

// A readerColumn is one of package reading's readers as a column of compare: package compare
// defines what a reader is (compare.Reader) and imports no reader, so that it builds with the
// standard library alone; the command, which may import more, supplies them.
type readerColumn reading.Reader

// readerNames are the readers' names in a sentence.
var readerNames = map[reading.Reader]string{reading.NetURL: "Go's net/url", reading.WHATWG: "the WHATWG URL Standard"}

func (r readerColumn) ID() string             { return reading.Reader(r).String() }
func (r readerColumn) Name() string           { return readerNames[reading.Reader(r)] }
func (r readerColumn) Normalizations() string { return reading.Reader(r).Normalizations().String() }

// Read reads s, and returns the reading for the differential; a refusal is the reader's words
// without the input, which the report shows beside them (net/url's *url.Error repeats it).
func (r readerColumn) Read(s string) (any, error) {
	rd := reading.Read(reading.Reader(r), s)
	var ue *url.Error
	if errors.As(rd.Err, &ue) {
		return nil, ue.Err
	}
	return &rd, rd.Err
}

// lookupReader returns the reader whose ID is id, or false when id names none.
func lookupReader(id string) (compare.Target, bool) {
	var r reading.Reader
	if r.UnmarshalText([]byte(id)) != nil {
		return compare.Target{}, false
	}
	return compare.Target{Reader: readerColumn(r)}, true
}

// differential is compare's interpretation differential made of package reading's: each
// target's reading of an input (a grammar's from the URL of compare's parse, or by
// urlgrammar.Parse under the version's default rule) held to another's by reading.Compare.
type differential struct{}

func (differential) Differ(s string, targets []compare.Target, readings []any, pairs [][2]int) [][]compare.Disagreement {
	// Each target's reading is made once, when a pair first needs it, in one slice: a Reading
	// is a few hundred bytes, which a pointer per target would allocate one by one.
	read, done := make([]reading.Reading, len(targets)), make([]bool, len(targets))
	get := func(i int) reading.Reading {
		if !done[i] {
			switch rd := readings[i].(type) { // compare gives one per target when one is a reader
			case *reading.Reading:
				read[i] = *rd
			case *urlgrammar.URL: // the grammar's parse, as compare made it
				read[i] = reading.FromURL(rd)
			default:
				read[i] = reading.Grammar(targets[i].Version, s)
			}
			done[i] = true
		}
		return read[i]
	}
	out := make([][]compare.Disagreement, len(pairs))
	for k, p := range pairs {
		ds, err := reading.Compare(get(p[0]), get(p[1]))
		if err != nil {
			continue // the grammar's default rule refuses what the target's rule accepts
		}
		for _, d := range ds {
			cd := compare.Disagreement{Field: d.Field.String(), Cause: d.Cause.String(),
				A: compare.Component(d.A), B: compare.Component(d.B)}
			for _, q := range d.Passages {
				cd.Excerpts = append(cd.Excerpts, compare.Excerpt(q))
			}
			out[k] = append(out[k], cd)
		}
	}
	return out
}

// withReaders splits -g's list into the versions and the readers it names, and returns a
// function that puts the readers' targets back among the versions' where the list has them.
func withReaders(list string) (versions string, place func([]compare.Target) []compare.Target) {
	var ids []string
	readers := map[int]compare.Target{}
	n := 0
	for _, id := range strings.Split(list, ",") {
		if t, ok := lookupReader(strings.TrimSpace(id)); ok {
			readers[n] = t
		} else {
			ids = append(ids, id)
		}
		n++
	}
	return strings.Join(ids, ","), func(ts []compare.Target) []compare.Target {
		out := make([]compare.Target, 0, n)
		for i := range n {
			if t, ok := readers[i]; ok {
				out = append(out, t)
			} else if len(ts) > 0 {
				out, ts = append(out, ts[0]), ts[1:]
			}
		}
		return out
	}
}

// hostReaders are package reading's readers as review's: the host each connects to.
var hostReaders = []review.HostReader{
	{Name: "net/url", Host: func(s string) (string, bool) { return readHost(reading.NetURL, s) }},
	{Name: "a browser (the WHATWG URL Standard)", Host: func(s string) (string, bool) { return readHost(reading.WHATWG, s) }},
}

// readHost is the host that r reads in s, and whether it reads one.
func readHost(r reading.Reader, s string) (string, bool) {
	rd := reading.Read(r, s)
	return rd.Host.Text, rd.Accepted() && rd.Host.Present
}

// withHosts adds to the findings of review.URL for s under v those of review.Hosts, in input
// order.
func withHosts(fs []review.Finding, v urlgrammar.Version, s string) []review.Finding {
	hs, err := review.Hosts(v, s, 0, hostReaders...)
	if err != nil || len(hs) == 0 {
		return fs
	}
	fs = append(fs, hs...)
	slices.SortStableFunc(fs, func(a, b review.Finding) int { return a.Begin - b.Begin })
	return fs
}
