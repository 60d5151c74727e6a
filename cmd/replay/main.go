// Command replay reads Chronicle's recorded matches back.
//
//	replay list        the stored matches, filtered by player, event or date
//	replay verify      check hash chains and seqs, in the store or in .jsonl files
//	replay export      a match as JSON Lines, a judge's text report, or a setup bug report
//	replay rejections  the inputs the recorder refused, and why
//	replay show        a match's state after an input or at a turn's start, as a judge or a player sees it
//	replay log         a match told input by input, as a judge reads it
//	replay branch      a new match sharing a stored match's inputs up to a seq (writes)
//	replay append      add inputs to a branch, validated like recorded ones (writes)
//	replay audit       re-derive matches with today's rules: illegal inputs, broken chains, divergences, playtest cards
//	replay step        step through a match in the terminal, input by input, turn by turn, mark by mark
//	replay diff        where two matches or branches part, and how their states differ there
//	replay serve       the web viewer: list, board, events, marks, audit, branches, live follow
//	replay gen         generate a tournament of random legal matches as .jsonl files
//	replay bench       measure ingest, replay, seek, audit and disk use against baselines
//	replay cards       how much of cards, decklists or the card database is modelled
//	replay deck        a decklist file as match_started's players entry, names resolved
//
// The store is opened read-only (for writing by branch and append), in
// --data DIR ($CHRONICLE_DATA, else ./chronicle-data). bbolt lets no reader in while a recorder has the store
// open for writing: replay waits --wait (2s) for the lock, then says so.
//
// show and log read a stored match or a .jsonl file. A stored match is
// rebuilt from the effects recorded with it; a file is replayed with the
// rules, and an input the rules forbid stops it (exit 1, naming the seq, the
// reason and the rule).
//
// Exit codes: 0 all good, 1 verify found a problem, show, log or export met
// an input the rules forbid, or append refused an input (nothing is
// written), 2 usage errors, unknown matches, points a match
// never reached, and stores or files that can't be read. Data goes to stdout,
// messages to stderr.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/alecthomas/kong"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/internal/natsauth"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // verify found a problem; show or log met an illegal input
	exitUsage  = 2 // usage, unknown match, point not reached, unreadable store or file
)

type cli struct {
	natsauth.Flags
	NATS string `name:"nats" env:"CHRONICLE_NATS" placeholder:"URL" help:"Read from the recorders running on this NATS server or cluster (their read service) instead of a store: list, verify, export, rejections, show, log, audit, step, diff, branch, append and serve. .jsonl files are still read here."`

	List       listCmd       `cmd:"" help:"List the stored matches."`
	Verify     verifyCmd     `cmd:"" help:"Check hash chains and seqs of stored matches or .jsonl files."`
	Export     exportCmd     `cmd:"" help:"Write a match to stdout: JSON Lines, a judge's text report, or a setup bug report."`
	Rejections rejectionsCmd `cmd:"" help:"List the inputs the recorder refused, with the reason and rule."`
	Show       showCmd       `cmd:"" help:"Show a match's state after an input or at the start of a turn."`
	Log        logCmd        `cmd:"" help:"Tell a match input by input: who did what, and what followed."`
	Branch     branchCmd     `cmd:"" help:"Branch a stored match after an input: a new match sharing its inputs up to there."`
	Append     appendCmd     `cmd:"" help:"Add inputs to a branch, validated like recorded inputs; all of them or none."`
	Audit      auditCmd      `cmd:"" help:"Re-derive a match's inputs with today's rules and report what doesn't hold."`
	Step       stepCmd       `cmd:"" help:"Step through a match in the terminal: the board, the narrative, marks to jump between."`
	Diff       diffCmd       `cmd:"" help:"Compare two matches or branches: the first seq where their inputs part, and the state difference there."`
	Shrink     shrinkCmd     `cmd:"" help:"Make the smallest log that still shows a finding: a refused, disputed or crashing input."`
	Serve      serveCmd      `cmd:"" help:"Serve the web viewer: the match list, boards, events, marks, audit and branches in a browser."`
	Gen        genCmd        `cmd:"" help:"Generate a tournament: random legal best-of-three matches, one .jsonl file each, deterministic per seed."`
	Bench      benchCmd      `cmd:"" help:"Measure ingest, replay, seek, audit and disk use on a generated tournament, each against its baseline."`
	Cards      cardsCmd      `cmd:"" help:"How much of each card, of a decklists file, or of the whole card database the engine models."`
	Deck       deckCmd       `cmd:"" help:"Read a decklist (text, Arena, MTGO .dek, Forge or XMage .dck) and print its match_started players entry."`
}

// env is what a command may touch besides its flags.
type env struct {
	stdout, stderr io.Writer
	// stdin is where step reads keys; nil means the terminal.
	stdin io.Reader
	// serving, if set, hears serve's URL once it listens (tests).
	serving func(url string)
	// ctx, if set, ends serve as SIGINT does (tests).
	ctx context.Context
	// nats is --nats: read from running recorders, signed in with auth.
	nats string
	auth natsauth.Flags
}

// context is what a long-running command runs under: e.ctx, ended too by
// SIGINT or SIGTERM.
func (e *env) context() (context.Context, context.CancelFunc) {
	parent := e.ctx
	if parent == nil {
		parent = context.Background()
	}
	return signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
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
	return runEnv(args, &env{stdout: stdout, stderr: stderr})
}

// runEnv is run with the command's surroundings given whole, as a test gives
// step its keys.
func runEnv(args []string, e *env) int {
	stdout, stderr := e.stdout, e.stderr
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
	e.nats, e.auth = c.NATS, c.Flags
	if err := kctx.Run(e); err != nil {
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
