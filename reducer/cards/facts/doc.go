// Package facts is the compact, embedded form of every card's printed
// facts, and the generator that makes it.
//
// The source is the card database of ../../../../shared/cards/oracle
// (32,097 cards and 739 tokens as JSON Lines) plus the project's own
// records (data/extras.json: playtest cards the database lacks, the pool's
// token definitions, and hand-checked corrections of cards whose source
// text is outdated). The generator (cmd/cardgen) merges them into one
// file that the cards package embeds.
//
// A process that plays one match touches about sixty cards, so the file is
// made to be read in place: a sorted index of folded names (see Fold) is
// searched without decoding anything, and the records, JSON in blocks of
// BlockSize compressed with DEFLATE against a shared dictionary, are
// decompressed one block at a time, only when one of their cards is asked
// for. Nothing is parsed at start-up but a fixed header.
//
// The same input gives the same bytes: records are sorted by name, maps
// are written with sorted keys, and the compressor is deterministic.
package facts
