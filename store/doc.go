// Package store keeps arbitro's tournaments in one SQLite file (the schema and its
// migrations are embedded by the root package arbitro): Open, the read-only opening for
// readers, and the use cases. It is the only package that speaks SQL.
//
// Every write goes through Store.Update, which runs one immediate transaction: either all
// of a command's changes are written or none. Reads go through Store.View. The values read
// and written are the domain's (package tournament); the rules of the domain are computed
// there, not here.
package store
