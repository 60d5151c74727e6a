package query

import (
	"context"
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Who may read what. A judge reads every match as anyone; a player reads
// only the matches they played, and only as themselves (or as the public):
// never the judge's view, the rejection log, or an export that holds every
// card. Guard puts a Reader behind that rule for one player, as `replay
// serve --player` does; the NATS service applies it per request from the
// subject the request came on (see protocol.go), which a deployment's NATS
// permissions grant per user.

// Guard serves r to the player named player (their name in match_started)
// alone. An empty player returns r unchanged: everyone, every view.
func Guard(r Reader, player string) Reader {
	if player == "" {
		return r
	}
	return &guarded{r: r, player: player}
}

type guarded struct {
	r      Reader
	player string
}

// seat is the player's id in the match, or a forbidden error when they
// didn't play it. Unknown matches pass through as the inner reader tells
// them.
func (g *guarded) seat(ctx context.Context, match string) (string, error) {
	sum, err := g.r.Match(ctx, match)
	if err != nil {
		return "", err
	}
	for _, p := range sum.Players {
		if p.Name == g.player {
			return p.ID, nil
		}
	}
	return "", Errorf(CodeForbidden, "%s did not play match %s: a player reads only their own matches", g.player, match)
}

// viewer is the view the player may take: as resolved against the match,
// their own seat when as is empty; the judge's or another player's view is
// forbidden.
func (g *guarded) viewer(ctx context.Context, match, as string) (string, error) {
	seat, err := g.seat(ctx, match)
	if err != nil {
		return "", err
	}
	if as == "" {
		return seat, nil
	}
	sum, err := g.r.Match(ctx, match)
	if err != nil {
		return "", err
	}
	v, err := replay.Viewer(sum, as)
	if err != nil {
		return "", Errorf(CodeBadRequest, "as: %v", err)
	}
	if v != seat && v != reducer.ViewPublic {
		return "", Errorf(CodeForbidden, "%s reads match %s only as %s (or public), not as %s", g.player, match, seat, v)
	}
	return v, nil
}

func (g *guarded) List(ctx context.Context, f replay.Filter) ([]replay.Summary, error) {
	if f.Player != "" && f.Player != g.player {
		return []replay.Summary{}, nil
	}
	f.Player = g.player
	ms, err := g.r.List(ctx, f)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ms, func(s replay.Summary) bool {
		return !slices.ContainsFunc(s.Players, func(p replay.Player) bool { return p.Name == g.player })
	}), nil
}

func (g *guarded) Match(ctx context.Context, match string) (replay.Summary, error) {
	if _, err := g.seat(ctx, match); err != nil {
		return replay.Summary{}, err
	}
	return g.r.Match(ctx, match)
}

func (g *guarded) State(ctx context.Context, r StateRequest) (*reducer.View, error) {
	var err error
	if r.As, err = g.viewer(ctx, r.Match, r.As); err != nil {
		return nil, err
	}
	return g.r.State(ctx, r)
}

func (g *guarded) Log(ctx context.Context, r ViewRequest) (*LogReply, error) {
	var err error
	if r.As, err = g.viewer(ctx, r.Match, r.As); err != nil {
		return nil, err
	}
	return g.r.Log(ctx, r)
}

func (g *guarded) Timeline(ctx context.Context, r ViewRequest) (*Timeline, error) {
	var err error
	if r.As, err = g.viewer(ctx, r.Match, r.As); err != nil {
		return nil, err
	}
	return g.r.Timeline(ctx, r)
}

func (g *guarded) Frames(ctx context.Context, r FramesRequest) (*Frames, error) {
	var err error
	if r.As, err = g.viewer(ctx, r.Match, r.As); err != nil {
		return nil, err
	}
	return g.r.Frames(ctx, r)
}

func (g *guarded) Audit(ctx context.Context, r ViewRequest) (*replay.Report, error) {
	var err error
	if r.As, err = g.viewer(ctx, r.Match, r.As); err != nil {
		return nil, err
	}
	return g.r.Audit(ctx, r)
}

func (g *guarded) Verify(ctx context.Context, match string) (replay.Result, error) {
	if _, err := g.seat(ctx, match); err != nil {
		return replay.Result{}, err
	}
	return g.r.Verify(ctx, match)
}

func (g *guarded) Export(ctx context.Context, r ExportRequest) ([]byte, error) {
	var err error
	if r.As, err = g.viewer(ctx, r.Match, r.As); err != nil {
		return nil, err
	}
	if r.Format != replay.FormatText {
		return nil, Errorf(CodeForbidden, "a %s export holds every card of the log: a player exports text (or html) as themselves", r.Format)
	}
	return g.r.Export(ctx, r)
}

func (g *guarded) Rejections(context.Context, string) ([]replay.Rejection, error) {
	return nil, Errorf(CodeForbidden, "the rejection log holds inputs as sent: only a judge reads it")
}

func (g *guarded) Diff(ctx context.Context, r DiffRequest) (*DiffReply, error) {
	if _, err := g.seat(ctx, r.B); err != nil {
		return nil, err
	}
	var err error
	if r.As, err = g.viewer(ctx, r.A, r.As); err != nil {
		return nil, err
	}
	return g.r.Diff(ctx, r)
}
