package rulediff

import (
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

func TestFirst(t *testing.T) {
	app := game.App.Rules()
	five := app
	five.Scoring.SingleFive = 25
	triple := app
	triple.Scoring.Triple[3] = 600
	triple.Target = 2000 // Target comes first
	three := app
	three.Scoring.Triple[3] = 600
	bonus := app
	bonus.Scoring.Bonus = farkle.BonusNone
	for _, c := range []struct {
		name          string
		a, b          any
		field, va, vb string
		ok            bool
	}{
		{"equal", app, app, "", "", "", false},
		{"scoring field", app, five, "Scoring.SingleFive", "50", "25", true},
		{"first field", app, triple, "Target", "10000", "2000", true},
		{"array", app, three, "Scoring.Triple[3]", "300", "600", true},
		{"named type", app.Scoring, bonus.Scoring, "Bonus", app.Scoring.Bonus.String(), "BonusNone", true},
		{"types", app, app.Scoring, "", "", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			field, va, vb, ok := First(c.a, c.b)
			if ok != c.ok || field != c.field || (c.name != "types" && (va != c.va || vb != c.vb)) {
				t.Errorf("First = %q %q %q %v, want %q %q %q %v", field, va, vb, ok, c.field, c.va, c.vb, c.ok)
			}
		})
	}
}
