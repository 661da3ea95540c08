package realtime_test

import (
	"context"
	"testing"

	"pitlane/internal/realtime"
	"pitlane/internal/store/storetest"
)

// TestPublishTellsEveryViewerOfTheKey: a change published under a company's desk key reaches every
// viewer of that key (the publisher's own instance and, through PostgreSQL, another one), and no viewer
// of another key.
func TestPublishTellsEveryViewerOfTheKey(t *testing.T) {
	url := storetest.PostgresURL(t)
	ctx := context.Background()
	one := realtime.New(ctx, realtime.Options{DatabaseURL: url})
	defer one.Close()
	two := realtime.New(ctx, realtime.Options{DatabaseURL: url})
	defer two.Close()

	here, leaveHere := one.Join("desk1", "staff-a")
	defer leaveHere()
	there, leaveThere := two.Join("desk1", "staff-b")
	defer leaveThere()
	other, leaveOther := two.Join("desk2", "staff-c")
	defer leaveOther()
	// The joins crossed instances as "someone else views this": take those first.
	mustReceive(t, here, "the desk1 viewer on instance one, told of the other")
	mustReceive(t, there, "the desk1 viewer on instance two, told of the other")

	one.Publish("desk1")
	mustReceive(t, here, "the desk1 viewer on the publishing instance")
	mustReceive(t, there, "the desk1 viewer on the other instance")
	// Instance two handled the signal (its viewer heard it): a viewer of desk2 must not have.
	mustBeQuiet(t, other, "the desk2 viewer")

	// In one process (SQLite), the same.
	solo := realtime.New(ctx, realtime.Options{DatabaseURL: storetest.SQLiteURL(t)})
	defer solo.Close()
	a, leaveA := solo.Join("desk7", "staff-a")
	defer leaveA()
	solo.Publish("desk7")
	mustReceive(t, a, "the desk7 viewer in one process")
}
