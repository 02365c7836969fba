package flags

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// GateAttr marks a prerendered element that shows only while its condition holds. The
// prerender knows no flags: it writes each gated element as it reads without any flag (hidden,
// unless its condition is all negations). The edge removes or adds the hidden attribute by the
// request's flags, and React renders hidden by the same rule
// (shell-ui/src/lib/flagCondition.ts), so hydration matches.
const GateAttr = "data-shell-flag"

// DropAttr marks a prerendered element that is there only while its condition holds: the edge
// cuts the whole element when the condition fails and the attribute (with any hidden
// attribute) when it holds, so a page carries neither the rows it does not show nor the
// conditions; the client renders the element without the attribute, or nothing, by the same
// rule and the state's flags (shell-ui/src/lib/flagCondition.ts, dropGateProps), so hydration
// matches. For elements whose flags the client does not change after the first paint (the
// footer's market picker, the country banner's options).
const DropAttr = "data-shell-if"

// Condition is a parsed gate: terms separated by spaces must all hold; a term holds when one of
// its |-separated alternatives does; an alternative is a flag key that must be true, or
// !key that must not be. "isDWMLaunchNL|ippDwmLaunchNl", "mobileAppBanner !embeddedAppView".
type Condition struct {
	text  string
	terms [][]alternative
}

type alternative struct {
	key    string
	negate bool
}

// ParseCondition parses a gate's text.
func ParseCondition(text string) (Condition, error) {
	c := Condition{text: text}
	for _, term := range strings.Fields(text) {
		var alts []alternative
		for _, a := range strings.Split(term, "|") {
			key, negate := strings.CutPrefix(a, "!")
			if key == "" || strings.ContainsAny(key, "!\"'<>=") {
				return Condition{}, fmt.Errorf("flag condition %q: %q is not a flag key; write key, !key or a|b", text, a)
			}
			alts = append(alts, alternative{key, negate})
		}
		c.terms = append(c.terms, alts)
	}
	if len(c.terms) == 0 {
		return Condition{}, fmt.Errorf("flag condition %q is empty; name the flag the element depends on", text)
	}
	return c, nil
}

// Holds tells whether the condition holds for flags.
func (c Condition) Holds(flags map[string]bool) bool {
	for _, term := range c.terms {
		any := false
		for _, a := range term {
			if flags[a.key] != a.negate {
				any = true
				break
			}
		}
		if !any {
			return false
		}
	}
	return true
}

// String gives the condition's text.
func (c Condition) String() string { return c.text }

// Gate is one gated element of a fragment.
type Gate struct {
	// Condition is when the element shows.
	Condition Condition
	// hidden tells whether the source has the element hidden; hiddenFrom and hiddenTo are then
	// the byte range of the attribute (with its leading space), else both are where it goes.
	hidden               bool
	hiddenFrom, hiddenTo int
	// drop gates (DropAttr): the element is src[start:end]; cuts are the attribute ranges
	// removed when the condition holds, in order.
	drop       bool
	start, end int
	cuts       [][2]int
}

// Markup is a prerendered fragment with its gates located once, so that a variant for some
// flags is a copy without some byte ranges.
type Markup struct {
	src   []byte
	gates []Gate
}

var hiddenAttr = regexp.MustCompile(`\shidden(?:=""|="hidden"|='')?(?:[\s/>])`)

var dropAttr = regexp.MustCompile(`\s` + DropAttr + `="[^"]*"`)

// voidElements have no end tag.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// ParseMarkup finds the gated elements of src. Each must read as it does without flags: hidden
// exactly when its condition does not hold for no flags; anything else is a prerender bug.
func ParseMarkup(src []byte) (*Markup, error) {
	m := &Markup{src: src}
	if !bytes.Contains(src, []byte(GateAttr)) && !bytes.Contains(src, []byte(DropAttr)) {
		return m, nil
	}
	z := html.NewTokenizer(bytes.NewReader(src))
	offset, depth := 0, 0
	type open struct {
		gate, depth int
		name        string
	}
	var opened []open // drop gates whose end tag is still to come
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		start := offset
		offset += len(raw)
		if tt == html.EndTagToken {
			depth--
			name, _ := z.TagName()
			if n := len(opened); n > 0 && opened[n-1].depth == depth && opened[n-1].name == string(name) {
				m.gates[opened[n-1].gate].end = offset
				opened = opened[:n-1]
			}
			continue
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		void := tt == html.SelfClosingTagToken || voidElements[string(name)]
		gate, hidden, drop := "", false, false
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = z.TagAttr()
			switch string(k) {
			case GateAttr:
				gate = string(v)
			case DropAttr:
				gate, drop = string(v), true
			case "hidden":
				hidden = true
			}
		}
		if !void {
			depth++
		}
		if gate == "" {
			continue
		}
		if drop {
			c, err := ParseCondition(gate)
			if err != nil {
				return nil, err
			}
			g := Gate{Condition: c, drop: true, start: start, end: offset}
			for _, re := range []*regexp.Regexp{dropAttr, hiddenAttr} {
				if loc := re.FindIndex(raw); loc != nil {
					to := loc[1]
					if re == hiddenAttr {
						to-- // the match ends with the character after the attribute
					}
					g.cuts = append(g.cuts, [2]int{start + loc[0], start + to})
				}
			}
			if len(g.cuts) == 0 || g.cuts[0][0] >= g.cuts[0][1] {
				return nil, fmt.Errorf("element %.60q: %s must be written with double quotes", raw, DropAttr)
			}
			if len(g.cuts) == 2 && g.cuts[1][0] < g.cuts[0][0] {
				g.cuts[0], g.cuts[1] = g.cuts[1], g.cuts[0]
			}
			if !void {
				opened = append(opened, open{len(m.gates), depth - 1, string(name)})
			}
			m.gates = append(m.gates, g)
			continue
		}
		c, err := ParseCondition(gate)
		if err != nil {
			return nil, err
		}
		loc := hiddenAttr.FindIndex(raw)
		hidden = hidden && loc != nil
		if hidden == c.Holds(nil) {
			return nil, fmt.Errorf("element %.60q is gated on %q but the prerender wrote it %s; render gated elements as they read without flags", raw, gate, map[bool]string{true: "hidden", false: "shown"}[hidden])
		}
		g := Gate{Condition: c, hidden: hidden}
		if hidden {
			// The match ends with the character after the attribute; keep it.
			g.hiddenFrom, g.hiddenTo = start+loc[0], start+loc[1]-1
		} else {
			// Before the tag's ">" (or "/>").
			end := len(raw) - 1
			if end > 0 && raw[end-1] == '/' {
				end--
			}
			g.hiddenFrom, g.hiddenTo = start+end, start+end
		}
		m.gates = append(m.gates, g)
	}
	if len(opened) > 0 {
		return nil, fmt.Errorf("an element gated with %s has no end tag", DropAttr)
	}
	return m, nil
}

// Gates lists the fragment's gated elements in document order.
func (m *Markup) Gates() []Gate { return m.gates }

// Conditions lists the distinct conditions of the fragment, in first-seen order.
func (m *Markup) Conditions() []Condition {
	var out []Condition
	seen := map[string]bool{}
	for _, g := range m.gates {
		if !seen[g.Condition.text] {
			seen[g.Condition.text] = true
			out = append(out, g.Condition)
		}
	}
	return out
}

// Render gives the fragment for flags: a gated element whose condition holds loses its hidden
// attribute, one whose condition fails gains it; a drop-gated element (DropAttr) whose
// condition holds loses its gate and hidden attributes, one whose condition fails is cut with
// everything in it; all else is the source byte for byte.
func (m *Markup) Render(flags map[string]bool) []byte {
	out := make([]byte, 0, len(m.src)+len(m.gates)*len(hiddenText))
	last := 0
	for _, g := range m.gates {
		if g.drop || g.hiddenFrom < last {
			if g.hiddenFrom < last && !g.drop || g.drop && g.start < last {
				continue // inside an element already cut
			}
			if !g.Condition.Holds(flags) {
				out = append(out, m.src[last:g.start]...)
				last = g.end
				continue
			}
			for _, c := range g.cuts {
				out = append(out, m.src[last:c[0]]...)
				last = c[1]
			}
			continue
		}
		switch holds := g.Condition.Holds(flags); {
		case holds && g.hidden:
			out = append(out, m.src[last:g.hiddenFrom]...)
			last = g.hiddenTo
		case !holds && !g.hidden:
			out = append(append(out, m.src[last:g.hiddenFrom]...), hiddenText...)
			last = g.hiddenTo
		}
	}
	return append(out, m.src[last:]...)
}

// hiddenText is the attribute as React writes it.
const hiddenText = ` hidden=""`
