// Command neturl is the baseline of internal/coldstart: a process that runs net/url.Parse on
// its argument and prints the URL, or the error.
package main

import (
	"fmt"
	"net/url"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: neturl URL")
		os.Exit(2)
	}
	u, err := url.Parse(os.Args[1])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u)
}
