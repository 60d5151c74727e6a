// Command recorder records Magic: The Gathering matches: it consumes the
// inputs game clients publish on NATS JetStream and stores them in bbolt.
//
//	recorder serve     long-running recorder (embedded nats-server by default)
//	recorder publish   publish .jsonl files as a game client would
//	recorder record    one command: private server + recorder + publish
//	recorder users     make a deployment's NATS users and their rights
//	recorder keygen    make a key for signing inputs or verdicts
//
// Exit codes: 0 all inputs stored, 1 some input rejected or not published,
// 2 usage, connection or storage errors.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/alecthomas/kong"
	"golang.org/x/term"
)

// Exit codes.
const (
	exitOK       = 0
	exitRejected = 1
	exitUsage    = 2
)

type cli struct {
	Serve   serveCmd   `cmd:"" help:"Run the recorder until SIGINT or SIGTERM."`
	Publish publishCmd `cmd:"" help:"Publish the inputs of .jsonl files and wait for the recorder's verdicts."`
	Record  recordCmd  `cmd:"" help:"Record .jsonl files in one step: a private server, the recorder, and the publisher."`
	Users   usersCmd   `cmd:"" help:"Make a deployment's NATS users: the recorder, the operator, the table and the players, each with its rights."`
	Keygen  keygenCmd  `cmd:"" help:"Make an Ed25519 key (an nkey seed file) for signing inputs or verdicts; prints its public key."`
}

// env is what a command may touch besides its flags.
type env struct {
	stdout, stderr io.Writer
	stderrTTY      bool
}

// exitError carries an exit code out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

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
		kong.Name("recorder"),
		kong.Description("Chronicle recorder: stores Magic: The Gathering match inputs published on NATS."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exited = code }),
		kong.UsageOnError(),
	)
	if err != nil {
		fmt.Fprintln(stderr, "recorder:", err)
		return exitUsage
	}
	kctx, err := parser.Parse(args)
	if exited >= 0 {
		return exited // --help
	}
	if err != nil {
		fmt.Fprintln(stderr, "recorder:", err)
		return exitUsage
	}
	e := &env{stdout: stdout, stderr: stderr, stderrTTY: isTerminal(stderr)}
	if err := kctx.Run(e); err != nil {
		var xe *exitError
		if errors.As(err, &xe) {
			if xe.err != nil && xe.err.Error() != "" {
				fmt.Fprintln(stderr, "recorder:", xe.err)
			}
			return xe.code
		}
		fmt.Fprintln(stderr, "recorder:", err)
		return exitUsage
	}
	return exitOK
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
