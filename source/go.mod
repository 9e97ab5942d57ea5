module github.com/urlgrammar/urlgrammar/source

go 1.24.0

require (
	github.com/klauspost/compress v1.19.2
	golang.org/x/net v0.50.0
)
