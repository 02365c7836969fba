package redistest

import (
	"errors"
	"net"
	"os"
	"testing"
)

// A port another process holds is told apart from other failures, so listen picks again
// instead of failing the test that wanted a server (CI: another suite's listener took it).
func TestStartOnATakenPortSaysSo(t *testing.T) {
	if _, err := os.Stat(binary()); err != nil {
		t.Skipf("redis-server not found at %s: %v", binary(), err)
	}
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	s := &Server{dir: t.TempDir(), port: held.Addr().(*net.TCPAddr).Port}
	err = s.start()
	if err == nil {
		s.Kill()
		t.Fatal("redis-server started on a port another listener holds")
	}
	if !errors.Is(err, errPortTaken) {
		t.Fatalf("start on a taken port: %v, want errPortTaken", err)
	}
	// listen picks another port and the server runs.
	if err := s.listen(); err != nil {
		t.Fatalf("listen after a taken port: %v", err)
	}
	defer s.Kill()
	if s.port == held.Addr().(*net.TCPAddr).Port {
		t.Fatal("listen kept the taken port")
	}
}
