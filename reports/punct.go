package reports

// colon is the separator of a label and what it names in l: ": ", or " : " in French,
// whose typography puts a space before the colon (and the semicolon: semicolon), for the
// lines whose parts reports joins itself rather than a catalog sentence.
func (l *Locale) colon() string { return l.T("punct.colon") }

// semicolon is "; " in l, " ; " in French (colon).
func (l *Locale) semicolon() string { return l.T("punct.semicolon") }
