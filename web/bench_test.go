package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// BenchmarkBrowserLongMatch measures, in Chromium, the viewer on a
// 10,000-input match (a judge's view: 400 permanents and two libraries at
// its end): the first paint of its last position, from navigation to the
// frame that shows the board, the events and the scrub bar; a step back,
// from the key to the frame that shows it (the viewer has fetched that
// position ahead); and a jump to the turn's start, which asks the server.
// Targets: under 1 s, and under 50 ms for a step, on the 2-core machine.
//
//	CHRONICLE_BROWSER=1 go test ./web -run '^$' -bench BrowserLongMatch -benchtime 5x
func BenchmarkBrowserLongMatch(b *testing.B) {
	ctx := tab(b)
	dir := b.TempDir()
	replaytest.LongMatch(b, dir, "long", 10000)
	srv, _ := serve(b, dir, false, "")
	// One load first: the server tells the match and audits it once and
	// keeps both.
	wait(b, ctx, chromedp.Navigate(srv.URL+"/m/long"), until(`document.documentElement.dataset.seq === "10000" && document.documentElement.dataset.audited === "1"`))
	fetched := func(seq string) chromedp.Action[chromedp.Void] {
		return until(`performance.getEntriesByType("resource").some(e => e.name.includes("state?seq=` + seq + `&") && e.responseEnd > 0)`)
	}
	var paint, step, jump float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		wait(b, ctx, chromedp.Navigate(srv.URL+"/m/long?seq=10000&as=judge"),
			until(`document.documentElement.dataset.seq === "10000" && window.chronicleFirstPaint > 0`))
		paint += eval[float64](b, ctx, `window.chronicleFirstPaint`)
		wait(b, ctx, fetched("9999"), chromedp.KeyEvent(kb.ArrowLeft), until(`window.chronicleStep && window.chronicleStep.seq === 9999`))
		step += eval[float64](b, ctx, `window.chronicleStep.ms`)
		wait(b, ctx, chromedp.KeyEvent("p"), until(`window.chronicleStep && window.chronicleStep.seq < 9999`))
		jump += eval[float64](b, ctx, `window.chronicleStep.ms`)
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(paint/n, "ms/first-paint")
	b.ReportMetric(step/n, "ms/step")
	b.ReportMetric(jump/n, "ms/jump")
}
