module github.com/urlgrammar/urlgrammar

go 1.24
