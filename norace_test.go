//go:build !race

package urlgrammar_test

// raceEnabled: see race_test.go.
const raceEnabled = false
