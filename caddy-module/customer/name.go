package customer

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// academicTitles maps the platform's academic title codes to the labels of spec 3, which are
// the same in every language.
var academicTitles = map[string]string{
	"PROF_DR_MED": "Prof. Dr. med.",
	"PROF_DR_DR":  "Prof. Dr. Dr.",
	"PROF_DR":     "Prof. Dr.",
	"PROF":        "Prof.",
	"DR_MED":      "Dr. med.",
	"DR_DR":       "Dr. Dr.",
	"DR":          "Dr.",
}

// AcademicTitle gives the label of a title code; the codes are also accepted spelled as their
// labels ("Prof. Dr."), and "" or an unknown code gives no title.
func AcademicTitle(code string) string {
	c := strings.ToUpper(strings.TrimSpace(code))
	if l, ok := academicTitles[c]; ok {
		return l
	}
	for _, l := range academicTitles {
		if strings.EqualFold(l, strings.TrimSpace(code)) {
			return l
		}
	}
	return ""
}

// FullName is the academic title's label, the first name and the last name, with single spaces.
func FullName(titleCode, first, last string) string {
	return strings.Join(strings.Fields(AcademicTitle(titleCode)+" "+first+" "+last), " ")
}

// Initials are the upper-cased first letters of the first and the last word of name (spec 5);
// one letter for a one-word name, "" for none. Words start at a letter or digit, so a name
// such as "(Anna) Schmidt" still gives "AS".
func Initials(name string) string {
	var words []string
	for _, w := range strings.Fields(name) {
		w = strings.TrimLeftFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if w != "" {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return ""
	}
	first := firstLetter(words[0])
	if len(words) == 1 {
		return first
	}
	return first + firstLetter(words[len(words)-1])
}

func firstLetter(w string) string {
	r, _ := utf8.DecodeRuneInString(w)
	return strings.ToUpper(string(r))
}
