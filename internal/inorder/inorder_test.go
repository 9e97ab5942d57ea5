package inorder

import (
	"slices"
	"testing"
)

// TestMapInOrder: the results come in input order whatever batch finishes first, every input
// in one batch, and a yield that returns false stops the reading.
func TestMapInOrder(t *testing.T) {
	inputs := func(n int, read *int) func(func(int) bool) {
		return func(yield func(int) bool) {
			for i := range n {
				*read++
				if !yield(i) {
					return
				}
			}
		}
	}
	var got []int
	read := 0
	Map(inputs(5000, &read), func(first int, batch []int) []int {
		for i, v := range batch {
			if v != first+i {
				t.Errorf("batch at %d holds %d at %d", first, v, i)
			}
		}
		return batch
	}, func(b []int) bool {
		got = append(got, b...)
		return true
	})
	if len(got) != 5000 || !slices.IsSorted(got) || read != 5000 {
		t.Errorf("%d results (sorted %v), %d read", len(got), slices.IsSorted(got), read)
	}
	read, batches := 0, 0
	Map(inputs(1<<20, &read), func(_ int, batch []int) int { return len(batch) }, func(int) bool {
		batches++
		return batches < 3
	})
	if batches != 3 || read >= 1<<20 {
		t.Errorf("a stop after 3 batches: %d batches, %d inputs read", batches, read)
	}
}
