package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"net/http"
	"strings"
	"time"
)

//go:embed templates/*.html static
var files embed.FS

var pageTemplate = template.Must(template.ParseFS(files, "templates/*.html"))

// staticFiles are the page's files, served under /static/.
var staticFiles = func() fs.FS {
	f, err := fs.Sub(files, "static")
	if err != nil {
		panic(err)
	}
	return f
}()

// pageData is what the page template shows.
type pageData struct {
	Title string
	// Game is the game of a game page; nil for the home page.
	Game *gamePage
}

// Seats are the seats of the opponents on the home page's form.
func (pageData) Seats() []int { return []int{2, 3, 4} }

type gamePage struct {
	ID      string
	Players []playerJSON
	Current int
	Over    bool
}

// csp is the Content-Security-Policy of every answer: scripts and
// styles from the server only, no framing.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders are the headers of every answer: the CSP, no sniffing
// of types, no referrer.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}

func (s *Server) pageRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		s.renderPage(w, http.StatusOK, pageData{Title: "Farkle"})
	})
	m.HandleFunc("GET /g/{id}", func(w http.ResponseWriter, r *http.Request) {
		e, aerr := s.entryOf(r)
		if aerr != nil {
			s.renderPage(w, http.StatusNotFound, pageData{Title: "No such game"})
			return
		}
		st := s.lockedState(e, "en")
		var names []string
		for _, p := range st.Players {
			names = append(names, p.Name)
		}
		s.renderPage(w, http.StatusOK, pageData{
			Title: "Farkle: " + strings.Join(names, " vs "),
			Game:  &gamePage{ID: st.ID, Players: st.Players, Current: st.Current, Over: st.Over},
		})
	})
	// The web-app manifest and the service worker are at the root: a
	// service worker controls the pages under the path it is served from.
	m.HandleFunc("GET /manifest.webmanifest", rootFile("manifest.webmanifest", "application/manifest+json"))
	m.HandleFunc("GET /sw.js", rootFile("sw.js", "text/javascript; charset=utf-8"))
	static := http.StripPrefix("/static/", http.FileServerFS(staticFiles))
	m.Handle("GET /static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		securityHeaders(w.Header())
		if strings.HasSuffix(r.URL.Path, "/") {
			notFound(w, r) // a directory: its files are not listed
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		static.ServeHTTP(w, r)
	}))
	m.HandleFunc("/", notFound)
}

// rootFile serves the static file name at the root, as contentType,
// revalidated on each use (no-cache), as every static file is: a new
// release is seen at once, and a service worker's update is found.
func rootFile(name, contentType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, err := fs.ReadFile(staticFiles, name)
		if err != nil {
			notFound(w, r) // never: the file is embedded
			return
		}
		h := w.Header()
		securityHeaders(h)
		h.Set("Content-Type", contentType)
		h.Set("Cache-Control", "no-cache")
		sum := sha256.Sum256(b)
		h.Set("ETag", `"`+hex.EncodeToString(sum[:8])+`"`)
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
	}
}

// renderPage renders the page template, escaped by html/template.
func (s *Server) renderPage(w http.ResponseWriter, status int, d pageData) {
	var b bytes.Buffer
	if err := pageTemplate.ExecuteTemplate(&b, "page.html", d); err != nil {
		s.logf("farkle serve: page: %v", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	securityHeaders(h)
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// notFound answers 404 with the pages' security headers.
func notFound(w http.ResponseWriter, r *http.Request) {
	securityHeaders(w.Header())
	http.Error(w, "404 page not found", http.StatusNotFound)
}

// lockedState returns the state of e for no seat.
func (s *Server) lockedState(e *entry, lang string) stateJSON {
	e.mu.Lock()
	defer e.mu.Unlock()
	return s.state(e, lang)
}
