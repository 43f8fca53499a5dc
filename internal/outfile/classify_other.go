//go:build !unix && !windows

package outfile

func diskFull(error) bool { return false }
func readOnly(error) bool { return false }
func notDir(error) bool   { return false }
