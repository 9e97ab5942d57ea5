package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

// A readmeExample is a "$ " command of the README and the output printed under it.
type readmeExample struct {
	line    int // of the command in README.md
	command string
	want    []string
}

// readmeExamples returns the "$ " commands of the README's code blocks. A command's output is
// the lines after it up to the next command or the block's end; a line "…" or "..." stands for
// any number of lines.
func readmeExamples(t *testing.T, readme string) []readmeExample {
	t.Helper()
	var examples []readmeExample
	inBlock, inExample := false, false
	for i, line := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock, inExample = !inBlock, false
		case inBlock && strings.HasPrefix(line, "$ "):
			examples = append(examples, readmeExample{line: i + 1, command: line[2:]})
			inExample = true
		case inExample:
			e := &examples[len(examples)-1]
			e.want = append(e.want, line)
		}
	}
	return examples
}

// exampleFile returns the FILE of the first "-f FILE" of a command, or "".
func exampleFile(command string) string {
	fields := strings.Fields(command)
	for i, f := range fields[:max(len(fields)-1, 0)] {
		if f == "-f" && fields[i+1] != "-" {
			return fields[i+1]
		}
	}
	return ""
}

// matchLines reports whether got matches want, where a line "…" or "..." of want matches any
// number of lines.
func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if w := want[0]; w == "…" || w == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && got[0] == want[0] && matchLines(want[1:], got[1:])
}

// exampleFiles makes the files the README's examples read that the repository does not hold,
// as the README says to make them: crawl.warc.gz is what "mkcrawl -example" writes.
var exampleFiles = map[string]func() []byte{
	"crawl.warc.gz": sourcetest.ExampleCrawl,
}

// TestREADMEExamples: every "$ " example of the README gives the output printed under it,
// standard output first, then standard error, run by the shell from the repository's root (or,
// for a file of exampleFiles, from a directory holding that file alone). An example on another
// file that the repository does not hold (-f FILE, a file of the reader's own) is left out, and
// named in the test's log.
func TestREADMEExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	examples := readmeExamples(t, string(readme))
	if len(examples) < 10 {
		t.Fatalf("%d examples found in the README", len(examples))
	}
	t.Logf("%d examples", len(examples))
	for _, e := range examples {
		command := strings.Replace(e.command, "go run ./cmd/urlgrammar", "urlgrammar", 1)
		dir := root
		if f := exampleFile(command); f != "" {
			if contents, ok := exampleFiles[f]; ok {
				dir = t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, f), contents(), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				t.Logf("README.md:%d: not run: the repository has no %s", e.line, f)
				continue
			}
		}
		cmd := exec.Command("bash", "-o", "pipefail", "-c", command)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run() // the exit status is the command's to give; the output is what is checked
		got := strings.Split(strings.TrimSuffix(stdout.String()+stderr.String(), "\n"), "\n")
		want := e.want
		for len(want) > 0 && want[len(want)-1] == "" {
			want = want[:len(want)-1]
		}
		if !matchLines(want, got) {
			t.Errorf("README.md:%d: $ %s\ngot:\n%s\nwant:\n%s", e.line, e.command, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
