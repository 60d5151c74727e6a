package reducer

import (
	"strconv"
)

// ObjID names an object (CR 109). A card that changes zones becomes a new
// object with a new id (CR 400.7). Ids are assigned in order, from 1, so a
// client and the reducer agree on them.
type ObjID uint32

// CardID names a card of a match for its whole life: c1, c2, ... in seat
// order, deck then sideboard.
type CardID uint32

// maxSetupID is the highest object id a setup may give or name as the
// next: the state keeps its objects in a list by id, so an id is as much
// memory as every id below it (a 190-turn game reaches some thousands).
const maxSetupID = 1 << 20

func (id ObjID) String() string  { return "o" + strconv.FormatUint(uint64(id), 10) }
func (id CardID) String() string { return "c" + strconv.FormatUint(uint64(id), 10) }

// parseID reads "o12" or "c3"; kind is the prefix letter.
func parseID(s string) (kind byte, n uint32, ok bool) {
	if len(s) < 2 || len(s) > 11 || (s[0] != 'o' && s[0] != 'c') || s[1] == '0' {
		return 0, 0, false
	}
	var v uint64
	for i := 1; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, 0, false // a name ("Forest"), not an id
		}
		v = v*10 + uint64(d)
	}
	if v > 1<<32-1 {
		return 0, 0, false
	}
	return s[0], uint32(v), true
}

// Zone is where an object is (CR 400.1).
type Zone uint8

// The zones.
const (
	ZoneNone Zone = iota
	ZoneLibrary
	ZoneHand
	ZoneBattlefield
	ZoneGraveyard
	ZoneStack
	ZoneExile
	ZoneCommand
)

var zoneNames = [...]string{"none", "library", "hand", "battlefield", "graveyard", "stack", "exile", "command"}

func (z Zone) String() string {
	if int(z) < len(zoneNames) {
		return zoneNames[z]
	}
	return "zone?"
}

// Step is a step or phase of a turn (CR 500).
type Step uint8

// The steps, in turn order. StepNone is before the first turn (mulligans).
const (
	StepNone Step = iota
	StepUntap
	StepUpkeep
	StepDraw
	StepMain1
	StepBeginCombat
	StepDeclareAttackers
	StepDeclareBlockers
	StepFirstStrikeDamage
	StepCombatDamage
	StepEndCombat
	StepMain2
	StepEnd
	StepCleanup
)

var stepNames = [...]string{"none", "untap", "upkeep", "draw", "main1", "begin_combat", "declare_attackers",
	"declare_blockers", "first_strike_damage", "combat_damage", "end_combat", "main2", "end", "cleanup"}

func (s Step) String() string {
	if int(s) < len(stepNames) {
		return stepNames[s]
	}
	return "step?"
}

// ParseStep reads a step name as written by String.
func ParseStep(name string) (Step, bool) {
	for i, n := range stepNames {
		if n == name && i > 0 {
			return Step(i), true
		}
	}
	return 0, false
}
