//go:build !unix

package store

import "time"

// auditCPU is not measured on this platform.
func auditCPU() time.Duration { return 0 }
