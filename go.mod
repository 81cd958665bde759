module varchess

go 1.26.8

require (
	github.com/notnil/chess v1.10.0
	golang.org/x/sync v0.24.0
)
