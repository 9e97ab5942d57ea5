// Command coldstart measures what a whole process costs: the user and system CPU time of the
// CLI judging one URL (by default `urlgrammar compare URL`, under all eight versions) beside a
// process that runs net/url.Parse on it (internal/coldstart/neturl), each run -n times,
// interleaved so that both see the same load. It prints the median CPU time of each and its
// ratio to the baseline's.
//
// Usage: go run ./internal/coldstart [-n 300] [-cli PATH] [-args 'compare'] URL...
// (make bench-cold builds both programs and runs it on three URLs.)
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("coldstart: ")
	n := flag.Int("n", 300, "runs of each process")
	cli := flag.String("cli", "urlgrammar", "the CLI to run")
	base := flag.String("base", "neturl", "the net/url program to run")
	args := flag.String("args", "compare", "the CLI's arguments before the URL, separated by spaces")
	flag.Parse()
	if flag.NArg() == 0 {
		log.Fatal("no URL")
	}
	for _, u := range flag.Args() {
		b, c := []string{*base, u}, append(append([]string{*cli}, strings.Fields(*args)...), u)
		times := [2][]time.Duration{}
		for range *n {
			for k, cmd := range [][]string{b, c} {
				t, err := cpu(cmd)
				if err != nil {
					log.Fatal(err)
				}
				times[k] = append(times[k], t)
			}
		}
		mb, mc := median(times[0]), median(times[1])
		fmt.Printf("%-42q net/url %7v  %s %s %7v  ratio %.2f\n", u, mb, filepath.Base(*cli), *args, mc, float64(mc)/float64(mb))
	}
}

// cpu runs cmd and returns the user and system CPU time it took. An exit status other than 0
// is no error: the CLI says so when it rejects an input.
func cpu(cmd []string) (time.Duration, error) {
	c := exec.Command(cmd[0], cmd[1:]...)
	if err := c.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return 0, err
		}
	}
	return c.ProcessState.UserTime() + c.ProcessState.SystemTime(), nil
}

func median(ts []time.Duration) time.Duration {
	ts = slices.Clone(ts)
	slices.Sort(ts)
	return ts[len(ts)/2]
}
