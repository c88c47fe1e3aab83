"""A sweep of games, its figures and its report: `spellcard balance` (docs/balance.md)."""
