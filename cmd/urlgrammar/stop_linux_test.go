//go:build linux

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// stopCases are the commands that read inputs, each with flags under which its output shows
// each input judged once, as "h/pK/" for line K (or as result matches it), and how line K is
// written.
var stopCases = []struct {
	name string
	args []string
	line func(k int) string // nil: "http://h/pK/"
	// page is set for a command that writes its output whole at its end (compare's html),
	// stopped on a file while it reads, its inputs judged counted by its summary.
	page bool
	// warc is set when line K is a WARC record (with a target URI of its own, as the others'
	// lines), written as it is: the summary names a record's offset, not a line.
	warc bool
}{
	{"check", []string{"check", "-g", "rfc3986", "--echo"}, nil, false, false},
	{"check -q", []string{"check", "-g", "rfc3986", "-q", "--echo"}, nil, false, false},
	{"check --line-buffered", []string{"check", "-g", "rfc3986", "--line-buffered", "--echo"}, nil, false, false},
	{"check json", []string{"check", "-g", "rfc1738,rfc3986", "--format", "json"}, nil, false, false},
	{"check --from text", []string{"check", "-g", "rfc3986", "--from", "text", "--echo"}, func(k int) string { return fmt.Sprintf("see http://h/p%d/ here", k) }, false, false},
	{"parse", []string{"parse", "-g", "rfc3986"}, nil, false, false},
	{"tree", []string{"tree", "-g", "rfc3986", "--format", "json"}, nil, false, false},
	{"build", []string{"build", "-g", "rfc3986"}, func(k int) string { return fmt.Sprintf(`{"scheme":"http","host":"h","path":"/p%d/"}`, k) }, false, false},
	{"compare text", []string{"compare", "-g", "rfc1738,rfc3986"}, nil, false, false},
	{"compare json", []string{"compare", "-g", "rfc1738,rfc3986", "--format", "json"}, nil, false, false},
	{"compare tsv", []string{"compare", "-g", "rfc1738,rfc3986", "--format", "tsv", "--summary", "SUMMARY"}, nil, false, false},
	{"compare markdown", []string{"compare", "-g", "rfc1738,rfc3986", "--format", "markdown"}, nil, false, false},
	{"compare html", []string{"compare", "-g", "rfc1738,rfc3986", "--format", "html"}, nil, true, false},
	{"compare --summary", []string{"compare", "-g", "rfc1738,rfc3986", "--format", "json", "--summary", "SUMMARY"}, nil, false, false},
	{"compare --diff", []string{"compare", "-g", "rfc1738,rfc3986", "--diff", "--format", "text", "--summary", "SUMMARY"}, tilde, false, false},
	{"compare --line-buffered", []string{"compare", "-g", "rfc1738,rfc3986", "--line-buffered", "--format", "json"}, nil, false, false},
	{"resolve", []string{"resolve", "-g", "rfc3986", "http://h/"}, func(k int) string { return fmt.Sprintf("p%d/", k) }, false, false},
	{"normalize", []string{"normalize", "-g", "rfc3986"}, nil, false, false},
	{"equiv", []string{"equiv", "-g", "rfc3986"}, func(k int) string { return fmt.Sprintf("http://h/p%d/\tHTTP://h/p%d/", k, k) }, false, false},
	{"review", []string{"review", "-g", "rfc3986", "--format", "json"}, nil, false, false},
	{"extract", []string{"extract"}, func(k int) string { return fmt.Sprintf("see http://h/p%d/ here", k) }, false, false},
	{"extract --from warc", []string{"extract", "--from", "warc"}, warcRecord, false, true},
	{"check --from warc", []string{"check", "-g", "rfc3986", "--from", "warc", "--echo"}, warcRecord, false, true},
}

// warcRecord is a WARC record (ISO 28500 section 4: a version line, header fields, a block of
// Content-Length bytes and two CRLFs) of the resource http://h/pK/, its block empty.
func warcRecord(k int) string {
	return fmt.Sprintf("WARC/1.0\r\nWARC-Type: resource\r\nWARC-Target-URI: http://h/p%d/\r\nContent-Length: 0\r\n\r\n\r\n\r\n", k)
}

// tilde is line k with a "~", on which RFC 1738 and RFC 3986 disagree.
func tilde(k int) string { return fmt.Sprintf("http://h/p%d/~", k) }

var (
	resultOf   = regexp.MustCompile(`h/p(\d+)/`)
	pageInputs = regexp.MustCompile(`<span data-key="inputs">(\d+)</span>`)
	stoppedAt  = regexp.MustCompile(`; stopped by (SIG[A-Z]+) after .*?(\d+)(?: WARC-Target-URI)?\n$`)
	recordAt   = regexp.MustCompile(`after .*record at offset (\d+) WARC-Target-URI\n$`)
)

// TestEveryStopIsClean: SIGINT, SIGTERM and SIGHUP stop every command that reads inputs the
// same way, on a pipe that stays open (where the command waits for input) and on a file (where
// it is busy): every line read is judged and its result written, in order and in whole lines;
// the summary on standard error, and compare's report in each of its formats, says by which
// signal the run was stopped and after which line; the exit status is 128 + the signal's
// number. It logs the table of lines lost (go test -v -run TestEveryStopIsClean).
func TestEveryStopIsClean(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command 120 times")
	}
	dir := t.TempDir()
	// More output than a pipe holds: the command is still busy. A page is written at the end,
	// of more inputs than are read in the time it is given.
	fileLines := map[bool]int{false: 200_000, true: 2_000_000}
	for i, c := range stopCases {
		line := c.line
		if line == nil {
			line = func(k int) string { return fmt.Sprintf("http://h/p%d/", k) }
		}
		file := filepath.Join(dir, fmt.Sprintf("%d.in", i))
		var b strings.Builder
		offsets := map[int]int{} // of a WARC record, its number
		for k := 1; k <= fileLines[c.page]; k++ {
			offsets[b.Len()] = k
			b.WriteString(line(k) + map[bool]string{false: "\n"}[c.warc])
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o666); err != nil {
			t.Fatal(err)
		}
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
			for _, onPipe := range []bool{true, false} {
				name := fmt.Sprintf("%s/%s/pipe", stopSignals[sig], c.name)
				if !onPipe {
					name = strings.TrimSuffix(name, "pipe") + "file"
				}
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					summary := filepath.Join(dir, strings.NewReplacer("/", "-", " ", "-").Replace(name))
					args := append([]string{}, c.args...)
					for i, a := range args {
						if a == "SUMMARY" {
							args[i] = summary
						}
					}
					var out, errs string
					var status, read int
					if onPipe {
						read = 10
						out, errs, status = stopOnPipe(t, sig, args, line, read, c.warc)
					} else {
						out, errs, status = stopOnFile(t, sig, append(args, "-f", file), file, c.page)
					}
					m := stoppedAt.FindStringSubmatch(errs)
					if m == nil || m[1] != stopSignals[sig] {
						t.Fatalf("status %d, stderr %q: no summary saying %s stopped the run", status, errs, stopSignals[sig])
					}
					after, _ := strconv.Atoi(m[2])
					if o := recordAt.FindStringSubmatch(errs); c.warc && o != nil {
						offset, _ := strconv.Atoi(o[1])
						after = offsets[offset]
					}
					if onPipe && after != read {
						t.Errorf("stopped after line %d, want %d (stderr %q)", after, read, errs)
					}
					if !onPipe && after >= fileLines[c.page] {
						t.Errorf("stopped after line %d: the file was read to its end", after)
					}
					if status != 128+int(sig) {
						t.Errorf("exit status %d, want %d", status, 128+int(sig))
					}
					if out != "" && !strings.HasSuffix(out, "\n") {
						t.Errorf("output ends within a line: %q", out[max(0, len(out)-80):])
					}
					shown := resultOf.FindAllStringSubmatch(out, -1)
					lost := after - len(shown)
					if m := pageInputs.FindStringSubmatch(out); c.page && m != nil {
						n, _ := strconv.Atoi(m[1])
						lost, shown = after-n, shown[:min(len(shown), n)] // the page lists some
					}
					for i, s := range shown {
						if s[1] != strconv.Itoa(i+1) {
							t.Errorf("result %d is of line %s", i+1, s[1])
							break
						}
					}
					if lost != 0 {
						t.Errorf("%d of the %d lines read are not in the output", lost, after)
					}
					marked := "yes (stderr)"
					if c.args[0] == "compare" {
						marked = stopInReport(t, out, summary, stopSignals[sig], after, flagSet(c.args))
					}
					t.Logf("| %s | %s | %s | %d | %d | %s | %d |", stopSignals[sig], c.name, map[bool]string{true: "pipe", false: "file"}[onPipe], after, lost, marked, status)
				})
			}
		}
	}
}

// flagSet returns the arguments as a set.
func flagSet(args []string) map[string]bool {
	m := map[string]bool{}
	for _, a := range args {
		m[a] = true
	}
	return m
}

// stopInReport checks that compare's report (on standard output, or in its --summary file)
// says the run was stopped, in words and, in JSON, by its "stopped" member.
func stopInReport(t *testing.T, out, summary, sig string, after int, flags map[string]bool) string {
	t.Helper()
	report := out
	if flags["--summary"] {
		b, err := os.ReadFile(summary)
		if err != nil {
			t.Fatal(err)
		}
		report = string(b)
	}
	words := fmt.Sprintf("the input was stopped by %s after line %d: the rest was not read", sig, after)
	if flags["json"] {
		words = fmt.Sprintf(`"cut":"stopped by %s after line %d","stopped":{"signal":"%s","after_line":%d}`, sig, after, sig, after)
	}
	if !strings.Contains(report, words) {
		t.Errorf("the report does not say %s; it ends %q", words, report[max(0, len(report)-300):])
		return "no"
	}
	return "yes (stderr, report)"
}

// stopOnPipe runs the command on a pipe held open, writes lines 1 to n, and once the command
// has read them (the pipe is empty), sends it sig.
func stopOnPipe(t *testing.T, sig syscall.Signal, args []string, line func(int) string, n int, raw bool) (stdout, stderr string, status int) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close() // after the command has ended: the pipe stays open
	cmd, outb, errb := child(args)
	cmd.Stdin = r
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= n; k++ {
		io.WriteString(w, line(k)+map[bool]string{false: "\n"}[raw])
	}
	for deadline := time.Now().Add(30 * time.Second); pending(t, r) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the command did not read its input")
		}
	}
	time.Sleep(100 * time.Millisecond) // its reader is back waiting
	cmd.Process.Signal(sig)
	status = wait(t, cmd)
	return outb.String(), errb.String(), status
}

// stopOnFile runs the command on file, its output a pipe that the test reads only after
// sending sig: the command is then waiting to write, in the middle of its input. A page
// (written at the end) is stopped once the command has begun to read the file.
func stopOnFile(t *testing.T, sig syscall.Signal, args []string, file string, page bool) (stdout, stderr string, status int) {
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer outR.Close()
	cmd, _, errb := child(args)
	cmd.Stdout = outW
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	outW.Close()
	br := bufio.NewReader(outR)
	if page {
		waitUntilRead(t, cmd.Process.Pid, file)
	} else if _, err := br.Peek(1); err != nil {
		t.Fatal(err)
	} else {
		time.Sleep(200 * time.Millisecond) // the pipe fills
	}
	cmd.Process.Signal(sig)
	out, err := io.ReadAll(br)
	if err != nil {
		t.Fatal(err)
	}
	status = wait(t, cmd)
	return string(out), errb.String(), status
}

// waitUntilRead waits until process pid has read some of file: its offset in the file, which
// /proc/PID/fdinfo gives, is past 0.
func waitUntilRead(t *testing.T, pid int, file string) {
	file, err := filepath.EvalSymlinks(file)
	if err != nil {
		t.Fatal(err)
	}
	proc := fmt.Sprintf("/proc/%d/", pid)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		fds, _ := os.ReadDir(proc + "fd")
		for _, fd := range fds {
			if target, _ := os.Readlink(proc + "fd/" + fd.Name()); target != file {
				continue
			}
			info, _ := os.ReadFile(proc + "fdinfo/" + fd.Name()) // "pos:\t123\n…"
			if f := strings.Fields(string(info)); len(f) > 1 && f[0] == "pos:" && f[1] != "0" {
				return
			}
		}
	}
	t.Fatal("the command did not read its file")
}

// child is the command of args as a process of its own (the test binary as main).
func child(args []string) (cmd *exec.Cmd, stdout, stderr *bytes.Buffer) {
	cmd = exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asMain+"=1")
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	return cmd, stdout, stderr
}

// wait waits for cmd and returns its exit status.
func wait(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Fatalf("killed by %v: %v", ws.Signal(), err)
	}
	return cmd.ProcessState.ExitCode()
}

// pending is the number of bytes in the pipe of r not yet read (FIONREAD).
func pending(t *testing.T, r *os.File) int {
	var n int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, r.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Fatal(errno)
	}
	return int(n)
}

// TestStopWithoutInputs: a command that reads no inputs (conform, which runs for minutes) ends
// at once on a stop, with the status of one.
func TestStopWithoutInputs(t *testing.T) {
	cmd, _, _ := child([]string{"conform"})
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	if status := wait(t, cmd); status != 128+int(syscall.SIGTERM) {
		t.Errorf("exit status %d, want %d", status, 128+int(syscall.SIGTERM))
	}
}

// TestStopOnAFlowingPipe: on a pipe that never runs dry (yes | urlgrammar check), a stop ends
// the input where it was read to, at once, and every line read is judged and written.
func TestStopOnAFlowingPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		bw := bufio.NewWriter(w)
		for k := 1; ; k++ {
			if _, err := fmt.Fprintf(bw, "http://h/p%d/\n", k); err != nil {
				return
			}
		}
	}()
	defer w.Close() // which ends the writer
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer outR.Close()
	cmd, _, errb := child([]string{"check", "-g", "rfc3986", "-q", "--echo"})
	cmd.Stdin, cmd.Stdout = r, outW
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	outW.Close()
	br := bufio.NewReader(outR)
	if _, err := br.Peek(1); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	out, err := io.ReadAll(br)
	if err != nil {
		t.Fatal(err)
	}
	status := wait(t, cmd)
	m := stoppedAt.FindStringSubmatch(errb.String())
	if status != 128+int(syscall.SIGTERM) || m == nil {
		t.Fatalf("status %d, stderr %q", status, errb.String())
	}
	after, _ := strconv.Atoi(m[2])
	shown := resultOf.FindAllStringSubmatch(string(out), -1)
	if len(shown) != after || (after > 0 && shown[after-1][1] != m[2]) {
		t.Errorf("stopped after line %d, %d results written", after, len(shown))
	}
}
