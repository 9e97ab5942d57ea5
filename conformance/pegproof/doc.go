// Package pegproof proves that a PEG transcription accepts exactly the language of the BNF it
// was transcribed from, rule by rule: it builds, from the .peg file as package peg reads it,
// the minimal DFA of each PEG rule followed by the end of the input under PEG's own semantics,
// and decides whether it equals the minimal DFA that package conformance builds from the .bnf
// (conformance.Grammar.MinimalDFA), or gives the shortest input on which they differ.
//
// It shares no code with the generated parsers, with internal/pegrt, or with conformance's
// construction from the BNF (it uses only the DFA that construction returns); what it shares
// is the readers of the two notations, packages peg and bnf. It lives beside conformance, the
// oracle, and nothing of the library imports it; the conform command (--prove) and the tests do.
//
// # The construction
//
// A PEG expression e is deterministic: on an input x it fails, or succeeds consuming one
// prefix p of x, and what it does may depend on all of x (a lookahead reads past what it
// consumes, and a repetition runs as long as its body matches). For a language K of inputs,
// let L(e, K) be the inputs on which e succeeds and the rest after what it consumed is in K.
// The language of a rule r followed by the end of the input is L(r, {ε}), and
//
//	L(ε, K)     = K
//	L([set], K) = set · K
//	L(a b, K)   = L(a, L(b, K))
//	L(a / b, K) = L(a, K) ∪ (F(a) ∩ L(b, K))      where F(a) = Σ* ∖ L(a, Σ*), the inputs on which a fails
//	L(!a, K)    = F(a) ∩ K
//	L(&a, K)    = L(a, Σ*) ∩ K
//	L(a*, K)    = L(a, L(a*, K)) ∪ (F(a) ∩ K)     when a never succeeds consuming nothing
//
// (e? is e / ε, e+ is e e*, a literal a sequence of one-byte sets, "x" each letter in both
// cases, "." every byte, and a rule its expression). Ordered choice takes b only where a fails;
// a repetition stops only where its body fails, so it never gives back. Each equation follows
// from the semantics by cases on what a does on x, and the one for a* has one solution, because
// each turn consumes a byte.
//
// The languages are terms: ∅, Σ*, {ε}, unions, intersections, complements, and L(e, K) for a
// set, a choice, a repetition or a rule e (the other forms are expanded at once). Their
// Brzozowski derivatives follow from the equations, since a derivative commutes with union,
// intersection and complement: the derivative of L([set], K) by a byte of the set is K, of
// L(a / b, K) it is ∂L(a, K) ∪ (¬∂L(a, Σ*) ∩ ∂L(b, K)), of L(a*, K) it is ∂L(a, L(a*, K)) ∪
// (¬∂L(a, Σ*) ∩ ∂K). The empty input is in L(e, K) when e succeeds on the empty input and ε is
// in K. The terms are kept in a normal form (unions and intersections flattened, sorted and
// without repeats, their units dropped, X with ¬X absorbed, ¬¬X = X, {ε} ∩ X decided, and
// L(e, Σ*) = Σ* for an e that always succeeds), and interned, so that a term is a number.
// The automaton's states are the derivatives of L(r, {ε}), breadth first, by one byte of each
// class of bytes that no set of the grammar tells apart; a state accepts when its term holds ε.
// Hopcroft's algorithm then minimizes it. As with regular expressions (Brzozowski 1964), the
// derivatives of a rule without recursion fold into finitely many terms; a rule that recurses
// only after consuming a byte (right recursion) is followed too, and one whose recursion is not
// regular stops at a bound.
//
// What the construction refuses, per rule, with the reason: a left recursion, and a repetition
// of what can succeed consuming nothing (a PEG parser does not get out of either; pointlander/peg
// loops forever on the second), and a rule whose derivatives exceed the bound (65 536 states or
// 32 times as many terms). No rule of the grammars of grammar/ is refused.
//
// # What is checked, and how
//
// The tests hold the construction to a backtracking interpreter of the same syntax trees,
// written straight from PEG's semantics: on hand-checked expressions where ordered choice,
// greedy repetition and lookahead change the language ("a" / "ab" followed by the end of the
// input accepts "a" and not "ab"; 'a'* 'a' accepts nothing), on every string of up to five
// bytes for hundreds of random grammars, and on every rule of every grammar. They also check
// that pointlander/peg read each .peg as package peg does (the expression it printed above each
// rule's code has the same automaton) and that the rules proven are the ones the generated
// parsers match for each BNF rule. And they mutate real rules (two alternatives of a choice
// swapped, a class widened by one byte): the proof rejects each mutant that changes the
// language, with an input on which the interpreter, run on the mutant, disagrees with the BNF.
// Of the rejected mutants whose W-method suite is small, the whole suite at k 0 misses about one
// in five: it puts only a few bytes of each byte class at each transition. RFC 3986's path with
// path-absolute tried before path-abempty is one: it refuses "//", which no test of the suite
// holds.
//
// # What the proof does not cover
//
// It proves the .peg equal to the .bnf. The generated parser is pointlander/peg's code for the
// .peg changed by gen's passes, and both are trusted here: the W-method suite (conform --cover)
// and the fuzz targets check them. So are the end marker, NUL, which pointlander/peg's "."
// does not match in the generated parser (no rule of the grammars reads a NUL there), and the
// readers of both notations, which the proof shares with the generator and the oracle.
//
// Measured on the project's 2-core machine: every rule of the eight grammars, 391 rules, in
// about 2 s of CPU time, the BNF's minimal DFAs included.
package pegproof
