module varchess

go 1.26.8

require (
	github.com/notnil/chess v1.10.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
