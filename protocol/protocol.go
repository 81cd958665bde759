// Package protocol is how people and programs talk to the engine: XBoard/CECP v2, UCI and
// a console for people, each read from an io.Reader and written to an io.Writer.
package protocol

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Run is the protocol loop on in and out; it returns the exit status. Until the protocols
// land it only knows quit.
func Run(in io.Reader, out io.Writer) int {
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
