package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// newFlagSet makes the flag set of a subcommand; its errors go to stderr.
func newFlagSet(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: urlgrammar %s %s\n", name, args)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses flags that may stand before, between or after the positional arguments
// (an argument "--" ends the flags) and returns the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		if args[0] == "--" {
			return append(rest, args[1:]...), nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// grammarFlags are the -g and -rule flags of check, parse and tree.
type grammarFlags struct {
	id, rule *string
}

func addGrammarFlags(fs *flag.FlagSet) grammarFlags {
	return grammarFlags{
		id:   fs.String("g", "", "grammar version `ID` (see \"urlgrammar versions\")"),
		rule: fs.String("rule", "", "start `RULE` (default: the version's default reading)"),
	}
}

// target resolves the flags: the version and the rule (or "" for the default reading), or an
// error for an unknown version or rule.
func (g grammarFlags) target() (urlgrammar.Target, error) {
	v, err := versionFlag(*g.id)
	if err != nil {
		return urlgrammar.Target{}, err
	}
	t := urlgrammar.Target{Version: v, Rule: *g.rule}
	return t, urlgrammar.CheckTargets([]urlgrammar.Target{t})
}

// versionFlag resolves the -g flag's value to a Version.
func versionFlag(id string) (urlgrammar.Version, error) {
	if id == "" {
		return 0, errors.New("-g ID is required (see \"urlgrammar versions\")")
	}
	return urlgrammar.Lookup(id)
}

// maxLine bounds one input line read from standard input.
const maxLine = 64 << 20

// readInputs calls fn for each input: the arguments when there are any, otherwise each line of
// r. A line is the bytes before "\n"; one "\r" before the "\n" is dropped too (no grammar
// accepts a CR, and files with CRLF line ends are common), and an empty line is the empty
// string. fn returns false to stop early.
func readInputs(args []string, r io.Reader, fn func(string) bool) error {
	if len(args) > 0 {
		for _, a := range args {
			if !fn(a) {
				return nil
			}
		}
		return nil
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long, line...)
			if len(long) > maxLine {
				return fmt.Errorf("an input line is longer than %d bytes", maxLine)
			}
			continue
		}
		if long != nil {
			line = append(long, line...)
			long = nil
		}
		if len(line) == 0 && err == io.EOF {
			return nil
		}
		s := strings.TrimSuffix(string(line), "\n")
		if len(s) < len(line) {
			s = strings.TrimSuffix(s, "\r")
		}
		if !fn(s) {
			return nil
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
