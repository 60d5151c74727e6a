package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"

	"github.com/chronicle-mtg/chronicle/events/store"
)

type recordCmd struct {
	dataFlag
	rulesFlag
	LogLevel string `name:"log-level" default:"warn" enum:"debug,info,warn,error" help:"Recorder log level on stderr (${enum})."`
	publishOutput
}

func (c *recordCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := checkFiles(c.Files); err != nil {
		return err
	}
	files, total := readInputs(c.Files)
	reportMalformed(e, files)
	tmp, err := os.MkdirTemp("", "chronicle-record-*")
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	defer os.RemoveAll(tmp)
	svc, err := startService(ctx, serviceOptions{
		storeDir: c.storeDir(),
		natsDir:  tmp, // a private, throwaway stream: the store is what lasts
		noRules:  c.NoRules,
		log:      logFlag{LogLevel: c.LogLevel}.logger(e),
	})
	if err != nil {
		if errors.Is(err, store.ErrLocked) {
			return fail(exitUsage, "%v: a `recorder serve` uses %s; publish to it with `recorder publish`, or pick another --data", err, c.Data)
		}
		return fail(exitUsage, "%v", err)
	}
	perr := publishAndReport(ctx, e, svc.nc, files, total, c.publishOutput)
	if err := svc.stop(); err != nil && perr == nil {
		return fail(exitUsage, "recorder: %v", err)
	}
	return perr
}
