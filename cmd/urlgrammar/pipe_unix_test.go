//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestClosedPipe: when the reader of standard output goes away (urlgrammar check … | head),
// the command ends quietly, as cat and grep do: killed by SIGPIPE, which a shell reports as
// status 141, with nothing on standard error.
func TestClosedPipe(t *testing.T) {
	for _, args := range [][]string{
		{"check", "-g", "rfc3986"},
		{"check", "-g", "rfc3986", "-q"},
		{"compare", "-g", "rfc1738,draft2003"},
		{"normalize", "-g", "rfc3986", "--format", "json"},
	} {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), asMain+"=1")
		cmd.Stdin = strings.NewReader(strings.Repeat("http://a/b\n", 1<<20))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil { // head -1
			t.Fatal(err)
		}
		out.Close()
		err = cmd.Wait()
		var exit *exec.ExitError
		ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
		if !errors.As(err, &exit) || !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE || stderr.Len() > 0 {
			t.Errorf("%q: %v (%v), stderr %q; want killed by SIGPIPE, quietly", args, err, ws, stderr.String())
		}
	}
}
