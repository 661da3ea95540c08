package account

import (
	"fmt"
	"testing"
)

// HashAtProductionCost hashes password as every binary that is not a test binary does.
func HashAtProductionCost(password string) (string, error) { return hashWith(productionCost, password) }

// UseProductionCost makes HashPassword (and the dummy hash of NewAuth) cost what they cost in
// production until the test ends, for a test that measures that cost. It changes package state: the
// test must not call t.Parallel (it then runs while no parallel test of the package does).
func UseProductionCost(t *testing.T) {
	prev := costInTests
	costInTests = productionCost
	t.Cleanup(func() { costInTests = prev })
}

// CostFor is the "m=…,t=…,p=…" of new hashes in a test binary (inTest) or in any other binary.
func CostFor(inTest bool) string { return costFor(inTest).String() }

// NewHashCost is the "m=…,t=…,p=…" HashPassword uses in the running binary.
func NewHashCost() string { return newHashCost().String() }

func (c argonCost) String() string { return fmt.Sprintf("m=%d,t=%d,p=%d", c.memory, c.time, c.threads) }
