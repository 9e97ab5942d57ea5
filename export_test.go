package urlgrammar

// UnescapeCorpus exports unescapeCorpus to the package's external tests.
var UnescapeCorpus = unescapeCorpus
