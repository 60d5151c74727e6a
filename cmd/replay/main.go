// Command replay reads Chronicle's recorded matches back.
//
//	replay list        the stored matches, filtered by player, event or date
//	replay verify      check hash chains and seqs, in the store or in .jsonl files
//	replay export      a match's events as JSON Lines
//	replay rejections  the inputs the recorder refused, and why
//	replay show        a match's state after an input or at a turn's start, as a judge or a player sees it
//	replay log         a match told input by input, as a judge reads it
//
// The store is opened read-only, in --data DIR ($CHRONICLE_DATA, else
// ./chronicle-data). bbolt lets no reader in while a recorder has the store
// open for writing: replay waits --wait (2s) for the lock, then says so.
//
// show and log read a stored match or a .jsonl file. A stored match is
// rebuilt from the effects recorded with it; a file is replayed with the
// rules, and an input the rules forbid stops it (exit 1, naming the seq, the
// reason and the rule).
//
// Exit codes: 0 all good, 1 verify found a problem or show or log met an
// input the rules forbid, 2 usage errors, unknown matches, points a match
// never reached, and stores or files that can't be read. Data goes to stdout,
// messages to stderr.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/alecthomas/kong"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // verify found a problem; show or log met an illegal input
	exitUsage  = 2 // usage, unknown match, point not reached, unreadable store or file
)

type cli struct {
	List       listCmd       `cmd:"" help:"List the stored matches."`
	Verify     verifyCmd     `cmd:"" help:"Check hash chains and seqs of stored matches or .jsonl files."`
	Export     exportCmd     `cmd:"" help:"Write a match's events to stdout."`
	Rejections rejectionsCmd `cmd:"" help:"List the inputs the recorder refused, with the reason and rule."`
	Show       showCmd       `cmd:"" help:"Show a match's state after an input or at the start of a turn."`
	Log        logCmd        `cmd:"" help:"Tell a match input by input: who did what, and what followed."`
}

// env is what a command may touch besides its flags.
type env struct {
	stdout, stderr io.Writer
}

// exitError carries an exit code out of a command; err, if set, is printed.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func fail(code int, format string, args ...any) error {
	return &exitError{code: code, err: fmt.Errorf(format, args...)}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	var c cli
	exited := -1
	parser, err := kong.New(&c,
		kong.Name("replay"),
		kong.Description("Chronicle replay: list, verify, export, show and tell recorded Magic: The Gathering matches."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exited = code }),
	)
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		return exitUsage
	}
	kctx, err := parser.Parse(args)
	if exited >= 0 {
		return exited // --help
	}
	if err != nil {
		fmt.Fprintln(stderr, "replay:", err)
		hint := "replay --help"
		var pe *kong.ParseError
		if errors.As(err, &pe) && pe.Context != nil && pe.Context.Selected() != nil {
			hint = "replay " + pe.Context.Selected().Path() + " --help"
		}
		fmt.Fprintf(stderr, "Run `%s` for usage.\n", hint)
		return exitUsage
	}
	if err := kctx.Run(&env{stdout: stdout, stderr: stderr}); err != nil {
		var xe *exitError
		if errors.As(err, &xe) {
			if xe.err != nil {
				fmt.Fprintln(stderr, "replay:", xe.err)
			}
			return xe.code
		}
		fmt.Fprintln(stderr, "replay:", err)
		return exitUsage
	}
	return exitOK
}

// storeFlags are the flags of the commands that read the store.
type storeFlags struct {
	Data string        `name:"data" env:"CHRONICLE_DATA" default:"./chronicle-data" placeholder:"DIR" help:"Data directory holding the store; ./chronicle-data when neither this nor the variable is set."`
	Wait time.Duration `name:"wait" default:"2s" help:"How long to wait while a running recorder holds the store's lock."`
}

// open opens the store read-only; every failure is a usage-class error.
func (f storeFlags) open() (*replay.Store, error) {
	dir := f.Data
	if dir == "" {
		dir = "./chronicle-data"
	}
	s, err := replay.OpenStore(dir, replay.StoreOptions{Wait: f.Wait})
	switch {
	case errors.Is(err, store.ErrLocked):
		return nil, fail(exitUsage, "%v; waited %v: stop the recorder, or retry with a longer --wait", err, f.Wait)
	case err != nil:
		return nil, fail(exitUsage, "%v", err)
	}
	return s, nil
}
