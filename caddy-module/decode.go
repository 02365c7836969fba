package shell

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// decodable reports whether the gateway can decode a content coding.
func decodable(coding string) bool {
	switch coding {
	case "gzip", "x-gzip", "br", "zstd":
		return true
	}
	return false
}

// errDecodedTooLarge ends a page that decodes past max_decoded_size.
var errDecodedTooLarge = errors.New("the page decodes to more than max_decoded_size")

// decoder decodes a compressed body as it arrives and writes the result to dst. Decoding
// readers pull, the response pushes: a pipe joins them, and the goroutine reading it is the
// only one touching dst until Close returns.
type decoder struct {
	pw   *io.PipeWriter
	done chan error
}

func newDecoder(coding string, dst io.Writer, max int64) *decoder {
	pr, pw := io.Pipe()
	d := &decoder{pw: pw, done: make(chan error, 1)}
	go func() {
		err := decodeTo(coding, pr, &capWriter{w: dst, left: max}, max)
		// Later writes fail with err, so the handler stops sending instead of blocking.
		pr.CloseWithError(err)
		d.done <- err
	}()
	return d
}

// zstdMaxWindow is the largest window a zstd page may declare: the limit of HTTP's zstd
// content coding (RFC 9659, section 3). A decoder allocates the window a frame declares
// before its first byte of output, so without this cap a few hundred bytes from the upstream
// could make the gateway allocate up to the library's default of 512 MiB per page. gzip's
// window is 32 KiB by its format; brotli's at most 16 MiB (large windows are not enabled),
// grown only as the page's bytes need it.
const zstdMaxWindow = 8 << 20

// decodeTo decodes r into dst; maxSize is max_decoded_size, which also bounds zstd's window
// (a window larger than the whole page may be is never needed).
func decodeTo(coding string, r io.Reader, dst io.Writer, maxSize int64) error {
	var src io.Reader
	switch coding {
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		defer zr.Close()
		src = zr
	case "br":
		src = brotli.NewReader(r)
	case "zstd":
		zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(zstdMaxWindow), zstd.WithDecoderMaxMemory(uint64(max(maxSize, 1))))
		if err != nil {
			return fmt.Errorf("zstd: %w", err)
		}
		defer zr.Close()
		src = zr
	default:
		return fmt.Errorf("content coding %q cannot be decoded", coding)
	}
	_, err := io.Copy(dst, src)
	return err
}

func (d *decoder) Write(p []byte) (int, error) { return d.pw.Write(p) }

// Close ends the input and waits until everything decoded has been written.
func (d *decoder) Close() error {
	_ = d.pw.Close()
	return <-d.done
}

// capWriter fails once more than left bytes were written.
type capWriter struct {
	w    io.Writer
	left int64
}

func (c *capWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > c.left {
		n, _ := c.w.Write(p[:c.left])
		c.left = 0
		return n, errDecodedTooLarge
	}
	c.left -= int64(len(p))
	return c.w.Write(p)
}
