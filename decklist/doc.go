// Package decklist reads decklists in the forms players and programs write
// them, for `replay deck`:
//
//   - plain text, as Magic Online and most sites export it: "4 Lightning
//     Bolt" or "4x Lightning Bolt" a line, the sideboard after a blank line
//     or a "Sideboard" header, or each of its lines marked "SB:";
//   - Arena exports: "Deck", "Sideboard", "Companion" and "Commander"
//     headers, and a set code and collector number after each name
//     ("4 Lightning Bolt (M11) 149");
//   - Magic Online .dek files (XML: <Cards Quantity="4" Sideboard="false"
//     Name="Lightning Bolt"/>);
//   - Forge .dck files ([metadata] Name=..., [Main], [Sideboard] and
//     [Commander] sections, "4 Lightning Bolt|M11" lines);
//   - XMage .dck files ("NAME:..." , "4 [M11:149] Lightning Bolt",
//     "SB: 2 [M10:100] Duress", LAYOUT lines).
//
// It reads names as written; finding the cards they name is the card
// pool's (cards.Pool.Resolve). Every entry keeps its line, so an unknown
// name is reported where it is.
package decklist
