package bundle

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io/fs"
	"mime"
	"path"
	"strings"
)

// Asset is one hashed UI file with its precompressed variants.
type Asset struct {
	Name        string
	ContentType string
	// ETag is a strong validator of the uncompressed bytes; variants add their coding.
	ETag     string
	Identity []byte
	Brotli   []byte // nil when the build wrote no .br
	Gzip     []byte // nil when the build wrote no .gz
}

// Asset gives the asset served as name (the path below the asset prefix).
func (b *Bundle) Asset(name string) (*Asset, bool) {
	a, ok := b.assets[name]
	return a, ok
}

func loadAssets(fsys fs.FS) (map[string]*Asset, error) {
	out := map[string]*Asset{}
	err := fs.WalkDir(fsys, "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			return nil
		}
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(raw)
		a := &Asset{
			Name:        strings.TrimPrefix(p, "assets/"),
			ContentType: contentType(p),
			ETag:        `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`,
			Identity:    raw,
		}
		// A variant is only used when it is smaller: tiny files compress badly.
		if br, err := fs.ReadFile(fsys, p+".br"); err == nil && len(br) < len(raw) {
			a.Brotli = br
		}
		if gz, err := fs.ReadFile(fsys, p+".gz"); err == nil && len(gz) < len(raw) {
			a.Gzip = gz
		}
		out[a.Name] = a
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return out, nil
}

func contentType(p string) string {
	switch path.Ext(p) {
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".map", ".json":
		return "application/json"
	}
	if t := mime.TypeByExtension(path.Ext(p)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// Choose picks the variant for an Accept-Encoding header value: brotli, then gzip, then none.
func (a *Asset) Choose(acceptEncoding string) (body []byte, coding string) {
	if a.Brotli != nil && accepts(acceptEncoding, "br") {
		return a.Brotli, "br"
	}
	if a.Gzip != nil && accepts(acceptEncoding, "gzip") {
		return a.Gzip, "gzip"
	}
	return a.Identity, ""
}

// accepts reports whether an Accept-Encoding value allows coding (q=0 refuses it).
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) && strings.TrimSpace(name) != "*" {
			continue
		}
		params = strings.ReplaceAll(params, " ", "")
		if q, ok := strings.CutPrefix(params, "q="); ok && isZeroQ(q) {
			return false
		}
		return true
	}
	return false
}

func isZeroQ(q string) bool {
	return len(bytes.Trim([]byte(q), "0.")) == 0
}
