package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// signer is a key given with publish --key [ACTOR=]FILE.
type signer struct {
	actor string // "" : whoever the match's match_started gives this key
	kp    nkeys.KeyPair
	pub   string
}

// loadSigners reads the --key arguments.
func loadSigners(args []string) ([]signer, error) {
	var out []signer
	for _, a := range args {
		actor, path := "", a
		if i := strings.IndexByte(a, '='); i > 0 {
			actor, path = a[:i], a[i+1:]
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("--key %s: %v", a, err)
		}
		kp, err := nkeys.ParseDecoratedNKey(data)
		if err != nil {
			return nil, fmt.Errorf("--key %s: not an nkey seed: %v", a, err)
		}
		pub, err := kp.PublicKey()
		if err != nil {
			return nil, fmt.Errorf("--key %s: %v", a, err)
		}
		out = append(out, signer{actor: actor, kp: kp, pub: pub})
	}
	return out, nil
}

// signInputs signs each unsigned input whose actor one of the keys speaks
// for: the key named for that actor, or the one match_started declares for
// it. A match with an input signed here loses its hashes and prevs, which
// the signature changes: the recorder seals the chain anew.
func signInputs(files []*inputFile, signers []signer) error {
	if len(signers) == 0 {
		return nil
	}
	for _, f := range files {
		for _, m := range f.matches {
			var declared events.Keys
			if ms, ok := m.events[0].Body.(*events.MatchStarted); ok {
				declared = ms.Keys()
			}
			signed := false
			for _, ev := range m.events {
				if len(ev.Sig) > 0 {
					continue
				}
				s := pick(signers, declared, ev.Actor)
				if s == nil {
					continue
				}
				if err := ev.Sign(s.kp); err != nil {
					return err
				}
				signed = true
			}
			if signed {
				for _, ev := range m.events {
					ev.Prev, ev.Hash = events.Hash{}, events.Hash{}
				}
			}
		}
	}
	return nil
}

func pick(signers []signer, declared events.Keys, actor string) *signer {
	for i, s := range signers {
		if s.actor == actor {
			return &signers[i]
		}
	}
	for i, s := range signers {
		if s.actor == "" && declared != nil && declared[actor] == s.pub {
			return &signers[i]
		}
	}
	return nil
}

// recorderKey reads the recorder's signing key: --key FILE, or else its
// own nkey seed: from the users folder with --users, its --nkey with
// --nats (one key for the deployment's recorder, as `users init` makes).
func recorderKey(keyFile, usersDir, nkeyFile string) (nkeys.KeyPair, error) {
	switch {
	case keyFile != "":
	case usersDir != "":
		keyFile = bus.SeedFile(usersDir, bus.RoleRecorder)
	case nkeyFile != "":
		keyFile = nkeyFile // the key it signs in to the server with (recorder.nk)
	}
	if keyFile == "" {
		return nil, nil
	}
	data, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, fmt.Errorf("--key: %v", err)
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		return nil, fmt.Errorf("--key %s: not an nkey seed: %v", keyFile, err)
	}
	return kp, nil
}
