package bench

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// heapPeak samples the heap in use (runtime/metrics, objects and unused
// spans of the heap) every interval until stop, and returns the peak.
type heapPeak struct {
	stopc chan struct{}
	wg    sync.WaitGroup
	peak  uint64
}

// heapSample names the runtime/metrics sample read: the heap's bytes
// occupied by objects, live or not yet swept (HeapAlloc of MemStats).
const heapSample = "/memory/classes/heap/objects:bytes"

func heapNow() uint64 {
	s := []metrics.Sample{{Name: heapSample}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// startHeapPeak collects garbage, then samples until stop.
func startHeapPeak() *heapPeak {
	runtime.GC()
	h := &heapPeak{stopc: make(chan struct{}), peak: heapNow()}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t := time.NewTicker(500 * time.Microsecond)
		defer t.Stop()
		for {
			select {
			case <-h.stopc:
				return
			case <-t.C:
				h.peak = max(h.peak, heapNow())
			}
		}
	}()
	return h
}

// stop ends the sampling and returns the peak in bytes.
func (h *heapPeak) stop() uint64 {
	close(h.stopc)
	h.wg.Wait()
	return max(h.peak, heapNow())
}
