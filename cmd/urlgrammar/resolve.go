package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/review"
)

// resolveResult is one result of "resolve --format json": the reference, and either the target or
// the reason there is none.
type resolveResult struct {
	Text         string `json:"text"`
	SameDocument bool   `json:"same_document"`
	Error        string `json:"error,omitempty"`
	// Warning is set when the reference moves the authority (see review.Reference)
	// or the target is not a URL of the version's grammar; it says both when both hold.
	Warning string `json:"warning,omitempty"`
	// Invalid says why the target is not a URL of the version's grammar (see
	// urlgrammar.Resolution.Invalid).
	Invalid string `json:"invalid,omitempty"`
}

// resolveLine is one line of "resolve --format json": the reference, and its result under
// each version, by version.
type resolveLine struct {
	Ref     string                    `json:"ref"`
	Results map[string]*resolveResult `json:"results"`
}

const resolveUsage = `-g ID[,ID...] [flags] BASE [REF...]
       urlgrammar resolve --all [flags] BASE [REF...]
       urlgrammar resolve --relative -g ID [flags] BASE [TARGET...]

Resolves each REF (or each line of -f FILE or standard input when there is none, an empty line
the empty reference) against BASE with the algorithm of the version's own document. With one
version, one line per reference: the target, followed by a tab and "(current document)" when
the document resolves it to the current document, or "error", a tab and the reason. With
several (or --all, every version that defines resolution), a table of the targets; "*" marks
the references on which they differ. With --relative, one line per target: the shortest
reference that resolves to it, or the target itself when no relative form does.`

// resolveFlags are the flags of resolve.
type resolveFlags struct {
	id, dotDot         string
	all, nonValidating bool
	relative           bool
	format             *formatFlag
	in                 *inputFlags
	stderr             io.Writer
}

func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("resolve", resolveUsage, stderr)
	f := resolveFlags{stderr: stderr}
	fs.StringVar(&f.id, "g", "", "grammar versions `IDs` whose resolution algorithms to apply, comma-separated (see \"urlgrammar versions\")")
	fs.BoolVar(&f.all, "all", false, "print a table of the result under every version whose document defines resolution")
	fs.BoolVar(&f.nonValidating, "non-validating", false, "ignore a reference's scheme that is the base's (\"http:g\"), where the document allows it (rfc2396, draft2003, rfc3986)")
	fs.StringVar(&f.dotDot, "dotdot", "", "leftover leading \"..\" segments: `retain`, remove or avoid, where the document leaves the choice (rfc2396, draft2003)")
	f.format = addFormatFlag(fs, "text", "json", "tsv")
	fs.BoolVar(&f.relative, "relative", false, "the inverse: for each TARGET, the shortest reference that resolves to it against BASE (with -g)")
	f.in = addInputFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(rest) == 0 {
		return fail(stderr, "resolve", errors.New("want BASE, then the references (or -f FILE, or standard input)"))
	}
	base, refs := rest[0], rest[1:]
	versions, err := f.resolution(base)
	if err != nil {
		return fail(stderr, "resolve", err)
	}
	l, err := newLoop("resolve", f.in, nil, refs, stdin, stdout, stderr)
	if err != nil {
		return fail(stderr, "resolve", err)
	}
	if f.relative {
		policy, _ := f.policy(versions[0])
		return runRelative(l, versions[0], base, policy, f.format.name)
	}
	r := newResolveRun(l.out, versions, base, &f)
	if r.table != nil {
		l.onFinish = r.table.end
	}
	return l.run(func(in input) (bool, error) { return r.add(in.text) })
}

// resolution returns the versions the flags ask for.
func (f *resolveFlags) resolution(base string) ([]urlgrammar.Version, error) {
	switch {
	case f.dotDot != "" && !slices.Contains([]string{"retain", "remove", "avoid"}, f.dotDot):
		return nil, fmt.Errorf("--dotdot %q: want retain, remove or avoid", f.dotDot)
	case f.relative && (f.all || strings.Contains(f.id, ",")):
		return nil, errors.New("--relative takes one version, -g ID")
	}
	vs, err := versionsFor("resolve", f.id, f.all, func(s urlgrammar.Spec) bool { return s.Resolution != "" }, func(v urlgrammar.Version) error {
		_, err := urlgrammar.Resolve(v, base, "", 0, urlgrammar.Policy{})
		return err
	}, f.stderr)
	if err != nil || len(vs) > 1 {
		return vs, err
	}
	if _, refused := f.policy(vs[0]); refused != nil {
		return nil, fmt.Errorf("%s: the document of %v does not allow that reading (--non-validating applies to rfc2396, draft2003, rfc3986; --dotdot to rfc2396, draft2003)", refused[0], vs[0])
	}
	return vs, nil
}

// policy returns the choices of the flags that v's document offers (Spec.Offers), and the flags
// whose choice it does not offer. Retaining leftover ".." segments is a choice too: it needs a
// document that leaves one.
func (f *resolveFlags) policy(v urlgrammar.Version) (p urlgrammar.Policy, refused []string) {
	offers := v.Spec().Offers
	if f.nonValidating && !offers.NonValidating {
		refused = append(refused, "--non-validating")
	}
	if f.dotDot != "" && !offers.RemoveDotDot {
		refused = append(refused, "--dotdot")
	}
	p.NonValidating = f.nonValidating && offers.NonValidating
	p.RemoveDotDot = f.dotDot == "remove" && offers.RemoveDotDot
	p.AvoidTraversal = f.dotDot == "avoid" && offers.RemoveDotDot
	return p, refused
}

// relativeResult is one line of "resolve --relative --format json".
type relativeResult struct {
	Target  string `json:"target"`
	Version string `json:"version"`
	Ref     string `json:"ref"`
	Error   string `json:"error,omitempty"`
}

// runRelative is "resolve --relative -g ID BASE TARGET...": for each target, the shortest
// reference that the version's algorithm resolves against BASE to it (urlgrammar.Relativize),
// one line per target, or "error", a tab and the reason.
func runRelative(l *loop, v urlgrammar.Version, base string, policy urlgrammar.Policy, format string) int {
	// The empty reference is printed as an empty line.
	return l.runResults(format, []string{"target", "ref", "error"}, func(in input) (string, any, []string, error) {
		target := in.text
		ref, err := urlgrammar.Relativize(v, base, target, 0, policy)
		res := relativeResult{Target: target, Version: v.String(), Ref: ref}
		if err != nil {
			res.Error = cause(err)
		}
		return ref, res, []string{target, ref, res.Error}, err
	})
}

// resolveRun is the resolution of each reference under the versions of resolve: in text, one
// line per reference under one version, a table with a row per reference and a column per
// version under several, with notes for the cells that hold no target or a warning.
type resolveRun struct {
	w        *bufio.Writer
	versions []urlgrammar.Version
	base     string
	policy   map[urlgrammar.Version]urlgrammar.Policy
	format   string
	table    *notedTable // the text of several versions
}

func newResolveRun(w *bufio.Writer, versions []urlgrammar.Version, base string, f *resolveFlags) *resolveRun {
	r := &resolveRun{w: w, versions: versions, base: base, policy: map[urlgrammar.Version]urlgrammar.Policy{}, format: f.format.name}
	skipped := map[string][]string{} // by flag, the versions whose documents do not offer its choice
	for _, v := range versions {
		var refused []string
		r.policy[v], refused = f.policy(v)
		for _, flag := range refused {
			skipped[flag] = append(skipped[flag], v.String())
		}
	}
	switch {
	case r.format == "tsv":
		h := []string{"ref"}
		for _, v := range versions {
			h = append(h, v.String(), v.String()+" note")
		}
		writeTSV(w, h...)
	case r.format == "text" && len(versions) > 1:
		r.table = newNotedTable(w, versions, "REFERENCE", "")
		var notes []string
		for _, flag := range []string{"--non-validating", "--dotdot"} {
			if len(skipped[flag]) > 0 {
				notes = append(notes, fmt.Sprintf("%s not applied to %s", flag, strings.Join(skipped[flag], ", ")))
			}
		}
		if notes != nil {
			r.table.tail = strings.Join(notes, "; ") + ": their documents do not allow that reading"
		}
	}
	return r
}

// add resolves ref under every version and writes its line.
func (r *resolveRun) add(ref string) (bool, error) {
	results := make(map[string]*resolveResult, len(r.versions))
	cells := make([]string, len(r.versions))
	row := []string{ref}
	ok := true
	for i, v := range r.versions {
		res := resolveOne(v, r.base, ref, r.policy[v])
		results[v.String()] = res
		ok = ok && res.Error == ""
		switch {
		case res.Error != "":
			row = append(row, "", "error: "+res.Error)
			cells[i] = "error\t" + res.Error
			if r.table != nil {
				cells[i] = fmt.Sprintf("(error [%d])", r.table.note("%s, %q: %s", v, ref, res.Error))
			}
		case res.SameDocument:
			row = append(row, res.Text, "current document")
			cells[i] = res.Text + "\t(current document)"
			if r.table != nil {
				cells[i] = res.Text + " (current document)"
			}
		case res.Warning != "":
			row = append(row, res.Text, "warning: "+res.Warning)
			cells[i] = res.Text + "\t(warning: " + res.Warning + ")"
			if r.table != nil {
				cells[i] = fmt.Sprintf("%s (warning [%d])", res.Text, r.table.note("%s, %q: %s", v, ref, res.Warning))
			}
		default:
			row = append(row, res.Text, "")
			cells[i] = res.Text
		}
	}
	switch {
	case r.format == "json":
		return ok, encodeJSONLine(r.w, resolveLine{Ref: ref, Results: results})
	case r.format == "tsv":
		return ok, writeTSV(r.w, row...)
	case r.table == nil:
		r.w.WriteString(cells[0])
		return ok, r.w.WriteByte('\n')
	}
	mark := ""
	target := func(c string) string { t, _, _ := strings.Cut(c, " (warning ["); return t }
	for _, c := range cells[1:] {
		if target(c) != target(cells[0]) && !strings.HasPrefix(c, "(error") {
			mark = "*"
		}
	}
	return ok, r.table.row(append([]string{shownInput(ref), mark}, cells...)...)
}

// resolveOne resolves ref against base under v.
func resolveOne(v urlgrammar.Version, base, ref string, policy urlgrammar.Policy) *resolveResult {
	res, err := urlgrammar.Resolve(v, base, ref, 0, policy)
	if err != nil {
		return &resolveResult{Error: cause(err)}
	}
	out := &resolveResult{Text: res.Text, SameDocument: res.SameDocument, Invalid: res.Invalid}
	var warnings []string
	findings, _ := review.Reference(v, base, ref, 0, policy)
	for _, f := range findings {
		if f.Concern == review.PathBecomesAuthority {
			warnings = append(warnings, f.String())
		}
	}
	if res.Invalid != "" {
		warnings = append(warnings, "not a URL of the grammar: "+res.Invalid)
	}
	out.Warning = strings.Join(warnings, "; ")
	return out
}
