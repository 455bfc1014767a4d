package web

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// drawIcon draws the web app's icon at size×size: a white die showing
// five on the green felt of the page, the die within the middle 60% so
// that a round or squircle mask (a "maskable" icon) keeps it whole.
func drawIcon(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	felt := color.NRGBA{0x1f, 0x6b, 0x45, 0xff}
	white := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	pip := color.NRGBA{0x1d, 0x1d, 0x1f, 0xff}
	red := color.NRGBA{0xb3, 0x26, 0x1e, 0xff}
	f := float64(size)
	lo, hi, r := 0.2*f, 0.8*f, 0.08*f // the die, and its corners' radius
	pips := [][2]float64{{0.35, 0.35}, {0.65, 0.35}, {0.5, 0.5}, {0.35, 0.65}, {0.65, 0.65}}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			c := felt
			// Inside the die: the rectangle less its corners.
			cx, cy := min(max(px, lo+r), hi-r), min(max(py, lo+r), hi-r)
			if px >= lo && px <= hi && py >= lo && py <= hi && (px-cx)*(px-cx)+(py-cy)*(py-cy) <= r*r {
				c = white
			}
			for i, p := range pips {
				dx, dy := px-p[0]*f, py-p[1]*f
				if dx*dx+dy*dy <= (0.055*f)*(0.055*f) {
					c = pip
					if i == 2 {
						c = red
					}
				}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// The icons of the web-app manifest are drawn by drawIcon:
// FARKLE_UPDATE_ICONS=1 writes them again.
func TestIcons(t *testing.T) {
	for _, size := range []int{192, 512} {
		name := "icon-" + strconv.Itoa(size) + ".png"
		var b bytes.Buffer
		if err := png.Encode(&b, drawIcon(size)); err != nil {
			t.Fatal(err)
		}
		if os.Getenv("FARKLE_UPDATE_ICONS") == "1" {
			if err := os.WriteFile(filepath.Join("static", name), b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		// The pixels, not the bytes: another Go may compress otherwise.
		f, err := staticFiles.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("static/%s: %v", name, err)
		}
		want := drawIcon(size)
		same := got.Bounds() == want.Bounds()
		for y := 0; same && y < size; y++ {
			for x := 0; same && x < size; x++ {
				same = color.NRGBAModel.Convert(got.At(x, y)) == want.NRGBAAt(x, y)
			}
		}
		if !same {
			t.Errorf("static/%s is not drawIcon(%d): run FARKLE_UPDATE_ICONS=1 go test -run TestIcons", name, size)
		}
	}
}
