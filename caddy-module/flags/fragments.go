package flags

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"
	"sync/atomic"

	"github.com/shellgate/shellgate/caddy-module/bundle"
)

// maxConditions bounds the distinct conditions of one fragment: a variant is keyed by which of
// them hold, one bit each.
const maxConditions = 64

// maxVariants bounds the prepared variants kept in memory, against a flood of flag
// combinations (issue 5 makes flags depend on the device); past it variants are made per
// request and dropped.
const maxVariants = 4096

// Fragments gives the variant of a prerendered fragment for a request's flags. Fragments
// without gates are passed through as they are.
type Fragments struct {
	gated map[*bundle.Fragment]*gatedFragment
	kept  atomic.Int64
}

type gatedFragment struct {
	markup     *Markup
	conditions []Condition
	variants   sync.Map // uint64 (bit i: condition i holds) → *bundle.Fragment

	// keys are the distinct flag keys the conditions read, and terms the conditions over
	// their indices: variantKey looks each key up once, where Holds hashed it once per
	// alternative (the footer's market picker names each market's keys in two conditions).
	keys  []string
	terms [][][]keyAlternative // condition → term → alternatives
}

type keyAlternative struct {
	key    uint8 // index in keys
	negate bool
}

// maxKeys bounds the distinct keys a fragment's conditions read on the quick path; past it
// variantKey asks each condition's Holds.
const maxKeys = 256

func newGatedFragment(mk *Markup, conds []Condition) *gatedFragment {
	g := &gatedFragment{markup: mk, conditions: conds}
	index := map[string]int{}
	for _, c := range conds {
		var terms [][]keyAlternative
		for _, term := range c.terms {
			alts := make([]keyAlternative, 0, len(term))
			for _, a := range term {
				i, ok := index[a.key]
				if !ok {
					i = len(g.keys)
					index[a.key] = i
					g.keys = append(g.keys, a.key)
				}
				alts = append(alts, keyAlternative{key: uint8(i), negate: a.negate})
			}
			terms = append(terms, alts)
		}
		g.terms = append(g.terms, terms)
	}
	if len(g.keys) > maxKeys {
		g.keys, g.terms = nil, nil
	}
	return g
}

// variantKey is the variant of g for flags: bit i set when condition i holds.
func (g *gatedFragment) variantKey(flags map[string]bool) uint64 {
	var key uint64
	if g.terms == nil {
		for i, c := range g.conditions {
			if c.Holds(flags) {
				key |= 1 << i
			}
		}
		return key
	}
	var on [maxKeys]bool
	for i, k := range g.keys {
		on[i] = flags[k]
	}
conditions:
	for i, c := range g.terms {
		for _, term := range c {
			holds := false
			for _, a := range term {
				if on[a.key] != a.negate {
					holds = true
					break
				}
			}
			if !holds {
				continue conditions
			}
		}
		key |= 1 << i
	}
	return key
}

// loadFragments finds the gated fragments of the UI build in fsys, whose manifest b was loaded
// from.
func loadFragments(fsys fs.FS, b *bundle.Bundle) (*Fragments, error) {
	raw, err := fs.ReadFile(fsys, bundle.ManifestFile)
	if err != nil {
		return nil, fmt.Errorf("reading the UI manifest for flag gates: %w (rebuild the UI)", err)
	}
	var m bundle.Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("the UI manifest is not valid JSON: %w (rebuild the UI)", err)
	}
	out := &Fragments{gated: map[*bundle.Fragment]*gatedFragment{}}
	for locale, kinds := range m.Fragments {
		for kind, variants := range kinds {
			for variant, file := range variants {
				f, ok := b.Fragment(locale, kind, variant)
				if !ok {
					continue
				}
				src, err := fs.ReadFile(fsys, file)
				if err != nil {
					return nil, fmt.Errorf("reading fragment %s: %w (rebuild the UI)", file, err)
				}
				mk, err := ParseMarkup(src)
				if err != nil {
					return nil, fmt.Errorf("fragment %s: %w", file, err)
				}
				if len(mk.gates) == 0 {
					continue
				}
				conds := mk.Conditions()
				if len(conds) > maxConditions {
					return nil, fmt.Errorf("fragment %s has %d distinct flag conditions, more than %d; gate fewer elements", file, len(conds), maxConditions)
				}
				out.gated[f] = newGatedFragment(mk, conds)
			}
		}
	}
	return out, nil
}

// For gives f as it reads for flags.
func (fr *Fragments) For(f *bundle.Fragment, flags map[string]bool) *bundle.Fragment {
	if fr == nil || f == nil {
		return f
	}
	g, ok := fr.gated[f]
	if !ok {
		return f
	}
	key := g.variantKey(flags)
	if v, ok := g.variants.Load(key); ok {
		return v.(*bundle.Fragment)
	}
	v := bundle.PrepareFragment(g.markup.Render(flags))
	if fr.kept.Add(1) <= maxVariants {
		actual, _ := g.variants.LoadOrStore(key, v)
		return actual.(*bundle.Fragment)
	}
	return v
}

// Gated tells how many fragments of the build have gates.
func (fr *Fragments) Gated() int { return len(fr.gated) }
