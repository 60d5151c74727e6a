package reducer

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The first pool's cards are modelled, by the ability language or by the
// Go code they keep until they move onto it.
func TestPoolModelled(t *testing.T) {
	p := cards.Default()
	for _, name := range []string{"Grizzly Bears", "Serra Angel", "Lightning Bolt", "Forest", "Llanowar Elves",
		"Sol Ring", "Walking Ballista", "Hangarback Walker", "Fireball", "Endless One", "Thopter", "Stonecoil Serpent", "Giant Killer", "Murderous Rider",
		"Lovestruck Beast", "Brazen Borrower", "Cloudfin Raptor", "Crocanura", "Adaptive Snapjaw", "Shambleshark",
		"Beanstalk Giant", "Galvanic Giant", "Bonecrusher Giant", "Vivien, Champion of the Wilds", "Johann, Apprentice Sorcerer",
		"Elsha of the Infinite", "Mystic Sanctuary", "Starting Town NPC",
		"Geological Appraiser", "Trumpeting Carnosaur", "Chimil, the Inner Sun", "Pantlaza, Sun-Favored", "Caparocti Sunborn",
		"Zoyowa's Justice", "Fire // Ice", "Wear // Tear", "Commit // Memory",
		"Clone", "Expansion // Explosion", "Rite of Replication", "Growing Ranks", "Vitu-Ghazi Guildmage", "Eyes in the Skies",
		"Experiment One", "Fathom Mage", "Promise of Aclazotz"} {
		if c, _ := p.Card(name); !modelled(c) {
			t.Errorf("%s should be modelled", name)
		}
	}
}

// MANA-1 MANA-2 MANA-4 MANA-5 MANA-7: the mana cards are modelled; those
// whose text the engine can't do yet are refused (CARD-CODE).
func TestManaCardsModelled_MANA1_MANA2_MANA4_MANA5_MANA7(t *testing.T) {
	p := cards.Default()
	for _, name := range []string{"Fellwar Stone", "Exotic Orchard", "Reflecting Pool", "Arcane Signet", "Mox Amber",
		"Gyre Sage", "Mana Reflection", "Heartbeat of Spring", "Vorinclex, Voice of Hunger", "Leyline of Abundance",
		"Order of Whiteclay", "Gilder Bairn", "Merrow Wavebreakers", "Utopia Sprawl",
		"Hateflayer", "Puresight Merrow", "Leech Bonder", "Relic of Legends"} {
		c, ok := p.Card(name)
		if !ok || !modelled(c) {
			t.Errorf("%s should be modelled", name)
		}
	}
}
