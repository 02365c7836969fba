package customer

import "strings"

// labels are the header customer block's texts in one language. The spec does not show the
// tooltip texts (section 8); these are the edge's own, short and plain.
type labels struct {
	totalBalance, availableBalance string
	notAvailable, maintenance      string
	iban, accountNumber, sortCode  string
	fetchError                     string
}

var labelsByLanguage = map[string]labels{
	"de": {totalBalance: "Gesamtsaldo", availableBalance: "Verfügbar", notAvailable: "Saldo nicht verfügbar",
		maintenance: "Wir führen gerade Wartungsarbeiten durch. Ihr Saldo ist bald wieder sichtbar.",
		fetchError:  "Ihr Saldo konnte nicht geladen werden. Bitte versuchen Sie es später erneut.",
		iban:        "IBAN", accountNumber: "Kontonummer", sortCode: "Bankleitzahl"},
	"en": {totalBalance: "Total balance", availableBalance: "Available", notAvailable: "Balance not available",
		maintenance: "We are carrying out maintenance. Your balance will be back shortly.",
		fetchError:  "Your balance could not be loaded. Please try again later.",
		iban:        "IBAN", accountNumber: "Account number", sortCode: "Sort code"},
	"fr": {totalBalance: "Solde total", availableBalance: "Disponible", notAvailable: "Solde indisponible",
		maintenance: "Une maintenance est en cours. Votre solde sera bientôt de nouveau visible.",
		fetchError:  "Votre solde n’a pas pu être chargé. Veuillez réessayer plus tard.",
		iban:        "IBAN", accountNumber: "Numéro de compte", sortCode: "Code banque"},
	"nl": {totalBalance: "Totaal saldo", availableBalance: "Beschikbaar", notAvailable: "Saldo niet beschikbaar",
		maintenance: "We voeren onderhoud uit. Uw saldo is binnenkort weer zichtbaar.",
		fetchError:  "Uw saldo kon niet worden geladen. Probeer het later opnieuw.",
		iban:        "IBAN", accountNumber: "Rekeningnummer", sortCode: "Bankcode"},
	"es": {totalBalance: "Saldo total", availableBalance: "Disponible", notAvailable: "Saldo no disponible",
		maintenance: "Estamos realizando tareas de mantenimiento. Su saldo volverá a estar visible en breve.",
		fetchError:  "No se ha podido cargar su saldo. Inténtelo de nuevo más tarde.",
		iban:        "IBAN", accountNumber: "Número de cuenta", sortCode: "Código bancario"},
	"it": {totalBalance: "Saldo totale", availableBalance: "Disponibile", notAvailable: "Saldo non disponibile",
		maintenance: "Stiamo effettuando lavori di manutenzione. Il saldo sarà presto di nuovo visibile.",
		fetchError:  "Non è stato possibile caricare il saldo. Riprova più tardi.",
		iban:        "IBAN", accountNumber: "Numero di conto", sortCode: "Codice bancario"},
	"pl": {totalBalance: "Saldo całkowite", availableBalance: "Dostępne", notAvailable: "Saldo niedostępne",
		maintenance: "Trwają prace konserwacyjne. Saldo wkrótce będzie ponownie widoczne.",
		fetchError:  "Nie udało się wczytać salda. Spróbuj ponownie później.",
		iban:        "IBAN", accountNumber: "Numer rachunku", sortCode: "Kod banku"},
	"fi": {totalBalance: "Kokonaissaldo", availableBalance: "Käytettävissä", notAvailable: "Saldo ei saatavilla",
		maintenance: "Teemme huoltotöitä. Saldosi näkyy pian taas.",
		fetchError:  "Saldoa ei voitu ladata. Yritä myöhemmin uudelleen.",
		iban:        "IBAN", accountNumber: "Tilinumero", sortCode: "Pankkikoodi"},
}

// labelsFor gives the labels of locale's language, English for a language without its own.
func labelsFor(locale string) labels {
	lang, _, _ := strings.Cut(strings.ToLower(locale), "-")
	if l, ok := labelsByLanguage[lang]; ok {
		return l
	}
	return labelsByLanguage["en"]
}
