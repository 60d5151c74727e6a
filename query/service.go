package query

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"
	"github.com/nats-io/nuid"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/replay"
)

// ServiceName is the read service's name for NATS service discovery
// (`nats micro ls`, $SRV.PING.chronicle-read).
const ServiceName = "chronicle-read"

// Access is one request as Authorize judges it.
type Access struct {
	Op    string // an Op*, or "list"
	Match string // "" for list and the whole rejection log
	// View is the view the subject names: judge, public or a player id;
	// "" for writes and for list.
	View  string
	Write bool
}

// ServiceConfig configures a Service. Conn and Local are required.
type ServiceConfig struct {
	Conn *nats.Conn
	// Local answers; it writes (branch, append) when NewLocalWriter made it.
	Local *Local
	// Authorize, if set, is asked before a request is answered; an error
	// refuses it as forbidden. The subjects' NATS permissions come first:
	// this is the place for rules NATS can't express.
	Authorize func(Access) error
	// Version is told to service discovery.
	Version string
	Logger  *slog.Logger
	// Workers answer per-match requests at once; default 4.
	Workers int
}

// Service answers the read service's requests for the matches of one store
// (see protocol.go). Own subscribes a match's subjects; the recorder owns
// every match of its store, and each new one as it is first stored.
type Service struct {
	cfg  ServiceConfig
	log  *slog.Logger
	id   string
	svc  micro.Service
	msgs chan *nats.Msg
	ctx  context.Context
	stop context.CancelFunc
	wg   sync.WaitGroup

	mu     sync.Mutex
	owned  map[string][]*nats.Subscription
	closed bool
}

// NewService starts answering list and rejection requests, and per-match
// requests for the matches it is told to Own.
func NewService(cfg ServiceConfig) (*Service, error) {
	if cfg.Conn == nil || cfg.Local == nil {
		return nil, errors.New("query: a service needs Conn and Local")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 4
	}
	if cfg.Version == "" {
		cfg.Version = "1.0.0"
	}
	ctx, stop := context.WithCancel(context.Background())
	s := &Service{cfg: cfg, log: cfg.Logger, id: nuid.Next(), msgs: make(chan *nats.Msg, 1024),
		ctx: ctx, stop: stop, owned: map[string][]*nats.Subscription{}}
	svc, err := micro.AddService(cfg.Conn, micro.Config{
		Name: ServiceName, Version: cfg.Version,
		Description:        "Chronicle's recorded matches, read live: see chronicle.read.m.<match>.<view>.<op>",
		QueueGroupDisabled: true, // every recorder answers for its own store
		Metadata:           map[string]string{"responder": s.id},
	})
	if err != nil {
		stop()
		return nil, fmt.Errorf("query: service: %w", err)
	}
	s.svc = svc
	for name, subject := range map[string]string{"list": SubjectList, OpRejections: SubjectRejections} {
		op := name
		if err := svc.AddEndpoint(name, micro.HandlerFunc(func(r micro.Request) { s.gather(op, r) }), micro.WithEndpointSubject(subject)); err != nil {
			s.Close()
			return nil, fmt.Errorf("query: endpoint %s: %w", name, err)
		}
	}
	for i := 0; i < cfg.Workers; i++ {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			for {
				select {
				case <-ctx.Done():
					return
				case m := <-s.msgs:
					s.handle(m)
				}
			}
		}()
	}
	return s, nil
}

// ID names this responder in replies.
func (s *Service) ID() string { return s.id }

// Own makes the service answer for match. Owning a match twice is a no-op.
// The subscriptions go out on the service's connection: a message sent
// after Own on it (a verdict, a reply) reaches the server after them.
func (s *Service) Own(match string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return errors.New("query: service closed")
	}
	if _, ok := s.owned[match]; ok {
		return nil
	}
	var subs []*nats.Subscription
	for _, subj := range []string{bus.ReadMatchWild(match, "*"), bus.WriteMatchWild(match)} {
		sub, err := s.cfg.Conn.ChanSubscribe(subj, s.msgs)
		if err != nil {
			for _, sub := range subs {
				sub.Unsubscribe()
			}
			return fmt.Errorf("query: own %s: %w", match, err)
		}
		subs = append(subs, sub)
	}
	s.owned[match] = subs
	return nil
}

// OwnAll owns every match the Local's source holds, and returns once the
// server knows it.
func (s *Service) OwnAll() error {
	ms, err := s.cfg.Local.Source().Matches()
	if err != nil {
		return err
	}
	for _, m := range ms {
		if err := s.Own(m.Match); err != nil {
			return err
		}
	}
	return s.cfg.Conn.Flush()
}

// Moved tells watchers that the match's head may have moved: its summary on
// chronicle.head.<match>.
func (s *Service) Moved(match string) {
	sum, err := s.cfg.Local.Match(context.Background(), match)
	if err != nil {
		return
	}
	data, err := json.Marshal(sum)
	if err != nil {
		return
	}
	if err := s.cfg.Conn.Publish(HeadSubject(match), data); err != nil {
		s.log.Warn("head notice", "match", match, "err", err)
	}
	s.cfg.Local.Changed(match)
}

// Close stops answering. It is idempotent.
func (s *Service) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	for _, subs := range s.owned {
		for _, sub := range subs {
			sub.Unsubscribe()
		}
	}
	s.mu.Unlock()
	var err error
	if s.svc != nil {
		err = s.svc.Stop()
	}
	s.stop()
	s.wg.Wait()
	return err
}

// gather answers list and the whole rejection log from this store.
func (s *Service) gather(op string, r micro.Request) {
	a := Access{Op: op}
	if op == OpRejections {
		a.View = "judge"
	}
	if err := s.authorize(a); err != nil {
		s.reply(r.Reply(), nil, err)
		return
	}
	switch op {
	case "list":
		var f replay.Filter
		if len(r.Data()) > 0 {
			if err := json.Unmarshal(r.Data(), &f); err != nil {
				s.reply(r.Reply(), nil, Errorf(CodeBadRequest, "list: the request is not a filter: %v", err))
				return
			}
		}
		ms, err := s.cfg.Local.List(s.ctx, f)
		s.reply(r.Reply(), ms, err)
	case OpRejections:
		rs, err := s.cfg.Local.Rejections(s.ctx, "")
		s.reply(r.Reply(), rs, err)
	}
}

func (s *Service) authorize(a Access) error {
	if s.cfg.Authorize == nil {
		return nil
	}
	if err := s.cfg.Authorize(a); err != nil {
		return Errorf(CodeForbidden, "%v", err)
	}
	return nil
}

// handle answers one per-match request.
func (s *Service) handle(m *nats.Msg) {
	if m.Reply == "" {
		return
	}
	v, err := s.answer(m)
	s.reply(m.Reply, v, err)
}

func (s *Service) answer(m *nats.Msg) (any, error) {
	p, err := parseSubject(m.Subject)
	if err != nil {
		return nil, Errorf(CodeBadRequest, "%v", err)
	}
	ctx := s.ctx
	l := s.cfg.Local
	sum, err := l.Match(ctx, p.match)
	if err != nil {
		return nil, err
	}
	if !p.write {
		if v, err := replay.Viewer(sum, p.view); err != nil || v != p.view {
			return nil, Errorf(CodeBadRequest, "view %q: want judge, public or a player id of match %s", p.view, p.match)
		}
	}
	if err := s.authorize(Access{Op: p.op, Match: p.match, View: p.view, Write: p.write}); err != nil {
		return nil, err
	}
	decode := func(into any) error {
		if len(m.Data) == 0 {
			return nil
		}
		if err := json.Unmarshal(m.Data, into); err != nil {
			return Errorf(CodeBadRequest, "%s: the request body: %v", p.op, err)
		}
		return nil
	}
	if p.write {
		switch p.op {
		case OpBranch:
			var r BranchRequest
			if err := decode(&r); err != nil {
				return nil, err
			}
			r.Parent = p.match
			b, err := l.Branch(ctx, r)
			if err != nil {
				return nil, err
			}
			if err := s.Own(b.Match); err != nil {
				s.log.Warn("own a new branch", "match", b.Match, "err", err)
			}
			s.Moved(b.Match)
			return b, nil
		case OpAppend:
			var r AppendRequest
			if err := decode(&r); err != nil {
				return nil, err
			}
			r.Match = p.match
			rep, err := l.Append(ctx, r)
			if err == nil {
				s.Moved(p.match)
			}
			return rep, err
		}
		return nil, Errorf(CodeBadRequest, "no write op %q (branch, append)", p.op)
	}
	switch p.op {
	case OpSummary:
		return sum, nil
	case OpState:
		var r StateRequest
		if err := decode(&r); err != nil {
			return nil, err
		}
		r.Match, r.As = p.match, p.view
		return l.State(ctx, r)
	case OpLog, OpTimeline, OpAudit:
		var r ViewRequest
		if p.op == OpTimeline {
			if err := decode(&r); err != nil { // no_audit
				return nil, err
			}
		}
		r.Match, r.As = p.match, p.view
		switch p.op {
		case OpLog:
			return l.Log(ctx, r)
		case OpTimeline:
			return l.Timeline(ctx, r)
		}
		return l.Audit(ctx, r)
	case OpFrames:
		var r FramesRequest
		if err := decode(&r); err != nil {
			return nil, err
		}
		r.Match, r.As = p.match, p.view
		return l.Frames(ctx, r)
	case OpVerify:
		return l.Verify(ctx, p.match)
	case OpExport:
		var r ExportRequest
		if err := decode(&r); err != nil {
			return nil, err
		}
		r.Match, r.As = p.match, p.view
		return l.Export(ctx, r)
	case OpRejections:
		if p.view != "judge" {
			return nil, Errorf(CodeForbidden, "the rejection log holds inputs as sent: only a judge reads it")
		}
		return l.Rejections(ctx, p.match)
	case OpDiff:
		var r DiffRequest
		if err := decode(&r); err != nil {
			return nil, err
		}
		r.A, r.As = p.match, p.view
		return l.Diff(ctx, r)
	}
	return nil, Errorf(CodeBadRequest, "no read op %q", p.op)
}

// reply sends v as JSON, or err as an Error, in as many messages as it
// takes.
func (s *Service) reply(to string, v any, err error) {
	if to == "" {
		return
	}
	var body []byte
	isErr := err != nil
	if isErr {
		body, _ = json.Marshal(wrap(err))
	} else if raw, ok := v.([]byte); ok {
		body = raw // an export: its bytes as they are
	} else if body, err = json.Marshal(v); err != nil {
		isErr = true
		body, _ = json.Marshal(Errorf(CodeInternal, "query: encoding the answer: %v", err))
	}
	for _, m := range replyMsgs(to, s.id, body, isErr, s.cfg.Conn.MaxPayload()) {
		if err := s.cfg.Conn.PublishMsg(m); err != nil {
			s.log.Warn("reply", "to", to, "err", err)
			return
		}
	}
}
