package four

import "github.com/farkle-go/farkle/strategy/win/internal/kit"

// The sentinels of package win (see its documentation).
var (
	ErrRules     = kit.ErrRules
	ErrTooLarge  = kit.ErrTooLarge
	ErrNoTable   = kit.ErrNoTable
	ErrData      = kit.ErrData
	ErrScore     = kit.ErrScore
	ErrTurnTotal = kit.ErrTurnTotal
)
