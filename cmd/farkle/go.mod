module github.com/farkle-go/farkle/cmd/farkle

go 1.25.0

require (
	github.com/farkle-go/farkle v0.0.0-00010101000000-000000000000
	github.com/google/go-cmp v0.7.0
	go.etcd.io/bbolt v1.5.0
	pgregory.net/rapid v1.3.0
)

require golang.org/x/sys v0.45.0 // indirect
