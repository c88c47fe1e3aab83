"""The checks of the pack's own forms beside its rules' code: decks, the tools' declarations (`show`,
`harness`, `search`, `wording`, `score`), reactions and compulsory parts, each mixed into the Checker
or read by the emitter."""
