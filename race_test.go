//go:build race

package urlgrammar_test

// raceEnabled: the tests run under the race detector, which makes sync.Pool drop what it is
// given at random, so a pooled parser is sometimes made anew: allocation counts then say
// nothing of the code measured.
const raceEnabled = true
