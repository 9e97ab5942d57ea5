module github.com/urlgrammar/urlgrammar/cmd/urlgrammar

go 1.24

require (
	github.com/google/go-cmp v0.7.0
	github.com/urlgrammar/urlgrammar v0.0.0-00010101000000-000000000000
)

replace github.com/urlgrammar/urlgrammar => ../..
