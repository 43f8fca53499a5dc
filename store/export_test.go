package store

import "database/sql"

// DB returns the store's database handle, for the tests of this package only: they plant
// rows the commands cannot write and count rows without a Tx. Production code reaches the
// file only through Update and View.
func (s *Store) DB() *sql.DB { return s.db }
