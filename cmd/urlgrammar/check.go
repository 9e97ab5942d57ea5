package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/urlgrammar/urlgrammar"
)

// checkResult is one line of "check --json".
type checkResult struct {
	Input    string   `json:"input"`
	Valid    bool     `json:"valid"`
	Offset   *int     `json:"offset"`
	Expected []string `json:"expected"`
	Message  *string  `json:"message"`
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "-g ID [-rule RULE] [--json] [--explain] [INPUT...]", stderr)
	gf := addGrammarFlags(fs)
	asJSON := fs.Bool("json", false, "print JSON Lines: input, valid, offset, expected, message")
	explainErrs := fs.Bool("explain", false, "also show each rejected input with a caret under its offset, on standard error")
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	target, err := gf.target()
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar check:", err)
		return exitUsage
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitValid
	var writeErr, readErr error
	// The inputs are judged on every CPU, in batches, and printed in input order
	// (urlgrammar.CompareAll with the one target): memory stays bounded on a stream of any
	// length.
	lines := func(yield func(string) bool) { readErr = readInputs(inputs, stdin, yield) }
	for c := range urlgrammar.CompareAll([]urlgrammar.Target{target}, lines) {
		s, se := c.Input, c.Errs[0]
		if se != nil {
			status = exitInvalid
			if *explainErrs {
				explain(stderr, se)
			}
		}
		switch {
		case *asJSON && se == nil:
			writeErr = enc.Encode(checkResult{Input: s, Valid: true})
		case *asJSON:
			msg := se.Reason()
			writeErr = enc.Encode(checkResult{Input: s, Offset: &se.Offset, Expected: se.Expected, Message: &msg})
		case se == nil:
			_, writeErr = out.WriteString("valid\n")
		default:
			_, writeErr = fmt.Fprintf(out, "invalid\t%d\t%s\n", se.Offset, se.Reason())
		}
		if writeErr != nil {
			break
		}
	}
	err = readErr
	if err == nil {
		err = writeErr
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar check:", err)
		return exitUsage
	}
	return status
}

func isSyntaxError(err error) bool {
	var se *urlgrammar.SyntaxError
	return errors.As(err, &se)
}
