package bus

import (
	"crypto/tls"
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// ServerOptions configure an embedded nats-server.
type ServerOptions struct {
	// StoreDir holds JetStream's file store.
	StoreDir string
	// Listen is HOST:PORT for clients. Port 0 picks a free port. Empty means
	// in-process only: no socket at all, reachable through InProcessConn.
	Listen string
	// Debug turns on the server's own logging (to stderr).
	Debug bool
	// Users, when set, are the only clients the server lets in, each with
	// its role's rights (perms.go); nil lets anyone in with every right.
	Users *Users
	// TLS, when set, is the server's certificate (and, with ClientCAs,
	// the CAs whose client certificates it requires): clients must use
	// TLS.
	TLS *tls.Config
}

// Server is an embedded nats-server with JetStream on.
type Server struct {
	ns        *server.Server
	o         *server.Options
	inProcess bool
	opt       ServerOptions
	addr      string // HOST:PORT clients reach, as it was when the server started
}

// StartServer starts an embedded server and waits until it accepts clients.
// It never installs signal handlers: shutdown is the caller's (Shutdown).
func StartServer(opt ServerOptions) (*Server, error) {
	o := &server.Options{
		ServerName: "chronicle",
		JetStream:  true,
		StoreDir:   filepath.Clean(opt.StoreDir),
		NoSigs:     true,
		NoLog:      !opt.Debug,
		MaxPayload: server.MAX_PAYLOAD_SIZE,
		// One open atomic batch per match being published (see batch.go).
		JetStreamLimits: server.JSLimitOpts{MaxBatchInflightPerStream: 4096, MaxBatchInflightTotal: 4096},
	}
	if opt.Listen == "" {
		o.DontListen = true
	} else {
		host, port, err := net.SplitHostPort(opt.Listen)
		if err != nil {
			return nil, fmt.Errorf("bus: listen address %q: %v", opt.Listen, err)
		}
		p, err := strconv.Atoi(port)
		if err != nil || p < 0 || p > 65535 {
			return nil, fmt.Errorf("bus: listen address %q: bad port", opt.Listen)
		}
		if p == 0 {
			p = server.RANDOM_PORT
		}
		o.Host, o.Port = host, p
	}
	if opt.Users != nil {
		o.Nkeys = opt.Users.NkeyUsers()
	}
	if opt.TLS != nil {
		o.TLSConfig, o.TLS = opt.TLS, true
		o.TLSVerify = opt.TLS.ClientCAs != nil
		o.TLSTimeout = 2
	}
	ns, err := server.NewServer(o)
	if err != nil {
		return nil, fmt.Errorf("bus: nats-server: %w", err)
	}
	if opt.Debug {
		ns.ConfigureLogger()
	}
	go ns.Start()
	if !ns.ReadyForConnections(15 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("bus: nats-server did not start listening on %s (port in use?)", opt.Listen)
	}
	srv := &Server{ns: ns, o: o, inProcess: o.DontListen, opt: opt}
	if !o.DontListen {
		srv.addr = ns.Addr().String()
	}
	return srv, nil
}

// ReloadUsers replaces the users the server lets in, without a restart:
// clients whose user is gone are disconnected.
func (s *Server) ReloadUsers(u *Users) error {
	o := s.o.Clone()
	o.Nkeys = u.NkeyUsers()
	if err := s.ns.ReloadOptions(o); err != nil {
		return fmt.Errorf("bus: reload users: %w", err)
	}
	s.o = o
	return nil
}

// StoreDir is the folder of JetStream's file store.
func (s *Server) StoreDir() string { return s.opt.StoreDir }

// Addr is the HOST:PORT clients reach; empty for an in-process server.
func (s *Server) Addr() string { return s.addr }

// ClientURL is the URL clients connect to; empty for an in-process server.
func (s *Server) ClientURL() string {
	if s.inProcess {
		return ""
	}
	return s.ns.ClientURL()
}

// Connect opens a client connection to the server, in-process when it has
// no socket.
func (s *Server) Connect(opts ...nats.Option) (*nats.Conn, error) {
	if s.ClientURL() == "" {
		opts = append(opts, nats.InProcessServer(s.ns))
		return nats.Connect("", opts...)
	}
	return nats.Connect(s.ClientURL(), opts...)
}

// Shutdown stops the server and waits until it has. It is idempotent.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}
