package urlgrammar

// UnescapeCorpus exports unescapeCorpus to the package's external tests.
var UnescapeCorpus = unescapeCorpus

// BNF exports bnf, the cached recognizer of a version's grammar as printed, to the package's
// external tests.
var BNF = bnf
