package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// The anchors the gateway splices at and nginx's sub_filter matches on. Each
// occurs exactly once in a generated page, like on the platform's content
// pages, so both proxies insert at the same places.
const (
	headClose = "</head>"
	bodyOpen  = `<body class="page page--article" data-template="article">`
	bodyClose = "</body>"
)

// words is German deposit-product copy: the platform's default market is
// de-DE, and its umlauts make the page UTF-8 like the real ones.
var words = strings.Fields(`Festgeld Tagesgeld Zinsen Anlage Laufzeit Partnerbank Einlagensicherung
Sparer Konto Zinssatz jährlich monatlich Auszahlung Kündigung Euro Angebot sicher flexibel
Rendite Vermögen Steuern Freistellungsauftrag Überweisung Referenzkonto Gebühren kostenlos
Bonität Kunden Vergleich Anbieter Sparziel Inflation Zinsertrag Geldanlage nachhaltig
Einlagen gesetzlich bis zu je pro Person und die der das mit für von bei auf im zum nach
über können werden wird Ihre Ihr Sie einfach online Laufzeiten Monate Jahre Prozent
Zinsgutschrift Verlängerung Fälligkeit Liquidität Rücklage Notgroschen Marktzins Leitzins`)

var topics = []string{
	"Wie funktioniert Festgeld?", "Zinsen im Vergleich", "Einlagensicherung in der EU",
	"Steuern auf Zinserträge", "Laufzeiten richtig wählen", "Tagesgeld oder Festgeld?",
	"So eröffnen Sie ein Konto", "Häufige Fragen", "Nachhaltige Geldanlage",
	"Kündigungsgeld erklärt", "Zinsen bei Fälligkeit", "Die Partnerbanken",
}

var banks = []string{
	"Banca Sistema", "Bigbank", "Klarna Bank", "Credit Agricole Italia", "J&T Banka",
	"Banco BNI Europa", "TF Bank", "Alior Bank", "Cofidis", "Haitong Bank", "Nordax Bank",
}

// article writes a realistic content page of about size bytes: the head a CMS
// emits (meta, Open Graph, JSON-LD, preloads, inline critical CSS, consent and
// tag-manager scripts) and an article body of sections with paragraphs, rate
// tables, lists, figures, inline SVG and an FAQ accordion, then trailing scripts.
// The same seed gives the same bytes.
func article(size int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	var b strings.Builder
	b.Grow(size + 8192)
	writeHead(&b, r)
	b.WriteString(bodyOpen + "\n")
	b.WriteString(`<a class="skip-link" href="#main">Zum Inhalt springen</a>` + "\n")
	b.WriteString(`<main id="main" class="container container--article">` + "\n")
	b.WriteString(`<article class="article" itemscope itemtype="https://schema.org/Article">` + "\n")
	fmt.Fprintf(&b, "<h1 class=\"article__title\" itemprop=\"headline\">%s</h1>\n", topics[0])
	tail := pageTail(r)
	for n := 0; b.Len()+len(tail) < size; n++ {
		writeSection(&b, r, n)
	}
	b.WriteString(tail)
	return b.String()
}

func writeHead(b *strings.Builder, r *rand.Rand) {
	b.WriteString(`<!DOCTYPE html>
<html lang="de-DE" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Festgeld Vergleich: Top-Zinsen bei Partnerbanken | Sparplattform</title>
<meta name="description" content="Festgeld mit attraktiven Zinsen bei europäischen Partnerbanken. Einlagen gesetzlich gesichert bis 100.000 Euro pro Person und Bank.">
<meta name="robots" content="index, follow">
<link rel="canonical" href="https://www.example-savings.de/festgeld/">
<meta property="og:title" content="Festgeld Vergleich: Top-Zinsen">
<meta property="og:description" content="Vergleichen Sie Festgeld-Angebote europäischer Banken.">
<meta property="og:image" content="https://www.example-savings.de/media/og/festgeld-1200x630.jpg">
<meta property="og:site_name" content="Sparplattform">
<link rel="alternate" hreflang="de-AT" href="https://www.example-savings.at/festgeld/">
<link rel="alternate" hreflang="en-GB" href="https://www.example-savings.co.uk/savings-accounts/fixed-rate-bonds/">
<link rel="preconnect" href="https://cdn.example-savings.de" crossorigin>
<link rel="preload" href="/static/fonts/sans-regular.woff2" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="/static/css/content.4f9a1c2e.css">
<link rel="stylesheet" href="/static/css/article.b83d01aa.css" media="all">
<link rel="icon" href="/favicon.ico" sizes="any">
<style>
:root{--brand:#0b3c5d;--accent:#f2a900;--text:#1d2433;--muted:#5b6577;--radius:8px}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text)}
.container{max-width:1272px;margin:0 auto;padding:0 16px}
.article h1{font-size:2.25rem;line-height:1.2;margin:2rem 0 1rem}
.rates{width:100%;border-collapse:collapse}.rates th,.rates td{padding:.5rem;border-bottom:1px solid #e3e7ee}
.faq details{border-bottom:1px solid #e3e7ee;padding:.75rem 0}.faq summary{cursor:pointer;font-weight:600}
</style>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"FAQPage","mainEntity":[`)
	for i := 0; i < 6; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(b, `{"@type":"Question","name":%q,"acceptedAnswer":{"@type":"Answer","text":%q}}`,
			topics[i+1], sentence(r, 18))
	}
	b.WriteString(`]}</script>
<script>window.dataLayer=window.dataLayer||[];window.dataLayer.push({"pageType":"article","market":"de-DE","contentGroup":"festgeld"});</script>
<script src="/static/js/consent.7d2e55b1.js" defer></script>
<script src="/static/js/article.1a2b3c4d.js" defer></script>
` + headClose + "\n")
}

func writeSection(b *strings.Builder, r *rand.Rand, n int) {
	fmt.Fprintf(b, "<section class=\"article__section\" id=\"abschnitt-%d\">\n<h2>%s</h2>\n", n+1, topics[n%len(topics)])
	for p := 0; p < 3+r.IntN(3); p++ {
		fmt.Fprintf(b, "<p>%s <a href=\"/festgeld/%d-monate/\">%s</a> %s <strong>%s</strong> %s</p>\n",
			sentence(r, 20+r.IntN(20)), 3+r.IntN(57), sentence(r, 2), sentence(r, 12), sentence(r, 3), sentence(r, 25))
	}
	switch n % 4 {
	case 0:
		writeRateTable(b, r)
	case 1:
		b.WriteString("<ul class=\"checklist\">\n")
		for i := 0; i < 5; i++ {
			fmt.Fprintf(b, "<li><svg class=\"icon\" width=\"16\" height=\"16\" viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"M6.2 11.4 2.8 8l-1 1 4.4 4.4 8-8-1-1z\"/></svg>%s</li>\n", sentence(r, 10))
		}
		b.WriteString("</ul>\n")
	case 2:
		fmt.Fprintf(b, `<figure class="article__figure"><picture><source type="image/avif" srcset="/media/article/%[1]d-480.avif 480w, /media/article/%[1]d-960.avif 960w"><img src="/media/article/%[1]d-960.jpg" srcset="/media/article/%[1]d-480.jpg 480w, /media/article/%[1]d-960.jpg 960w" sizes="(min-width: 992px) 800px, 100vw" width="960" height="540" loading="lazy" alt="%[2]s"></picture><figcaption>%[3]s</figcaption></figure>`+"\n",
			n, sentence(r, 5), sentence(r, 12))
	case 3:
		b.WriteString("<div class=\"faq\">\n")
		for i := 0; i < 4; i++ {
			fmt.Fprintf(b, "<details><summary>%s?</summary><div class=\"faq__answer\"><p>%s</p></div></details>\n", sentence(r, 7), sentence(r, 35))
		}
		b.WriteString("</div>\n")
	}
	b.WriteString("</section>\n")
}

func writeRateTable(b *strings.Builder, r *rand.Rand) {
	b.WriteString(`<table class="rates"><caption>Aktuelle Festgeld-Zinsen</caption>
<thead><tr><th scope="col">Bank</th><th scope="col">Land</th><th scope="col">Laufzeit</th><th scope="col">Zinssatz p.a.</th><th scope="col"></th></tr></thead>
<tbody>
`)
	for i := 0; i < 8; i++ {
		bank := banks[r.IntN(len(banks))]
		fmt.Fprintf(b, "<tr data-product-id=\"%d\"><td>%s</td><td>%s</td><td>%d Monate</td><td>%d,%02d&nbsp;%%</td><td><a class=\"btn btn--primary\" href=\"/login?product=%d\">Jetzt anlegen</a></td></tr>\n",
			10000+r.IntN(90000), bank, []string{"Italien", "Estland", "Schweden", "Portugal", "Polen"}[r.IntN(5)],
			[]int{3, 6, 12, 24, 36, 60}[r.IntN(6)], 1+r.IntN(3), r.IntN(100), 10000+r.IntN(90000))
	}
	b.WriteString("</tbody></table>\n")
}

// pageTail closes the article and carries what content pages end with: a
// related-links aside, the page's own scripts and the closing tags.
func pageTail(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("</article>\n<aside class=\"related\" aria-label=\"Weitere Artikel\"><ul>\n")
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&b, "<li><a href=\"/ratgeber/%d/\">%s</a></li>\n", i+1, topics[(i+5)%len(topics)])
	}
	b.WriteString("</ul></aside>\n</main>\n")
	b.WriteString(`<script>document.querySelectorAll(".faq details").forEach(function(d){d.addEventListener("toggle",function(){window.dataLayer.push({"event":"faq_toggle","open":d.open})})});</script>` + "\n")
	b.WriteString(`<script src="/static/js/tracking.9e8f7a6b.js" async></script>` + "\n")
	b.WriteString(bodyClose + "\n</html>\n")
	return b.String()
}

func sentence(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(words[r.IntN(len(words))])
	}
	return b.String()
}
