package check

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
)

// TestDockerfile parses deploy/Dockerfile as BuildKit would and checks what would only show
// in a real build: every COPY source exists in the build context, every image is pinned to
// a tag, the runtime stages run as a non-root user, and the default target is the gateway.
func TestDockerfile(t *testing.T) {
	root := repoRoot(t)
	f, err := os.Open(filepath.Join(root, "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ast, err := parser.Parse(f)
	if err != nil {
		t.Fatalf("BuildKit cannot parse deploy/Dockerfile: %v", err)
	}
	for _, w := range ast.Warnings {
		t.Errorf("BuildKit warns: %s (line %d)", w.Short, w.Location.Start.Line)
	}
	stages, _, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		t.Fatalf("BuildKit cannot read the stages: %v", err)
	}
	names := map[string]bool{}
	for _, s := range stages {
		names[strings.ToLower(s.Name)] = true
	}
	wantStages := []string{"ui", "gateway", "dev-idp", "personas-api", "demo-origin", "shellgate"}
	for _, n := range wantStages {
		if !names[n] {
			t.Errorf("no stage %q (compose.yaml builds it)", n)
		}
	}
	if last := stages[len(stages)-1]; last.Name != "shellgate" {
		t.Errorf("the default target (last stage) is %q; `docker build` without --target must give the gateway", last.Name)
	}
	runtime := []string{"shellgate", "personas-api", "demo-origin", "dev-idp"}
	for _, s := range stages {
		if !names[strings.ToLower(s.BaseName)] {
			image := s.BaseName
			if !strings.Contains(image, ":") || strings.HasSuffix(image, ":latest") {
				t.Errorf("stage %s: base image %q is not pinned to a tag", s.Name, image)
			}
		}
		user := ""
		for _, cmd := range s.Commands {
			switch c := cmd.(type) {
			case *instructions.UserCommand:
				user = c.User
			case *instructions.ExposeCommand:
				for _, port := range c.Ports {
					if strings.HasPrefix(port, "2019") {
						t.Errorf("stage %s EXPOSEs %s, Caddy's admin port: the admin API stays on localhost; expose the metrics port (9180)", s.Name, port)
					}
				}
			case *instructions.CopyCommand:
				if c.From != "" {
					if !names[strings.ToLower(c.From)] {
						t.Errorf("stage %s: COPY --from=%s names no stage", s.Name, c.From)
					}
					continue
				}
				for _, src := range c.SourcePaths {
					if _, err := os.Stat(filepath.Join(root, src)); err != nil {
						t.Errorf("stage %s: COPY %s: not in the build context (the repository root): %v", s.Name, src, err)
					}
				}
			}
		}
		if s.Name == "gateway" && !buildsWithUI(s.Commands) {
			t.Errorf("stage gateway: no `go build -tags builtinassets ... ./caddy-module/cmd/shellgate`; without the tag the image's gateway has no UI and a bare shell fails to start")
		}
		if slices.Contains(runtime, s.Name) && (user == "" || user == "root" || user == "0") {
			t.Errorf("stage %s runs as %q; a runtime image must set a non-root USER", s.Name, user)
		}
	}
}

// buildsWithUI reports whether a RUN builds the gateway with the UI embedded.
func buildsWithUI(cmds []instructions.Command) bool {
	for _, cmd := range cmds {
		run, ok := cmd.(*instructions.RunCommand)
		if !ok {
			continue
		}
		for _, step := range strings.Split(strings.Join(run.CmdLine, " "), "&&") {
			if strings.Contains(step, "go build") && strings.Contains(step, "-tags builtinassets") && strings.Contains(step, "./caddy-module/cmd/shellgate") {
				return true
			}
		}
	}
	return false
}
