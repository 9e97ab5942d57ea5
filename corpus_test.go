package urlgrammar_test

// Tests of the grammars on the documents' own examples, listed once in the corpus
// (compare/corpus.tsv, read by compare.Corpus) with the document and section of each: every URL
// a document presents as valid is accepted by that document's own grammar, under the rule for
// what the document presents it as, except where the grammar as printed rejects it
// (corpusExceptions says why, each time).

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// A corpusDocument says which grammar holds the lines of one document of the corpus.
type corpusDocument struct {
	prefix string // every source tag of the document's lines begins with it
	id     string // its grammar version
	// reference is the rule a reference is held to ("" for the version's default reading).
	reference string
	// absolute is the rule for what the document presents as a URL, a URI or a base URL; it
	// is held to the text before the first "#" unless absoluteFragment, because these
	// documents count the fragment identifier outside the URL (RFC 1808 §2.1, the 1997 draft
	// §3, RFC 2396 §4).
	absolute         string
	absoluteFragment bool
	// bare is, for the documents whose absolute rule takes a fragment, their rule for an
	// absolute URI without one: it accepts the lines of absolute URIs that have no "#" and
	// rejects those that have one, and every reference with no scheme.
	bare string
	// relative lists the sections that print references (resolution tables, relative paths):
	// their lines are held to the reference rule only, except the lines tagged "(base)" and
	// "(result)", which are URLs.
	relative []string
	// relativeRule is the rule for a relative reference. A reference of those sections that
	// has no scheme is held to it, and the absolute rule, whose every alternative begins with
	// a scheme, rejects it. The relative rule has no fragment (the fragment identifier is
	// outside the URL: RFC 1808 §2.1, the 1997 draft §3, RFC 2396 §4, the 2003 draft §4.1)
	// unless relativeFragment (RFC 3986's relative-ref, §4.2).
	relativeRule     string
	relativeFragment bool
	// schemeNotRelative says that the relative rule rejects every line with a scheme: the
	// first segment of a relative path holds no ":" (RFC 2396 rel_segment, the 2003 draft's
	// rel-segment, RFC 3986's segment-nz-nc), and the other forms begin with "/" or "?".
	schemeNotRelative bool
	// relativeHoldsAll says that the relative rule accepts every line without a "#", absolute
	// URLs too: RFC 1808's segments and the 1997 draft's hold ":" (for the draft, decision 5 of
	// grammar/draft1997.bnf: relativeURL is exactly *urlc).
	relativeHoldsAll bool
}

var corpusDocuments = []corpusDocument{
	// The 1993 draft: fragmentaddress = url [ # fragmentid ].
	{prefix: `URL draft 1993-07 `, id: "draft1993", reference: "fragmentaddress", absolute: "url"},
	// The 1994 draft prints its URLs without the prefix of prefixedurl, its default start rule
	// ("some URLs may have been quoted throughout without this preprefix"); its BNF has no
	// fragment.
	{prefix: `draft-ietf-uri-url-03 `, id: "draft1994", reference: "url", absolute: "url"},
	// RFC 1738 prints absolute URLs only, each held to its scheme's rule (Validate).
	{prefix: `RFC 1738 `, id: "rfc1738"},
	{prefix: `RFC 1808 `, id: "rfc1808", reference: "URL", absolute: "absoluteURL",
		relative: []string{"§5.1", "§5.2", "§5.3", "§10"}, relativeRule: "relativeURL",
		relativeHoldsAll: true},
	{prefix: `draft-fielding-url-syntax-05 `, id: "draft1997", reference: "URL-reference", absolute: "absoluteURL",
		relative: []string{"§5", "App. C.1", "App. C.2", "App. D"}, relativeRule: "relativeURL",
		relativeHoldsAll: true},
	{prefix: `RFC 2396 `, id: "rfc2396", reference: "URI-reference", absolute: "absoluteURI",
		relative: []string{"§5", "App. C.1", "App. C.2", "App. D"}, relativeRule: "relativeURI",
		schemeNotRelative: true},
	{prefix: `draft-fielding-uri-rfc2396bis-01 `, id: "draft2003", reference: "URI-reference",
		absolute: "absolute-URI-reference", absoluteFragment: true, bare: "absolute-URI",
		relative: []string{"§5", "App. C.1", "App. C.2", "App. D", "App. F"}, relativeRule: "relative-URI",
		schemeNotRelative: true},
	{prefix: `RFC 3986 `, id: "rfc3986", reference: "URI-reference", absolute: "URI", absoluteFragment: true, bare: "absolute-URI",
		relative: []string{"§4.2", "§4.5", "§5.2.4", "§5.4.1", "§5.4.2"}, relativeRule: "relative-ref",
		relativeFragment: true, schemeNotRelative: true},
}

// A corpusLine is one line of the corpus file: an input and its source tag.
type corpusLine struct{ input, source string }

// corpusNotURLs are the documents' lines that the documents do not present as URLs of their
// grammar: they are in the corpus because they are printed, and are not held to a grammar.
var corpusNotURLs = map[corpusLine]string{
	{"xxx.yyy.zz.edu:/pub.aa.bb.cc", `URL draft 1993-07 "Current practice"`}:                               `a name "of the form" that "often implies anonymous FTP access", shown as practice with no common syntax`,
	{"PR:aftp/xx.yy.edu/pub/doc/README", `URL draft 1993-07 "Choices" Fig. 1`}:                             "one of Fig. 1's alternative representations, which precede the draft's recommendation",
	{"/aftp/xx.yy.edu/pub/doc/README", `URL draft 1993-07 "Choices" Fig. 1`}:                               "one of Fig. 1's alternative representations, which precede the draft's recommendation",
	{"URL:ftp://info.cern.ch/pub/www/doc;type=d", "RFC 1738 Appendix (prefixed form)"}:                     `the appendix's wrapper: "This wrapper does not form part of the URL"; RFC 1738's BNF has no prefix`,
	{"URL:ftp://ds.internic.net/rfc", "RFC 1738 Appendix (prefixed form)"}:                                 `the appendix's wrapper: "This wrapper does not form part of the URL"; RFC 1738's BNF has no prefix`,
	{"URL:http://ds.internic.net/instructions/overview.html#WARNING", "RFC 1738 Appendix (prefixed form)"}: `the appendix's wrapper: "This wrapper does not form part of the URL"; RFC 1738's BNF has no prefix`,
}

// corpusExceptions are the URLs that a document presents as valid and that its own grammar,
// as printed, rejects; each says why.
var corpusExceptions = map[corpusLine]string{
	// RFC 1738 §2.2: "#" is unsafe and "should always be encoded"; section 5 has no fragment.
	// The URL before the "#" is checked (and valid).
	{"http://ds.internic.net/instructions/overview.html#WARNING", "RFC 1738 Appendix"}: `no rule of RFC 1738 allows "#" (punctuation); the appendix places the fragment identifier after the URL, inside the brackets`,
	// grammar/rfc2396.bnf, decisions: relativeURI needs a path (RFC 3986 D.2: "The ABNF has
	// been corrected to allow the path component to be empty").
	{"?y", "RFC 2396 App. C.1"}: "relativeURI = ( net_path | abs_path | rel_path ) [ \"?\" query ] needs a path",
	// The 1994 draft, in its hypertext form: space is reserved, and no production uses
	// reserved; the plain-text form of the draft and the 1993 draft print "%20".
	{"gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher", `draft-ietf-uri-url-03 "References" (Alberti 1991)`}: `spaces where the 1993 draft prints "%20": space is reserved, which no production uses`,
	// The 1994 draft's "Gopher" examples carry the placeholder "host [port]".
	{"gopher://host [port]/0a_gopher_selector", `draft-ietf-uri-url-03 "Gopher"`}:                                      `the placeholder "host [port]": space, "[" and "]" are in no production`,
	{"gopher://host [port]/7a_gopher_selector%09foobar", `draft-ietf-uri-url-03 "Gopher"`}:                             `the placeholder "host [port]": space, "[" and "]" are in no production`,
	{"gopher://host [port]/0a_gopher_selector%09%09some_gplus_stuff", `draft-ietf-uri-url-03 "Gopher"`}:                `the placeholder "host [port]": space, "[" and "]" are in no production`,
	{"gopher://host [port]/0a_gopher_selector%09%09!", `draft-ietf-uri-url-03 "Gopher"`}:                               `the placeholder "host [port]": space, "[" and "]" are in no production`,
	{"gopher://host [port]/0a_gopher_selector%09%09+application/postscript%20Es_ES", `draft-ietf-uri-url-03 "Gopher"`}: `the placeholder "host [port]": space, "[" and "]" are in no production`,
}

// corpusNotRelative are the references with no scheme that the document's relative rule, as
// printed, rejects; each says why.
var corpusNotRelative = map[corpusLine]string{
	{"", "RFC 2396 App. C.2"}: "relativeURI needs a path; the empty reference is a URI-reference with neither part (section 4.2)",
}

// hasScheme matches a reference that begins with a scheme and ":", in the syntax of every
// document's scheme (letters, digits, "+", "-" and "." after a letter).
var hasScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// corpusDocumentOf returns the document a source tag belongs to, or nil for a curated line.
func corpusDocumentOf(source string) *corpusDocument {
	for i := range corpusDocuments {
		if strings.HasPrefix(source, corpusDocuments[i].prefix) {
			return &corpusDocuments[i]
		}
	}
	return nil
}

func TestCorpusLines(t *testing.T) {
	corpus := compare.Corpus()
	seen := map[corpusLine]bool{}
	perDocument := map[string]int{}
	curated, confusion := 0, 0
	for _, ex := range corpus {
		l := corpusLine{ex.Input, ex.Source}
		if seen[l] {
			t.Errorf("%q listed twice under %q", ex.Input, ex.Source)
		}
		seen[l] = true
		switch d := corpusDocumentOf(ex.Source); {
		case d != nil:
			perDocument[d.prefix]++
		case strings.HasPrefix(ex.Source, "curated: ") && len(ex.Source) > len("curated: "):
			curated++
		case strings.HasPrefix(ex.Source, "confusion: ") && len(ex.Source) > len("confusion: "):
			confusion++ // a published URL-confusion case: reading/cases.tsv, held to it by reading's tests
		default:
			t.Errorf("%q: source %q is neither a document's nor \"curated: ...\" nor \"confusion: ...\"", ex.Input, ex.Source)
		}
	}
	for _, d := range corpusDocuments {
		if perDocument[d.prefix] == 0 {
			t.Errorf("no line of %q", d.prefix)
		}
		t.Logf("%-34s %3d lines", d.prefix, perDocument[d.prefix])
	}
	t.Logf("%-34s %3d lines", "curated", curated)
	t.Logf("%-34s %3d lines", "confusion", confusion)
	for _, m := range []map[corpusLine]string{corpusNotURLs, corpusExceptions, corpusNotRelative} {
		for l := range m {
			if !seen[l] {
				t.Errorf("listed %q under %q is not in the corpus", l.input, l.source)
			}
		}
	}
	// The escapes reach Corpus: inputs that begin with "#", and control bytes.
	for _, l := range []corpusLine{
		{"#s", "RFC 3986 §5.4.1"},
		{"", "RFC 3986 §5.4.1"},
		{"http://example.com/\x00", "curated: NUL: invalid everywhere"},
		{"http://example.com/\xff", "curated: invalid UTF-8: invalid everywhere"},
	} {
		if !seen[l] {
			t.Errorf("%q under %q is not in the corpus", l.input, l.source)
		}
	}
}

// TestCorpusDocumentExamples holds every URL that a document presents as valid to the
// document's own grammar.
func TestCorpusDocumentExamples(t *testing.T) {
	corpus := compare.Corpus()
	for _, d := range corpusDocuments {
		t.Run(d.id, func(t *testing.T) {
			v, err := urlgrammar.Lookup(d.id)
			if err != nil {
				t.Fatal(err)
			}
			// check holds s to rule ("" for the default reading) as expectVerdict does: the
			// verdict of ValidateRule, MatchRule and the BNF recognizer agree, and a rejection is
			// a *SyntaxError for that version, rule and input.
			check := func(rule, s string) error {
				var err error
				if rule == "" {
					err, rule = urlgrammar.Validate(v, s), v.RuleFor(s, 0)
				} else {
					err = urlgrammar.ValidateRule(v, rule, s, 0)
				}
				if got := urlgrammar.MatchRule(v, rule, s, 0); got != (err == nil) {
					t.Errorf("%v %s %q: MatchRule %v, ValidateRule %v", v, rule, s, got, err)
				}
				if got := bnfOf(t, v).Recognize(rule, s); got != (err == nil) {
					t.Errorf("%v %s %q: the BNF recognizer says %v, ValidateRule %v", v, rule, s, got, err)
				}
				var se *urlgrammar.SyntaxError
				if err != nil && (!errors.As(err, &se) || se.Version != v || se.Rule != rule || se.Input != s) {
					t.Errorf("%v %s %q: got %#v, want a *SyntaxError for that version, rule and input", v, rule, s, err)
				}
				return err
			}
			name := func(rule string) string {
				if rule == "" {
					return "default reading"
				}
				return rule
			}
			for _, ex := range corpus {
				if !strings.HasPrefix(ex.Source, d.prefix) {
					continue
				}
				l := corpusLine{ex.Input, ex.Source}
				if _, ok := corpusNotURLs[l]; ok {
					continue
				}
				section := strings.TrimPrefix(ex.Source, d.prefix)
				tagged := false
				for _, suffix := range []string{" (base)", " (result)"} {
					if s, ok := strings.CutSuffix(section, suffix); ok {
						section, tagged = s, true
					}
				}
				absolute := tagged || !slices.Contains(d.relative, section)

				var errs []string
				if err := check(d.reference, ex.Input); err != nil {
					errs = append(errs, fmt.Sprintf("%s: %v", name(d.reference), err))
				}
				if absolute {
					u := ex.Input
					if !d.absoluteFragment {
						u, _, _ = strings.Cut(u, "#")
					}
					if err := check(d.absolute, u); err != nil {
						errs = append(errs, fmt.Sprintf("%s (%q): %v", name(d.absolute), u, err))
					}
					if d.bare != "" {
						want := !strings.Contains(u, "#")
						if err := check(d.bare, u); (err == nil) != want {
							errs = append(errs, fmt.Sprintf("%s: %v, want valid %v", d.bare, err, want))
						}
					}
				}
				if !absolute && d.relativeRule != "" && !hasScheme.MatchString(ex.Input) {
					_, notRelative := corpusNotRelative[l]
					want := !notRelative && (d.relativeFragment || !strings.Contains(ex.Input, "#"))
					if err := check(d.relativeRule, ex.Input); (err == nil) != want {
						errs = append(errs, fmt.Sprintf("%s: %v, want valid %v", d.relativeRule, err, want))
					}
					for _, rule := range []string{d.absolute, d.bare} {
						if rule != "" && check(rule, ex.Input) == nil {
							errs = append(errs, fmt.Sprintf("%s accepts a reference with no scheme", rule))
						}
					}
				}
				if d.relativeHoldsAll && hasScheme.MatchString(ex.Input) {
					want := !strings.Contains(ex.Input, "#")
					if err := check(d.relativeRule, ex.Input); (err == nil) != want {
						errs = append(errs, fmt.Sprintf("%s: %v, want valid %v", d.relativeRule, err, want))
					}
				}
				// The fragment identifier is outside the URL, and so outside the absolute rule.
				if d.relativeRule != "" && !d.absoluteFragment && strings.Contains(ex.Input, "#") && check(d.absolute, ex.Input) == nil {
					errs = append(errs, fmt.Sprintf("%s accepts a fragment", d.absolute))
				}
				if d.schemeNotRelative && hasScheme.MatchString(ex.Input) && check(d.relativeRule, ex.Input) == nil {
					errs = append(errs, fmt.Sprintf("%s accepts a reference with a scheme", d.relativeRule))
				}
				why, excepted := corpusExceptions[l]
				switch {
				case excepted && errs == nil:
					t.Errorf("%q (%s) is listed as rejected (%s) but is accepted", ex.Input, ex.Source, why)
				case excepted:
					t.Logf("%q (%s): rejected as printed: %s", ex.Input, ex.Source, why)
				case errs != nil:
					t.Errorf("%q (%s): %s", ex.Input, ex.Source, strings.Join(errs, "; "))
				}
			}
		})
	}
}

// setBase takes a base with a scheme to be absolute without asking the grammar again: under
// each version's reference rule, an input has a scheme exactly when its part before the
// fragment matches the version's absolute rule. This holds on the benchmark corpus and the
// documents' examples.
func TestSchemeMeansAbsolute(t *testing.T) {
	data, err := os.ReadFile("testdata/bench/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	inputs := strings.Split(string(data), "\n")
	for _, e := range compare.Corpus() {
		inputs = append(inputs, e.Input)
	}
	for _, v := range urlgrammar.Versions() {
		if v.Spec().Resolution == "" {
			continue
		}
		for _, s := range inputs {
			u, err := urlgrammar.ParseRule(v, v.Spec().DefaultRule, s, 0)
			if err != nil {
				continue
			}
			abs, _, _ := strings.Cut(s, "#")
			if got, want := u.Scheme().Present, urlgrammar.MatchRule(v, v.Spec().AbsoluteRule, abs, 0); got != want {
				t.Errorf("%v: %q: scheme present %v, matches %s %v", v, s, got, v.Spec().AbsoluteRule, want)
			}
		}
	}
}
