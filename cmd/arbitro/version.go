package main

import (
	"runtime"

	buildversion "arbitro/internal/version"
	"arbitro/reports"

	"github.com/spf13/cobra"
)

func newVersionCmd(g *globalOptions, runF func(*cobra.Command, *noArgs) error) *cobra.Command {
	return withRun(&cobra.Command{
		Use:   "version",
		Short: "Print arbitro's version, the Git commit it was built from, and the platform",
		Long: `Print which arbitro this is, for a bug report or an arbiter's record:

  arbitro v1.2.0
  commit 1c09412a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e
  built with go1.26.8 for windows/amd64

The version comes from the release (the Git tag), or from the Go build information
for a binary built with 'go build' or 'go install'; "dev" when neither is known. The
commit line says "unknown" for a build made outside a Git checkout. The same version
is printed in --help and in the footer of every PDF report.`,
		Args: cobra.NoArgs,
	}, &noArgs{}, runF)
}

// runVersion prints this build's version, commit and platform.
func runVersion(c *cobra.Command, g *globalOptions, _ *noArgs) error {
	info := buildversion.Get()
	return reports.WriteVersion(c.OutOrStdout(), g.cliLocale(), reports.BuildInfo{Version: info.Version, Commit: info.Commit,
		GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH})
}
