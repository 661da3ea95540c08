package httpx

import (
	"net/http"
)

// Stream is an answer whose body is written while it is produced (a long list, an export): its first
// byte commits the status and headers, so an error met later can no longer be a proper answer. Fail
// tells the two cases apart.
type Stream struct {
	w     http.ResponseWriter
	first func(http.ResponseWriter) // sets the headers and status just before the first byte; may be nil
	n     int64
}

// NewStream wraps w; first, when not nil, runs once before the first byte is written.
func NewStream(w http.ResponseWriter, first func(http.ResponseWriter)) *Stream {
	return &Stream{w: w, first: first}
}

// Write writes to the answer's body.
func (s *Stream) Write(p []byte) (int, error) {
	if s.first != nil {
		s.first(s.w)
		s.first = nil
	}
	n, err := s.w.Write(p)
	s.n += int64(n)
	return n, err
}

// Started tells whether any byte of the body has been written.
func (s *Stream) Started() bool { return s.n > 0 }

// Fail ends an answer that met err. Before its first byte it is an error answer like any other
// (WriteError); after it, the error is logged as what failed and the connection is cut, so that the
// client sees a broken transfer rather than a short body that looks whole.
func (s *Stream) Fail(r *http.Request, what string, err error) {
	if !s.Started() {
		WriteError(s.w, r, err)
		return
	}
	Logger(r.Context()).Error(what+" failed after its answer started", "error", err.Error())
	panic(http.ErrAbortHandler)
}
