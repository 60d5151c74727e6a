package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"

	"github.com/chronicle-mtg/chronicle/events/store"
)

type serveCmd struct {
	dataFlag
	logFlag
	rulesFlag
	Listen   string `default:"127.0.0.1:4222" placeholder:"HOST:PORT" help:"Address of the embedded nats-server (ignored with --nats)."`
	NATS     string `name:"nats" placeholder:"URL" help:"Use this NATS server or cluster (JetStream on) instead of embedding one."`
	Replicas int    `default:"1" help:"Stream replicas when the recorder creates the stream (3 on a cluster)."`
}

func (c *serveCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := c.logger(e)
	svc, err := startService(ctx, serviceOptions{
		storeDir: c.storeDir(),
		natsURL:  c.NATS,
		natsDir:  c.natsDir(),
		listen:   c.Listen,
		replicas: c.Replicas,
		noRules:  c.NoRules,
		log:      log,
	})
	if err != nil {
		if errors.Is(err, store.ErrLocked) {
			return fail(exitUsage, "%v: another recorder uses %s", err, c.Data)
		}
		return fail(exitUsage, "%v", err)
	}
	log.Info("recorder serving", "nats", svc.url(), "data", c.Data)
	select {
	case <-ctx.Done():
		log.Info("shutting down")
	case err := <-svc.done:
		svc.done <- err // for stop
		log.Error("recorder stopped", "err", err)
	}
	if err := svc.stop(); err != nil {
		return fail(exitUsage, "%v", err)
	}
	st := svc.rec.Stats()
	log.Info("stopped", "stored", st.Stored, "duplicates", st.Duplicates, "rejected", st.Rejected)
	return nil
}
