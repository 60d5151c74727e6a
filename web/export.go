package web

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
)

// FormatHTML is `replay export --format html`: one self-contained page.
const FormatHTML = "html"

// Exported is the data inside an exported page: what the server's API
// would answer for one match and one viewer, with the views of every
// position (query.Frames) instead of a server to ask.
type Exported struct {
	Timeline *query.Timeline       `json:"timeline"`
	Frames   *query.Frames         `json:"frames"`
	Cards    map[string]*CardFacts `json:"cards"`
}

// ExportHTML writes the page of match r.Match as r.As sees it, up to input
// r.To (0: the end): the viewer's modules and styles, the timeline, and the
// view of every position. It opens from disk in a browser, with no server;
// a judge attaches it to a report.
func ExportHTML(ctx context.Context, rd query.Reader, r query.FramesRequest) ([]byte, error) {
	tl, err := rd.Timeline(ctx, query.ViewRequest{Match: r.Match, As: r.As})
	if err != nil {
		return nil, err
	}
	r.As = tl.As
	fr, err := rd.Frames(ctx, r)
	if err != nil {
		return nil, err
	}
	if n := uint64(len(fr.Frames)); n < uint64(len(tl.Entries)) {
		cut := 0
		for cut < len(tl.Entries) && tl.Entries[cut].Seq <= n {
			cut++
		}
		tl = trimTimeline(tl, cut)
	}
	data, err := json.Marshal(Exported{Timeline: tl, Frames: fr, Cards: cardsIn(fr)})
	if err != nil {
		return nil, err
	}
	imports, err := inlineImports()
	if err != nil {
		return nil, err
	}
	return pageHTML(imports, string(data))
}

// trimTimeline keeps the first n entries and what belongs to them.
func trimTimeline(tl *query.Timeline, n int) *query.Timeline {
	t := *tl
	t.Entries, t.Times, t.Lives = t.Entries[:n], t.Times[:min(n, len(t.Times))], t.Lives[:min(n, len(t.Lives))]
	last := uint64(0)
	if n > 0 {
		last = t.Entries[n-1].Seq
	}
	t.Marks = []replay.Mark{}
	for _, m := range tl.Marks {
		if m.Seq <= last {
			t.Marks = append(t.Marks, m)
		}
	}
	t.Findings = []replay.Finding{}
	for _, f := range tl.Findings {
		if f.Seq <= last {
			t.Findings = append(t.Findings, f)
		}
	}
	t.Match.HeadSeq = last
	return &t
}

// cardsIn gathers the facts of every card named in the frames: the names
// the viewer saw, nothing more.
func cardsIn(fr *query.Frames) map[string]*CardFacts {
	out := map[string]*CardFacts{}
	add := func(raw json.RawMessage) {
		var objs any
		if json.Unmarshal(raw, &objs) != nil {
			return
		}
		walkObjects(objs, func(o map[string]any) {
			name, _ := o["name"].(string)
			if _, isObj := o["zone"]; !isObj || name == "" {
				return
			}
			if _, done := out[name]; done {
				return
			}
			if f, ok := cardFacts(name); ok {
				out[name] = f
			}
		})
	}
	for _, n := range fr.Nodes {
		add(n)
	}
	for _, f := range fr.Frames {
		add(f)
	}
	return out
}

func walkObjects(v any, fn func(map[string]any)) {
	switch t := v.(type) {
	case map[string]any:
		fn(t)
		for _, c := range t {
			walkObjects(c, fn)
		}
	case []any:
		for _, c := range t {
			walkObjects(c, fn)
		}
	}
}

// inlineImports maps every module to a data: URL of its source.
func inlineImports() (map[string]string, error) {
	out := map[string]string{}
	var names []string
	err := fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		names = append(names, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	for _, p := range names {
		src, err := assets.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out["chronicle/"+path.Base(p)] = "data:text/javascript;base64," + base64.StdEncoding.EncodeToString(src)
	}
	return out, nil
}
