package main

import (
	"fmt"
	"os"

	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// usersCmd makes and lists a deployment's NATS users (bus.Users).
type usersCmd struct {
	Init usersInitCmd `cmd:"" help:"Make a users folder: keys for the recorder, the operator, the table (game server) and a judge (reads every match live)."`
	Add  usersAddCmd  `cmd:"" help:"Add players of a match: each may publish that match's inputs only."`
	Conf usersConfCmd `cmd:"" help:"Print the users as a nats-server authorization block, for a server you run yourself."`
}

type usersInitCmd struct {
	Dir string `arg:"" placeholder:"DIR" help:"Users folder to make."`
}

func (c *usersInitCmd) Run(e *env) error {
	u, err := bus.InitUsers(c.Dir)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	fmt.Fprintf(e.stdout, "recorder  %s  %s\n", u.Recorder, bus.SeedFile(c.Dir, bus.RoleRecorder))
	fmt.Fprintf(e.stdout, "operator  %s  %s\n", u.Operator, bus.SeedFile(c.Dir, bus.RoleOperator))
	fmt.Fprintf(e.stdout, "table     %s  %s\n", u.Table, bus.SeedFile(c.Dir, bus.RoleTable))
	fmt.Fprintf(e.stdout, "judge     %s  %s\n", u.Judge, bus.SeedFile(c.Dir, bus.RoleJudge))
	return nil
}

type usersAddCmd struct {
	Dir     string   `arg:"" placeholder:"DIR" help:"Users folder."`
	Match   string   `name:"match" required:"" help:"The match the players may publish to."`
	Players []string `arg:"" name:"PLAYER" help:"Player ids of the match (p1 p2)."`
}

func (c *usersAddCmd) Run(e *env) error {
	u, err := bus.LoadUsers(c.Dir)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	for _, p := range c.Players {
		pub, err := u.AddPlayer(c.Dir, c.Match, p)
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
		fmt.Fprintf(e.stdout, "%s %s  %s  %s\n", c.Match, p, pub, bus.PlayerSeedFile(c.Dir, c.Match, p))
	}
	fmt.Fprintln(e.stderr, "recorder: send SIGHUP to a running `recorder serve --users` to let them in")
	return nil
}

type usersConfCmd struct {
	Dir string `arg:"" placeholder:"DIR" help:"Users folder."`
}

func (c *usersConfCmd) Run(e *env) error {
	u, err := bus.LoadUsers(c.Dir)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	_, err = fmt.Fprint(e.stdout, u.Conf())
	return err
}

// keygenCmd makes an Ed25519 key (an nkey user seed) for signing inputs or
// verdicts, or for signing in to NATS.
type keygenCmd struct {
	Out string `name:"out" short:"o" required:"" placeholder:"FILE" help:"Seed file to write (owner-only); the public key goes to stdout."`
}

func (c *keygenCmd) Run(e *env) error {
	if _, err := os.Stat(c.Out); err == nil {
		return fail(exitUsage, "%s exists already: keys are never replaced silently", c.Out)
	}
	kp, err := nkeys.CreateUser()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	seed, _ := kp.Seed()
	pub, _ := kp.PublicKey()
	if err := os.WriteFile(c.Out, append(seed, '\n'), 0o600); err != nil {
		return fail(exitUsage, "%v", err)
	}
	fmt.Fprintln(e.stdout, pub)
	return nil
}
