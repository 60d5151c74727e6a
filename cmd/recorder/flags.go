package main

import (
	"log/slog"
	"path/filepath"
)

// dataFlag is --data, shared by the commands that open the store.
type dataFlag struct {
	Data string `name:"data" env:"CHRONICLE_DATA" default:"./chronicle-data" placeholder:"DIR" help:"Data directory (bbolt store, embedded server's JetStream files). Default: $$CHRONICLE_DATA, else ./chronicle-data."`
}

func (d dataFlag) storeDir() string { return d.Data }

func (d dataFlag) natsDir() string { return filepath.Join(d.Data, "nats") }

// logFlag is --log-level.
type logFlag struct {
	LogLevel string `name:"log-level" default:"info" enum:"debug,info,warn,error" help:"Log level for stderr (${enum})."`
}

func (l logFlag) logger(e *env) *slog.Logger {
	var lv slog.Level
	_ = lv.UnmarshalText([]byte(l.LogLevel))
	return slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: lv}))
}

// rulesFlag is --no-rules.
type rulesFlag struct {
	NoRules bool `name:"no-rules" help:"Check only the log's own rules (envelope, seq, hash chain), not the rules of Magic: for logs with cards the rules engine doesn't model yet."`
}
