// Package conformance is the oracle of this project: it proves that a generated PEG parser
// accepts exactly the language of the BNF it was transcribed from, and (in the tests of
// internal/diagnosis and of the library) that the run-time diagnosis engine says what this
// recognizer says of every rejection. It shares no code with either: the only thing they have
// in common is package bnf, the reader of the grammar/<id>.bnf notation. Nothing in the library
// imports it, nor does the generator (gen/); the conform command and the tests do.
//
// Its API is what those users need: a Grammar, read by ParseBNF or, for a version of the
// project, Load, and its Rules; its recognizer (Recognize) and its diagnosis of a rejection (Diagnose, a
// Diagnosis), which the tests of the library and of internal/diagnosis hold the run-time
// engines to, on samples that a Generator makes (NewGenerator, Positive, NearMiss); the
// differential check of the conform command (Check, with a Config, giving a Report) and its
// cover suite (Cover, with a CoverConfig, giving a CoverReport; a CoverTotal sums them); and
// the minimal DFA of a rule (MinimalDFA, a DFA), which the cover suite and the proofs of the
// PEG rules are built on.
//
//   - bnf.go compiles what package bnf read (ParseBNF), whose errors give the line and column
//     (undefined rule, duplicate rule, bad token, …), and names each top-level alternative of
//     a rule for coverage: "host/2" is host's second.
//   - compile.go and earley.go are a general context-free recognizer over bytes (Recognize,
//     Diagnose): Earley's algorithm with Aycock and Horspool's handling of nullable rules,
//     Leo items for right recursion, and deduplicated items for ambiguity. Quoted strings
//     match per the file's @case; %x values always case-sensitively.
//   - generate.go makes samples: coverage-directed random derivations of a start rule, and
//     near misses of them (NewGenerator, Positive, NearMiss).
//   - check.go is the differential check (Check): the recognizer's verdict against the
//     parser's on hand and generated samples, every disagreement minimized, with the coverage
//     of the rules and alternatives reachable from the start rule.
//   - dfa.go builds the minimal DFA of a rule (MinimalDFA) by Brzozowski's derivatives of the
//     rule read as a regular expression over bytes, then Moore's partition refinement; cover.go
//     runs the W-method suite of that DFA against implementations (Cover).
//   - package pegproof, beside this one, builds each rule's minimal DFA from the .peg instead,
//     under PEG's semantics, and proves it equal to MinimalDFA's (conform --prove).
//
// # What the cover suite proves
//
// Let the minimal DFA of a rule have n states (its dead state included) over c byte classes
// (bytes that no state tells apart). Cover's suite is P · Σ^≤k · W: P, the transition cover,
// is a shortest word to each state and each of those followed by each class (n(1+c) words);
// Σ^≤k is every word of at most k classes (CoverConfig.Extra); W, the characterization set,
// is ε and a shortest word telling apart each two states that the words so far do not (at most
// n words). By the W-method theorem (Vasilevskii 1973, Chow 1978), an implementation that is a
// deterministic automaton over the same classes with at most n+k states, and that gives the
// DFA's verdict on every test, accepts exactly the rule's language: every transition of the
// DFA is exercised, and the state each one reaches is identified.
//
// Neither of the library's engines is bound to that hypothesis, and the suite proves nothing
// about them beyond its tests. The generated PEG parser is no finite automaton at all: ordered
// choice backtracks and a lookahead reads ahead without bound (the 1993 draft's hsoname
// stopped before a final "%00" digit run, to leave it to prosperolink), so it has no state
// count to compare with n+k. The diagnosis automaton is a DFA, but over its own byte classes
// and with its states not minimized: the theorem covers it only when it has at most n+k
// states and reads every byte of a class alike. What the suite does give them is every
// transition of the minimal DFA, each state identified, every byte 0x00-0xFF in some test:
// the representatives rotate, in even rounds one byte per class throughout a test (the class's
// first byte in round 0, its second in round 2, …), in odd rounds the next byte at each use,
// for at least two rounds and until every byte has stood in a test. Round 0 found the hsoname
// defect ("%000": the PEG rejected it alone, the BNF accepts it), which random samples had
// not.
//
// What is proven of the parser is its transcription: package pegproof proves every rule of every
// .peg equal to its BNF rule (391 of 391). Between the .peg and the parser stand
// pointlander/peg's code generation and gen's passes over that code, which the proof trusts:
// this suite and the fuzz targets are what check them. The proof is the stronger check of the
// .peg itself: of the real rules that one edit (two alternatives swapped, a class widened by a
// byte) makes wrong, the whole suite at k 0 misses about one in five (RFC 3986's path with
// path-absolute tried first refuses "//", a word no test holds, since "/" and the segment bytes
// are one class of path's DFA), and the proof rejects each.
//
// Measured on the project's 2-core machine, every rule of the eight grammars: 391 rules, 9186
// states, 130 008 transitions; k 0 (CI's suite, complete on every rule): 18.2 million tests in
// 6.7 s of CPU time; k 1 (make conform): 390 million tests in 1 min 49 s of CPU time. The
// largest rule is the 2003 draft's server (660 states, 2.7 million tests at k 0, 48 million at
// k 1). No test disagreed.
//
// # Diagnose on long inputs
//
// Diagnose is the oracle of the diagnosis engine on every input the tests give it, so it must
// stay linear and small on the grammars that allow it (the 1993 and 1994 drafts make it cubic
// on some ambiguous shapes; the tests keep to short inputs there).
//
// An item is two int32s. A finished Earley set keeps only the items that wait for a
// nonterminal (nothing else is ever looked at again), and when the kept items outgrow twice
// what was live after the previous collection, the sets are compacted: an item of set k that
// waits for A stays only while some live item begun at k for A can still complete (liveness per
// (set, nonterminal), from the items of the next set down through origins). On a 1 MiB valid
// path under RFC 3986 that leaves a few hundred items; what grows with the input is 12 bytes
// of bookkeeping per input byte. Right recursion (the 1993 and 1994 drafts write repetition
// that way) would chain every set to the one before; there, once a Leo item is memoized for
// (set k, A), completions of A from k use the memo only, so the collector keeps the memo and
// drops the items behind it, and memory stays as small as for repetition (1 MiB of letters
// under draft1993's fragmentaddress: about 30 MiB allocated, 0.5 s). The offset is exact in
// every case; nothing is truncated or approximated.
//
// Measured on the project's 2-core machine (CPU time; BenchmarkRecognize, BenchmarkDiagnose):
// a generated URI reference is recognized in about 7 µs; Diagnose takes 0.3–1.2 s per MiB of
// valid prefix depending on the grammar and about 50 MiB of allocations for a 1 MiB path
// (the 12 bytes per input byte, grown by doubling), about 17 µs on a short invalid URL,
// and returns at once on junk. `urlgrammar conform --samples 100000` checked 3.2 million samples
// (the 32 start rules of rfc1738, rfc1808, draft1997, rfc2396 and rfc3986) in about 38 s of
// CPU time, about 1.2 s per start rule.
//
// A Grammar is compiled once by ParseBNF and read-only afterwards: Recognize and Diagnose are
// safe for concurrent use (each call takes its scratch state from a pool).
package conformance
