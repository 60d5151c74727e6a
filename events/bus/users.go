package bus

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events"
)

// Users is a deployment's NATS users, kept in a folder: UsersFile lists
// each user's role and nkey public key, and each user's seed (its secret)
// is a file of its own beside it, readable by its owner only, to hand to
// that user: recorder.nk, operator.nk, table.nk, judge.nk,
// players/<match>.<player>.nk. A folder made before judges were a role has
// none: InitUsers makes one only for a new folder.
// Users authenticate with their nkey (the server sends a nonce, the client
// signs it); no password travels.
type Users struct {
	Recorder string       `json:"recorder"` // public keys
	Operator string       `json:"operator"`
	Table    string       `json:"table"`
	Judge    string       `json:"judge,omitempty"`
	Players  []PlayerUser `json:"players,omitempty"`
}

// PlayerUser is a player's user: it may publish the inputs of one match.
type PlayerUser struct {
	Match  string `json:"match"`
	Player string `json:"player"`
	Key    string `json:"key"`
}

// UsersFile is the users list's name in its folder.
const UsersFile = "users.json"

// SeedFile is where a role's seed is kept in a users folder; for a player,
// PlayerSeedFile.
func SeedFile(dir string, role Role) string { return filepath.Join(dir, string(role)+".nk") }

// PlayerSeedFile is where a player's seed is kept in a users folder.
func PlayerSeedFile(dir, match, player string) string {
	return filepath.Join(dir, "players", match+"."+player+".nk")
}

// InitUsers makes a users folder with new keys for the recorder, the
// operator, the table and a judge. An existing users file is an error: keys are
// never replaced silently.
func InitUsers(dir string) (*Users, error) {
	if _, err := os.Stat(filepath.Join(dir, UsersFile)); err == nil {
		return nil, fmt.Errorf("bus: %s exists already", filepath.Join(dir, UsersFile))
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	u := &Users{}
	for _, r := range []struct {
		role Role
		pub  *string
	}{{RoleRecorder, &u.Recorder}, {RoleOperator, &u.Operator}, {RoleTable, &u.Table}, {RoleJudge, &u.Judge}} {
		pub, err := newSeedFile(SeedFile(dir, r.role))
		if err != nil {
			return nil, err
		}
		*r.pub = pub
	}
	return u, u.Save(dir)
}

// AddPlayer makes a key for a player of a match and saves the users list.
// A player listed already keeps its key.
func (u *Users) AddPlayer(dir, match, player string) (string, error) {
	if !events.ValidMatchID(match) || !events.ValidMatchID(player) {
		return "", fmt.Errorf("bus: match %q and player %q must be letters, digits, '-' and '_'", match, player)
	}
	for _, p := range u.Players {
		if p.Match == match && p.Player == player {
			return p.Key, nil
		}
	}
	path := PlayerSeedFile(dir, match, player)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", err
	}
	pub, err := newSeedFile(path)
	if err != nil {
		return "", err
	}
	u.Players = append(u.Players, PlayerUser{Match: match, Player: player, Key: pub})
	return pub, u.Save(dir)
}

// newSeedFile writes a new user seed to path, owner-only, and returns its
// public key.
func newSeedFile(path string) (string, error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return "", err
	}
	seed, _ := kp.Seed()
	pub, _ := kp.PublicKey()
	if err := os.WriteFile(path, append(seed, '\n'), 0o600); err != nil {
		return "", err
	}
	return pub, nil
}

// LoadUsers reads a users folder's list.
func LoadUsers(dir string) (*Users, error) {
	data, err := os.ReadFile(filepath.Join(dir, UsersFile))
	if err != nil {
		return nil, fmt.Errorf("bus: users: %w (make them with `recorder users init`)", err)
	}
	u := &Users{}
	if err := json.Unmarshal(data, u); err != nil {
		return nil, fmt.Errorf("bus: users: %s: %w", filepath.Join(dir, UsersFile), err)
	}
	for _, k := range u.keys() {
		if !nkeys.IsValidPublicUserKey(k) {
			return nil, fmt.Errorf("bus: users: %q is not an nkey user public key", k)
		}
	}
	if u.Recorder == "" {
		return nil, errors.New("bus: users: no recorder key")
	}
	return u, nil
}

// Save writes the users list into dir.
func (u *Users) Save(dir string) error {
	data, err := json.MarshalIndent(u, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, UsersFile+".tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, UsersFile))
}

func (u *Users) keys() []string {
	var out []string
	for _, k := range []string{u.Recorder, u.Operator, u.Table, u.Judge} {
		if k != "" {
			out = append(out, k)
		}
	}
	for _, p := range u.Players {
		out = append(out, p.Key)
	}
	return out
}

// each calls fn with every user's key, role and grants.
func (u *Users) each(fn func(key string, role Role, g Grants, comment string)) {
	if u.Recorder != "" {
		fn(u.Recorder, RoleRecorder, RoleGrants(RoleRecorder, u.Recorder, ""), "the recorder")
	}
	if u.Operator != "" {
		fn(u.Operator, RoleOperator, RoleGrants(RoleOperator, u.Operator, ""), "the operator")
	}
	if u.Table != "" {
		fn(u.Table, RoleTable, RoleGrants(RoleTable, u.Table, ""), "the table (game server)")
	}
	if u.Judge != "" {
		fn(u.Judge, RoleJudge, RoleGrants(RoleJudge, u.Judge, ""), "a judge: reads every match live")
	}
	for _, p := range u.Players {
		fn(p.Key, RolePlayer, PlayerGrants(p.Key, p.Match, p.Player), "player "+p.Player+" of match "+p.Match)
	}
}

// NkeyUsers is the list for an embedded server's options.
func (u *Users) NkeyUsers() []*server.NkeyUser {
	var out []*server.NkeyUser
	u.each(func(key string, _ Role, g Grants, _ string) {
		out = append(out, &server.NkeyUser{Nkey: key, Permissions: g.ServerPermissions()})
	})
	return out
}

// Conf is an authorization block for a nats-server configuration file that
// gives the same users the same rights as the embedded server does.
func (u *Users) Conf() string {
	var b strings.Builder
	b.WriteString("# Chronicle's users: made by `recorder users conf`; each signs in with its nkey seed.\n")
	b.WriteString("authorization {\n  users: [\n")
	u.each(func(key string, _ Role, g Grants, comment string) {
		b.WriteString("    # " + comment + "\n")
		b.WriteString("    { nkey: \"" + key + "\"")
		if g.Full {
			b.WriteString(" }\n")
			return
		}
		b.WriteString("\n      permissions: {\n")
		b.WriteString(g.conf("        "))
		b.WriteString("      }\n    }\n")
	})
	b.WriteString("  ]\n}\n")
	return b.String()
}
