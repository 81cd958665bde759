package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// runProtocol is the protocol loop. Until the protocols land it only knows quit.
func runProtocol(in io.Reader, out io.Writer) int {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch line {
		case "":
		case "quit":
			return 0
		default:
			fmt.Fprintf(out, "Error (not available yet): %s\n", line)
		}
	}
	return 0
}
