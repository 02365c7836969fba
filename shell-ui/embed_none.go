//go:build !builtinassets

package shellui

import "io/fs"

// Builtin is nil: this binary was built without the builtinassets tag, so it has no UI inside
// and the shell serves the one its ui_dir option names.
func Builtin() fs.FS { return nil }
