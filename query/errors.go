package query

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Code classifies an error for the front ends: the CLI's exit status, the
// HTTP status, and over NATS the error's kind.
type Code string

// Error codes.
const (
	CodeBadRequest   Code = "bad_request"   // a malformed request: a bad seq, turn, format or filter
	CodeUnknownMatch Code = "unknown_match" // no such match
	CodeNotFound     Code = "not_found"     // no such thing of another kind: a card, an API path
	CodeNotReached   Code = "not_reached"   // a seq or turn the match never reached
	CodeIllegal      Code = "illegal"       // an input the rules forbid stopped the replay
	CodeRefused      Code = "refused"       // an appended input was refused; nothing was stored
	CodeConflict     Code = "conflict"      // a branch name taken, or a main line given to append
	CodeForbidden    Code = "forbidden"     // the viewer may not read this, or writes are off
	CodeUnavailable  Code = "unavailable"   // no recorder answered
	CodeInternal     Code = "internal"      // anything else: a store that can't be read, ...
)

// Error is an error with its Code; over NATS and HTTP it travels as
// {"code": ..., "message": ...}.
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

// Errorf makes an *Error.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// CodeOf is the Code of err: its own for an *Error, else the one the replay
// error it wraps calls for.
func CodeOf(err error) Code {
	var qe *Error
	var ie *replay.IllegalError
	var re *replay.RefusedError
	var se *replay.SetupError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &qe):
		return qe.Code
	case errors.As(err, &ie):
		return CodeIllegal
	case errors.As(err, &re):
		return CodeRefused
	case errors.Is(err, replay.ErrUnknownMatch):
		return CodeUnknownMatch
	case errors.Is(err, replay.ErrNotReached):
		return CodeNotReached
	case errors.Is(err, replay.ErrHidden):
		return CodeForbidden
	case errors.Is(err, replay.ErrNameTaken), errors.Is(err, store.ErrMainLine):
		return CodeConflict
	case errors.As(err, &se), errors.Is(err, replay.ErrUnknownFormat), errors.Is(err, replay.ErrNotLog):
		return CodeBadRequest
	}
	return CodeInternal
}

// wrap gives err its Code, keeping its message.
func wrap(err error) error {
	if err == nil {
		return nil
	}
	var qe *Error
	if errors.As(err, &qe) {
		return qe
	}
	return &Error{Code: CodeOf(err), Message: err.Error()}
}

// HTTPStatus is the HTTP status for an error of code c.
func HTTPStatus(c Code) int {
	switch c {
	case CodeBadRequest:
		return http.StatusBadRequest
	case CodeUnknownMatch, CodeNotFound, CodeNotReached:
		return http.StatusNotFound
	case CodeIllegal, CodeRefused:
		return http.StatusUnprocessableEntity
	case CodeConflict:
		return http.StatusConflict
	case CodeForbidden:
		return http.StatusForbidden
	case CodeUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}
