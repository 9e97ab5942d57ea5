package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// checkResult is one line of "check --json".
type checkResult struct {
	Input string `json:"input"`
	// InputBytes is the input's exact bytes (base64, as encoding/json writes bytes) when it is
	// not valid UTF-8: JSON text can only carry UTF-8, so Input then shows U+FFFD for each bad
	// byte, and Offset counts in InputBytes.
	InputBytes []byte   `json:"input_bytes,omitempty"`
	Valid      bool     `json:"valid"`
	Offset     *int     `json:"offset"`
	Expected   []string `json:"expected"`
	Message    *string  `json:"message"`
	// The provenance of an input read from a document (--from).
	*sourced
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "-g ID [-rule RULE] [-q | --json] [--explain] [--case-ignore-scheme] [--from FORMAT [--resolve]] [-f FILE | INPUT...]", stderr)
	gf := addGrammarFlags(fs)
	file := addInputFlag(fs)
	asJSON := fs.Bool("json", false, "print JSON Lines: input, valid, offset, expected, message")
	quiet := fs.Bool("q", false, "verdicts only: \"valid\" or \"invalid\" per input, without the diagnosis (faster)")
	explainErrs := fs.Bool("explain", false, "also show each rejected input with a caret under its offset, on standard error")
	sf := addSourceFlags(fs, "lines")
	caseIgnore := fs.Bool("case-ignore-scheme", false, "treat upper case letters in a scheme name as lower case (RFC 1738 section 2.1)")
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	target, err := gf.target()
	if err != nil {
		return fail(stderr, "check", err)
	}
	if *quiet && (*asJSON || *explainErrs) {
		return fail(stderr, "check", errors.New("-q excludes --json and --explain"))
	}
	var mode urlgrammar.Mode
	if *caseIgnore {
		mode = urlgrammar.CaseIgnoreScheme
	}
	src, err := openSource("check", sf, target.Version, *file, inputs, stdin, stderr)
	if err != nil {
		return fail(stderr, "check", err)
	}
	defer src.Close()
	sourceNote(stderr, "check", sf, target.Version)
	provenance := src.provenance()
	out := bufio.NewWriterSize(stdout, 64<<10)
	if *quiet {
		return checkQuiet(target, mode, src, out, stderr)
	}
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitValid
	var writeErr, readErr error
	// The inputs are judged on every CPU, in batches, and printed in input order
	// (compare.CompareAll with the one target): memory stays bounded on a stream of any
	// length.
	lines := func(yield func(string) bool) { readErr = src.each(yield) }
	comparisons, err := compare.CompareAll([]compare.Target{target}, lines, mode)
	if err != nil {
		return fail(stderr, "check", err)
	}
	for c := range comparisons {
		from := provenance.pop()
		s, se := c.Input, syntaxError(c, 0)
		if se != nil {
			status = exitInvalid
			if *explainErrs {
				explain(stderr, se)
			}
		}
		switch {
		case *asJSON && se == nil:
			writeErr = enc.Encode(checkResult{Input: s, InputBytes: inputBytes(s), Valid: true, sourced: from})
		case *asJSON:
			msg := se.Reason()
			writeErr = enc.Encode(checkResult{Input: s, InputBytes: inputBytes(s), Offset: &se.Offset, Expected: se.Expected, Message: &msg, sourced: from})
		case from != nil && se == nil:
			// An input of a document: its verdict, the input and where it was found.
			_, writeErr = fmt.Fprintf(out, "valid\t%s\t%s\n", s, from)
		case from != nil:
			_, writeErr = fmt.Fprintf(out, "invalid\t%d\t%s\t%s\t%s\n", se.Offset, se.Reason(), s, from)
		case se == nil:
			_, writeErr = out.WriteString("valid\n")
		default:
			_, writeErr = fmt.Fprintf(out, "invalid\t%d\t%s\n", se.Offset, se.Reason())
		}
		if writeErr == nil {
			writeErr = writeFailed(out)
		}
		if writeErr != nil {
			break
		}
	}
	return finish(stderr, "check", out, writeErr, readErr, status)
}

// checkQuiet is "check -q": the verdict of Match for each input, without a diagnosis.
func checkQuiet(target compare.Target, mode urlgrammar.Mode, src *inputSource, out *bufio.Writer, stderr io.Writer) int {
	status := exitValid
	var writeErr error
	readErr := src.each(func(s string) bool {
		if urlgrammar.MatchRule(target.Version, target.Rule, s, mode) {
			out.WriteString("valid\n")
		} else {
			status = exitInvalid
			out.WriteString("invalid\n")
		}
		writeErr = writeFailed(out)
		return writeErr == nil
	})
	return finish(stderr, "check", out, writeErr, readErr, status)
}

// finish ends a command that judged inputs: it flushes what was judged, then reports a write
// or read error (a read error after the output it came after), or returns status.
func finish(stderr io.Writer, cmd string, out *bufio.Writer, writeErr, readErr error, status int) int {
	err := writeErr
	if err == nil {
		err = out.Flush()
	}
	if err == nil {
		err = readErr
	}
	if err != nil {
		return fail(stderr, cmd, err)
	}
	return status
}

// inputBytes returns s's bytes when s is not valid UTF-8 (for a JSON "input_bytes"), or nil.
func inputBytes(s string) []byte {
	if utf8.ValidString(s) {
		return nil
	}
	return []byte(s)
}
