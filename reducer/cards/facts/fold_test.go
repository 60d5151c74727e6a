package facts

import "testing"

// Names fold as decklists print them: any case, accents and ligatures,
// curly quotes, runs of spaces, and split separators.
func TestFold(t *testing.T) {
	cases := map[string]string{
		"Lightning Bolt":              "lightning bolt",
		"LIGHTNING  BOLT ":            "lightning bolt",
		"Lim-Dûl's Vault":             "lim-dul's vault",
		"lim-dul’s vault":             "lim-dul's vault",
		"Séance":                      "seance",
		"Æther Vial":                  "aether vial",
		"Jötun Grunt":                 "jotun grunt",
		"Fire // Ice":                 "fire//ice",
		"Fire/Ice":                    "fire//ice",
		"Fire / Ice":                  "fire//ice",
		"“Ach! Hans, Run!”":           `"ach! hans, run!"`,
		"\tGiant Killer\n":            "giant killer",
		"Márton Stromgald":            "marton stromgald",
		"Ifh-Bíff Efreet":             "ifh-biff efreet",
		"Dandân":                      "dandan",
		"Juzám Djinn":                 "juzam djinn",
		"Kongming, “Sleeping Dragon”": `kongming, "sleeping dragon"`,
	}
	for in, want := range cases {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}
