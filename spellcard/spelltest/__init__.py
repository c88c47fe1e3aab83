"""`.spell` tests: find them (collect), check them against the pack (check), run them on the
scenario harness (run), and tell a failure in the designer's terms (report)."""
