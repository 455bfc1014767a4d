package three

import "github.com/farkle-go/farkle/strategy/win/internal/kit"

// The sentinels of package win (see its documentation).
var (
	ErrRules      = kit.ErrRules
	ErrOptions    = kit.ErrOptions
	ErrTooLarge   = kit.ErrTooLarge
	ErrNoTable    = kit.ErrNoTable
	ErrOtherRules = kit.ErrOtherRules
	ErrData       = kit.ErrData
	ErrScore      = kit.ErrScore
	ErrTurnTotal  = kit.ErrTurnTotal
	ErrDiceLeft   = kit.ErrDiceLeft
)
