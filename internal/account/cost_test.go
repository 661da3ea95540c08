package account_test

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/account"
)

const productionParams = "m=19456,t=2,p=1"

var phc = regexp.MustCompile(`^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)

// Test binaries hash cheaply, every other binary at production cost: the choice is testing.Testing().
func TestNewHashCost(t *testing.T) {
	t.Parallel()
	if !testing.Testing() {
		t.Fatal("testing.Testing() is false in a test binary")
	}
	if got := account.CostFor(false); got != productionParams {
		t.Errorf("outside tests new hashes cost %s, want %s", got, productionParams)
	}
	if got, want := account.NewHashCost(), account.CostFor(testing.Testing()); got != want {
		t.Errorf("new hashes cost %s, want CostFor(testing.Testing()) = %s", got, want)
	}
	test := account.CostFor(true)
	if test == productionParams {
		t.Fatalf("test binaries hash at production cost %s", test)
	}
	hash, err := account.HashPassword("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	m := phc.FindStringSubmatch(hash)
	if m == nil || m[1] != test {
		t.Fatalf("hash %q in a test binary: want a PHC argon2id string with %s", hash, test)
	}
	// A cheap hash is still a valid argon2id hash: it verifies, and production binaries check it too
	// (CheckPassword reads the parameters from the hash).
	if ok, err := account.CheckPassword(hash, "correct horse battery staple"); err != nil || !ok {
		t.Errorf("the right password does not verify: %v, %v", ok, err)
	}
	if ok, err := account.CheckPassword(hash, "correct horse battery stapler"); err != nil || ok {
		t.Errorf("a wrong password verifies: %v, %v", ok, err)
	}
}

// A binary built by `go build`, as the server is, hashes at production cost: testdata/hashprobe prints
// account.HashPassword's hash.
func TestBuiltBinaryHashesAtProductionCost(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("skipped: no go command on PATH")
	}
	probe := filepath.Join(t.TempDir(), "hashprobe")
	if out, err := exec.Command(goTool, "build", "-o", probe, "./testdata/hashprobe").CombinedOutput(); err != nil {
		t.Fatalf("go build ./testdata/hashprobe: %v\n%s", err, out)
	}
	out, err := exec.Command(probe, "correct horse battery staple").Output()
	if err != nil {
		t.Fatalf("hashprobe: %v", err)
	}
	hash := strings.TrimSpace(string(out))
	if m := phc.FindStringSubmatch(hash); m == nil || m[1] != productionParams {
		t.Fatalf("a built binary hashed %q: want a PHC argon2id string with %s", hash, productionParams)
	}
	if ok, err := account.CheckPassword(hash, "correct horse battery staple"); err != nil || !ok {
		t.Errorf("the built binary's hash does not verify: %v, %v", ok, err)
	}
}
