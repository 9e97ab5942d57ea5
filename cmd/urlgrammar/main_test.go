package main

import (
	"os"
	"testing"
)

// TestMain runs the command itself when the test binary is started as it (asMain), so that a
// test can watch a whole process: how it ends is the kernel's to say.
func TestMain(m *testing.M) {
	if os.Getenv(asMain) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// asMain is the environment variable that makes the test binary the command.
const asMain = "URLGRAMMAR_TEST_AS_MAIN"
