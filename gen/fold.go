package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// This file holds the passes that work on the shapes of pointlander/peg's code for choices and
// repetitions: character classes as tables, the removal of what that leaves unused, and tight
// loops over runs of a set.
//
// pointlander/peg compiles a set such as [A-Za-z0-9\-.] to an ordered choice of one test per
// character or range, each failed test restoring the position saved at the start of the choice
// before the next one is tried:
//
//	{
//		position7, tokenIndex7 := position, tokenIndex
//		if c := buffer[position]; c < 'A' || c > 'Z' {
//			goto l8
//		}
//		position++
//		goto l7
//	l8:
//		position, tokenIndex = position7, tokenIndex7
//		if buffer[position] != '-' {
//			goto l4
//		}
//		position++
//	}
//	l7:

// A charSet is a set of bytes.
type charSet [256]bool

// String writes the set as a PEG character class, such as [\-.0-9A-Za-z] (peg.ClassString).
func (s *charSet) String() string {
	var set bnf.ByteSet
	for c := 0; c < 256; c++ {
		if s[c] {
			set.Add(byte(c))
		}
	}
	return peg.ClassString(&set)
}

// goLiteral writes the set as a Go [256]bool composite literal.
func (s *charSet) goLiteral() string {
	var elts []string
	for c := 0; c < 256; c++ {
		if s[c] {
			elts = append(elts, strconv.QuoteRune(rune(c))+": true")
		}
	}
	return "[256]bool{" + strings.Join(elts, ", ") + "}"
}

func merge(into, from *charSet) {
	for c := range from {
		into[c] = into[c] || from[c]
	}
}

// classTables collects the distinct sets that become tables.
type classTables struct {
	sets  []charSet
	index map[charSet]int
}

func (t *classTables) id(s charSet) int {
	if t.index == nil {
		t.index = map[charSet]int{}
	}
	if i, ok := t.index[s]; ok {
		return i
	}
	t.index[s] = len(t.sets)
	t.sets = append(t.sets, s)
	return len(t.sets) - 1
}

// charLit reads a Go character literal, such as 'a' or the escaped quote, as one byte.
func charLit(lit string) (byte, error) {
	s, err := strconv.Unquote(lit)
	if err != nil || len(s) != 1 {
		return 0, fmt.Errorf("character literal %s: not one byte", lit)
	}
	return s[0], nil
}

// isBufferAt reports whether e is "buffer[position]".
func isBufferAt(e ast.Expr) bool {
	ix, ok := e.(*ast.IndexExpr)
	return ok && isIdent(ix.X, "buffer") && isIdent(ix.Index, "position")
}

// byteTest reads a test of the byte at the position, as pointlander/peg writes one for a
// character or a range, or as classTablesPass writes one for a set:
//
//	if buffer[position] != 'x' { goto lN }
//	if c := buffer[position]; c < 'a' || c > 'z' { goto lN }
//	if !csetK[buffer[position]] { goto lN }
//
// It returns the bytes that pass, the condition under which buf[i] passes (for a tight loop),
// and the label it jumps to when the byte does not pass.
func byteTest(s ast.Stmt, tables *classTables) (set charSet, cond, fail string, ok bool) {
	i, isIf := s.(*ast.IfStmt)
	if !isIf || i.Else != nil || len(i.Body.List) != 1 {
		return set, "", "", false
	}
	if fail, ok = isGoto(i.Body.List[0], ""); !ok {
		return set, "", "", false
	}
	switch c := i.Cond.(type) {
	case *ast.BinaryExpr: // buffer[position] != 'x', or c < 'a' || c > 'z'
		if i.Init == nil && c.Op == token.NEQ && isBufferAt(c.X) {
			lit, isLit := c.Y.(*ast.BasicLit)
			if !isLit || lit.Kind != token.CHAR {
				return set, "", "", false
			}
			b, err := charLit(lit.Value)
			if err != nil {
				return set, "", "", false
			}
			set[b] = true
			return set, "buf[i] == " + lit.Value, fail, true
		}
		init, isAssign := i.Init.(*ast.AssignStmt)
		if !isAssign || len(init.Lhs) != 1 || !isIdent(init.Lhs[0], "c") || !isBufferAt(init.Rhs[0]) || c.Op != token.LOR {
			return set, "", "", false
		}
		lo, okLo := c.X.(*ast.BinaryExpr)
		hi, okHi := c.Y.(*ast.BinaryExpr)
		if !okLo || !okHi || lo.Op != token.LSS || hi.Op != token.GTR || !isIdent(lo.X, "c") || !isIdent(hi.X, "c") {
			return set, "", "", false
		}
		loLit, ok1 := lo.Y.(*ast.BasicLit)
		hiLit, ok2 := hi.Y.(*ast.BasicLit)
		if !ok1 || !ok2 {
			return set, "", "", false
		}
		l, err1 := charLit(loLit.Value)
		h, err2 := charLit(hiLit.Value)
		if err1 != nil || err2 != nil || l > h {
			return set, "", "", false
		}
		for b := int(l); b <= int(h); b++ {
			set[b] = true
		}
		return set, loLit.Value + " <= buf[i] && buf[i] <= " + hiLit.Value, fail, true
	case *ast.UnaryExpr: // !csetK[buffer[position]]
		ix, isIndex := c.X.(*ast.IndexExpr)
		if c.Op != token.NOT || !isIndex || !isBufferAt(ix.Index) || i.Init != nil {
			return set, "", "", false
		}
		id, isID := ix.X.(*ast.Ident)
		if !isID || !strings.HasPrefix(id.Name, "cset") {
			return set, "", "", false
		}
		k, err := strconv.Atoi(strings.TrimPrefix(id.Name, "cset"))
		if err != nil || k >= len(tables.sets) {
			return set, "", "", false
		}
		return tables.sets[k], id.Name + "[buf[i]]", fail, true
	}
	return set, "", "", false
}

// classTablesPass replaces each run of two or more one-byte alternatives of an ordered choice
// by one lookup in a 256-entry table (see the top of this file). A test that fails consumes
// nothing and records no token, so the restores between two such tests change nothing, and a
// run of them succeeds exactly when the byte at the position is in the union of their bytes.
// The lookup jumps where the run's last test jumped on failure; where the run is not the end
// of the choice, what follows it (the jump to the choice's end, the last test's failure label
// and the restore before the next alternative) stays as it was. The tables are declared as
// csetN variables.
func classTablesPass(u *unit) error {
	for _, m := range u.methodDecls() {
		blocks(m.Body, func(list []ast.Stmt) []ast.Stmt { return foldChoices(list, &u.tables) })
	}
	u.declareTables(0)
	return nil
}

// foldChoices folds the runs of one-byte alternatives in one statement list.
func foldChoices(list []ast.Stmt, tables *classTables) []ast.Stmt {
	var out []ast.Stmt
	for i := 0; i < len(list); i++ {
		out = append(out, list[i])
		// A run of tests starts right after the choice's save or a restore of it: the
		// position is the choice's saved position there.
		k, ok := saveOf(list[i])
		if !ok {
			_, s := labeled(list[i])
			if k, ok = restoreOf(s); !ok {
				continue
			}
		}
		// Each test of the run must be a whole alternative: followed either by the jump to
		// the choice's end and its own failure label on the restore before the next
		// alternative, or (the last alternative) by the end of the choice's block. A test
		// followed by anything else begins a sequence, and ends the run before it. j is
		// where the statements that stay begin: after the run's last test.
		var union charSet
		n, j, fail := 0, i+1, ""
		for at := i + 1; at+1 < len(list); {
			set, _, f, ok := byteTest(list[at], tables)
			if !ok || !isIncPosition(list[at+1]) {
				break
			}
			end := at + 2
			if end == len(list) {
				merge(&union, &set)
				n, fail, j = n+1, f, end
				break
			}
			if _, ok := isGoto(list[end], "l"+k); ok && end+1 < len(list) {
				label, s := labeled(list[end+1])
				if r, ok := restoreOf(s); ok && r == k && label == f {
					merge(&union, &set)
					n, fail, j = n+1, f, end
					at = end + 2 // the next test, after the jump and the restore
					continue
				}
			}
			break
		}
		if n < 2 {
			continue
		}
		out = append(out, stmts(fmt.Sprintf("if !cset%d[buffer[position]] {\ngoto %s\n}\nposition++", tables.id(union), fail))...)
		i = j - 1
	}
	return out
}

// unusedLabelsAndSaves removes what classTablesPass leaves unused where it folded a whole
// choice: the labels that no goto names; the statements that no path reaches (right after a
// goto, with no label: pointlander/peg writes a restore there where a repetition's body
// cannot fail, and vet calls it unreachable); and then the saved positions that nothing reads.
func unusedLabelsAndSaves(u *unit) error {
	for _, m := range u.methodDecls() {
		gotos := map[string]bool{}
		ast.Inspect(m.Body, func(n ast.Node) bool {
			if l, ok := isGotoNode(n); ok {
				gotos[l] = true
			}
			return true
		})
		blocks(m.Body, func(list []ast.Stmt) []ast.Stmt {
			var out []ast.Stmt
			afterGoto := false
			for _, s := range list {
				for {
					l, ok := s.(*ast.LabeledStmt)
					if !ok || gotos[l.Label.Name] {
						break
					}
					s = l.Stmt
				}
				if _, empty := s.(*ast.EmptyStmt); empty {
					continue
				}
				if _, isLabel := s.(*ast.LabeledStmt); !isLabel && afterGoto {
					continue
				}
				_, inner := labeled(s) // "l: goto m" jumps away too
				_, afterGoto = isGoto(inner, "")
				out = append(out, s)
			}
			return out
		})
		uses := map[string]int{}
		ast.Inspect(m.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && savedName.MatchString(id.Name) {
				uses[id.Name]++
			}
			return true
		})
		blocks(m.Body, func(list []ast.Stmt) []ast.Stmt {
			var out []ast.Stmt
			for _, s := range list {
				if a, ok := s.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
					blank := 0
					for i, l := range a.Lhs {
						if id, ok := l.(*ast.Ident); ok && savedName.MatchString(id.Name) && uses[id.Name] == 1 {
							a.Lhs[i] = ast.NewIdent("_")
						}
						if isIdent(a.Lhs[i], "_") {
							blank++
						}
					}
					if blank == len(a.Lhs) {
						continue
					}
				}
				out = append(out, s)
			}
			return out
		})
	}
	return nil
}

func isGotoNode(n ast.Node) (string, bool) {
	s, ok := n.(ast.Stmt)
	if !ok {
		return "", false
	}
	return isGoto(s, "")
}

// tightLoops puts a tight loop at the head of each repetition whose body matches one byte of a
// set, a range or a character as its first alternative (or as the whole body), as
// classTablesPass leaves, for example, ([A-Za-z0-9] / pct_encoded)*:
//
//	l5:                                   l5:
//		{                                     {
//			position6, … := …                     i, buf := position, buffer
//			{                                     for cset3[buf[i]] {
//				position7, … := …                     i++
//				if !cset3[buffer[position]] {     }
//					goto l8                           position = i
//				}                                 }
//				position++                        {
//				goto l7                               position6, … := …
//			l8:                                       … (as it was)
//				…
//			}
//		l7:
//			goto l5
//		l6:
//			position, … = position6, …
//		}
//
// Each turn of such a loop that takes the first alternative consumes one byte of the set and
// records nothing, so consuming the longest run of bytes of the set at the loop's head, with
// the position in a local variable, leaves the loop exactly where those turns would have.
func tightLoops(u *unit) error {
	for _, m := range u.methodDecls() {
		blocks(m.Body, func(list []ast.Stmt) []ast.Stmt {
			var out []ast.Stmt
			for _, s := range list {
				if cond, ok := loopHead(s, &u.tables); ok {
					l := s.(*ast.LabeledStmt)
					tight := &ast.BlockStmt{List: stmts("i, buf := position, buffer\nfor " + cond + " {\ni++\n}\nposition = i")}
					out = append(out, &ast.LabeledStmt{Label: l.Label, Stmt: tight}, l.Stmt)
					continue
				}
				out = append(out, s)
			}
			return out
		})
	}
	return nil
}

// loopHead returns the condition of the tight loop for s, if s is a repetition that gets one:
//
//	again:
//		{
//			positionS, tokenIndexS := position, tokenIndex
//			BODY
//			goto again          (labeled with the end of BODY's choice, if it has one)
//		out:
//			position, tokenIndex = positionS, tokenIndexS
//		}
//
// where BODY is a one-byte test that jumps to out, then position++; or a choice whose first
// alternative is such a test. A set that holds NUL, the end marker, gets no tight loop: the
// loop would run past the end of the buffer.
func loopHead(s ast.Stmt, tables *classTables) (string, bool) {
	l, ok := s.(*ast.LabeledStmt)
	if !ok {
		return "", false
	}
	again := l.Label.Name
	b, ok := l.Stmt.(*ast.BlockStmt)
	if !ok || len(b.List) < 4 {
		return "", false
	}
	k, ok := saveOf(b.List[0])
	if !ok {
		return "", false
	}
	out := "l" + k
	last := b.List[len(b.List)-1]
	if label, r := labeled(last); label != out {
		return "", false
	} else if rk, ok := restoreOf(r); !ok || rk != k {
		return "", false
	}
	back := b.List[len(b.List)-2]
	_, backStmt := labeled(back)
	if _, ok := isGoto(backStmt, again); !ok {
		return "", false
	}
	body := b.List[1 : len(b.List)-2]
	if len(body) == 2 { // the test alone
		set, cond, fail, ok := byteTest(body[0], tables)
		if !ok || set[0] || fail != out || !isIncPosition(body[1]) {
			return "", false
		}
		if label, _ := labeled(back); label != "" {
			return "", false
		}
		return cond, true
	}
	if len(body) != 1 {
		return "", false
	}
	choice, ok := body[0].(*ast.BlockStmt)
	if !ok || len(choice.List) < 2 {
		return "", false
	}
	at, ck := 0, ""
	if c, ok := saveOf(choice.List[0]); ok {
		at, ck = 1, c
	}
	if at+1 >= len(choice.List) {
		return "", false
	}
	set, cond, _, ok := byteTest(choice.List[at], tables)
	if !ok || set[0] || !isIncPosition(choice.List[at+1]) {
		return "", false
	}
	switch {
	case ck != "" && at+2 < len(choice.List):
		if _, ok := isGoto(choice.List[at+2], "l"+ck); !ok { // more alternatives follow
			return "", false
		}
	case ck == "" && at+2 == len(choice.List): // the test is the whole choice
	default:
		return "", false
	}
	return cond, true
}

// declareTables declares the tables from number from on as variables csetN.
func (u *unit) declareTables(from int) {
	for k := from; k < len(u.tables.sets); k++ {
		d := &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{
			Names:  []*ast.Ident{ast.NewIdent(fmt.Sprintf("cset%d", k))},
			Values: []ast.Expr{expr(u.tables.sets[k].goLiteral())},
		}}}
		u.doc[d] = fmt.Sprintf("cset%d is %s.", k, u.tables.sets[k].String())
		u.file.Decls = append(u.file.Decls, d)
	}
}
