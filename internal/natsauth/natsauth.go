// Package natsauth is how Chronicle's commands sign in to a NATS server and
// secure the connection: the flags (an nkey seed, a credentials file, or a
// user with a password from a file or the environment; TLS), the
// connection options they make, and the checks around them. Secrets come
// from files or the environment, never from the command line or a URL.
// recorder and replay share it.
package natsauth

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// PasswordEnv holds a NATS password, for --user without --password-file.
const PasswordEnv = "CHRONICLE_NATS_PASSWORD"

// Flags are how a command signs in to a NATS server and secures the
// connection, as kong flags. Secrets come from files or the environment,
// never from the command line (where every user of the machine can read
// them) or a URL.
type Flags struct {
	Creds        string `name:"creds" placeholder:"FILE" help:"NATS credentials file (a user JWT and its nkey seed)."`
	NKey         string `name:"nkey" placeholder:"FILE" help:"nkey seed file of the NATS user (recorder users init makes them)."`
	User         string `name:"user" help:"NATS user name; the password comes from --password-file or $$CHRONICLE_NATS_PASSWORD."`
	PasswordFile string `name:"password-file" placeholder:"FILE" help:"File holding the password of --user."`
	TokenFile    string `name:"token-file" placeholder:"FILE" help:"File holding a NATS authentication token (for a server set up with one)."`
	TLSCA        string `name:"tls-ca" placeholder:"FILE" help:"PEM CA certificates: with --nats, those that sign the server's certificate; for the embedded server, those whose client certificates it requires."`
	TLSCert      string `name:"tls-cert" placeholder:"FILE" help:"PEM certificate: with --nats, this client's; for the embedded server, the server's (clients must then use TLS)."`
	TLSKey       string `name:"tls-key" placeholder:"FILE" help:"PEM private key of --tls-cert."`
	TLSRequired  bool   `name:"tls-required" help:"Connect only over TLS."`
}

// HasCredentials reports whether a user is named some way.
func (a Flags) HasCredentials() bool {
	return a.Creds != "" || a.NKey != "" || a.User != "" || a.TokenFile != ""
}

// Liveness is how long a client waits on a server that holds its
// connection open but answers nothing (a paused or wedged node): a ping
// every pingInterval, and the server is given up after maxPingsOut
// unanswered, so the client moves to another node of the cluster in about
// ten seconds. The client's default, two minutes a ping, left a recorder
// on a paused node recording nothing, and logging nothing, for minutes.
const (
	pingInterval = 3 * time.Second
	maxPingsOut  = 3
)

// Options are the nats.Connect options for a.
func (a Flags) Options() ([]nats.Option, error) {
	opts := []nats.Option{nats.PingInterval(pingInterval), nats.MaxPingsOutstanding(maxPingsOut)}
	n := 0
	for _, set := range []bool{a.Creds != "", a.NKey != "", a.User != "", a.TokenFile != ""} {
		if set {
			n++
		}
	}
	if n > 1 {
		return nil, errors.New("give one of --creds, --nkey, --user and --token-file")
	}
	user := ""
	switch {
	case a.Creds != "":
		opts = append(opts, nats.UserCredentials(a.Creds))
		pub, err := credsPublicKey(a.Creds)
		if err != nil {
			return nil, err
		}
		user = pub
	case a.NKey != "":
		opt, err := nats.NkeyOptionFromSeed(a.NKey)
		if err != nil {
			return nil, fmt.Errorf("--nkey %s: %v", a.NKey, err)
		}
		pub, err := seedPublicKey(a.NKey)
		if err != nil {
			return nil, err
		}
		opts, user = append(opts, opt), pub
	case a.User != "":
		pw, err := a.password()
		if err != nil {
			return nil, err
		}
		opts, user = append(opts, nats.UserInfo(a.User, pw)), a.User
	case a.TokenFile != "":
		data, err := os.ReadFile(a.TokenFile)
		if err != nil {
			return nil, fmt.Errorf("--token-file: %v", err)
		}
		opts = append(opts, nats.Token(strings.TrimSpace(string(data))))
	}
	if a.PasswordFile != "" && a.User == "" {
		return nil, errors.New("--password-file needs --user")
	}
	// Replies come to the user's own inbox, the only one its permissions
	// let it read (see bus.RoleGrants).
	opts = append(opts, nats.CustomInboxPrefix(bus.InboxPrefix(user)))
	tlsOpts, err := a.clientTLS()
	if err != nil {
		return nil, err
	}
	return append(opts, tlsOpts...), nil
}

func (a Flags) password() (string, error) {
	if a.PasswordFile != "" {
		data, err := os.ReadFile(a.PasswordFile)
		if err != nil {
			return "", fmt.Errorf("--password-file: %v", err)
		}
		return strings.TrimRight(string(data), "\r\n"), nil
	}
	if pw, ok := os.LookupEnv(PasswordEnv); ok {
		return pw, nil
	}
	return "", fmt.Errorf("--user %s needs a password: --password-file FILE or $%s", a.User, PasswordEnv)
}

func (a Flags) clientTLS() ([]nats.Option, error) {
	var opts []nats.Option
	if a.TLSRequired {
		opts = append(opts, nats.Secure())
	}
	if a.TLSCA != "" {
		opts = append(opts, nats.RootCAs(a.TLSCA))
	}
	if (a.TLSCert == "") != (a.TLSKey == "") {
		return nil, errors.New("--tls-cert and --tls-key go together")
	}
	if a.TLSCert != "" {
		opts = append(opts, nats.ClientCert(a.TLSCert, a.TLSKey))
	}
	return opts, nil
}

// ServerTLS is an embedded server's TLS: its certificate, and the CAs of
// the client certificates it requires. nil without --tls-cert.
func (a Flags) ServerTLS() (*tls.Config, error) {
	if a.TLSCert == "" && a.TLSKey == "" {
		if a.TLSCA != "" {
			return nil, errors.New("--tls-ca for the embedded server needs its --tls-cert and --tls-key")
		}
		return nil, nil
	}
	if a.TLSCert == "" || a.TLSKey == "" {
		return nil, errors.New("--tls-cert and --tls-key go together")
	}
	cert, err := tls.LoadX509KeyPair(a.TLSCert, a.TLSKey)
	if err != nil {
		return nil, fmt.Errorf("--tls-cert/--tls-key: %v", err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	if a.TLSCA != "" {
		pem, err := os.ReadFile(a.TLSCA)
		if err != nil {
			return nil, fmt.Errorf("--tls-ca: %v", err)
		}
		cfg.ClientCAs = x509.NewCertPool()
		if !cfg.ClientCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--tls-ca %s: no PEM certificate in it", a.TLSCA)
		}
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
	}
	return cfg, nil
}

// seedPublicKey reads an nkey seed file and returns its public key.
func seedPublicKey(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		return "", fmt.Errorf("%s: not an nkey seed: %v", path, err)
	}
	return kp.PublicKey()
}

// credsPublicKey is the public key of a creds file's seed.
func credsPublicKey(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("--creds: %v", err)
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		return "", fmt.Errorf("--creds %s: %v", path, err)
	}
	return kp.PublicKey()
}

// CheckURL refuses a NATS URL that carries a password or a token (a bare
// user in a NATS URL is a token): a command line is readable by every user
// of the machine, and URLs end up in logs.
func CheckURL(u string) error {
	for _, one := range strings.Split(u, ",") {
		p, err := url.Parse(strings.TrimSpace(one))
		if err != nil || p.User == nil {
			continue // nats.Connect says what is wrong with it
		}
		if _, ok := p.User.Password(); ok {
			return fmt.Errorf("the NATS URL %s carries a password: give it with --user and --password-file or $%s instead", Redact(u), PasswordEnv)
		}
		return fmt.Errorf("the NATS URL %s carries a token: give it with --token-file instead", Redact(u))
	}
	return nil
}

// Redact hides the password (or token) of each URL in u, for logs and
// errors.
func Redact(u string) string {
	parts := strings.Split(u, ",")
	for i, one := range parts {
		p, err := url.Parse(strings.TrimSpace(one))
		if err != nil || p.User == nil {
			continue
		}
		if _, ok := p.User.Password(); ok {
			p.User = url.UserPassword(p.User.Username(), "xxxxx")
		} else {
			p.User = url.User("xxxxx") // a bare user in a URL is a token
		}
		parts[i] = p.String()
	}
	return strings.Join(parts, ",")
}

// Loopback reports whether HOST:PORT listens on the loopback interface
// only.
func Loopback(listen string) bool {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
