package main

import (
	"fmt"
	"regexp"
	"strings"
)

// toMethods turns the rules of pointlander/peg's parser from closures into methods.
//
// pointlander/peg writes each rule as a closure in a table, and the parser's state (position,
// tokenIndex, buffer, the token tree) as local variables of Init that every closure captures.
// A captured variable that closures assign lives on the heap, behind a pointer in each
// closure's context, so every read of the position is two loads, and every call of a rule is
// an indirect call through the table. As methods, the rules reach the state as fields of the
// parser (one load) and call each other directly:
//
//	_rules = [...]func() bool{            _rules = [...]func() bool{
//		nil,                                  nil,
//		/* 1 URI <- … */                      p.rule_URI,
//		func() bool {                     }
//			… position …                  …
//			if !_rules[rulescheme]() {    // URI <- …
//			…                             func (p *parser) rule_URI() bool {
//		},                                    … p.position …
//	}                                         if !p.rule_scheme() {
//	                                          …
//	                                      }
//
// The rule table stays (Parse starts from it), holding the method values. The parser type gets
// the fields position and tokenIndex from the header gen writes into the .peg.
func toMethods(src string) (string, error) {
	fixed := []replacement{
		{why: "state as fields: declarations", old: `\tvar \(\n\t\tposition, tokenIndex uint32\n\t\tbuffer\s+\[\]byte\n\t\)\n`, new: "", regexp: true},
		{why: "state as fields: reset", old: "\t\tposition, tokenIndex = 0, 0\n", new: "\t\tp.position, p.tokenIndex = 0, 0\n"},
		{why: "state as fields: reset buffer", old: "\t\tbuffer = p.buffer\n", new: ""},
		{why: "state as fields: token tree", old: "\ttree := p.tokens32\n", new: ""},
		{why: "state as fields: token tree after parse", old: "\t\tp.tokens32 = tree\n", new: ""},
		{why: "state as fields: trim", old: "p.Trim(tokenIndex)", new: "p.Trim(p.tokenIndex)"},
		{why: "matchDot as a method", old: "\tmatchDot := func() bool {\n\t\tif buffer[position] != endSymbol {\n\t\t\tposition++\n\t\t\treturn true\n\t\t}\n\t\treturn false\n\t}\n", new: ""},
	}
	for _, e := range fixed {
		if e.regexp {
			re := regexp.MustCompile(e.old)
			if !re.MatchString(src) {
				return "", fmt.Errorf("%s: pattern %q not found", e.why, e.old)
			}
			src = re.ReplaceAllString(src, e.new)
			continue
		}
		if strings.Count(src, e.old) != 1 {
			return "", fmt.Errorf("%s: text %q found %d times, want once", e.why, e.old, strings.Count(src, e.old))
		}
		src = strings.Replace(src, e.old, e.new, 1)
	}

	lines := strings.Split(src, "\n")
	begin, end := -1, -1
	for i, line := range lines {
		switch {
		case line == "\t_rules = [...]func() bool{":
			begin = i
		case line == "\tp.rules = _rules" && begin >= 0:
			end = i - 1 // the table's closing brace
		}
	}
	if begin < 0 || end <= begin || lines[end] != "\t}" {
		return "", fmt.Errorf("the rule table is not where it was expected")
	}
	var table, methods []string
	for i := begin + 1; i < end; i++ {
		line := lines[i]
		m := ruleComment.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil || i+1 >= end || lines[i+1] != "\t\tfunc() bool {" {
			table = append(table, line) // nil, for a rule written inline where it is used
			continue
		}
		name := m[1]
		close := -1
		for j := i + 2; j < end; j++ {
			if lines[j] == "\t\t}," {
				close = j
				break
			}
		}
		if close < 0 {
			return "", fmt.Errorf("rule %s: no end of its function", name)
		}
		table = append(table, "\t\tp.rule_"+name+",")
		methods = append(methods, "", "// "+strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(line), "/* "), " */"),
			"func (p *parser) rule_"+name+"() bool {")
		for _, body := range lines[i+2 : close] {
			methods = append(methods, stateAsFields(strings.TrimPrefix(body, "\t\t")))
		}
		methods = append(methods, "}")
		i = close
	}
	if len(methods) == 0 {
		return "", fmt.Errorf("no rule functions in the rule table")
	}
	out := append([]string{}, lines[:begin+1]...)
	out = append(out, table...)
	out = append(out, lines[end:]...)
	out = append(out, "", "// matchDot matches any byte but the end marker.", "func (p *parser) matchDot() bool {",
		"\tif p.buffer[p.position] != endSymbol {", "\t\tp.position++", "\t\treturn true", "\t}", "\treturn false", "}")
	out = append(out, methods...)
	src = strings.Join(out, "\n")
	for _, leftover := range []string{"_rules[rule", "tree.Add(", "matchDot := "} {
		if strings.Contains(src, leftover) {
			return "", fmt.Errorf("after the rules became methods, %q is still in the parser", leftover)
		}
	}
	return src, nil
}

var (
	stateVar = regexp.MustCompile(`(^|[^.\w])(position|tokenIndex|buffer)\b`)
	ruleRef  = regexp.MustCompile(`_rules\[rule(\w+)\]\(\)`)
)

// stateAsFields rewrites one line of a rule's body for a method: the captured state becomes
// the parser's fields, and calls through the rule table direct calls.
func stateAsFields(line string) string {
	if strings.HasPrefix(strings.TrimSpace(line), "/*") || strings.HasPrefix(strings.TrimSpace(line), "//") {
		return line
	}
	line = stateVar.ReplaceAllString(line, "${1}p.$2")
	line = ruleRef.ReplaceAllString(line, "p.rule_$1()")
	line = strings.ReplaceAll(line, "tree.Add(", "p.tokens32.Add(")
	line = strings.ReplaceAll(line, "matchDot()", "p.matchDot()")
	return line
}

var startPredicate = regexp.MustCompile(`^if !\(p\.start == \d+\) \{$`)

// failFastStart makes the start dispatcher fail as soon as the start rule it was asked for
// fails. gen writes the dispatcher as an ordered choice, &{p.start == 0} r0 !. / &{p.start ==
// 1} r1 !. / …, so when the chosen alternative fails, every later one is tried and fails on its
// predicate; each of those turns restores the position and tests p.start. A failure inside
// alternative N now jumps to the dispatcher's own failure: every later alternative would have
// failed on its predicate, and the failure restores what they would have restored. It returns
// the new source and how many jumps it redirected.
func failFastStart(src string) (string, int, error) {
	lines := strings.Split(src, "\n")
	begin, end := -1, -1
	for i, line := range lines {
		if line == "func (p *parser) rule__start() bool {" {
			begin = i
		}
		if begin >= 0 && i > begin && line == "}" {
			end = i
			break
		}
	}
	if begin < 0 || end < 0 || strings.TrimSpace(lines[end-1]) != "return false" ||
		!strings.HasPrefix(strings.TrimSpace(lines[end-2]), "p.position, p.tokenIndex = position") ||
		!labelLine.MatchString(strings.TrimSpace(lines[end-3])) {
		return "", 0, fmt.Errorf("the start dispatcher is not where or how it was expected")
	}
	fail := "goto " + labelLine.FindStringSubmatch(strings.TrimSpace(lines[end-3]))[1]
	n := 0
	for i := begin; i < end; i++ {
		if !startPredicate.MatchString(strings.TrimSpace(lines[i])) {
			continue
		}
		next := strings.TrimSpace(lines[i+1]) // the jump to the next alternative
		if !gotoLine.MatchString(next) {
			return "", 0, fmt.Errorf("start dispatcher: no jump after %q", strings.TrimSpace(lines[i]))
		}
		if next == fail {
			continue // the last alternative
		}
		label := strings.TrimPrefix(next, "goto ") + ":"
		for j := i + 2; j < end && strings.TrimSpace(lines[j]) != label; j++ {
			if t := strings.TrimSpace(lines[j]); t == next {
				lines[j] = strings.Replace(lines[j], next, fail, 1)
				n++
			}
		}
	}
	return strings.Join(lines, "\n"), n, nil
}
