package urlgrammar

// diagnose fills in e.Offset, e.Expected and e.In. Placeholder until the conformance engine's
// recognizer lands: it will compute the longest viable prefix from the BNF.
func diagnose(e *SyntaxError) {}
