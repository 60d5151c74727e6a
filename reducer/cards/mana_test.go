package cards

import "testing"

// MANA-1 MANA-2 MANA-4 MANA-5 MANA-7: the mana cards are modelled; those
// whose text the engine can't do yet are refused (CARD-CODE).
func TestManaCardsModelled_MANA1_MANA2_MANA4_MANA5_MANA7(t *testing.T) {
	p := Default()
	for _, name := range []string{"Fellwar Stone", "Exotic Orchard", "Reflecting Pool", "Arcane Signet", "Mox Amber",
		"Gyre Sage", "Mana Reflection", "Heartbeat of Spring", "Vorinclex, Voice of Hunger", "Leyline of Abundance",
		"Order of Whiteclay", "Gilder Bairn", "Merrow Wavebreakers", "Utopia Sprawl",
		"Hateflayer", "Puresight Merrow", "Leech Bonder", "Relic of Legends"} {
		c, ok := p.Card(name)
		if !ok || !c.Modelled() {
			t.Errorf("%s should be modelled", name)
		}
	}
}
