module github.com/urlgrammar/urlgrammar/cmd/urlgrammar

go 1.24.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/urlgrammar/urlgrammar v0.0.0-00010101000000-000000000000
	github.com/urlgrammar/urlgrammar/source v0.0.0-00010101000000-000000000000
	golang.org/x/term v0.40.0
)

require (
	github.com/klauspost/compress v1.19.2 // indirect
	golang.org/x/net v0.50.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
)

replace (
	github.com/urlgrammar/urlgrammar => ../..
	github.com/urlgrammar/urlgrammar/source => ../../source
)
