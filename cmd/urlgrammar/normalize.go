package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// normalizeResult is one line of "normalize --format json".
type normalizeResult struct {
	Input  string `json:"input"`
	Normal string `json:"normal,omitempty"`
	Error  string `json:"error,omitempty"`
	// Lenient says how normalize read an input that check rejects (see lenientReading).
	Lenient string `json:"lenient,omitempty"`
}

// lenientReading says, per version, how its normalization and comparison (normalize, equiv)
// read an input more leniently than check and Validate do, as its document allows.
var lenientReading = map[urlgrammar.Version]string{
	urlgrammar.RFC1738: "read with the scheme's upper case as lower case (RFC 1738 section 2.1: \"programs interpreting URLs should treat upper case letters as equivalent to lower case in scheme names\"); check rejects it, but for --case-ignore-scheme",
}

const normalizeUsage = `-g ID [--steps STEP,...] [--format text|json|tsv] [-f FILE | INPUT...]

Prints each INPUT (or each line of FILE or standard input) in the normal form of
the version's document, one line per input, or "error", a tab and the reason.
Under rfc1738 it reads scheme names case-insensitively (section 2.1), as check does
only with --case-ignore-scheme: such an input is normalized, with a note on standard
error (in JSON, "lenient") that check rejects it.`

func runNormalize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("normalize", normalizeUsage, stderr)
	id := fs.String("g", "", "grammar version `ID` whose document's normalization to apply (see \"urlgrammar versions\")")
	stepList := fs.String("steps", "", "apply only these `STEPS` of the document, comma-separated: case, percent-encoding, path-segments, default-port, empty-path")
	format := addFormatFlag(fs, "text", "json", "tsv")
	in := addInputFlags(fs)
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "normalize", err) }
	vs, err := versionsFlag("normalize", *id, false, stderr)
	if err != nil {
		return abort(err)
	}
	v := vs[0]
	if _, err := urlgrammar.Normalize(v, "", 0); !normalizes(v.Spec()) {
		return abort(err)
	}
	steps, err := parseSteps(v, *stepList)
	if err != nil {
		return abort(err)
	}
	l, err := newLoop("normalize", in, nil, inputs, stdin, stdout, stderr)
	if err != nil {
		return abort(err)
	}
	return l.runResults(format.name, []string{"input", "normal", "error"}, func(in input) (string, any, []string, error) {
		normal, err := urlgrammar.Normalize(v, in.text, 0, steps...)
		res := normalizeResult{Input: in.text, Normal: normal}
		switch {
		case err != nil:
			res.Error = cause(err)
		case lenientReading[v] != "" && urlgrammar.Validate(v, in.text) != nil:
			res.Lenient = lenientReading[v]
			if format.name != "json" {
				l.note(in, res.Lenient)
			}
		}
		return normal, res, []string{in.text, normal, res.Error}, err
	})
}

// parseSteps reads the --steps flag: names of steps (Step.String), each one that v's document
// gives.
func parseSteps(v urlgrammar.Version, list string) ([]urlgrammar.Step, error) {
	if list == "" {
		return nil, nil
	}
	all := v.Spec().NormalizationSteps
	var steps []urlgrammar.Step
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		i := slices.IndexFunc(all, func(s urlgrammar.Step) bool { return s.String() == name })
		if i < 0 {
			var names []string
			for _, s := range all {
				names = append(names, s.String())
			}
			return nil, fmt.Errorf("--steps: %q is no step of %v's normalization (its steps: %s)", name, v, strings.Join(names, ", "))
		}
		steps = append(steps, all[i])
	}
	return steps, nil
}
