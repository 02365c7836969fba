// Package redistest starts a real redis-server for tests: on a free loopback port, in a
// temporary directory, with persistence off, stopped when the test ends.
package redistest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Binary is the redis-server that Start runs; REDIS_SERVER overrides it.
var Binary = "/usr/bin/redis-server"

func binary() string {
	if env := os.Getenv("REDIS_SERVER"); env != "" {
		return env
	}
	return Binary
}

// Server is a running redis-server (or Sentinel) owned by one test or one Cluster.
type Server struct {
	// Addr is host:port of the server; it stays the same across Restart.
	Addr string

	t     testing.TB
	dir   string
	port  int
	args  []string // extra redis-server arguments
	conf  string   // config file to run with, first on the command line (Sentinel needs one)
	ready string   // log line that says the server accepts connections

	mu      sync.Mutex
	cmd     *exec.Cmd
	done    chan struct{}
	clients []*redis.Client
}

// Start runs redis-server for t, or skips t when no redis-server is installed.
func Start(t testing.TB) *Server {
	t.Helper()
	if _, err := os.Stat(binary()); err != nil {
		t.Skipf("redis-server not found at %s (set REDIS_SERVER): %v", binary(), err)
	}
	s, err := newServer(t.TempDir(), nil)
	if err != nil {
		t.Fatalf("start redis-server: %v", err)
	}
	s.t = t
	t.Cleanup(s.stop)
	return s
}

// StartWith is Start with extra redis-server arguments, e.g. its TLS options.
func StartWith(t testing.TB, args ...string) *Server {
	t.Helper()
	if _, err := os.Stat(binary()); err != nil {
		t.Skipf("redis-server not found at %s (set REDIS_SERVER): %v", binary(), err)
	}
	s, err := newServer(t.TempDir(), args)
	if err != nil {
		t.Fatalf("start redis-server: %v", err)
	}
	s.t = t
	t.Cleanup(s.stop)
	return s
}

// newServer runs redis-server in dir; the caller stops it with stop.
func newServer(dir string, args []string) (*Server, error) {
	s := &Server{dir: dir, args: args}
	if err := s.listen(); err != nil {
		return nil, err
	}
	return s, nil
}

// errPortTaken says another process bound the port between listen's pick and the server's
// bind: on a busy machine (tests side by side, outgoing connections taking ephemeral ports)
// a free port does not stay free.
var errPortTaken = errors.New("port taken before redis-server bound it")

// listen picks a free port and starts the server on it, picking again while the port was
// taken in between.
func (s *Server) listen() error {
	var err error
	for range 5 {
		l, lerr := net.Listen("tcp", "127.0.0.1:0")
		if lerr != nil {
			return fmt.Errorf("find a free port for redis-server: %w", lerr)
		}
		s.port = l.Addr().(*net.TCPAddr).Port
		l.Close()
		s.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
		if err = s.start(); !errors.Is(err, errPortTaken) {
			return err
		}
	}
	return err
}

// stop closes the clients handed out and kills the server.
func (s *Server) stop() {
	s.mu.Lock()
	clients := s.clients
	s.clients = nil
	s.mu.Unlock()
	for _, c := range clients {
		_ = c.Close()
	}
	s.Kill()
}

func (s *Server) start() error {
	var lead []string
	if s.conf != "" {
		lead = []string{s.conf}
	}
	readyLine := s.ready
	if readyLine == "" {
		readyLine = "Ready to accept connections"
	}
	cmd := exec.Command(binary(), append(append(lead,
		"--port", strconv.Itoa(s.port),
		"--bind", "127.0.0.1",
		"--save", "",
		"--appendonly", "no",
		"--dir", s.dir,
		"--protected-mode", "no",
	), s.args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("run %s: %w", binary(), err)
	}
	done := make(chan struct{})
	ready := make(chan struct{})
	var log strings.Builder
	var logMu sync.Mutex
	// The log is read to its end before Wait, which closes the pipe: a server that exits at
	// once (its port taken) has then written every line its error names.
	go func() {
		sc := bufio.NewScanner(stdout)
		once := sync.Once{}
		for sc.Scan() {
			logMu.Lock()
			log.WriteString(sc.Text() + "\n")
			logMu.Unlock()
			if strings.Contains(sc.Text(), readyLine) {
				once.Do(func() { close(ready) })
			}
		}
		_ = cmd.Wait()
		close(done)
	}()
	select {
	case <-ready:
	case <-done:
		logMu.Lock()
		defer logMu.Unlock()
		if strings.Contains(log.String(), "Address already in use") {
			return fmt.Errorf("%w:\n%s", errPortTaken, log.String())
		}
		return fmt.Errorf("redis-server exited before it was ready:\n%s", log.String())
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		return errors.New("redis-server not ready within 10 s")
	}
	s.mu.Lock()
	s.cmd, s.done = cmd, done
	s.mu.Unlock()
	return nil
}

// Client returns a new client of the server, closed when the test ends.
func (s *Server) Client() *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: s.Addr, MaxRetries: -1})
	s.mu.Lock()
	s.clients = append(s.clients, c)
	s.mu.Unlock()
	return c
}

// Kill stops the server at once (SIGKILL), as a crash would; its data is gone.
func (s *Server) Kill() {
	s.mu.Lock()
	cmd, done := s.cmd, s.done
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Kill()
	<-done
}

// Restart kills the server and starts an empty one on the same address.
func (s *Server) Restart() {
	s.Kill()
	if err := s.start(); err != nil {
		if s.t == nil {
			panic(fmt.Sprintf("restart redis-server: %v", err))
		}
		s.t.Helper()
		s.t.Fatalf("restart redis-server: %v", err)
	}
}

// FlushAll empties the server, for tests that share one server between cases.
func (s *Server) FlushAll(ctx context.Context) error {
	c := redis.NewClient(&redis.Options{Addr: s.Addr})
	defer c.Close()
	return c.FlushAll(ctx).Err()
}
