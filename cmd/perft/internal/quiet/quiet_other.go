//go:build !linux

// Package quiet keeps the Go runtime's own threads from interrupting a short computation
// on one processor (Linux only; elsewhere Helpers does nothing).
package quiet

// Helpers does nothing outside Linux (see quiet_linux.go).
func Helpers() {}
