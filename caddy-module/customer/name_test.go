package customer

import "testing"

func TestFullName(t *testing.T) {
	tests := []struct {
		title, first, last, want string
	}{
		{"PROF_DR_MED", "Anna", "Schmidt", "Prof. Dr. med. Anna Schmidt"},
		{"PROF_DR_DR", "Anna", "Schmidt", "Prof. Dr. Dr. Anna Schmidt"},
		{"PROF_DR", "Anna", "Schmidt", "Prof. Dr. Anna Schmidt"},
		{"PROF", "Anna", "Schmidt", "Prof. Anna Schmidt"},
		{"DR_MED", "Anna", "Schmidt", "Dr. med. Anna Schmidt"},
		{"DR_DR", "Anna", "Schmidt", "Dr. Dr. Anna Schmidt"},
		{"DR", "Anna", "Schmidt", "Dr. Anna Schmidt"},
		{"dr", "Anna", "Schmidt", "Dr. Anna Schmidt"},
		{"Prof. Dr.", "Anna", "Schmidt", "Prof. Dr. Anna Schmidt"}, // the label itself as the code
		{"", "Anna", "Schmidt", "Anna Schmidt"},
		{"MAGISTER", "Anna", "Schmidt", "Anna Schmidt"}, // unknown code: no title rather than a raw code
		{"DR", " Anna ", "  von  Schmidt ", "Dr. Anna von Schmidt"},
		{"", "", "", ""},
	}
	for _, tt := range tests {
		if got := FullName(tt.title, tt.first, tt.last); got != tt.want {
			t.Errorf("FullName(%q, %q, %q) = %q, want %q", tt.title, tt.first, tt.last, got, tt.want)
		}
	}
}

func TestInitials(t *testing.T) {
	tests := []struct{ name, want string }{
		{"Anna Schmidt", "AS"},
		{"Anna Maria Schmidt", "AS"},
		{"daan de vries", "DV"},
		{"Émile Zola", "ÉZ"},
		{"Łukasz Ślusarczyk", "ŁŚ"},
		{"Madonna", "M"},
		{"(Anna) Schmidt", "AS"},
		{"  ", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Initials(tt.name); got != tt.want {
			t.Errorf("Initials(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestLocaleFromCountry(t *testing.T) {
	tests := []struct{ country, want string }{
		{"DEU", "de-DE"}, {"AUT", "de-AT"}, {"CHE", "de-CH"}, {"GBR", "en-GB"}, {"IRL", "en-IE"},
		{"FRA", "fr-FR"}, {"ESP", "es-ES"}, {"NLD", "nl-NL"}, {"ITA", "it-IT"}, {"POL", "pl-PL"},
		{"FIN", "fi-FI"}, {"USA", "en-US"},
		{"gb", "en-GB"}, {" nld ", "nl-NL"},
		{"BRA", "de-DE"}, {"", "de-DE"},
	}
	for _, tt := range tests {
		if got := LocaleFromCountry(tt.country); got != tt.want {
			t.Errorf("LocaleFromCountry(%q) = %q, want %q", tt.country, got, tt.want)
		}
	}
}
