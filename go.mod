module github.com/urlgrammar/urlgrammar

go 1.24

require (
	github.com/google/go-cmp v0.7.0
	github.com/pointlander/peg v1.0.1
)

require (
	github.com/pointlander/compress v1.1.1-0.20190518213731-ff44bd196cc3 // indirect
	github.com/pointlander/jetset v1.0.1-0.20190518214125-eee7eff80bd4 // indirect
)

tool github.com/pointlander/peg
