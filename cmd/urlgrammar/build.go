package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

const buildUsage = `-g ID [--format text|json|tsv] [COMPONENT FLAGS] | -g ID [--format F] [-f FILE | JSON...]

Writes a URL that version ID accepts from its components, escaping what the version requires,
and prints it (urlgrammar.Build); a set of components that no escaping can write is refused
with "error<TAB>why". The components come from the flags (--scheme, --host, --segment, ...:
decoded texts, which are escaped, unless --escaped), or, with no component flag, from the JSON
Lines that "urlgrammar parse" prints, one URL per line (texts as written): the path is read
from "path" whole, with the parts and segments it holds, so "parse | (edit) | build" gives
the input back byte for byte, and an edited path, host or query takes effect.`

func runBuild(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("build", buildUsage, stderr)
	id := fs.String("g", "", "grammar version `ID` whose grammar the URL is written for (see \"urlgrammar versions\")")
	format := addFormatFlag(fs, "text", "json", "tsv") // json: the URL as "urlgrammar parse" prints it, or valid false and the error
	var c urlgrammar.Components
	for _, f := range []struct {
		to         *string
		name, help string
	}{{&c.Scheme, "scheme", "the `SCHEME`"}, {&c.Userinfo, "userinfo", "the `USERINFO` (RFC 2396, the 2003 draft, RFC 3986)"},
		{&c.User, "user", "the `USER` (RFC 1738, the 1993, 1994 and 1997 drafts)"}, {&c.Password, "password", "the `PASSWORD` (RFC 1738, the 1994 and 1997 drafts)"},
		{&c.Host, "host", "the `HOST` (RFC 1808: the net_loc)"}, {&c.Port, "port", "the `PORT`"},
		{&c.Opaque, "opaque", "an opaque `PATH` (RFC 2396's opaque_part, RFC 1738's schemepart; with --escaped, any path whole)"},
		{&c.Query, "query", "the `QUERY` (RFC 1738: the search of an http or wais URL)"}, {&c.Fragment, "fragment", "the `FRAGMENT`"}} {
		fs.StringVar(f.to, f.name, "", f.help)
	}
	fs.Var((*listFlag)(&c.Segments), "segment", "a `SEGMENT` of the path (repeatable, in order; its \"/\" is escaped)")
	fs.BoolVar(&c.Rooted, "rooted", false, "the path begins with \"/\" (where no authority stands before it), or RFC 1738's \"/\" after the host")
	fs.Func("part", "a part of the scheme's URL, `RULE=TEXT` (repeatable, in the URL's order): ftptype=i, database=db, ...", func(s string) error {
		rule, text, ok := strings.Cut(s, "=")
		if !ok || rule == "" {
			return errors.New("want RULE=TEXT")
		}
		c.Parts = append(c.Parts, urlgrammar.Part{Rule: rule, Text: text})
		return nil
	})
	fs.Var((*listFlag)(&c.Empty), "empty", "a component present and empty: `NAME`, one of userinfo, user, password, host, port, query, fragment (repeatable)")
	fs.BoolVar(&c.Escaped, "escaped", false, "the texts are as written in a URL, escapes and all, not decoded")
	in := addInputFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "build", err) }
	vs, err := versionsFlag("build", *id, false, stderr)
	if err != nil {
		return abort(err)
	}
	v := vs[0]
	flagged := componentFlags(fs)
	l := textLoop("build", in, []input{{line: 1}}, stdout, stderr) // the one set of the flags
	switch {
	case flagged && (len(rest) > 0 || len(in.files) > 0):
		return abort(errors.New("the components come from the flags or from JSON inputs, not both"))
	case !flagged:
		if l, err = newLoop("build", in, nil, rest, stdin, stdout, stderr); err != nil {
			return abort(err)
		}
	}
	if format.name == "tsv" {
		writeTSV(l.out, "url", "error")
	}
	return l.run(func(in input) (bool, error) {
		c := c
		if !flagged {
			if err := json.Unmarshal([]byte(in.text), &c); err != nil {
				return false, &badLine{"not the JSON of a URL (\"urlgrammar parse\"): " + err.Error()}
			}
		}
		return writeBuilt(l, v, c, format.name)
	})
}

// componentFlags reports whether some flag of fs that was set gives a component.
func componentFlags(fs *flag.FlagSet) (set bool) {
	fs.Visit(func(f *flag.Flag) { set = set || !strings.Contains(" g format f line-buffered ", " "+f.Name+" ") })
	return set
}

// writeBuilt builds c under v and writes the URL, or "error" and why it was refused, in
// format f.
func writeBuilt(l *loop, v urlgrammar.Version, c urlgrammar.Components, f string) (bool, error) {
	u, err := urlgrammar.Build(v, c)
	var e *urlgrammar.Error
	if err != nil && !errors.As(err, &e) {
		return false, err
	}
	switch {
	case f == "json" && err != nil:
		return false, encodeJSONLine(l.out, map[string]any{"version": v, "valid": false, "error": map[string]string{"message": cause(err)}})
	case f == "json":
		return true, writeParseLine(l.out, u, true, nil)
	case f == "tsv" && err != nil:
		return false, writeTSV(l.out, "", cause(err))
	case f == "tsv":
		return true, writeTSV(l.out, u.String(), "")
	case err != nil:
		_, werr := fmt.Fprintf(l.out, "error\t%s\n", cause(err))
		return false, werr
	}
	l.out.WriteString(u.String())
	return true, l.out.WriteByte('\n')
}
