package check

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

// TestCompose loads deploy/compose.yaml with the Compose specification's own loader (schema
// validation on, as `docker compose config` does) and checks the shape issue 6 asks for.
func TestCompose(t *testing.T) {
	root := repoRoot(t)
	file := filepath.Join(root, "deploy", "compose.yaml")
	opts, err := cli.NewProjectOptions([]string{file}, cli.WithName("shellgate"), cli.WithWorkingDirectory(filepath.Dir(file)))
	if err != nil {
		t.Fatal(err)
	}
	p, err := opts.LoadProject(context.Background())
	if err != nil {
		t.Fatalf("compose.yaml does not load against the Compose schema: %v", err)
	}
	for _, name := range []string{"loadbalancer", "gateway-1", "gateway-2", "redis", "idp", "origin", "api"} {
		if _, err := p.GetService(name); err != nil {
			t.Errorf("no service %q: %v", name, err)
		}
	}
	lb, _ := p.GetService("loadbalancer")
	lbConfig := mountedFile(t, root, lb, "/etc/shellgate/loadbalancer.Caddyfile")
	for _, g := range []string{"gateway-1", "gateway-2"} {
		if _, ok := lb.DependsOn[g]; !ok {
			t.Errorf("the load balancer does not depend on %s", g)
		}
		if !strings.Contains(lbConfig, g+":8080") {
			t.Errorf("the load balancer's Caddyfile does not send to %s:8080", g)
		}
		s, _ := p.GetService(g)
		if !s.ReadOnly || !contains(s.CapDrop, "ALL") {
			t.Errorf("%s: want a read-only root file system and all capabilities dropped", g)
		}
		if s.Environment["SHELLGATE_REDIS_ADDRS"] == nil || *s.Environment["SHELLGATE_REDIS_ADDRS"] != "redis:6379" {
			t.Errorf("%s does not share the redis service", g)
		}
		if s.Build == nil || s.Build.Target != "shellgate" {
			t.Errorf("%s: want the Dockerfile's shellgate target", g)
		}
		replicaConfig := mountedFile(t, root, s, "/etc/shellgate/replica.Caddyfile")
		env := map[string]string{"SHELLGATE_SESSION_KEYS": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}
		for k, v := range s.Environment {
			if v != nil && k != "SHELLGATE_SESSION_KEYS" {
				env[k] = *v
			}
		}
		validateCaddyfile(t, g+"'s Caddyfile", replicaConfig, env)
	}
	validateCaddyfile(t, "the load balancer's Caddyfile", lbConfig, nil)
	// Only pages reach the host: no metrics and no admin port is published. (The admin
	// API is on each container's localhost; deploy/check's Caddyfile test sees to that.)
	for name, s := range p.Services {
		for _, port := range s.Ports {
			if port.Published != "" && port.Target != 8080 && port.Target != 9000 {
				t.Errorf("%s publishes port %d on the host; only the load balancer's pages (8080) and the IdP's login (9000) are for the browser", name, port.Target)
			}
		}
	}
	idp, _ := p.GetService("idp")
	issuer := idp.Environment["DEV_IDP_ISSUER"]
	gw, _ := p.GetService("gateway-1")
	if issuer == nil || gw.Environment["SHELLGATE_IDP_ISSUER"] == nil || *issuer != *gw.Environment["SHELLGATE_IDP_ISSUER"] {
		t.Error("the IdP's issuer and the gateways' SHELLGATE_IDP_ISSUER differ: logins would fail issuer validation")
	}
	if n := idp.Networks["default"]; n == nil || !contains(n.Aliases, "idp.localhost") {
		t.Error("the idp service lacks the network alias idp.localhost its issuer URL names")
	}
	for name, s := range p.Services {
		if s.Build == nil {
			continue
		}
		df := filepath.Join(s.Build.Context, s.Build.Dockerfile)
		if _, err := os.Stat(df); err != nil {
			t.Errorf("%s builds from %s: %v", name, df, err)
		}
	}
	for name, sec := range p.Secrets {
		if _, err := os.Stat(sec.File); err != nil {
			t.Errorf("secret %s: %v", name, err)
		}
	}
}

// mountedFile reads the host file that s mounts at target.
func mountedFile(t *testing.T, root string, s types.ServiceConfig, target string) string {
	t.Helper()
	for _, v := range s.Volumes {
		if v.Target == target {
			b, err := os.ReadFile(v.Source)
			if err != nil {
				t.Fatalf("%s mounts %s from %s: %v", s.Name, target, v.Source, err)
			}
			return string(b)
		}
	}
	t.Fatalf("%s mounts nothing at %s", s.Name, target)
	return ""
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
