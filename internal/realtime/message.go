package realtime

import (
	"encoding/json"
	"errors"
)

// maxPayload is the largest notification payload sent; PostgreSQL refuses payloads of 8000 bytes or more.
const maxPayload = 7900

// The kinds of message exchanged between instances.
const (
	kindJoin    = "join"    // User started viewing Key on instance From
	kindPresent = "present" // instance From has another viewer of Key: tell User on instance To
	kindSignal  = "signal"  // something changed under Key: tell every viewer of Key (Hub.Publish)
)

// message is what one instance tells the others through the notification channel.
type message struct {
	Kind string `json:"k"`
	Key  string `json:"key"`
	User string `json:"user"`
	From string `json:"from"`
	To   string `json:"to,omitempty"`
}

var errPayloadTooLarge = errors.New("realtime: notification payload too large")

func (m message) encode() (string, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	if len(b) > maxPayload {
		return "", errPayloadTooLarge
	}
	return string(b), nil
}

// decodeMessage parses a notification payload; it rejects anything that is not a well-formed message.
func decodeMessage(payload string) (message, error) {
	var m message
	if err := json.Unmarshal([]byte(payload), &m); err != nil {
		return message{}, err
	}
	if (m.Kind != kindJoin && m.Kind != kindPresent && m.Kind != kindSignal) || m.Key == "" || m.User == "" || m.From == "" {
		return message{}, errors.New("realtime: malformed notification")
	}
	return m, nil
}
