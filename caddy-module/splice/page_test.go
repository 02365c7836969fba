package splice

import (
	"bytes"
	"fmt"
)

// realisticPage builds an article/marketing page of about size bytes: head
// metadata, navigation, paragraphs, lists, tables, inline scripts holding
// "</" strings, comments and inline SVG icons.
func realisticPage(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`<!DOCTYPE html>
<html lang="de-DE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Festgeld vergleichen – Zinsen für Sparer | Plattform</title>
<meta name="description" content="Festgeld &amp; Tagesgeld aus ganz Europa: Zinsen > 3 % p.a., Einlagensicherung bis 100.000 €.">
<link rel="canonical" href="https://www.example.de/de-DE/festgeld/">
<link rel="stylesheet" href="/assets/site.3f9a1c.css">
<link rel="preload" as="font" href="/assets/fonts/sans.woff2" crossorigin>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Festgeld </title> vergleichen"}</script>
<!-- Google Tag Manager -->
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}; var tpl='<div class="x"></div>';</script>
</head>
<body class="page page--article" data-page-id="4711">
<div class="skip"><a href="#main">Zum Inhalt</a></div>
<nav class="breadcrumb" aria-label="Brotkrumen"><ol><li><a href="/de-DE/">Start</a></li><li><a href="/de-DE/festgeld/">Festgeld</a></li><li aria-current="page">Vergleich</li></ol></nav>
<main id="main">
<article>
<h1>Festgeld vergleichen</h1>
`)
	i := 0
	for b.Len() < size-600 {
		i++
		switch i % 6 {
		case 0:
			fmt.Fprintf(&b, `<h2 id="s%d">Abschnitt %d: Zinsen &amp; Laufzeiten</h2>
`, i, i)
		case 1:
			fmt.Fprintf(&b, `<p class="lead">Mit einem <strong>Festgeldkonto</strong> legen Sie Ihr Geld für eine feste Laufzeit an – zum Beispiel <em>12 Monate</em> zu <a href="/de-DE/festgeld/bank-%d/" title="Angebot &gt; Details" data-track='{"id":%d,"kind":"offer"}'>3,20 %% p.a.</a>. Die Zinsen sind für die gesamte Laufzeit garantiert, und die Einlagen sind bis 100.000 € pro Bank gesetzlich gesichert.</p>
`, i, i)
		case 2:
			fmt.Fprintf(&b, `<ul class="benefits">
<li><svg class="icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><path d="M6 11.2 2.8 8l-1 1L6 13.2l8-8-1-1z"/></svg> Kostenlose Kontoführung</li>
<li><svg class="icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><use href="#check"/></svg> Ein Login für alle Angebote</li>
<li>Zinsen ab <b>%d,00 €</b> Anlagebetrag</li>
</ul>
`, i%50+1)
		case 3:
			fmt.Fprintf(&b, `<table class="rates">
<caption>Zinsen im Vergleich</caption>
<thead><tr><th scope="col">Bank</th><th scope="col">Land</th><th scope="col">Laufzeit</th><th scope="col">Zins</th></tr></thead>
<tbody>
<tr><td>Bank %d</td><td>Frankreich</td><td>12 Monate</td><td>3,20 %%</td></tr>
<tr><td>Bank %d</td><td>Italien</td><td>24 Monate</td><td>3,05 %%</td></tr>
<tr><td>Bank %d</td><td>Estland</td><td>36 Monate</td><td>2,90 %%</td></tr>
</tbody>
</table>
`, i, i+1, i+2)
		case 4:
			fmt.Fprintf(&b, `<!-- teaser %d: keep in sync with CMS block "offer-teaser" -->
<script>(function(){var el=document.getElementById('s%d');if(el&&window.innerWidth<768){el.insertAdjacentHTML('afterend','<p class="hint">Tipp: <b>Zinsen</b> vergleichen</p>');}var s='</p>';})();</script>
`, i, i-1)
		case 5:
			fmt.Fprintf(&b, `<blockquote class="quote"><p>„Die Plattform hat mir geholfen, mein Erspartes sicher und gut verzinst anzulegen.“</p><footer>— Kundin aus München, seit %d</footer></blockquote>
<p>Weitere Informationen finden Sie in unseren <a href="/de-DE/faq/#q%d">häufigen Fragen</a> und im <a href="/de-DE/preise/">Preis- und Leistungsverzeichnis</a>.</p>
`, 2015+i%10, i)
		}
	}
	b.WriteString(`</article>
</main>
<script src="/assets/site.3f9a1c.js" defer></script>
</body>
</html>
`)
	return b.Bytes()
}
