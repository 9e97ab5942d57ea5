package urlgrammar

import (
	"fmt"
	"strings"
)

// This file holds what the package's enumerations (Version, HostKind, PathKind, Step)
// share: each value has an ID, a short lower-case name such as "rfc3986" or "reg-name", which
// is its String, its text encoding (so its JSON) and what flag.TextVar reads. The zero value of
// each is none of its values, and its ID is "".

// anEnum is the underlying type of an enumeration.
type anEnum interface{ ~uint8 | ~int }

// enumString returns the ID of v, whose IDs by value are ids (ids[0] is ""), or "Type(n)" for a
// value that has none.
func enumString[T anEnum](v T, ids []string, typ string) string {
	if int(v) >= 0 && int(v) < len(ids) {
		return ids[v]
	}
	return fmt.Sprintf("%s(%d)", typ, int(v))
}

// marshalEnum is MarshalText of v: its ID, or an error for a value that has none.
func marshalEnum[T anEnum](v T, ids []string, typ string) ([]byte, error) {
	if int(v) >= 0 && int(v) < len(ids) {
		return []byte(ids[v]), nil
	}
	return nil, fmt.Errorf("%s(%d) has no ID", typ, int(v))
}

// unmarshalEnum is UnmarshalText: it sets *p to the value whose ID is text, ignoring case ("" is
// the zero value), or returns an error that lists the IDs. No error of the package begins with
// its name: a flag.TextVar's error is printed after the program's own prefix.
func unmarshalEnum[T anEnum](p *T, text []byte, ids []string, typ string) error {
	for i, id := range ids {
		if strings.EqualFold(id, string(text)) {
			*p = T(i)
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q (known: %s)", typ, text, strings.Join(ids[1:], ", "))
}
