module github.com/urlgrammar/urlgrammar/gen

go 1.24

require (
	github.com/pointlander/peg v1.0.1
	github.com/urlgrammar/urlgrammar v0.0.0-00010101000000-000000000000
)

require (
	github.com/pointlander/compress v1.1.1-0.20190518213731-ff44bd196cc3 // indirect
	github.com/pointlander/jetset v1.0.1-0.20190518214125-eee7eff80bd4 // indirect
)

tool github.com/pointlander/peg

replace github.com/urlgrammar/urlgrammar => ../
