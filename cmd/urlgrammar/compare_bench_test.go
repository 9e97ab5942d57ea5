package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkCompare runs compare over the real URLs of testdata/urls, in each format, with its
// output discarded: run it at several -cpu values to see how compare scales with the cores.
func BenchmarkCompare(b *testing.B) {
	raw, err := os.ReadFile(urlsFile)
	if err != nil {
		b.Fatal(err)
	}
	data := string(raw)
	for _, format := range []string{"table", "json"} {
		b.Run(format, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if status := run([]string{"compare", "--format", format}, strings.NewReader(data), io.Discard, io.Discard); status != exitValid {
					b.Fatalf("status %d", status)
				}
			}
		})
	}
}
