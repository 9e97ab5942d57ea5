package urlgrammar

import "testing"

// TestFills: every registered version declares its fills, and every rule they name is a rule
// of its grammar (by its name in the document, or the PEG name of an extra rule).
func TestFills(t *testing.T) {
	for _, v := range Versions() {
		info := v.info()
		if len(info.fills) == 0 {
			t.Errorf("%v: no fills: Parse would give no components (add a table to fills.go)", v)
			continue
		}
		if _, err := newWalker(info.grammar, info.fills); err != nil {
			t.Errorf("%v: %v", v, err)
		}
	}
}
