package main

import (
	"github.com/urlgrammar/urlgrammar"
)

// relativeResult is one line of "resolve --relative --json".
type relativeResult struct {
	Target  string `json:"target"`
	Version string `json:"version"`
	Ref     string `json:"ref"`
	Error   string `json:"error,omitempty"`
}

// runRelative is "resolve --relative -g ID BASE TARGET...": for each target, the shortest
// reference that the version's algorithm resolves against BASE to it (urlgrammar.Relativize),
// one line per target, or "error", a tab and the reason.
func runRelative(l *loop, v urlgrammar.Version, base string, policy urlgrammar.Policy, asJSON bool) int {
	// The empty reference is printed as an empty line.
	return l.runResults(asJSON, func(in input) (string, any, error) {
		target := in.text
		ref, err := urlgrammar.Relativize(v, base, target, 0, policy)
		res := relativeResult{Target: target, Version: v.String(), Ref: ref}
		if err != nil {
			res.Error = err.Error()
		}
		return ref, res, err
	})
}
