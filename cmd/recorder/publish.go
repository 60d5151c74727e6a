package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// publishOutput holds the flags publish and record share.
type publishOutput struct {
	JSON  bool          `help:"Print the summary as JSON."`
	Quiet bool          `short:"q" help:"No progress on stderr."`
	Idle  time.Duration `default:"30s" help:"Give up when no verdict arrives for this long."`
	Files []string      `arg:"" help:"JSON Lines files, one input a line."`

	recorderKey string // believe only verdicts this key signed
}

type publishCmd struct {
	NATS string `name:"nats" default:"nats://127.0.0.1:4222" placeholder:"URL" help:"NATS server of a running recorder."`
	natsAuth
	Keys        []string `name:"key" placeholder:"[ACTOR=]FILE" help:"Sign inputs with this nkey seed: those of ACTOR, or of whoever match_started names with its public key. Repeat for several actors."`
	RecorderKey string   `name:"recorder-key" placeholder:"PUBKEY" help:"The recorder's public key: believe only verdicts and status replies it signed."`
	publishOutput
}

func (c *publishCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := checkFiles(c.Files); err != nil {
		return err
	}
	if err := checkURL(c.NATS); err != nil {
		return fail(exitUsage, "%v", err)
	}
	nopts, err := c.options()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	signers, err := loadSigners(c.Keys)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	files, total := readInputs(c.Files)
	reportMalformed(e, files)
	if err := signInputs(files, signers); err != nil {
		return fail(exitUsage, "%v", err)
	}
	nc, err := nats.Connect(c.NATS, append([]nats.Option{nats.Name("chronicle-publish"), nats.Timeout(5 * time.Second),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			if !strings.Contains(err.Error(), "MSG.GET") { // a player may not read the stream: it goes without
				fmt.Fprintln(e.stderr, "recorder: NATS:", err)
			}
		})}, nopts...)...)
	if err != nil {
		return fail(exitUsage, "connect to NATS %s: %v", redact(c.NATS), err)
	}
	defer nc.Close()
	c.publishOutput.recorderKey = c.RecorderKey
	return publishAndReport(ctx, e, nc, files, total, c.publishOutput)
}

func publishAndReport(ctx context.Context, e *env, nc *nats.Conn, files []*inputFile, total int, out publishOutput) error {
	pub, err := bus.NewPublisher(ctx, nc)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	pub.Idle = out.Idle
	pub.RecorderKey = out.recorderKey
	prog := newProgress(e, total, out.Quiet)
	sum, err := publishAll(ctx, pub, files, prog)
	prog.finish()
	if perr := sum.print(e.stdout, out.JSON); perr != nil {
		return fail(exitUsage, "%v", perr)
	}
	if err != nil {
		if errors.Is(err, bus.ErrNoRecorder) {
			return fail(exitUsage, "%v: start one with `recorder serve`", err)
		}
		return fail(exitUsage, "%v", err)
	}
	if n := pub.Forged.Load(); n > 0 {
		fmt.Fprintf(e.stderr, "recorder: ignored %d verdicts not signed by the recorder's key\n", n)
	}
	if code := sum.code(); code != exitOK {
		return &exitError{code: code, err: errors.New("")}
	}
	return nil
}

// reportMalformed names each file that will not be published, on stderr.
func reportMalformed(e *env, files []*inputFile) {
	for _, f := range files {
		if f.err != nil {
			fmt.Fprintf(e.stderr, "recorder: %v: nothing from %s is published\n", f.err, f.path)
		}
	}
}
