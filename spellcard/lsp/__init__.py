"""`spellcard lsp`: a language server for .spell files, on the real parser and checker."""
