package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/chronicle-mtg/chronicle/events/bus"

	"github.com/chronicle-mtg/chronicle/events/store"
)

type serveCmd struct {
	dataFlag
	logFlag
	rulesFlag
	natsAuth
	Listen   string `default:"127.0.0.1:4222" placeholder:"HOST:PORT" help:"Address of the embedded nats-server (ignored with --nats). Off the loopback interface it needs --users (or --insecure)."`
	NATS     string `name:"nats" placeholder:"URL" help:"Use this NATS server or cluster (JetStream on) instead of embedding one."`
	Replicas int    `default:"1" help:"Stream replicas when the recorder creates the stream (3 on a cluster)."`
	Users    string `name:"users" placeholder:"DIR" help:"Users folder (recorder users init): the embedded server lets in only these users, each with its role's rights, and reloads them on SIGHUP."`
	Share    string `name:"share" placeholder:"I/N" help:"Own share I of N of the matches (by a hash of the match id), beside N-1 other recorders on the same stream, each with its own --data; replay reads their stores as one (--data a,b,c)."`
	Key      string `name:"key" placeholder:"FILE" help:"nkey seed that signs every verdict and status reply (recorder keygen makes one); by default the recorder's own key: its users key with --users, its --nkey with --nats."`
	Insecure bool   `name:"insecure" help:"Let the embedded server listen off the loopback interface without --users: anyone who reaches the port may publish, read, delete or purge."`
	NoReads  bool   `name:"no-reads" help:"Don't answer live reads (replay --nats, replay serve --nats) from the store."`
}

func (c *serveCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := c.logger(e)
	opt := serviceOptions{
		storeDir: c.storeDir(),
		natsURL:  c.NATS,
		natsDir:  c.natsDir(),
		listen:   c.Listen,
		replicas: c.Replicas,
		noRules:  c.NoRules,
		queries:  !c.NoReads,
		log:      log,
	}
	if err := c.secure(&opt); err != nil {
		return fail(exitUsage, "%v", err)
	}
	key, err := recorderKey(c.Key, c.Users, c.NKey)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	opt.key = key
	if c.Share != "" {
		if opt.share, err = bus.ParseShare(c.Share); err != nil {
			return fail(exitUsage, "--share: %v", err)
		}
	}
	svc, err := startService(ctx, opt)
	if err != nil {
		if errors.Is(err, store.ErrLocked) {
			return fail(exitUsage, "%v: another recorder uses %s", err, c.Data)
		}
		return fail(exitUsage, "%v", err)
	}
	signer := ""
	if key != nil {
		signer, _ = key.PublicKey()
	}
	log.Info("recorder serving", "nats", svc.url(), "data", c.Data, "users", c.Users != "", "verdicts_signed_by", signer)
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
wait:
	for {
		select {
		case <-ctx.Done():
			log.Info("shutting down")
			break wait
		case err := <-svc.done:
			svc.done <- err // for stop
			if ctx.Err() != nil {
				// The signal stopped the recorder too, and select chose
				// this case: it is the same shutdown.
				log.Info("shutting down")
				break wait
			}
			log.Error("recorder stopped", "err", err)
			break wait
		case <-hup:
			c.reloadUsers(svc, log)
		}
	}
	if err := svc.stop(); err != nil {
		return fail(exitUsage, "%v", err)
	}
	st := svc.rec.Stats()
	log.Info("stopped", "stored", st.Stored, "duplicates", st.Duplicates, "rejected", st.Rejected)
	return nil
}

// secure checks and fills in how the service signs in and who it lets in.
func (c *serveCmd) secure(opt *serviceOptions) error {
	if c.NATS != "" {
		if err := checkURL(c.NATS); err != nil {
			return err
		}
		if c.Users != "" || c.Insecure {
			return errors.New("--users and --insecure are for the embedded server; with --nats the server's own configuration says who may do what (recorder users conf writes it)")
		}
		nopts, err := c.options()
		if err != nil {
			return err
		}
		opt.natsOpts = nopts
		return nil
	}
	if c.hasCredentials() || c.TLSRequired {
		return errors.New("--creds, --nkey, --user and --tls-required are for --nats; the embedded server's users come from --users")
	}
	tlsCfg, err := c.serverTLS()
	if err != nil {
		return err
	}
	opt.serverTLS = tlsCfg
	if c.Users != "" {
		u, err := bus.LoadUsers(c.Users)
		if err != nil {
			return err
		}
		opt.users, opt.usersDir = u, c.Users
	}
	if c.Listen != "" && !loopback(c.Listen) && c.Users == "" && !c.Insecure {
		return fmt.Errorf("--listen %s is reachable from other machines and --users is not set: anyone who reaches it could publish as any player, delete or purge; give --users DIR (recorder users init makes it), or --insecure to run open anyway", c.Listen)
	}
	return nil
}

// reloadUsers reads the users folder again and hands it to the embedded
// server.
func (c *serveCmd) reloadUsers(svc *service, log *slog.Logger) {
	if c.Users == "" || svc.srv == nil {
		log.Warn("SIGHUP: no --users to reload")
		return
	}
	u, err := bus.LoadUsers(c.Users)
	if err == nil {
		err = svc.srv.ReloadUsers(u)
	}
	if err != nil {
		log.Error("reloading users failed; the old ones stand", "err", err)
		return
	}
	log.Info("users reloaded", "players", len(u.Players))
}
