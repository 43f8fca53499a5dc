// Store integration of the pairing engines (lot, pair, unpair, pairings).

package tournament
