//go:build !linux

package main

// quietHelpers does nothing outside Linux (see quiet_linux.go).
func quietHelpers() {}
