package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"go.uber.org/goleak"
)

// screenBuffer collects what the stepper draws; the renderer writes from its
// own goroutine.
type screenBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *screenBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *screenBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(s.b.String())
}

// TestStepProgram drives the real command and bubbletea program in-process:
// keys go in through a pipe, one at a time as a terminal sends them, and
// the screens come out into a buffer.
func TestStepProgram(t *testing.T) {
	defer goleak.VerifyNone(t)
	dir := recordedDir(t, "bolt-race.jsonl")
	keysR, keysW := io.Pipe()
	var screen screenBuffer
	var errOut bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- runEnv([]string{"step", "bolt-race", "--data", dir}, &env{stdin: keysR, stdout: &screen, stderr: &errOut})
	}()
	// Each key, then what the screen must come to show.
	waitFor := func(want string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if strings.Contains(screen.String(), want) {
				return
			}
		}
		keysW.Close()
		t.Fatalf("the screen never showed %q:\n%s", want, screen.String())
	}
	waitFor("bolt-race (modern) Alice v Bob, seen by judge · seq 1 of 12")
	for _, c := range []struct{ keys, want string }{
		{"lll", "seq 4 of 12"}, // three steps
		{"", "casts Lightning Bolt"},
		{"]", "● life: Bob (p2) 5 -> 2"}, // the next mark: Lightning Bolt resolved
		{"", "p2 Bob: life 2"},
		{"g11\r", "seq 11 of 12"},
		{"h", "seq 10 of 12"},
		{"?", "jump to input SEQ"},
	} {
		for _, k := range c.keys {
			if _, err := keysW.Write([]byte(string(k))); err != nil {
				t.Fatalf("key %q: %v", k, err)
			}
		}
		waitFor(c.want)
	}
	if _, err := keysW.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		keysW.Close()
		if code != exitOK {
			t.Fatalf("exit %d\nstderr:\n%s", code, errOut.String())
		}
	case <-time.After(10 * time.Second):
		keysW.Close()
		t.Fatalf("q didn't quit; the screen:\n%s", screen.String())
	}
}

func TestStepErrors(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"step", "nope", "--data", dir}, exitUsage, "unknown match"},
		{[]string{"step", "bolt-race", "--data", dir, "--as", "Carol"}, exitUsage, "--as"},
		{[]string{"step", "bolt-race", "--data", dir, "--at", "99"}, exitUsage, "no input 99 to start at (its inputs: 1 to 12)"},
		{[]string{"step"}, exitUsage, "expected"},
	} {
		out, errOut, code := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.err) {
			t.Errorf("replay %q: exit %d, stderr %q; want exit %d and %q\nstdout:\n%s", c.args, code, errOut, c.code, c.err, out)
		}
	}
}

// TestStepTerminal runs the built binary in a real terminal, a tmux pane of
// 80x24, when tmux is installed (CI without it skips).
func TestStepTerminal(t *testing.T) {
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("tmux is not installed")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "replay")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := recordedDir(t, "green-red.jsonl")
	sock, status := filepath.Join(tmp, "tmux.sock"), filepath.Join(tmp, "status")
	tm := func(args ...string) string {
		out, err := exec.Command(tmux, append([]string{"-S", sock, "-f", os.DevNull}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	script := "'" + bin + "' step green-red --as Alice --data '" + dir + "'; echo exit=$? > '" + status + "'; sleep 60"
	tm("new-session", "-d", "-s", "step", "-x", "80", "-y", "24", script)
	t.Cleanup(func() { exec.Command(tmux, "-S", sock, "kill-server").Run() })
	waitFor := func(what func() bool, describe string) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if what() {
				return
			}
		}
		t.Fatalf("%s; the pane:\n%s", describe, tm("capture-pane", "-p", "-t", "step"))
	}
	shows := func(s string) func() bool {
		return func() bool { return strings.Contains(tm("capture-pane", "-p", "-t", "step"), s) }
	}
	waitFor(shows("seq 1 of 231"), "the stepper didn't start")
	tm("send-keys", "-t", "step", "n", "n", "Right")
	waitFor(shows("p1 Alice: life 6"), "no board")
	tm("send-keys", "-t", "step", "g", "1", "2", "0", "Enter")
	waitFor(shows("seq 120 of 231"), "g 120 enter didn't jump")
	pane := tm("capture-pane", "-p", "-t", "step")
	if lines := strings.Split(strings.TrimRight(pane, "\n"), "\n"); len(lines) > 24 {
		t.Errorf("%d lines in a 24-line pane", len(lines))
	}
	for _, want := range []string{"hand: 5 hidden", "▶ 120", "q quit"} {
		if !strings.Contains(pane, want) {
			t.Errorf("no %q in the pane:\n%s", want, pane)
		}
	}
	tm("send-keys", "-t", "step", "q")
	waitFor(func() bool {
		b, err := os.ReadFile(status)
		return err == nil && strings.TrimSpace(string(b)) == "exit=0"
	}, "q didn't exit 0")
}
