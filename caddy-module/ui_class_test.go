package shell

import (
	"encoding/json"
	"io/fs"
	"sync"
	"testing"
)

var uiClasses = sync.OnceValues(func() (map[string]string, error) {
	raw, err := fs.ReadFile(builtinUI, "class-names.json")
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	return m, json.Unmarshal(raw, &m)
})

// uiClass gives the class the built UI writes for one of the shell's readable class names: the
// build shortens them (shell-ui/shortClassNames.ts) and lists the map in class-names.json.
func uiClass(t testing.TB, name string) string {
	t.Helper()
	m, err := uiClasses()
	if err != nil {
		t.Fatalf("the built UI's class names: %v (build the UI: npm run build -w shell-ui)", err)
	}
	c, ok := m[name]
	if !ok {
		t.Fatalf("no class %s in the built UI's class-names.json", name)
	}
	return c
}
