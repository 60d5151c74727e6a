package main

import (
	"crypto/tls"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/internal/natsauth"
)

// natsAuth is how recorder signs in to NATS and secures the connection
// (internal/natsauth, which replay --nats shares).
type natsAuth struct {
	natsauth.Flags
}

func (a natsAuth) hasCredentials() bool            { return a.HasCredentials() }
func (a natsAuth) options() ([]nats.Option, error) { return a.Options() }
func (a natsAuth) serverTLS() (*tls.Config, error) { return a.ServerTLS() }
func checkURL(u string) error                      { return natsauth.CheckURL(u) }
func redact(u string) string                       { return natsauth.Redact(u) }
func loopback(listen string) bool                  { return natsauth.Loopback(listen) }
