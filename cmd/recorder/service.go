package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
)

// serviceOptions say where the recorder stores and which NATS it uses.
type serviceOptions struct {
	storeDir string
	natsURL  string // an existing server or cluster; empty: embed one
	natsDir  string // the embedded server's JetStream files
	listen   string // the embedded server's address; empty: in-process only
	replicas int
	noRules  bool // check the log's own rules only, not the game's
	queries  bool // answer the read service (replay --nats, replay serve --nats)
	log      *slog.Logger
	natsOpts []nats.Option // how to sign in to natsURL
	// The embedded server's users (nil: anyone) and TLS.
	users     *bus.Users
	usersDir  string
	serverTLS *tls.Config
	key       nkeys.KeyPair // signs verdicts; nil: unsigned
	share     bus.Share     // the matches this recorder owns; zero: all
}

// service is a running recorder with everything it owns. stop shuts it
// down in order: stop fetching, commit and ack the batch in hand, drain
// NATS, stop the embedded server, close bbolt last.
type service struct {
	store  *store.Store
	srv    *bus.Server
	nc     *nats.Conn
	rec    *recorder.Recorder
	cancel context.CancelFunc
	done   chan error
	once   sync.Once
	err    error
}

func startService(ctx context.Context, opt serviceOptions) (_ *service, err error) {
	s := &service{done: make(chan error, 1)}
	recorder.TuneGC() // for the life of the process
	defer func() {
		if err != nil {
			s.closeAll()
		}
	}()
	if s.store, err = store.OpenDir(opt.storeDir, store.Options{}); err != nil {
		return nil, err
	}
	url := opt.natsURL
	nopts := []nats.Option{nats.Name("chronicle-recorder"), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}
	if url == "" {
		if s.srv, err = bus.StartServer(bus.ServerOptions{StoreDir: opt.natsDir, Listen: opt.listen, Users: opt.users, TLS: opt.serverTLS}); err != nil {
			return nil, err
		}
		url = s.srv.ClientURL()
		if opt.users != nil {
			// The recorder signs in as its own user, with its own inbox.
			signIn, err := nats.NkeyOptionFromSeed(bus.SeedFile(opt.usersDir, bus.RoleRecorder))
			if err != nil {
				return nil, fmt.Errorf("the recorder's key: %w", err)
			}
			nopts = append(nopts, signIn, nats.CustomInboxPrefix(bus.InboxPrefix(opt.users.Recorder)))
		}
		if opt.serverTLS != nil {
			nopts = append(nopts, nats.Secure(&tls.Config{InsecureSkipVerify: true})) // in-process: no network to trust
		}
		s.nc, err = s.srv.Connect(nopts...)
	} else {
		nopts = append(nopts, nats.Timeout(5*time.Second), connectionLog(opt.log))
		s.nc, err = nats.Connect(url, append(nopts, opt.natsOpts...)...)
	}
	if err != nil {
		return nil, fmt.Errorf("connect to NATS %s: %w", redact(url), err)
	}
	var rules recorder.Validator
	if !opt.noRules {
		rules = recorder.NewRules(s.store)
	}
	s.rec, err = recorder.New(recorder.Config{
		Store:     s.store,
		Conn:      s.nc,
		Stream:    bus.StreamOptions{Replicas: opt.replicas},
		Queries:   opt.queries,
		Validator: rules,
		Logger:    opt.log,
		Key:       opt.key,
		Share:     opt.share,
	})
	if err != nil {
		return nil, err
	}
	rctx, cancel := context.WithCancel(ctx)
	s.cancel = cancel
	go func() { s.done <- s.rec.Run(rctx) }()
	select {
	case <-s.rec.Ready():
		return s, nil
	case err := <-s.done:
		s.done <- err
		if err == nil {
			err = errors.New("recorder stopped before it was ready")
		}
		return nil, err
	case <-time.After(30 * time.Second):
		cancel()
		<-s.done // the recorder must stop before the store closes
		s.cancel = nil
		return nil, errors.New("recorder not ready after 30s (is JetStream enabled on the server?)")
	}
}

// url is where clients reach the service's NATS, empty for in-process.
func (s *service) url() string {
	if s.srv != nil {
		return s.srv.ClientURL()
	}
	return s.nc.ConnectedUrlRedacted()
}

// stop shuts everything down once; later calls return the first result.
func (s *service) stop() error {
	s.once.Do(func() {
		if s.cancel != nil {
			s.cancel()
			s.err = <-s.done
		}
		s.closeAll()
	})
	return s.err
}

func (s *service) closeAll() {
	if s.cancel != nil {
		s.cancel()
	}
	if s.nc != nil {
		if err := s.nc.Drain(); err == nil {
			for !s.nc.IsClosed() {
				time.Sleep(5 * time.Millisecond)
			}
		}
		s.nc.Close()
	}
	if s.srv != nil {
		s.srv.Shutdown()
	}
	if s.store != nil {
		s.store.Close()
	}
}

// connectionLog logs the recorder's connection to a NATS server or cluster
// leaving a server and reaching one again: one line each, whatever the
// cause (a node killed, paused past the ping deadline, restarted).
func connectionLog(log *slog.Logger) nats.Option {
	return func(o *nats.Options) error {
		o.DisconnectedErrCB = func(_ *nats.Conn, err error) {
			log.Warn("lost the NATS server; reconnecting", "err", err)
		}
		o.ReconnectedCB = func(nc *nats.Conn) {
			log.Info("reconnected to NATS", "server", nc.ConnectedUrlRedacted())
		}
		return nil
	}
}
