// Package splice streams an HTML response and inserts the shell's three
// prebuilt fragments into it: Head (stylesheet and module script), Header
// (the header mount and the inline shell state) and Footer (the footer
// mount).
//
// Guarantees:
//   - Every upstream byte is written unchanged and in order; the Writer only
//     inserts the fragments, verbatim. A panic inside the scanner switches
//     the Writer to pass-through (Report.Err says so); no byte is lost.
//   - The output is the same for any split of the input into Write calls.
//   - Memory per response is bounded: a pooled Writer, fixed buffers and
//     bounded hold-backs; no allocation per response in steady state.
//   - The parsed tree of the output, without the data-shell nodes, is the
//     tree of the input (tested against golang.org/x/net/html on the
//     html5lib corpus and by fuzzing).
//
// Insertion rules, following the HTML tokenizer and tree construction:
//   - Head goes where the body starts: before an explicit <body> tag, or
//     before the token that makes the parser create the body: the first
//     non-whitespace text character, a start tag that is not a head element
//     (noscript counts as one only before </head>), </body>, </html>, </br>,
//     or EOF. Tokens inside <template> never start the body.
//   - Header goes right after <body ...>, or right after Head for an implicit
//     body, so that the header mount is the first element child of body.
//   - Footer goes before the first </body> seen in the data state outside
//     templates when only comments, whitespace and </body>/</html> follow;
//     if that trailing content would land in an element the footer could
//     close (the page left elements open), the footer goes at EOF instead.
//     It is left out (Report.Reason says why) rather than written where it
//     would become text or be hidden: EOF inside raw text, script data,
//     plaintext or CDATA, a comment, a tag, an unclosed <template> or
//     <select>, next to an open <a> (its links would re-parent page nodes),
//     or where malformed SVG/MathML nesting makes the tokenizer state unsure.
//
// The head decides: once the body starts, the Writer has read the whole
// head, and before it writes any fragment it asks Fragments.Resolve (when
// set) for the fragments to use, telling it whether the head had a <title>
// and what its <meta name="shell-header" content="..."> asks for (Head).
// The caller may then add a title or render another header, allocation-free.
//
// Hold-backs: the first 1024 bytes (a <meta charset> or http-equiv
// content-type found there by the encoding prescan after the insertion point
// gets a copy, <meta charset="X" data-shell="charset">, in front of Head);
// an implicit body start until frameset-ok turns "not ok" (at most 4 KiB);
// an undecided tag name; and the bytes from the first </body> on until EOF
// (at most 64 KiB).
//
// No injection at all for frameset documents, UTF-16 (byte order mark
// FE FF or FF FE), and pages with <meta name="shell" content="off"> before
// the insertion point. A UTF-8 byte order mark is kept and is not text.
//
// The scanner is hand-written (bytes.IndexByte to the next '<', a state
// machine that mirrors x/net/html's Tokenizer) with a small model of tree
// construction; it never imports Caddy. Once only the footer is left to
// decide, a tight loop (steady.go) reads whole tags whose tree rules reduce
// to a push or a pop, and scripts and comments wholly in a write, and
// leaves every other tag to the general states (a tag's quoted attributes
// are read in assembly on amd64: attrs_amd64.s); tests check that both
// paths decide alike on every document. That loop
// finds each '<' in bitmasks that AVX2 code classifies 64 bytes at a time
// (structural.go; amd64 with AVX2, checked at start-up; elsewhere or with
// the purego build tag it searches the bytes).
//
// Pages served again: with Plans (plans.go) a Writer remembers, per page,
// its bytes and where the footer went. Serving the page again, the Writer
// scans only until the body is steady, then compares each write with the
// remembered bytes and writes it through, up to the first "</body" in any
// case. At EOF the same bytes get the remembered footer; at the first
// difference the Writer scans the remembered copy of what came so far and
// goes on as without plans, so the output is always the one without plans
// (tested on the html5lib corpus, by fuzzing and with pages changed under
// the same key). The plan also keeps the Writer's state where the body
// turned steady: a response whose bytes up to there are the plan's takes
// that state and its decisions instead of scanning the head at all (it
// holds those bytes until then, or scans them after all when one differs or
// the caller flushes first).
package splice
