package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func rejectionStore(t *testing.T) string {
	t.Helper()
	m1, _, _ := matches()
	dir := t.TempDir()
	at := time.Date(2024, 5, 1, 12, 0, 5, 0, time.UTC).UnixNano()
	replaytest.Commit(t, dir, m1,
		&store.Rejection{Stream: "CHRONICLE", StreamSeq: 12, Match: "m1", Seq: 11, Kind: "cast",
			Raw: []byte(`{"match":"m1","seq":11}`), Field: "body.card", Reason: "missing", Rule: "LOG-BODY", Time: at},
		&store.Rejection{Stream: "CHRONICLE", StreamSeq: 13, Raw: []byte{0x93, 0xff}, Reason: "not a msgpack map", Rule: "LOG-DECODE", Time: at},
	)
	return dir
}

func TestRejectionsText(t *testing.T) {
	dir := rejectionStore(t)
	out, errOut, code := runCLI(t, "rejections", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	want := `ID  TIME                     STREAM SEQ  MATCH  SEQ  KIND  RULE        FIELD      REASON
1   2024-05-01 12:00:05 UTC  12          m1     11   cast  LOG-BODY    body.card  missing
2   2024-05-01 12:00:05 UTC  13          -      -    -     LOG-DECODE  -          not a msgpack map
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	out, errOut, code = runCLI(t, "rejections", "--data", dir, "--match", "m2")
	if code != exitOK || out != "" || !strings.Contains(errOut, "no rejections") {
		t.Errorf("--match m2: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestRejectionsJSON(t *testing.T) {
	dir := rejectionStore(t)
	out, errOut, code := runCLI(t, "rejections", "--json", "--match", "m1", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	var rs []map[string]any
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("%v in:\n%s", err, out)
	}
	if len(rs) != 1 {
		t.Fatalf("got %v", rs)
	}
	r := rs[0]
	for k, v := range map[string]any{
		"id": 1.0, "time": "2024-05-01T12:00:05Z", "stream_seq": 12.0, "match": "m1", "seq": 11.0, "kind": "cast",
		"rule": "LOG-BODY", "field": "body.card", "reason": "missing", "raw": `{"match":"m1","seq":11}`,
	} {
		if r[k] != v {
			t.Errorf("%s = %v, want %v", k, r[k], v)
		}
	}
	out, _, _ = runCLI(t, "rejections", "--json", "--data", dir)
	rs = nil
	if err := json.Unmarshal([]byte(out), &rs); err != nil || len(rs) != 2 || rs[1]["raw_base64"] != "k/8=" || rs[1]["raw"] != nil {
		t.Errorf("binary raw: %v, %v", rs, err)
	}
	out, _, _ = runCLI(t, "rejections", "--json", "--data", dir, "--match", "m9")
	if strings.TrimSpace(out) != "[]" {
		t.Errorf("no rejections as JSON: %q", out)
	}
}
