package cards

import (
	"sync"
	"testing"

	"github.com/chronicle-mtg/chronicle/ability"
)

// A card's text compiles on first use; the result is kept and the same for
// every caller.
func TestAbilitiesCompiled(t *testing.T) {
	bolt, ok := Default().Card("Searing Spear")
	if !ok {
		t.Fatal("no Searing Spear")
	}
	abs := bolt.Abilities()
	if len(abs) != 1 || abs[0].Kind != ability.Spell || abs[0].Effects[0].Verb != ability.Damage {
		t.Fatalf("Searing Spear: %+v", abs)
	}
	var wg sync.WaitGroup
	got := make([]*FaceAbilities, 8)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = bolt.Own() }()
	}
	wg.Wait()
	for _, g := range got {
		if g != got[0] {
			t.Fatal("two results for one card")
		}
	}
}

// A card part of whose text doesn't compile has no abilities to play, and
// says which part and why.
func TestAbilitiesDeclined(t *testing.T) {
	c, ok := Default().Card("Banefire")
	if !ok {
		t.Fatal("no Banefire")
	}
	if c.Abilities() != nil {
		t.Errorf("Banefire: abilities %+v although part of its text didn't compile", c.Abilities())
	}
	f := c.Own()
	if f.Complete() || len(f.Declined) == 0 || f.Declined[0].Reason == "" {
		t.Errorf("Banefire: %+v", f)
	}
}

// A multi-face card's faces each compile their own text; a vanilla card
// has no abilities, and that is complete.
func TestAbilitiesFaces(t *testing.T) {
	c, ok := Default().Card("Brazen Borrower")
	if !ok {
		t.Fatal("no Brazen Borrower")
	}
	faces := c.AllFaces()
	if len(faces) != 2 || faces[0].Face != "Brazen Borrower" || faces[1].Face != "Petty Theft" {
		t.Fatalf("faces %+v", faces)
	}
	if !faces[1].Complete() || faces[1].Abilities[0].Kind != ability.Spell {
		t.Errorf("Petty Theft: %+v", faces[1])
	}
	ogre, _ := Default().Card("Gray Ogre")
	if a := ogre.Abilities(); a == nil || len(a) != 0 {
		t.Errorf("Gray Ogre: %#v", a)
	}
}

// The pool the engine was first written for gets its abilities from its
// text like any card: Serra Angel's two keywords.
func TestAbilitiesPoolCompiled(t *testing.T) {
	angel, _ := Default().Card("Serra Angel")
	if a := angel.Abilities(); !angel.Extra || len(a) != 2 || a[0].Kind != ability.Keyword {
		t.Errorf("Serra Angel: extra %v, abilities %+v", angel.Extra, a)
	}
}

// Every override is a well-formed ability list with a reason.
func TestOverridesWellFormed(t *testing.T) {
	for _, name := range Overrides() {
		o := overrides[name]
		if o.Reason == "" {
			t.Errorf("%s: no reason", name)
		}
		for i := range o.Abilities {
			if err := ability.Validate(&o.Abilities[i], name); err != nil {
				t.Error(err)
			}
		}
	}
}

// An override replaces a face's compiled abilities and says why.
func TestOverrideUsed(t *testing.T) {
	c, _ := Default().Card("Mana Reflection")
	f := c.Own()
	if f.Override == "" || !f.Complete() || len(f.Abilities) != 1 || f.Abilities[0].Replace.Times != 2 {
		t.Errorf("Mana Reflection: %+v", f)
	}
}
