// Package testdiff compares two values for the root module's tests and describes how they
// differ. It stands in for a third-party comparison package so that the library's module
// requires nothing beyond the standard library, tests included: a program that imports the
// library finds no other module in its graph.
package testdiff

import (
	"fmt"
	"reflect"
	"strings"
)

// Diff returns "" when want and got are deeply equal (reflect.DeepEqual), and otherwise a
// description of the difference: one line per element of a slice, array or map, one per
// field of a struct, each marked "-" (only in want), "+" (only in got) or " " (in both).
func Diff(want, got any) string {
	if reflect.DeepEqual(want, got) {
		return ""
	}
	w, g := lines(reflect.ValueOf(want)), lines(reflect.ValueOf(got))
	var b strings.Builder
	b.WriteString("(-want +got)\n")
	for _, l := range diffLines(w, g) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// lines prints v one element or field a line.
func lines(v reflect.Value) []string {
	if !v.IsValid() {
		return []string{"<nil>"}
	}
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	var out []string
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			out = append(out, fmt.Sprintf("[%d] %s", i, value(v.Index(i))))
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			out = append(out, fmt.Sprintf("%s: %s", t.Field(i).Name, value(v.Field(i))))
		}
	case reflect.Map:
		keys := v.MapKeys()
		var ls []string
		for _, k := range keys {
			ls = append(ls, fmt.Sprintf("%s: %s", value(k), value(v.MapIndex(k))))
		}
		sortStrings(ls)
		out = ls
	default:
		out = []string{value(v)}
	}
	if len(out) == 0 {
		out = []string{fmt.Sprintf("%s (empty)", v.Type())}
	}
	return out
}

// value prints one value; unexported fields print through fmt's %+v, which reaches them.
func value(v reflect.Value) string {
	if !v.IsValid() {
		return "<nil>"
	}
	for v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.CanInterface() {
		return fmt.Sprintf("%+v", v.Interface())
	}
	return fmt.Sprintf("%+v", v)
}

// diffLines marks each line of w and g by a longest common subsequence.
func diffLines(w, g []string) []string {
	n, m := len(w), len(g)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if w[i] == g[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && w[i] == g[j]:
			out = append(out, "  "+w[i])
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			out = append(out, "+ "+g[j])
			j++
		default:
			out = append(out, "- "+w[i])
			i++
		}
	}
	return out
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
