package web

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// The web-app manifest is served at the root as application/manifest+json,
// revalidated on each use, and is what an installable app needs: a name,
// a start_url and scope in the site, display standalone, theme and
// background colours, and PNG icons of 192 and 512 px that are served
// at those sizes; the page links it, and the CSP lets it be read.
func TestManifest(t *testing.T) {
	_, ts := newTest(t, Config{})
	r := call(t, nil, "GET", ts.URL+"/manifest.webmanifest", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("manifest: %d %s", r.status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/manifest+json" {
		t.Errorf("manifest Content-Type %q", ct)
	}
	if cc := r.header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("manifest Cache-Control %q", cc)
	}
	var m struct {
		Name, ShortName, StartURL, Scope, Display, ThemeColor, BackgroundColor string
		Icons                                                                  []struct{ Src, Sizes, Type, Purpose string }
	}
	dec := json.NewDecoder(bytes.NewReader(r.body))
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		t.Fatalf("the manifest is not JSON: %v", err)
	}
	fields := map[string]*string{"name": &m.Name, "short_name": &m.ShortName, "start_url": &m.StartURL, "scope": &m.Scope,
		"display": &m.Display, "theme_color": &m.ThemeColor, "background_color": &m.BackgroundColor}
	for k, p := range fields {
		if err := json.Unmarshal(raw[k], p); err != nil || *p == "" {
			t.Errorf("manifest %s: %s (%v)", k, raw[k], err)
		}
	}
	if err := json.Unmarshal(raw["icons"], &m.Icons); err != nil {
		t.Fatal(err)
	}
	if m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" {
		t.Errorf("manifest start_url %q, scope %q, display %q", m.StartURL, m.Scope, m.Display)
	}
	sizes := map[string]bool{}
	for _, ic := range m.Icons {
		ir := call(t, nil, "GET", ts.URL+ic.Src, "", nil)
		if ir.status != http.StatusOK || ir.header.Get("Content-Type") != ic.Type {
			t.Errorf("icon %s: %d %q, want %q", ic.Src, ir.status, ir.header.Get("Content-Type"), ic.Type)
			continue
		}
		if ic.Type != "image/png" {
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(ir.body))
		if err != nil {
			t.Errorf("icon %s: %v", ic.Src, err)
			continue
		}
		if got := strconv.Itoa(cfg.Width) + "x" + strconv.Itoa(cfg.Height); got != ic.Sizes {
			t.Errorf("icon %s is %s, the manifest says %s", ic.Src, got, ic.Sizes)
		}
		sizes[ic.Sizes] = true
	}
	if !sizes["192x192"] || !sizes["512x512"] {
		t.Errorf("the manifest's PNG icons: %v, want 192x192 and 512x512", sizes)
	}

	page := call(t, nil, "GET", ts.URL+"/", "", nil)
	for _, want := range []string{`<link rel="manifest" href="/manifest.webmanifest">`, `<meta name="theme-color" media="(prefers-color-scheme: dark)"`, `<link rel="icon" id="icon" href="/static/icon.svg"`} {
		if !strings.Contains(string(page.body), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	for _, want := range []string{"manifest-src 'self'", "worker-src 'self'"} {
		if !strings.Contains(page.header.Get("Content-Security-Policy"), want) {
			t.Errorf("the CSP lacks %s: %s", want, page.header.Get("Content-Security-Policy"))
		}
	}
}

// The service worker is served at the root (so that it controls the
// game pages), as JavaScript, revalidated on each use with an ETag that
// answers 304 when unchanged; it keeps the pages and static files, not
// the API.
func TestServiceWorker(t *testing.T) {
	_, ts := newTest(t, Config{})
	r := call(t, nil, "GET", ts.URL+"/sw.js", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("sw.js: %d", r.status)
	}
	if ct := r.header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Errorf("sw.js Content-Type %q", ct)
	}
	if cc := r.header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("sw.js Cache-Control %q", cc)
	}
	if r.header.Get("X-Content-Type-Options") != "nosniff" || r.header.Get("Content-Security-Policy") == "" {
		t.Errorf("sw.js without the security headers: %v", r.header)
	}
	for _, want := range []string{"addEventListener('fetch'", "/api/", "/static/app.js"} {
		if !bytes.Contains(r.body, []byte(want)) {
			t.Errorf("sw.js lacks %q", want)
		}
	}
	etag := r.header.Get("ETag")
	if etag == "" {
		t.Fatal("sw.js has no ETag")
	}
	req, _ := http.NewRequest("GET", ts.URL+"/sw.js", nil)
	req.Header.Set("If-None-Match", etag)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotModified {
		t.Errorf("sw.js with its ETag: %d, want 304", res.StatusCode)
	}
	if r := call(t, nil, "POST", ts.URL+"/sw.js", "", nil); r.status != http.StatusMethodNotAllowed && r.status != http.StatusNotFound {
		t.Errorf("POST /sw.js: %d", r.status)
	}
}
