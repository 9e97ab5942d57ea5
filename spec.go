package urlgrammar

import (
	"slices"
	"strings"
)

// This file answers what a user asks of a version: which versions there are (Versions,
// Lookup), and what each one's document specifies (Spec), read from the engine's registry and
// from the documents' tables of resolution (resolve.go) and normalization (normalize.go). It
// sits on top of them: nothing below asks it.

// A Spec is what a version's document specifies, as this package reads it: the document, its
// grammar's rules, and which of the package's operations it defines. Version.Spec returns it.
type Spec struct {
	// Document names the document that defines the grammar, and Date is its date of
	// publication, as "YYYY-MM".
	Document, Date string
	// StartRules lists the document's own entry points, by their names in the document, such
	// as "URI-reference": the rules it means a URL to be read as. The first is DefaultRule,
	// the rule that Validate holds an input to (for RFC 1738, as the package documentation
	// says). Rules lists every rule of the document in its order: the rules that ValidateRule,
	// MatchRule, ParseRule and ParseTreeRule accept, such as "host" or "IPv6address" of RFC
	// 3986.
	StartRules, Rules []string
	DefaultRule       string
	// AbsoluteRule is the rule for an absolute URL with no fragment, such as "absolute-URI";
	// for RFC 1738, whose URLs are all absolute, it is "" and stands for the default reading
	// of Validate. Package compare holds inputs to it by default, so that like is compared
	// with like.
	AbsoluteRule string
	// Resolution names the part of the document that defines how a relative reference is
	// resolved, such as "section 5.2", or is "" when it defines none (the 1994 draft and RFC
	// 1738): then Resolve gives an error that wraps ErrNoResolution. Offers holds, as true,
	// each choice of a Policy that the document leaves to a resolver (Resolve refuses the
	// others).
	Resolution string
	Offers     Policy
	// NormalizationSteps are the steps of the document's normalization, in its order, or nil
	// when it says nothing of when two URLs are equivalent (the 1993 and 1994 drafts and RFC
	// 1808): then Normalize and Equivalent give an error that wraps ErrNoNormalization.
	NormalizationSteps []Step
}

// Spec returns what v's document specifies; the zero Spec for a Version that is none of the
// versions. Its slices are v's own copies, which the caller may change.
func (v Version) Spec() Spec {
	info := v.info()
	if info == nil {
		return Spec{}
	}
	sp := Spec{
		Document:           info.document,
		Date:               info.date,
		StartRules:         slices.Clone(info.grammar.Starts),
		Rules:              slices.Clone(info.grammar.DocumentRules),
		DefaultRule:        info.grammar.Starts[0],
		AbsoluteRule:       info.absoluteRule,
		Resolution:         v.resolutionSection(),
		NormalizationSteps: v.normalizationSteps(),
	}
	if sp.Resolution != "" {
		rv := resolvers.of(v)
		sp.Offers = Policy{NonValidating: rv.nonValidating, RemoveDotDot: rv.dotDot, AvoidTraversal: rv.dotDot}
	}
	return sp
}

// Versions returns every Version whose grammar this package has, oldest first.
func Versions() []Version {
	var vs []Version
	for v := range versions {
		if Version(v).info() != nil {
			vs = append(vs, Version(v))
		}
	}
	return vs
}

// Lookup returns the Version whose ID is id ("rfc1738", "draft2003", …), ignoring case, as
// Version.UnmarshalText reads it; "" is no version here.
func Lookup(id string) (Version, error) {
	var v Version
	if err := v.UnmarshalText([]byte(id)); err != nil || v == 0 {
		return 0, errorf("lookup", 0, "unknown version %q (known: %s)", id, strings.Join(versionIDs[1:], ", "))
	}
	return v, nil
}
