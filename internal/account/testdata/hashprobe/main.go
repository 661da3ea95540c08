// Command hashprobe prints account.HashPassword of its first argument. TestBuiltBinaryHashesAtProductionCost
// builds it with `go build`, as the server is built, to prove such a binary hashes at production cost.
package main

import (
	"fmt"
	"os"

	"pitlane/internal/account"
)

func main() {
	h, err := account.HashPassword(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(h)
}
