"""The `touchline` command line (click)."""
