"""Pure rules and the match aggregate: no I/O, no clock, no randomness."""
