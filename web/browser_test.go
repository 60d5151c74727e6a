package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
	"github.com/chronicle-mtg/chronicle/web"
)

// at is the condition that the viewer stands at seq as viewer as.
func at(seq int, as string) chromedp.Action[chromedp.Void] {
	return until(fmt.Sprintf(`document.documentElement.dataset.seq === "%d" && document.documentElement.dataset.as === %q`, seq, as))
}

func TestBrowserDeepLinkAndKeys(t *testing.T) {
	ctx := tab(t)
	srv, _ := serve(t, recorded(t, "bolt-race.jsonl"), false, "")
	wait(t, ctx, chromedp.Navigate(srv.URL+"/m/bolt-race?seq=4&as=judge"), at(4, "judge"))
	if cur := eval[string](t, ctx, `document.querySelector(".entry[aria-current]").dataset.seq`); cur != "4" {
		t.Errorf("highlighted entry %s, want 4", cur)
	}
	if s := eval[string](t, ctx, `document.querySelector(".stack").textContent`); !strings.Contains(s, "Lightning Bolt") {
		t.Errorf("the stack at seq 4: %q", s)
	}
	shot(t, ctx, "bolt-race-seq4-judge")
	wait(t, ctx, key(kb.ArrowRight), at(5, "judge"))
	// The address follows within the viewer's throttle (linkTo: 200 ms).
	wait(t, ctx, until(`new URLSearchParams(location.search).get("seq") === "5" && new URLSearchParams(location.search).get("as") === "judge"`))
	wait(t, ctx, key(kb.End), at(12, "judge"), key(kb.Home), at(1, "judge"))
	wait(t, ctx, key("]"), until(`Number(document.documentElement.dataset.seq) > 1`))
	wait(t, ctx, key("f"), at(2, "p1"))
	// Presses quicker than a view loads each flip once more.
	wait(t, ctx, key("f"), key("f"), at(2, "public"), key("f"), key("f"), at(2, "p1"))
	if hidden := eval[int](t, ctx, `document.querySelectorAll(".seat[data-player=p2] .hand .card.back").length`); hidden == 0 {
		t.Error("p1's view shows Bob's hand")
	}
	wait(t, ctx, key("?"), until(`!document.getElementById("help").hidden`))
	shot(t, ctx, "bolt-race-help")
}

func TestBrowserListFiltersAndOpens(t *testing.T) {
	ctx := tab(t)
	srv, _ := serve(t, recorded(t, "bolt-race.jsonl", "best-of-three.jsonl", "green-red.jsonl"), false, "")
	wait(t, ctx, chromedp.Navigate(srv.URL+"/"), until(`document.documentElement.dataset.ready === "1"`))
	if n := eval[int](t, ctx, `document.querySelectorAll("table.matches tbody tr").length`); n != 3 {
		t.Fatalf("%d rows, want 3", n)
	}
	if r := eval[string](t, ctx, `document.querySelector("tr[data-match=best-of-three] .result").textContent`); !strings.Contains(r, "wins") {
		t.Errorf("best-of-three's result: %q", r)
	}
	shot(t, ctx, "list")
	wait(t, ctx,
		chromedp.SetValue(`input[name=player]`, "Alice"),
		chromedp.Submit(`form.filters`),
		until(`location.search.includes("player=Alice") && document.documentElement.dataset.ready === "1" && document.querySelectorAll("table.matches tbody tr").length === 2`),
		chromedp.Click(`tr[data-match=green-red] a`),
		until(`location.pathname === "/m/green-red" && document.documentElement.dataset.seq === "231"`),
	)
	wait(t, ctx, key("p"), until(`document.documentElement.dataset.seq !== "231"`))
	lastTurn := eval[string](t, ctx, `document.documentElement.dataset.seq`)
	wait(t, ctx, key("p"), until(fmt.Sprintf(`document.documentElement.dataset.seq !== %q`, lastTurn)))
	wait(t, ctx, key("n"), until(fmt.Sprintf(`document.documentElement.dataset.seq === %q`, lastTurn)))
	// A click on an entry moves there.
	target, _ := strconv.Atoi(lastTurn)
	target -= 2
	wait(t, ctx, until(fmt.Sprintf(`document.getElementById("e-%d") !== null`, target)))
	eval[bool](t, ctx, fmt.Sprintf(`(document.getElementById("e-%d").scrollIntoView({block: "center"}), true)`, target))
	wait(t, ctx, chromedp.Click(fmt.Sprintf(`#e-%d .text`, target)), at(target, "judge"))
	shot(t, ctx, "green-red")
}

// What a player's browser receives while they step through a match holds
// no card hidden from them.
func TestBrowserPlayerViewLeaksNothing(t *testing.T) {
	ctx := tab(t)
	dir := recorded(t, "best-of-three.jsonl")
	sec := secrets(t, dir, "best-of-three", "p2")
	srv, tp := tapped(t, dir, "Dan")
	wait(t, ctx, chromedp.Navigate(srv.URL+"/m/best-of-three?seq=1"), at(1, "p2"))
	for seq := 2; seq <= 40; seq++ {
		wait(t, ctx, key(kb.ArrowRight), at(seq, "p2"))
	}
	wait(t, ctx, key(kb.End), at(179, "p2"), key("f"), at(179, "public"), key("f"), at(179, "p2"))
	wait(t, ctx, chromedp.Click(`[data-tab=audit]`), chromedp.Click(`[data-tab=branches]`), until(`document.querySelector("#branches .tree") !== null`))
	html := eval[string](t, ctx, `document.documentElement.outerHTML`)
	for _, s := range sec {
		if strings.Contains(html, s) {
			t.Errorf("the page shows %s", s)
		}
	}
	checkNoSecrets(t, tp, sec)
	if n := eval[int](t, ctx, `document.querySelectorAll("#view option").length`); n != 2 {
		t.Errorf("Dan's viewer offers %d views, want his and the public's", n)
	}
	shot(t, ctx, "best-of-three-as-dan")
}

// A match that grows moves the page with it when it stands at the end.
func TestBrowserFollowsAGrowingBranch(t *testing.T) {
	ctx := tab(t)
	dir := recorded(t, "bolt-race.jsonl")
	srv, l := serve(t, dir, true, "")
	if _, err := l.Branch(context.Background(), query.BranchRequest{Parent: "bolt-race", At: 2, Name: "shock-first"}); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, chromedp.Navigate(srv.URL+"/m/shock-first"), at(2, "judge"), until(`document.getElementById("live").textContent.includes("live")`))
	inputs, err := os.ReadFile(filepath.Join("..", "fixtures", "branches", "shock-first.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := l.Append(context.Background(), query.AppendRequest{Match: "shock-first", Inputs: string(inputs)})
	if err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, at(int(rep.To), "judge"))
	if n := eval[string](t, ctx, `document.documentElement.dataset.entries`); n != fmt.Sprint(rep.To) {
		t.Errorf("%s entries after the append, want %d", n, rep.To)
	}
	// The branches panel links the diff: where they part, both boards.
	wait(t, ctx, chromedp.Click(`[data-tab=branches]`), until(`document.querySelector("#branches .difflink") !== null`),
		chromedp.Click(`#branches .difflink`), until(`location.pathname === "/diff" && document.documentElement.dataset.ready === "1"`))
	if s := eval[string](t, ctx, `document.querySelector("#diff .part").textContent`); !strings.Contains(s, "seq 4") {
		t.Errorf("the diff: %q", s)
	}
	if h := eval[int](t, ctx, `Math.min(...[...document.querySelectorAll(".diffside .board")].map((b) => Math.round(b.getBoundingClientRect().height)))`); h < 100 {
		t.Errorf("the diff's boards are %dpx high", h)
	}
	shot(t, ctx, "diff")
}

// The HTML export opens from disk, with no server, and steps like the viewer.
func TestBrowserOpensTheExportFromDisk(t *testing.T) {
	ctx := tab(t)
	dir := recorded(t, "bolt-race.jsonl")
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	page, err := web.ExportHTML(context.Background(), query.NewLocal(src), query.FramesRequest{Match: "bolt-race", As: "p2"})
	src.Close()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "bolt-race.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	wait(t, ctx, chromedp.Navigate("file://"+path+"?seq=4"), at(4, "p2"))
	if s := eval[string](t, ctx, `document.querySelector(".stack").textContent`); !strings.Contains(s, "Lightning Bolt") {
		t.Errorf("the stack at seq 4: %q", s)
	}
	wait(t, ctx, key(kb.ArrowRight), at(5, "p2"), key(kb.End), at(12, "p2"), key(kb.Home), at(1, "p2"))
	if n := eval[string](t, ctx, `document.documentElement.dataset.entries`); n != "12" {
		t.Errorf("%s entries, want 12", n)
	}
	shot(t, ctx, "export-from-disk")
}

// Inputs the rules could not verify (the table's effects stood for an
// unmodelled card) or dispute are shown: the share in the list and at the
// cursor, a badge on each, a tick on the scrub bar, and audit findings.
func TestBrowserShowsVerification(t *testing.T) {
	ctx := tab(t)
	srv, _ := serve(t, recorded(t, "table-effects.jsonl", "bolt-race.jsonl"), false, "")
	wait(t, ctx, chromedp.Navigate(srv.URL+"/"), until(`document.documentElement.dataset.ready === "1"`))
	if s := eval[string](t, ctx, `document.querySelector("tr[data-match=table-effects] .share").textContent`); s == "" || s == "100%" {
		t.Errorf("table-effects' verified share: %q", s)
	}
	if s := eval[string](t, ctx, `document.querySelector("tr[data-match=bolt-race] .share").textContent`); s != "100%" {
		t.Errorf("bolt-race's verified share: %q", s)
	}
	wait(t, ctx, chromedp.Navigate(srv.URL+"/m/table-effects?seq=1"), at(1, "judge"),
		until(`document.querySelectorAll(".tk-unverified").length > 0`))
	wait(t, ctx, key("]"), until(`document.documentElement.dataset.seq !== "1"`))
	for !strings.Contains(eval[string](t, ctx, `document.querySelector(".entry[aria-current]").textContent`), "unverified") {
		before := eval[string](t, ctx, `document.documentElement.dataset.seq`)
		wait(t, ctx, key("]"), until(fmt.Sprintf(`document.documentElement.dataset.seq !== %q`, before)))
	}
	if s := eval[string](t, ctx, `document.getElementById("status").textContent`); !strings.Contains(s, "unverified") {
		t.Errorf("the status at an unverified input: %q", s)
	}
	wait(t, ctx, chromedp.Click(`[data-tab=audit]`), until(`document.querySelector("#audit .fk-unverified") !== null`))
	shot(t, ctx, "table-effects-unverified")
}

// Characteristics that continuous effects changed (CR 613) are marked with
// what the card says: a copy, a type, colour and keyword added, power
// raised.
func TestBrowserMarksWhatDiffersFromPrint(t *testing.T) {
	ctx := tab(t)
	dir := t.TempDir()
	replaytest.Record(t, dir, filepath.Join("testdata", "layers.jsonl"))
	srv, _ := serve(t, dir, false, "")
	wait(t, ctx, chromedp.Navigate(srv.URL+"/m/layers?seq=4&as=judge"), at(4, "judge"))
	for id, want := range map[string]string{
		"o10": "printed: a copy: the card is Grizzly Bears; subtypes Bear; colors G",
		"o11": "printed: types Creature; colors R; keywords none",
	} {
		if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector(".card.altered[data-id=%s] .altered")?.title ?? ""`, id)); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	if got := eval[string](t, ctx, `document.querySelector("[data-id=o11] .pt.changed")?.title ?? ""`); got != "printed 3/3" {
		t.Errorf("o11's power and toughness: %q, want printed 3/3", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("[data-id=o11] .gained")?.textContent ?? ""`); got != "Flying" {
		t.Errorf("o11's gained keyword: %q", got)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-id=o12].altered, [data-id=o12] .pt.changed").length`); n != 0 {
		t.Error("an untouched Llanowar Elves is marked")
	}
	shot(t, ctx, "layers-printed")
}
