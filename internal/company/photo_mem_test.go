package company_test

import (
	"errors"
	"runtime"

	"pitlane/internal/apperr"
)

// runtimeMem reads the bytes allocated so far.
type runtimeMem struct{ total uint64 }

func (m *runtimeMem) read() {
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	m.total = s.TotalAlloc
}

// asErr is errors.As for *apperr.Error.
func asErr(err error, e **apperr.Error) bool { return errors.As(err, e) }
