package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser tests drive Debian's Chromium, headless, with chromedp. They
// take a few seconds each on a loaded machine, so `go test ./...` skips
// them unless CHRONICLE_BROWSER=1 (as .ci/run sets it); CHRONICLE_CHROMIUM
// names the binary when it is not chromium on the PATH. Every wait is for a
// condition on the page (the viewer sets data-ready, data-seq and data-as
// on <html> once a position is drawn), never a fixed sleep.

// browserEnv is the variable that turns the browser tests on.
const browserEnv = "CHRONICLE_BROWSER"

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel context.CancelFunc
	browserErr    error
)

// chromiumPath finds the browser.
func chromiumPath() (string, error) {
	if p := os.Getenv("CHRONICLE_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// tab opens a fresh tab of the shared browser for one test. It skips the
// test unless the browser tests are on.
func tab(t testing.TB) context.Context {
	t.Helper()
	if os.Getenv(browserEnv) != "1" {
		t.Skipf("browser test: set %s=1 to run it (.ci/run does)", browserEnv)
	}
	browserOnce.Do(startBrowser)
	if browserErr != nil {
		t.Fatalf("browser: %v (apt-get install -y chromium)", browserErr)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	// The tab exists once something ran in it.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	return ctx
}

func startBrowser() {
	path, err := chromiumPath()
	if err != nil {
		browserErr = err
		return
	}
	dir, err := os.MkdirTemp("", "chronicle-chromium-")
	if err != nil {
		browserErr = err
		return
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1400, 900),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("allow-file-access-from-files", true),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		cancelCtx()
		cancelAlloc()
		browserErr = err
		return
	}
	browserCtx = ctx
	browserCancel = func() {
		cancelCtx()
		cancelAlloc()
		os.RemoveAll(dir)
	}
}

func stopBrowser() {
	if browserCancel != nil {
		browserCancel()
	}
}

// wait runs the actions with a deadline generous for a loaded machine.
func wait(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(cctx, steps...); err != nil {
		dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		page, _ := chromedp.Run(dctx, chromedp.Evaluate[string](`JSON.stringify(document.documentElement.dataset) + " " + (document.querySelector(".error, .notice:not([hidden])")?.textContent ?? "")`))
		t.Fatalf("%v; the page: %s", err, page)
	}
}

// until waits for a JavaScript condition on the page to hold. It asks
// again every 20ms, through navigations (an evaluation that fails while a
// page loads counts as false), until the action's deadline.
func until(cond string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			ok, err := chromedp.Evaluate[bool]("Boolean("+cond+")")(ctx, tg)
			if err == nil && ok {
				return nil
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting for %s: %w (last error: %v)", cond, ctx.Err(), err)
			case <-tick.C:
			}
		}
	})
}

// eval reads a JavaScript value from the page; a promise is awaited.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(cctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// key presses keys on the page.
func key(keys string) chromedp.Action[chromedp.Void] { return chromedp.KeyEvent(keys) }

// shot writes a screenshot of the page into the test's artifacts (go test
// -artifacts keeps them).
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	png, err := chromedp.Run(cctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(t.ArtifactDir(), name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
