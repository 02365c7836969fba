package flags

// Defaults are the flags without an operator file: what the demo needs to show every
// flag-dependent entry (the nl Beleggen menu, the mobile-app banner). An operator file
// replaces them as a whole.
func Defaults() *File {
	return &File{Flags: map[string]Definition{
		"isDWMLaunchNL": {Locales: map[string]bool{"nl-NL": true}},
		MobileAppBanner: {On: true},
	}}
}
