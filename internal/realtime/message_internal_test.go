package realtime

import "testing"

// Notifications come from the database, where anything with access may NOTIFY: decoding never panics,
// and whatever it accepts is a well-formed message that survives encoding unchanged.
func FuzzDecodeMessage(f *testing.F) {
	f.Add(`{"k":"join","key":"bookingnorte","user":"u-1","from":"abc"}`)
	f.Add(`{"k":"present","key":"eventx","user":"u-1","from":"abc","to":"def"}`)
	f.Add(`{"k":"join"}`)
	f.Add(`not json`)
	f.Fuzz(func(t *testing.T, payload string) {
		m, err := decodeMessage(payload)
		if err != nil {
			return
		}
		if m.Key == "" || m.User == "" || m.From == "" || (m.Kind != kindJoin && m.Kind != kindPresent) {
			t.Fatalf("accepted a malformed message %+v", m)
		}
		encoded, err := m.encode()
		if err != nil {
			return // too large to send: fine, it is dropped
		}
		again, err := decodeMessage(encoded)
		if err != nil || again != m {
			t.Fatalf("round trip changed %+v into %+v (%v)", m, again, err)
		}
	})
}
