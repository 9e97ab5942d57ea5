package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/urlgrammar/urlgrammar"
)

// resolveResult is one result of "resolve --json": the reference, and either the target or
// the reason there is none.
type resolveResult struct {
	Text         string `json:"text"`
	SameDocument bool   `json:"same_document"`
	Error        string `json:"error,omitempty"`
	// Warning is set when the target's authority came from the reference's path (see
	// urlgrammar.ReviewReference).
	Warning string `json:"warning,omitempty"`
}

// resolveLine is one line of "resolve --json": with -g, Result is set; with --all, Results
// holds one result per version.
type resolveLine struct {
	Ref     string                    `json:"ref"`
	Version string                    `json:"version,omitempty"`
	Result  *resolveResult            `json:"result,omitempty"`
	Results map[string]*resolveResult `json:"results,omitempty"`
}

func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("resolve", "(-g ID | --all) [--relative] [--non-validating] [--dotdot retain|remove|avoid] [--json] BASE [REF...]", stderr)
	id := fs.String("g", "", "grammar version `ID` whose resolution algorithm to apply (see \"urlgrammar versions\")")
	all := fs.Bool("all", false, "print a table of the result under every version whose document defines resolution")
	nonValidating := fs.Bool("non-validating", false, "ignore a reference's scheme that is the base's (\"http:g\"), where the document allows it (rfc2396, draft2003, rfc3986)")
	dotDot := fs.String("dotdot", "", "leftover leading \"..\" segments: `retain`, remove or avoid, where the document leaves the choice (rfc2396, draft2003)")
	asJSON := fs.Bool("json", false, "print JSON Lines: ref, and the result (text, same_document, error) or, with --all, results by version")
	relative := fs.Bool("relative", false, "the inverse: for each TARGET, the shortest reference that resolves to it against BASE (with -g)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: urlgrammar resolve -g ID [flags] BASE [REF...]")
		fmt.Fprintln(stderr, "       urlgrammar resolve --all [flags] BASE [REF...]")
		fmt.Fprintln(stderr, "       urlgrammar resolve --relative -g ID [flags] BASE [TARGET...]")
		fmt.Fprintln(stderr, "\nResolves each REF (or each line of standard input when there is none) against BASE with")
		fmt.Fprintln(stderr, "the algorithm of the version's own document. With -g, one line per reference: the target,")
		fmt.Fprintln(stderr, "followed by a tab and \"(current document)\" when the document resolves it to the current")
		fmt.Fprintln(stderr, "document, or \"error\", a tab and the reason. With --all, a table of the targets under every")
		fmt.Fprintln(stderr, "version that defines resolution; \"*\" marks the references on which they differ.")
		fmt.Fprintln(stderr, "With --relative, one line per target: the shortest reference that resolves to it, or the")
		fmt.Fprintln(stderr, "target itself when no relative form does.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "resolve", err) }
	if len(rest) == 0 {
		fs.Usage()
		return exitUsage
	}
	base, refs := rest[0], rest[1:]
	var opts []namedOption
	if *nonValidating {
		nv := urlgrammar.Policy{NonValidating: true}
		opts = append(opts, namedOption{"--non-validating", nv, nv})
	}
	handling := map[string]urlgrammar.Policy{"retain": {}, "remove": {RemoveDotDot: true}, "avoid": {AvoidTraversal: true}}
	if *dotDot != "" {
		h, ok := handling[*dotDot]
		if !ok {
			return abort(fmt.Errorf("--dotdot %q: want retain, remove or avoid", *dotDot))
		}
		// Retaining is a choice too: it needs a document that leaves one.
		opts = append(opts, namedOption{"--dotdot", h, urlgrammar.Policy{RemoveDotDot: true}})
	}
	var versions []urlgrammar.Version
	switch {
	case *relative && *all:
		return abort(errors.New("--relative takes -g ID, not --all"))
	case *all && *id != "":
		return abort(errors.New("-g and --all exclude each other"))
	case *all:
		for _, v := range urlgrammar.Versions() {
			if v.DefinesResolution() {
				versions = append(versions, v)
			}
		}
		if len(versions) == 0 {
			return abort(errors.New("no registered version defines resolution"))
		}
	default:
		v, err := versionFlag(*id)
		if err != nil {
			return abort(err)
		}
		if !v.DefinesResolution() {
			_, err := urlgrammar.Resolve(v, base, "", 0, urlgrammar.Policy{})
			return abort(err)
		}
		for _, o := range opts {
			if !v.Allows(o.needs) {
				return abort(fmt.Errorf("%s: the document of %v does not allow that reading (--non-validating applies to rfc2396, draft2003, rfc3986; --dotdot to rfc2396, draft2003)", o.flag, v))
			}
		}
		versions = []urlgrammar.Version{v}
	}

	if *relative {
		var policy urlgrammar.Policy
		for _, o := range opts {
			policy = o.addTo(policy)
		}
		return runRelative(versions[0], base, refs, policy, *asJSON, stdin, stdout, stderr)
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	var r resolveRun
	if *all {
		r = newTableRun(out, versions, base, opts, *asJSON)
	} else {
		single := &singleRun{w: out, v: versions[0], base: base, json: *asJSON}
		for _, o := range opts {
			single.policy = o.addTo(single.policy)
		}
		r = single
	}
	var writeErr error
	err = readInputs(refs, stdin, func(ref string) bool {
		writeErr = r.add(ref)
		return writeErr == nil
	})
	if err == nil {
		err = writeErr
	}
	if err == nil {
		err = r.finish()
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return abort(err)
	}
	if r.failed() {
		return exitInvalid
	}
	return exitValid
}

// A resolveRun prints the results of one resolve command as the references come.
type resolveRun interface {
	add(ref string) error
	finish() error
	failed() bool // some reference could not be resolved
}

// singleRun is "resolve -g ID": one line per reference.
type singleRun struct {
	w      *bufio.Writer
	v      urlgrammar.Version
	base   string
	policy urlgrammar.Policy
	json   bool
	anyErr bool
}

func (r *singleRun) add(ref string) error {
	res := resolveOne(r.v, r.base, ref, r.policy)
	if res.Error != "" {
		r.anyErr = true
	}
	if r.json {
		return encodeJSONLine(r.w, resolveLine{Ref: ref, Version: r.v.String(), Result: res})
	}
	var err error
	switch {
	case res.Error != "":
		_, err = fmt.Fprintf(r.w, "error\t%s\n", res.Error)
	case res.SameDocument:
		_, err = fmt.Fprintf(r.w, "%s\t(current document)\n", res.Text)
	case res.Warning != "":
		_, err = fmt.Fprintf(r.w, "%s\t(warning: %s)\n", res.Text, res.Warning)
	default:
		_, err = fmt.Fprintln(r.w, res.Text)
	}
	return err
}

func (r *singleRun) finish() error { return nil }
func (r *singleRun) failed() bool  { return r.anyErr }

// tableRun is "resolve --all": a table with a row per reference and a column per version,
// printed when the input ends, followed by the reasons for the cells that hold no target.
type tableRun struct {
	w        *bufio.Writer
	versions []urlgrammar.Version
	base     string
	policy   map[urlgrammar.Version]urlgrammar.Policy
	skipped  []string // for each option not applied to every version, which versions it skips
	json     bool
	tw       *tabwriter.Writer
	notes    []string
	anyErr   bool
}

// A namedOption is a resolution policy with the flag that gave it, and the policy a version
// must allow for the flag to apply.
type namedOption struct {
	flag   string
	policy urlgrammar.Policy
	needs  urlgrammar.Policy
}

// addTo returns p with o's choices made too.
func (o namedOption) addTo(p urlgrammar.Policy) urlgrammar.Policy {
	p.NonValidating = p.NonValidating || o.policy.NonValidating
	p.RemoveDotDot = p.RemoveDotDot || o.policy.RemoveDotDot
	p.AvoidTraversal = p.AvoidTraversal || o.policy.AvoidTraversal
	return p
}

func newTableRun(w *bufio.Writer, versions []urlgrammar.Version, base string, opts []namedOption, asJSON bool) *tableRun {
	r := &tableRun{w: w, versions: versions, base: base, policy: map[urlgrammar.Version]urlgrammar.Policy{}, json: asJSON}
	for _, o := range opts {
		var skipped []string
		for _, v := range versions {
			if v.Allows(o.needs) {
				r.policy[v] = o.addTo(r.policy[v])
			} else {
				skipped = append(skipped, v.String())
			}
		}
		if len(skipped) > 0 {
			r.skipped = append(r.skipped, fmt.Sprintf("%s not applied to %s", o.flag, strings.Join(skipped, ", ")))
		}
	}
	if !asJSON {
		r.tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprint(r.tw, "REFERENCE\t")
		for _, v := range versions {
			fmt.Fprintf(r.tw, "\t%s", v)
		}
		fmt.Fprintln(r.tw)
	}
	return r
}

func (r *tableRun) add(ref string) error {
	results := make(map[string]*resolveResult, len(r.versions))
	cells := make([]string, len(r.versions))
	for i, v := range r.versions {
		res := resolveOne(v, r.base, ref, r.policy[v])
		results[v.String()] = res
		switch {
		case res.Error != "":
			r.anyErr = true
			r.notes = append(r.notes, fmt.Sprintf("[%d] %s, %q: %s", len(r.notes)+1, v, ref, res.Error))
			cells[i] = fmt.Sprintf("(error [%d])", len(r.notes))
		case res.SameDocument:
			cells[i] = res.Text + " (current document)"
		case res.Warning != "":
			r.notes = append(r.notes, fmt.Sprintf("[%d] %s, %q: %s", len(r.notes)+1, v, ref, res.Warning))
			cells[i] = fmt.Sprintf("%s (warning [%d])", res.Text, len(r.notes))
		default:
			cells[i] = res.Text
		}
	}
	if r.json {
		return encodeJSONLine(r.w, resolveLine{Ref: ref, Results: results})
	}
	mark := ""
	target := func(c string) string { t, _, _ := strings.Cut(c, " (warning ["); return t }
	for _, c := range cells[1:] {
		if target(c) != target(cells[0]) && !strings.HasPrefix(c, "(error") {
			mark = "*"
		}
	}
	shown := ref
	if shown == "" {
		shown = `""` // the empty reference
	}
	_, err := fmt.Fprintf(r.tw, "%s\t%s\t%s\n", shown, mark, strings.Join(cells, "\t"))
	return err
}

func (r *tableRun) finish() error {
	if r.json {
		return nil
	}
	if err := r.tw.Flush(); err != nil {
		return err
	}
	if len(r.skipped) > 0 {
		fmt.Fprintf(r.w, "\n%s: their documents do not allow that reading\n", strings.Join(r.skipped, "; "))
	}
	if len(r.notes) > 0 {
		fmt.Fprintln(r.w)
		for _, n := range r.notes {
			fmt.Fprintln(r.w, n)
		}
	}
	return nil
}

func (r *tableRun) failed() bool { return r.anyErr }

// resolveOne resolves ref against base under v.
func resolveOne(v urlgrammar.Version, base, ref string, policy urlgrammar.Policy) *resolveResult {
	res, err := urlgrammar.Resolve(v, base, ref, 0, policy)
	if err != nil {
		return &resolveResult{Error: strings.TrimPrefix(err.Error(), "urlgrammar: ")}
	}
	out := &resolveResult{Text: res.Text, SameDocument: res.SameDocument}
	findings, _ := urlgrammar.ReviewReference(v, base, ref, 0, policy)
	for _, f := range findings {
		if f.Concern == urlgrammar.PathBecomesAuthority {
			out.Warning = f.String()
		}
	}
	return out
}

func encodeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
