package urlgrammar

// UnescapeCorpus exports unescapeCorpus to the package's external tests.
var UnescapeCorpus = unescapeCorpus

// SetDiagnosed sets the function that is told of every rejection diagnosed, for the tests
// that hold the diagnosis engine to the conformance engine's.
func SetDiagnosed(f func(e *SyntaxError, read string)) { diagnosed = f }
