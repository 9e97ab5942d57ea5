module github.com/urlgrammar/urlgrammar/source

go 1.24.0

require golang.org/x/net v0.50.0
