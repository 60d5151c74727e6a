package inorder_test

import (
	"errors"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/chronicle-mtg/chronicle/internal/inorder"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// Results come in job order whatever the workers and however long each
// job takes.
func TestMapInOrder(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 7, 100} {
		var got []int
		err := inorder.Map(20, workers, func(i int) (int, error) {
			time.Sleep(time.Duration((20-i)%5) * time.Millisecond)
			return i * i, nil
		}, func(i, v int) error {
			if v != i*i {
				t.Errorf("result %d is %d", i, v)
			}
			got = append(got, i)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, 20)
		for i := range want {
			want[i] = i
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%d workers: order %v", workers, got)
		}
	}
}

// The first error stops the run: results before it are handed over, no
// job far past it starts, and every goroutine ends (TestMain checks).
func TestMapStops(t *testing.T) {
	boom := errors.New("boom")
	var started atomic.Int32
	var seen []int
	err := inorder.Map(1000, 2, func(i int) (int, error) {
		started.Add(1)
		if i == 3 {
			return 0, boom
		}
		return i, nil
	}, func(i, _ int) error {
		seen = append(seen, i)
		return nil
	})
	if err != boom || !reflect.DeepEqual(seen, []int{0, 1, 2}) {
		t.Fatalf("err %v after %v; want boom after 0 1 2", err, seen)
	}
	if n := started.Load(); n > 3+2*2+2 {
		t.Fatalf("%d jobs started after the failure at job 3", n)
	}
	enough := errors.New("enough")
	err = inorder.Map(5, 2, func(i int) (int, error) { return i, nil }, func(i, _ int) error {
		if i == 1 {
			return enough
		}
		return nil
	})
	if err != enough {
		t.Fatalf("each's error: got %v", err)
	}
	if err := inorder.Map(0, 0, func(int) (int, error) { return 0, nil }, func(int, int) error { return nil }); err != nil {
		t.Fatalf("no jobs: %v", err)
	}
}
