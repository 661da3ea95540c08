package opstest

import (
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	yaml "github.com/oasdiff/yaml3"

	"pitlane/internal/config"
)

// The deployment files under deploy/ (docs/operations.md, "Deploying"). Docker and compose cannot run
// on this machine (no container engine), so these tests check what can be checked without one.

func readDeploy(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "deploy", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// knownEnv is every PITLANE_ variable the binary reads.
func knownEnv() map[string]bool {
	out := map[string]bool{}
	typ := reflect.TypeOf(config.Config{})
	for i := 0; i < typ.NumField(); i++ {
		if v := typ.Field(i).Tag.Get("env"); v != "" {
			out[v] = true
		}
	}
	return out
}

var unitEnv = regexp.MustCompile(`(?m)^Environment=(PITLANE_[A-Z_]+)=(.*)$`)

// TestSystemdUnit: systemd-analyze finds nothing wrong with deploy/pitlane.service (its ExecStart
// pointed at the built binary), every variable it sets is one the binary reads, and systemd waits
// longer than the server's own shutdown timeout before it kills it.
func TestSystemdUnit(t *testing.T) {
	t.Parallel()
	unit := readDeploy(t, "pitlane.service")
	env := map[string]string{}
	known := knownEnv()
	for _, m := range unitEnv.FindAllStringSubmatch(unit, -1) {
		if !known[m[1]] {
			t.Errorf("the unit sets %s, which pitlane does not read", m[1])
		}
		env[m[1]] = m[2]
	}
	shutdown, err1 := time.ParseDuration(env["PITLANE_SHUTDOWN_TIMEOUT"])
	stop := regexp.MustCompile(`(?m)^TimeoutStopSec=(\S+)$`).FindStringSubmatch(unit)
	if err1 != nil || stop == nil {
		t.Errorf("the unit needs PITLANE_SHUTDOWN_TIMEOUT and TimeoutStopSec (%v)", err1)
	} else if d, err := time.ParseDuration(stop[1]); err != nil || d <= shutdown {
		t.Errorf("TimeoutStopSec=%s must exceed PITLANE_SHUTDOWN_TIMEOUT=%v, or systemd kills a draining server", stop[1], shutdown)
	}
	if !strings.Contains(unit, "ExecStart=/usr/local/bin/pitlane serve\n") || !strings.Contains(unit, "DynamicUser=yes") {
		t.Error("the unit must run `/usr/local/bin/pitlane serve` as an unprivileged dynamic user")
	}

	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed: the unit's syntax is not verified here (the checks above ran)")
	}
	dir := t.TempDir()
	verified := strings.Replace(unit, "ExecStart=/usr/local/bin/pitlane", "ExecStart="+pitlaneBin(t), 1)
	if err := os.WriteFile(filepath.Join(dir, "pitlane.service"), []byte(verified), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", filepath.Join(dir, "pitlane.service")).CombinedOutput()
	// systemd-analyze exits 0 for directives it ignores; any line it prints is a mistake in the unit.
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

var makeBuild = regexp.MustCompile(`(?m)^\t(CGO_ENABLED=0 go build -trimpath -ldflags '\$\(LDFLAGS\)') -o \$\(BIN\) (\./cmd/pitlane)$`)

// TestDockerfile: the image is built with the Makefile's command (static, trimmed, same flags) and
// runs on distroless or scratch as a non-root user.
func TestDockerfile(t *testing.T) {
	t.Parallel()
	mk, err := os.ReadFile(filepath.Join("..", "..", "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	build := makeBuild.FindStringSubmatch(string(mk))
	ldflags := regexp.MustCompile(`(?m)^LDFLAGS := (.*)$`).FindStringSubmatch(string(mk))
	if build == nil || ldflags == nil {
		t.Fatal("the Makefile's build line or LDFLAGS changed: update this test and deploy/Dockerfile together")
	}
	want := strings.Replace(build[1], "'$(LDFLAGS)'", `"`+strings.Replace(ldflags[1], "$(VERSION)", "${VERSION}", 1)+`"`, 1)
	df := readDeploy(t, "Dockerfile")
	if !regexp.MustCompile(`(?m)^RUN ` + regexp.QuoteMeta(want) + ` -o \S+ ` + regexp.QuoteMeta(build[2]) + `$`).MatchString(df) {
		t.Errorf("deploy/Dockerfile does not build with the Makefile's command %q", want)
	}
	froms := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(df, -1)
	if len(froms) < 2 {
		t.Fatalf("not a multi-stage build: %v", froms)
	}
	final := froms[len(froms)-1][1]
	if !strings.HasPrefix(final, "gcr.io/distroless/static") && final != "scratch" {
		t.Errorf("the final stage is %s, want distroless/static or scratch", final)
	}
	last := df[strings.LastIndex(df, "\nFROM "):]
	user := regexp.MustCompile(`(?m)^USER (\S+)$`).FindStringSubmatch(last)
	if user == nil || strings.HasPrefix(user[1], "root") || strings.HasPrefix(user[1], "0") {
		t.Errorf("the final stage runs as %v, want a non-root USER", user)
	}
}

// composeFile is the part of deploy/compose.yaml the checks read.
type composeFile struct {
	Services map[string]struct {
		Environment     map[string]string `yaml:"environment"`
		Ports           []string          `yaml:"ports"`
		StopGracePeriod string            `yaml:"stop_grace_period"`
		Networks        any               `yaml:"networks"`
		DependsOn       any               `yaml:"depends_on"`
	} `yaml:"services"`
	Networks map[string]struct {
		Internal bool `yaml:"internal"`
		IPAM     struct {
			Config []struct {
				Subnet string `yaml:"subnet"`
			} `yaml:"config"`
		} `yaml:"ipam"`
	} `yaml:"networks"`
}

// networksOf lists a service's networks (list or map form) and its fixed addresses.
func networksOf(v any) (names []string, addrs map[string]string) {
	addrs = map[string]string{}
	switch n := v.(type) {
	case []any:
		for _, x := range n {
			names = append(names, x.(string))
		}
	case map[string]any:
		for k, x := range n {
			names = append(names, k)
			if m, ok := x.(map[string]any); ok {
				if a, ok := m["ipv4_address"].(string); ok {
					addrs[k] = a
				}
			}
		}
	}
	return names, addrs
}

// TestComposeFile: deploy/compose.yaml runs two instances on one PostgreSQL behind Caddy: both
// instances get the same database URL (the postgres service), only variables pitlane reads, a stop
// grace period longer than their shutdown timeout, and trust exactly the proxy's network, where the
// proxy has its fixed address; the database is on an internal network with no published port.
func TestComposeFile(t *testing.T) {
	t.Parallel()
	var c composeFile
	if err := yaml.Unmarshal([]byte(readDeploy(t, "compose.yaml")), &c); err != nil {
		t.Fatalf("compose.yaml is not valid YAML: %v", err)
	}
	instances := []string{}
	for name := range c.Services {
		if strings.HasPrefix(name, "pitlane-") {
			instances = append(instances, name)
		}
	}
	if len(instances) != 2 {
		t.Fatalf("instances %v, want two pitlane-N services", instances)
	}
	proxy, ok := c.Services["caddy"]
	if !ok {
		t.Fatal("no caddy service")
	}
	proxyNets, proxyAddrs := networksOf(proxy.Networks)
	if len(proxyNets) != 1 || proxyAddrs[proxyNets[0]] == "" {
		t.Fatalf("the proxy needs one network and a fixed address on it: %v %v", proxyNets, proxyAddrs)
	}
	edge := c.Networks[proxyNets[0]]
	if len(edge.IPAM.Config) != 1 {
		t.Fatalf("the proxy's network %s needs one fixed subnet", proxyNets[0])
	}
	subnet := netip.MustParsePrefix(edge.IPAM.Config[0].Subnet)
	if !subnet.Contains(netip.MustParseAddr(proxyAddrs[proxyNets[0]])) {
		t.Errorf("the proxy's address %s is not in %s", proxyAddrs[proxyNets[0]], subnet)
	}
	if !slicesContain(proxy.Ports, "443:443") {
		t.Errorf("the proxy publishes %v, want 443", proxy.Ports)
	}

	known := knownEnv()
	var dbURL string
	for i, name := range instances {
		s := c.Services[name]
		for k := range s.Environment {
			if !known[k] {
				t.Errorf("%s sets %s, which pitlane does not read", name, k)
			}
		}
		u := s.Environment["PITLANE_DATABASE_URL"]
		if !strings.HasPrefix(u, "postgres://") || !strings.Contains(u, "@postgres:5432/") {
			t.Errorf("%s: PITLANE_DATABASE_URL %q is not the postgres service", name, u)
		}
		if i == 0 {
			dbURL = u
		} else if u != dbURL {
			t.Errorf("the instances use different databases: %q and %q", dbURL, u)
		}
		trusted := s.Environment["PITLANE_TRUSTED_PROXIES"]
		if trusted != subnet.String() {
			t.Errorf("%s trusts %q, want exactly the proxy's network %s", name, trusted, subnet)
		}
		cfg := config.Config{TrustedProxies: trusted}
		if p, err := cfg.Proxies(); err != nil || len(p) != 1 {
			t.Errorf("%s: PITLANE_TRUSTED_PROXIES does not parse: %v", name, err)
		}
		shutdown, err1 := time.ParseDuration(s.Environment["PITLANE_SHUTDOWN_TIMEOUT"])
		grace, err2 := time.ParseDuration(s.StopGracePeriod)
		if err1 != nil || err2 != nil || grace <= shutdown {
			t.Errorf("%s: stop_grace_period %q must exceed PITLANE_SHUTDOWN_TIMEOUT %q", name, s.StopGracePeriod, s.Environment["PITLANE_SHUTDOWN_TIMEOUT"])
		}
		nets, _ := networksOf(s.Networks)
		if !slicesContain(nets, proxyNets[0]) {
			t.Errorf("%s is not on the proxy's network: %v", name, nets)
		}
		if len(s.Ports) > 0 {
			t.Errorf("%s publishes %v: only the proxy should", name, s.Ports)
		}
	}
	db := c.Services["postgres"]
	nets, _ := networksOf(db.Networks)
	if len(db.Ports) > 0 || len(nets) != 1 || !c.Networks[nets[0]].Internal {
		t.Errorf("postgres must be on an internal network only, unpublished: networks %v, ports %v", nets, db.Ports)
	}

	caddy := readDeploy(t, "Caddyfile")
	for _, name := range instances {
		if !strings.Contains(caddy, name+":8080") {
			t.Errorf("the Caddyfile does not proxy to %s:8080", name)
		}
	}
	for _, want := range []string{"health_uri /readyz", "header_up X-Forwarded-For {remote_host}"} {
		if !strings.Contains(caddy, want) {
			t.Errorf("the Caddyfile lacks %q", want)
		}
	}
}

func slicesContain(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
