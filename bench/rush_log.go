package main

import (
	"bufio"
	"os"
	"regexp"
)

var rushLogLine = regexp.MustCompile(`level=(WARN|ERROR) msg="((?:[^"\\]|\\.)*)"`)

// logWarnings counts an instance log's warnings and errors by level and message, so the table can say
// what the servers complained about under the rush (e.g. a notification retried).
func logWarnings(path string, into map[string]int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		if m := rushLogLine.FindStringSubmatch(sc.Text()); m != nil {
			into[m[1]+" "+m[2]]++
		}
	}
	return sc.Err()
}
