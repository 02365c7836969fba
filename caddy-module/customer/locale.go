package customer

import "strings"

// countryLocales maps the customer's address country (ISO 3166 alpha-3, as the platform sends
// it, or alpha-2) to the locale of its market (spec 1, 3).
var countryLocales = map[string]string{
	"DEU": "de-DE", "DE": "de-DE",
	"AUT": "de-AT", "AT": "de-AT",
	"CHE": "de-CH", "CH": "de-CH",
	"GBR": "en-GB", "GB": "en-GB",
	"IRL": "en-IE", "IE": "en-IE",
	"FRA": "fr-FR", "FR": "fr-FR",
	"ESP": "es-ES", "ES": "es-ES",
	"NLD": "nl-NL", "NL": "nl-NL",
	"ITA": "it-IT", "IT": "it-IT",
	"POL": "pl-PL", "PL": "pl-PL",
	"FIN": "fi-FI", "FI": "fi-FI",
	"USA": "en-US", "US": "en-US",
}

// DefaultLocale is the platform's default locale (spec 9).
const DefaultLocale = "de-DE"

// LocaleFromCountry gives the locale of a country's market; DefaultLocale for a country
// without a market.
func LocaleFromCountry(country string) string {
	if l, ok := countryLocales[strings.ToUpper(strings.TrimSpace(country))]; ok {
		return l
	}
	return DefaultLocale
}

func isUK(country string) bool {
	c := strings.ToUpper(strings.TrimSpace(country))
	return c == CountryUK || c == "GB"
}

func isGerman(country string) bool {
	c := strings.ToUpper(strings.TrimSpace(country))
	return c == "DEU" || c == "DE"
}
