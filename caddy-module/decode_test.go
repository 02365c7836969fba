package shell

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
)

const bombPage = "<!doctype html><html><head><title>Bombe</title></head><body><p>klein</p></body></html>"

// zstdFrameWithWindow is a zstd frame holding page in raw blocks whose header declares a
// window of 1<<windowLog bytes: a decoder that trusts it allocates that much before the first
// byte of output, however small the page.
func zstdFrameWithWindow(windowLog uint, page string) []byte {
	var b []byte
	b = binary.LittleEndian.AppendUint32(b, 0xFD2FB528) // magic number
	b = append(b, 0x00)                                 // no content size, not single segment, no checksum, no dictionary
	b = append(b, byte(windowLog-10)<<3)                // window descriptor: exponent, mantissa 0
	for {
		block := page[:min(len(page), 1<<windowLog, 128<<10)]
		page = page[len(block):]
		last := uint32(0)
		if page == "" {
			last = 1
		}
		header := uint32(len(block))<<3 | last // a raw block
		b = append(b, byte(header), byte(header>>8), byte(header>>16))
		b = append(b, block...)
		if last == 1 {
			return b
		}
	}
}

// allocatedBy runs f and says how many bytes the process allocated meanwhile.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A compressed page whose header declares a huge window is refused before the decoder
// allocates it: a few hundred bytes from the upstream must not cost the gateway hundreds of
// MiB. zstd is capped at the 8 MiB window HTTP's zstd coding allows (RFC 9659); brotli's and
// gzip's windows are bounded by their formats (16 MiB, 32 KiB).
func TestDecompressionBombWindowIsNotAllocated(t *testing.T) {
	brotliPage := func(lgwin int) []byte {
		var buf bytes.Buffer
		w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: 5, LGWin: lgwin})
		io.WriteString(w, bombPage)
		w.Close()
		return buf.Bytes()
	}
	gzipPage := func() []byte {
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		io.WriteString(w, bombPage)
		w.Close()
		return buf.Bytes()
	}
	for _, tt := range []struct {
		name    string
		coding  string
		body    []byte
		refused bool
		most    uint64 // bytes the decoding may allocate
	}{
		{"zstd, 1 GiB window", "zstd", zstdFrameWithWindow(30, bombPage), true, 16 << 20},
		{"zstd, 512 MiB window", "zstd", zstdFrameWithWindow(29, bombPage), true, 16 << 20},
		{"zstd, 64 MiB window", "zstd", zstdFrameWithWindow(26, bombPage), true, 16 << 20},
		{"zstd, 8 MiB window (RFC 9659's most)", "zstd", zstdFrameWithWindow(23, bombPage), false, 16 << 20},
		{"brotli, 16 MiB window (the format's most)", "br", brotliPage(24), false, 24 << 20},
		{"gzip", "gzip", gzipPage(), false, 1 << 20},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			var err error
			n := allocatedBy(func() {
				err = decodeTo(tt.coding, bytes.NewReader(tt.body), &capWriter{w: &out, left: defaultMaxDecodedSize}, defaultMaxDecodedSize)
			})
			if n > tt.most {
				t.Errorf("decoding a %d-byte body allocated %d MiB", len(tt.body), n>>20)
			}
			if tt.refused {
				if err == nil || out.Len() != 0 {
					t.Errorf("the frame was decoded (err %v, %d bytes out)", err, out.Len())
				}
				return
			}
			if err != nil || out.String() != bombPage {
				t.Errorf("decoded %q, %v", out.String(), err)
			}
		})
	}
}

// Through the gateway, a page refused for its window ends as a page cut by max_decoded_size
// does (README: compressed pages): the upstream's status, never a 5xx; the shell around what
// was decoded before the cut, which for a refused window is nothing; never the upstream's
// compressed bytes; a warning in the log.
func TestDecompressionBombThroughTheGateway(t *testing.T) {
	long := bombPage + strings.Repeat("<p>Zinsen</p>", 200)
	for _, tt := range []struct {
		name    string
		maxSize int64
		body    []byte
		most    int // bytes of the page that may go out
	}{
		{"a zstd window over 8 MiB", 0, zstdFrameWithWindow(29, bombPage), 0},
		{"past max_decoded_size", 2 << 10, zstdFrameWithWindow(10, long), 2 << 10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGateway(t, nil)
			if tt.maxSize != 0 {
				g.h.MaxDecodedSize = tt.maxSize
			}
			g.upstream = caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.Header().Set("Content-Encoding", "zstd")
				_, _ = w.Write(tt.body) // a failed write is the gateway's cut, said in its log
				return nil
			})
			var res *http.Response
			var body string
			n := allocatedBy(func() { res, body = g.do(navigate("/bomb/", nil)) })
			if n > 64<<20 {
				t.Errorf("the request allocated %d MiB", n>>20)
			}
			if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "" {
				t.Errorf("status %d, Content-Encoding %q", res.StatusCode, res.Header.Get("Content-Encoding"))
			}
			// A page cut mid-way may lack its footer (the splicer places it before the page's
			// end, which never came); a page refused whole gets both.
			if !strings.Contains(body, `<div data-shell="header">`) || tt.most == 0 && !strings.Contains(body, `<div data-shell="footer">`) {
				t.Errorf("the page went out without the shell: ...%s", body[max(0, len(body)-600):])
			}
			if strings.Contains(body, string(tt.body[:4])) {
				t.Errorf("the upstream's compressed bytes went out")
			}
			if got := len(withoutShell(t, body)); got > tt.most {
				t.Errorf("%d bytes of the page went out, want at most %d: %q", got, tt.most, withoutShell(t, body))
			}
			if !strings.Contains(g.logText(), "compressed page could not be decoded") {
				t.Errorf("no warning in the log:\n%s", g.logText())
			}
		})
	}
}
