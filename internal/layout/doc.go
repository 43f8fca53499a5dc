// Package layout holds no code: its test checks the architecture of the module
// (docs/DESIGN.md) against the imports and sources as they stand.
package layout
