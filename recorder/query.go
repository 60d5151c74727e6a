package recorder

import (
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Live reads. With Config.Queries the recorder also answers the read
// service (package query, protocol.go there) from its own store while it
// records: lists, boards, narratives, audits, exports, the rejection log,
// and branches made and appended to. It owns every match of its store, and
// each new match from the batch that first stores it; after each batch it
// publishes a head notice for every match the batch touched.

// startQueries starts the read service, if configured.
func (r *Recorder) startQueries() error {
	if !r.cfg.Queries {
		return nil
	}
	svc, err := query.NewService(query.ServiceConfig{
		Conn:      r.cfg.Conn,
		Local:     query.NewLocalWriter(replay.StoreOn(r.cfg.Store)),
		Authorize: r.cfg.Authorize,
		Logger:    r.log,
	})
	if err != nil {
		return err
	}
	if err := svc.OwnAll(); err != nil {
		svc.Close()
		return err
	}
	r.queries = svc
	return nil
}

// stopQueries stops the read service; the store stays open.
func (r *Recorder) stopQueries() {
	if r.queries != nil {
		r.queries.Close()
	}
}

// own answers for the matches of a batch just committed, before their
// verdicts go out: whoever hears a verdict can read the match at once.
func (r *Recorder) own(b *store.Batch) {
	if r.queries == nil {
		return
	}
	for _, m := range batchMatches(b) {
		if err := r.queries.Own(m); err != nil {
			r.log.Warn("read service: own", "match", m, "err", err)
		}
	}
}

// moved sends the head notices of the batch's matches.
func (r *Recorder) moved(b *store.Batch) {
	if r.queries == nil {
		return
	}
	for _, m := range batchMatches(b) {
		r.queries.Moved(m)
	}
}

// batchMatches lists the matches a batch stored inputs of, in order.
func batchMatches(b *store.Batch) []string {
	var out []string
	seen := map[string]bool{}
	for _, ev := range b.Events {
		if !seen[ev.Match] {
			seen[ev.Match] = true
			out = append(out, ev.Match)
		}
	}
	return out
}
