package bus_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// TestEnsureStream guards the input stream's creation: made once with the
// input subjects, file storage and a two-minute duplicate window; the second
// call returns the existing stream, messages and config untouched.
func TestEnsureStream(t *testing.T) {
	e := startEnv(t)
	ctx := testCtx(t)
	s := e.stream(t)
	cfg := s.CachedInfo().Config
	if cfg.Name != bus.StreamName || !reflect.DeepEqual(cfg.Subjects, []string{"chronicle.match.*.in"}) ||
		cfg.Storage != jetstream.FileStorage || cfg.Duplicates != 2*time.Minute || cfg.Replicas != 1 {
		t.Errorf("stream config %+v", cfg)
	}
	e.publish(t, 2)

	again, err := bus.EnsureStream(ctx, e.js, bus.StreamOptions{Dedup: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	info, err := again.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !info.Created.Equal(s.CachedInfo().Created) || info.State.Msgs != 2 || info.Config.Duplicates != 2*time.Minute {
		t.Errorf("second EnsureStream did not return the existing stream: created %v (first %v), %d msgs, dedup %s",
			info.Created, s.CachedInfo().Created, info.State.Msgs, info.Config.Duplicates)
	}
	names := e.js.StreamNames(ctx)
	var all []string
	for n := range names.Name() {
		all = append(all, n)
	}
	if names.Err() != nil || !reflect.DeepEqual(all, []string{bus.StreamName}) {
		t.Errorf("streams %v (%v), want only %s", all, names.Err(), bus.StreamName)
	}
}

// TestEnsureStreamDedup guards the duplicate window in use: a second input
// with the same message id is dropped by the stream.
func TestEnsureStreamDedup(t *testing.T) {
	e := startEnv(t)
	ctx := testCtx(t)
	s := e.stream(t)
	for i := 0; i < 2; i++ {
		ack, err := e.js.Publish(ctx, bus.InSubject("m1"), []byte("x"), jetstream.WithMsgID(bus.MsgID("m1", 1)))
		if err != nil {
			t.Fatal(err)
		}
		if ack.Duplicate != (i == 1) || ack.Sequence != 1 {
			t.Errorf("publish %d: sequence %d duplicate %v", i, ack.Sequence, ack.Duplicate)
		}
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 1 {
		t.Errorf("stream holds %d msgs, want 1", info.State.Msgs)
	}
}

// TestCursorNameNewStream guards CursorName: stable for one stream, new when
// the stream is deleted and created again.
func TestCursorNameNewStream(t *testing.T) {
	e := startEnv(t)
	ctx := testCtx(t)
	first := bus.CursorName(e.stream(t))
	if !strings.HasPrefix(first, bus.StreamName+"@") {
		t.Errorf("cursor name %q does not start with the stream name", first)
	}
	looked, err := e.js.Stream(ctx, bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	if got := bus.CursorName(looked); got != first {
		t.Errorf("cursor name of the same stream changed: %q then %q", first, got)
	}
	if err := e.js.DeleteStream(ctx, bus.StreamName); err != nil {
		t.Fatal(err)
	}
	// The server may still be removing the old stream's files: creating
	// one under the same name then fails ("error creating store for
	// stream", err_code 10049) for a moment, on a loaded machine.
	var again jetstream.Stream
	for {
		s, err := bus.EnsureStream(ctx, e.js, bus.StreamOptions{})
		if err == nil {
			again = s
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the stream made again after a delete: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if second := bus.CursorName(again); second == first {
		t.Errorf("a new stream kept the cursor name %q", first)
	}
}

// TestStreamDeniesDeleteAndPurge guards the hardened stream: no client
// deletes an input or purges the stream, and a stream made by an earlier
// version is hardened when the recorder finds it.
func TestStreamDeniesDeleteAndPurge(t *testing.T) {
	e := startEnv(t)
	ctx := testCtx(t)
	// As an earlier version made it.
	if _, err := e.js.CreateStream(ctx, jetstream.StreamConfig{Name: bus.StreamName, Subjects: []string{bus.InWildcard}}); err != nil {
		t.Fatal(err)
	}
	s := e.stream(t)
	cfg := s.CachedInfo().Config
	if !cfg.DenyDelete || !cfg.DenyPurge {
		t.Fatalf("stream config deny_delete %v, deny_purge %v", cfg.DenyDelete, cfg.DenyPurge)
	}
	e.publish(t, 2)
	if err := s.DeleteMsg(ctx, 1); err == nil {
		t.Error("a message was deleted")
	}
	if err := s.Purge(ctx); err == nil {
		t.Error("the stream was purged")
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 2 {
		t.Errorf("the stream holds %d messages, want 2", info.State.Msgs)
	}
}
