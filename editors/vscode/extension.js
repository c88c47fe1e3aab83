// Starts `spellcard lsp` for .spell files: all features come from the server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("spellcard").get("command") || "spellcard";
  client = new LanguageClient("spellcard", "Spellcard",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "spellcard" }] });
  client.start();
}

function deactivate() { return client ? client.stop() : undefined; }

module.exports = { activate, deactivate };
