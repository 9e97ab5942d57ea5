module github.com/urlgrammar/urlgrammar

go 1.24.0

tool github.com/pointlander/peg

require (
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.19.2
	github.com/nlnwa/whatwg-url v0.6.2
	golang.org/x/net v0.50.0
	golang.org/x/term v0.40.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/pointlander/compress v1.1.1-0.20190518213731-ff44bd196cc3 // indirect
	github.com/pointlander/jetset v1.0.1-0.20190518214125-eee7eff80bd4 // indirect
	github.com/pointlander/peg v1.0.1 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/text v0.34.0 // indirect
)
