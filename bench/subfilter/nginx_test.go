package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNginxInsertsTheSameBytes runs the real nginx on rules whose fragments
// hold everything nginx strings treat specially ($, quotes, backslashes,
// \t read as an escape, long runs past the token limit, invalid UTF-8, the
// request's path) and checks it serves exactly the spliced page.
func TestNginxInsertsTheSameBytes(t *testing.T) {
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		t.Skip("no nginx on PATH")
	}
	head := "<script>var price='5 $'; var path=\"C:\\tmp\\new\"; var ${x}=1;</script>"
	header := `<div data-shell="header">` + strings.Repeat("<a href=\"/festgeld/\">Zinsen für Sparer</a>\n", 200) + "\xff</div>"
	footer := `<div data-shell="footer"><footer>© 2026 'Sparplattform'</footer></div><script>{"path":"/page.html"}</script>`
	spliced := strings.NewReplacer("</head>", head+"</head>", `<body class="page">`, `<body class="page">`+header, "</body>", footer+"</body>").Replace(page)

	ins, err := insertions([]byte(page), []byte(spliced))
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rules([]byte(page), ins)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var conf bytes.Buffer
	if err := writeNginx(&conf, rs, "/page.html"); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	for name, body := range map[string]string{
		"www/page.html":  page,
		"www/other.html": page,
		"subfilter.conf": conf.String(),
		"nginx.conf": fmt.Sprintf(`daemon off; worker_processes 1; pid %[1]s/nginx.pid; error_log %[1]s/error.log;
events {}
http {
	access_log off; client_body_temp_path %[1]s/tmp; proxy_temp_path %[1]s/tmp;
	types { text/html html; }
	geo $dollar { default "$"; }
	server { listen 127.0.0.1:%[2]d; root %[1]s/www; sub_filter_once on; include %[1]s/subfilter.conf; }
}`, dir, port),
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Workers may run as nobody when the test runs as root.
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nginx, "-p", dir, "-e", filepath.Join(dir, "error.log"), "-c", filepath.Join(dir, "nginx.conf"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	// The gateway writes each request's own path into the shell state.
	for _, path := range []string{"/page.html", "/other.html"} {
		want := strings.Replace(spliced, `"path":"/page.html"`, `"path":"`+path+`"`, 1)
		got := fetch(t, fmt.Sprintf("http://127.0.0.1:%d%s", port, path), &stderr)
		if got != want {
			t.Errorf("nginx served %s as\n%.2000s\nwant\n%.2000s", path, got, want)
		}
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func fetch(t *testing.T, url string, stderr *bytes.Buffer) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(url)
		if err != nil {
			continue
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %v", url, resp.StatusCode, err)
		}
		return string(body)
	}
	t.Fatalf("nginx never answered at %s: %s", url, stderr)
	return ""
}
