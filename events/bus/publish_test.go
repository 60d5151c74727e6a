package bus_test

import (
	"errors"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// inputs is match m1's first two inputs as a client sends them: no seal.
func inputs() []*events.Event {
	return []*events.Event{
		{Match: "m1", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: &events.MatchStarted{
			Format: "standard", Event: "test-cup", Players: []events.Player{{ID: "p1", Name: "Alice"}, {ID: "p2", Name: "Bob"}}}},
		{Match: "m1", Seq: 2, Kind: events.KindPass, Actor: "p1", Body: &events.Pass{Player: "p1"}},
	}
}

// TestPublishNoRecorder guards a publisher with no recorder running: it
// fails fast with ErrNoRecorder, publishes nothing, and reports every input
// untried.
func TestPublishNoRecorder(t *testing.T) {
	e := startEnv(t)
	s := e.stream(t)
	p, err := bus.NewPublisher(testCtx(t), e.nc)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	outs, err := p.PublishMatch(testCtx(t), "m1", inputs())
	if !errors.Is(err, bus.ErrNoRecorder) {
		t.Fatalf("PublishMatch: %v, want ErrNoRecorder", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %s to find no recorder", d)
	}
	if len(outs) != 2 || outs[0].Status != bus.StatusUntried || outs[1].Status != bus.StatusUntried {
		t.Errorf("outcomes %+v, want two untried", outs)
	}
	info, err := s.Info(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 0 {
		t.Errorf("the stream holds %d messages, want none", info.State.Msgs)
	}
}

// TestNewPublisherNoStream guards NewPublisher on a server without the
// input stream: an error, not a publisher that fails later.
func TestNewPublisherNoStream(t *testing.T) {
	e := startEnv(t)
	if _, err := bus.NewPublisher(testCtx(t), e.nc); err == nil {
		t.Fatal("NewPublisher succeeded without the input stream")
	}
}

// TestPublishMatchChecksInputs guards PublishMatch's argument check: inputs
// of another match or with a gap are refused before anything is sent.
func TestPublishMatchChecksInputs(t *testing.T) {
	e := startEnv(t)
	e.stream(t)
	p, err := bus.NewPublisher(testCtx(t), e.nc)
	if err != nil {
		t.Fatal(err)
	}
	gap := inputs()
	gap[1].Seq = 3
	for name, evs := range map[string][]*events.Event{"other match": inputs(), "gap": gap} {
		match := "m1"
		if name == "other match" {
			match = "m2"
		}
		if _, err := p.PublishMatch(testCtx(t), match, evs); err == nil || errors.Is(err, bus.ErrNoRecorder) {
			t.Errorf("%s: %v, want an argument error", name, err)
		}
	}
}
