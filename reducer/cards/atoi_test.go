package cards

import (
	"strconv"
	"testing"
)

// atoi agrees with strconv.Atoi on every kind of input it is given.
func TestAtoiIsAtoi(t *testing.T) {
	for _, s := range []string{"", "0", "7", "-1", "+3", "12", "*", "1+*", "X", "G", "2/W", "+", "-", "--1", "1-", " 1",
		"007", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "20000000000000000000A", "१"} {
		n, ok := atoi(s)
		want, err := strconv.Atoi(s)
		if n != want || ok != (err == nil) {
			t.Errorf("atoi(%q) = %d, %v; strconv.Atoi: %d, %v", s, n, ok, want, err)
		}
	}
}

func FuzzAtoi(f *testing.F) {
	f.Add("12")
	f.Add("*")
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := atoi(s)
		want, err := strconv.Atoi(s)
		if n != want || ok != (err == nil) {
			t.Errorf("atoi(%q) = %d, %v; strconv.Atoi: %d, %v", s, n, ok, want, err)
		}
	})
}
