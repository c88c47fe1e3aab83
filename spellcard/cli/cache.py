"""`spellcard cache`: where the compile cache is, what it holds, and its budget; trim or clear it."""
from __future__ import annotations

import os
import time

import click

from spellcard.compiler.pack import cache_trim
from spellcard.compiler.pack.cache_key import cache_dir


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):,.1f} MB"


@click.command("cache")
@click.option("--trim", "do_trim", is_flag=True, help="Trim the cache to its budget now.")
@click.option("--clear", is_flag=True, help="Remove every entry (the next check of each pack starts cold).")
def cache_cmd(do_trim: bool, clear: bool) -> None:
    """Show the compile cache: its folder ($SPELLCARD_CACHE, else ~/.cache/spellcard), its size per
    part and its budget ($SPELLCARD_CACHE_MB, default 1,024). A command that writes to the cache keeps
    it under the budget itself, removing the entries used longest ago; --trim does so now."""
    cdir = cache_dir()
    if clear or do_trim:
        files, size = cache_trim.clear(cdir) if clear else cache_trim.trim(cdir)[:2]
        click.echo(f"removed {files} files, {_mb(size)}")
    parts: dict = {}
    for e in cache_trim.entries(cdir, time.time()):
        folder = os.path.relpath(os.path.dirname(e.path), cdir)
        folder = "packs" if folder == os.curdir else folder
        count, size = parts.get(folder, (0, 0))
        parts[folder] = (count + 1, size + e.size)
    click.echo(f"{cdir}: {_mb(sum(s for _, s in parts.values()))} of {_mb(cache_trim.budget())}")
    for folder in sorted(parts):
        count, size = parts[folder]
        click.echo(f"  {folder:<8} {count:>7,} files {_mb(size):>12}")
