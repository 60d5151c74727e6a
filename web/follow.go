package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/chronicle-mtg/chronicle/query"
)

// Live follow: GET /api/matches/{m}/follow is a stream of server-sent
// events, one "head" event each time the match's head moves, its id the
// head seq and its data the match's summary. A browser that reconnects
// sends the last id it saw (Last-Event-ID) and hears at once of anything
// newer; ?since=SEQ does the same for a first connection. The page then
// fetches the timeline and the board again.

// Follow timing: a poll backs the watcher up (a notice lost while a
// connection to NATS was down), and a comment keeps proxies from closing
// an idle stream.
var (
	followPoll      = 5 * time.Second
	followKeepAlive = 15 * time.Second
)

func (s *Server) follow(w http.ResponseWriter, r *http.Request) {
	match := r.PathValue("match")
	if s.opt.Watcher == nil {
		s.fail(w, r, query.Errorf(query.CodeUnavailable, "this viewer doesn't follow matches live"))
		return
	}
	ctx := r.Context()
	sum, err := s.r.Match(ctx, match)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		s.fail(w, r, fmt.Errorf("web: the connection can't stream"))
		return
	}
	since := r.Header.Get("Last-Event-ID")
	if since == "" {
		since = r.URL.Query().Get("since")
	}
	last, err := uintParam(since, "since")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ticks, err := s.opt.Watcher.Watch(ctx, match)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1000\n\n")
	flusher.Flush()
	send := func() bool {
		data, err := json.Marshal(sum)
		if err != nil {
			return false
		}
		last = sum.HeadSeq
		_, err = fmt.Fprintf(w, "id: %s\nevent: head\ndata: %s\n\n", strconv.FormatUint(sum.HeadSeq, 10), data)
		flusher.Flush()
		return err == nil
	}
	if sum.HeadSeq != last && !send() {
		return
	}
	poll := time.NewTicker(followPoll)
	defer poll.Stop()
	alive := time.NewTicker(followKeepAlive)
	defer alive.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-alive.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
			continue
		case <-ticks:
		case <-poll.C:
		}
		next, err := s.r.Match(ctx, match)
		if err != nil {
			continue // a recorder out of reach for now: the poll tries again
		}
		if next.HeadSeq != last || next.Head != sum.Head {
			sum = next
			if !send() {
				return
			}
		}
	}
}
