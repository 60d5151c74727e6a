package cards

import "strconv"

// atoi is strconv.Atoi without the error: ok is false where Atoi fails.
// Power, toughness and mana symbols are read at every check, and most
// that fail ("*", "G") would allocate an error that is thrown away; the
// short ones that don't are worked out here, not by Atoi again.
func atoi(s string) (n int, ok bool) {
	if len(s) >= 19 { // where Atoi may say "out of range" before "invalid"
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	digits := s
	if len(digits) > 0 && (digits[0] == '+' || digits[0] == '-') {
		digits = digits[1:]
	}
	if digits == "" {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
		n = n*10 + int(digits[i]-'0') // under 19 digits: no overflow
	}
	if s[0] == '-' {
		n = -n
	}
	return n, true
}
