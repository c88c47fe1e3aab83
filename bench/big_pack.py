"""A synthetic big pack: N characters extending THB, the size a community writes, for the limits and
timings of bench/big_check.py (a script and a library, never a timed assertion).

    python bench/big_pack.py OUT [--characters N] [--seed S] [--per-file K]

Writes OUT/pack.spell (`extends thb`), OUT/characters_NNN.spell (K characters a file, each file well
under the per-file limit), OUT/cards.spell (weapons, armor, accessories, basic and spell cards) and
their copies added to THB's deck. Each character has one to three skills drawn from templates over
THB's own vocabulary (its windows, modifiers, actions, conversions and cards), with their numbers,
suits and colours varied, so the checker, the emitter and the runtime see the shapes a designer
writes rather than one skill copied. The same N and seed write the same bytes.
"""
from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

SUITS = ["spade", "heart", "club", "diamond"]
COLORS = ["red", "black"]
SUIT_MARKS = {"spade": "♠", "heart": "♡", "club": "♣", "diamond": "♢"}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# One skill body per template: (locked?, text, body lines). `{…}` fields are filled per skill.
SKILLS = [
    (False, "出牌階段限一次，你可以棄置{k}張手牌，然後摸{n}張牌。",
     """  active limit 1 per phase when count(owner.hand) >= {k} {{
    discard(choose_cards(owner, owner.hand, {k}, {k}, "{title}: 棄置{k}張手牌"), owner, "discard")
    if owner.alive {{ draw(owner, {n}) }}
  }}"""),
    (True, "鎖定技，當你受到傷害後，你摸{n}張牌。",
     """  on damage.taken when event.target == owner and owner.alive {{ draw(owner, {n}) }}"""),
    (True, "鎖定技，你計算與其他角色的距離-1。",
     """  modify distance when a == owner and b != owner = value - 1"""),
    (True, "鎖定技，其他角色計算與你的距離+1。",
     """  modify distance when b == owner and a != owner = value + 1"""),
    (True, "鎖定技，出牌階段你可以額外使用{n}張【彈幕】。",
     """  modify max_danmaku when p == owner = value + {n}"""),
    (True, "鎖定技，你的手牌上限+{n}。",
     """  modify hand_limit when p == owner = value + {n}"""),
    (True, "鎖定技，你的攻擊範圍+{n}。",
     """  modify attack_range when p == owner = value + {n}"""),
    (False, "你可以將一張{suit_name}手牌當【彈幕】使用或打出。",
     """  convert 1 from owner.hand where it.suit == {suit} as Danmaku for use, play"""),
    (False, "你可以將一張{color_name}手牌當【擦彈】使用或打出。",
     """  convert 1 from owner.hand where it.color == {color} as Graze for use, play"""),
    (False, "你可以將一張{suit_name}牌當【酒】使用。",
     """  convert 1 from owner.hand + owner.equip_zone where it.suit == {suit} as Sake for use"""),
    (False, "結束階段開始時，若你的手牌數少於{k}，你可以摸一張牌。",
     """  on end_phase.start when event.player == owner and count(owner.hand) < {k} {{ draw(owner, 1) }}"""),
    (False, "準備階段開始時，你可以進行一次判定，若結果為{color_name}，你摸{n}張牌。",
     """  on prepare_phase.start when event.player == owner {{
    let j = judge(owner)
    if j.card != none and j.card.color == {color} and owner.alive {{ draw(owner, {n}) }}
  }}"""),
    (True, "鎖定技，{suit_name}符卡對你無效。",
     """  modify immune when target == owner and card.suit == {suit} and is_spell(card) = true"""),
    (False, "當你對其他角色造成傷害後，你可以獲得其一張牌。",
     """  on damage.caused when event.source == owner and event.target != owner and event.target.alive
                   and count(own_cards(event.target)) > 0 {{
    let c = pick_own_card(owner, event.target, "{title}: 獲得其一張牌")
    if c != none {{ give([c], owner, owner, "take") }}
  }}"""),
    (True, "鎖定技，當你使用一張非延時符卡時，你摸一張牌。",
     """  on use_card.declare when event.user == owner and event.card.category == spell {{ draw(owner, 1) }}"""),
    (False, "出牌階段限一次，你可以棄置兩張手牌，對距離{k}以內的一名其他角色造成1點傷害。",
     """  active limit 1 per phase when count(owner.hand) >= 2 and count(others(owner) where distance(owner, it) <= {k}) > 0 {{
    discard(choose_cards(owner, owner.hand, 2, 2, "{title}: 棄置兩張手牌"), owner, "discard")
    let t = choose_player(owner, others(owner) where distance(owner, it) <= {k}, "{title}: 選擇一名角色")
    if t != none and owner.alive {{ damage(t, 1, source: owner) }}
  }}"""),
    (True, "鎖定技，當你回復體力後，你摸一張牌。",
     """  on recover.after when event.target == owner and owner.alive {{ draw(owner, 1) }}"""),
    (False, "當你殺死一名角色後，你摸{n}張牌。",
     """  on death.after when event.killer == owner and owner.alive {{ draw(owner, {n}) }}"""),
    (False, "出牌階段限一次，若你已受傷，你可以棄置一張{color_name}手牌，回復1點體力。",
     """  active limit 1 per phase when wounded(owner) and count(owner.hand where it.color == {color}) > 0 {{
    discard(choose_cards(owner, owner.hand where it.color == {color}, 1, 1, "{title}: 棄置一張手牌"), owner, "discard")
    recover(owner, 1, owner)
  }}"""),
    (False, "出牌階段限一次，你可以令一名其他角色摸一張牌，然後你摸一張牌。",
     """  active limit 1 per phase {{
    let t = choose_player(owner, others(owner), "{title}: 選擇一名其他角色")
    if t != none {{ draw(t, 1) }}
    draw(owner, 1)
  }}"""),
]

SUIT_NAMES = {"spade": "黑桃", "heart": "紅桃", "club": "梅花", "diamond": "方片"}
COLOR_NAMES = {"red": "紅色", "black": "黑色"}
KANJI = "天地玄黃宇宙洪荒日月盈昃辰宿列張寒來暑往秋收冬藏閏餘成歲律呂調陽雲騰致雨露結為霜金生麗水玉出崑岡"


def hp_edited(text: str, k: int = 0) -> str:
    """The benches' one-line edit: the first character's hit points set to another value, one digit
    (n → (n + k) mod 9 + 1), so no column moves; k tells successive edits apart."""
    return re.sub(r"hp = (\d)", lambda m: f"hp = {(int(m[1]) + k) % 9 + 1}", text, count=1)


def title_of(rng: random.Random, n: int = 2) -> str:
    return "".join(rng.choice(KANJI) for _ in range(n))


def skill(rng: random.Random, name: str) -> str:
    locked, text, body = SKILLS[rng.randrange(len(SKILLS))]
    suit, color = rng.choice(SUITS), rng.choice(COLORS)
    title = title_of(rng)
    fill = {"k": rng.randint(1, 3), "n": rng.randint(1, 2), "suit": suit, "color": color, "title": title,
            "suit_name": SUIT_NAMES[suit], "color_name": COLOR_NAMES[color]}
    return (f'skill {name} "{title}"{" locked" if locked else ""} {{\n'
            f'  text "{text.format(**fill)}"\n{body.format(**fill)}\n}}\n')


HP = [3, 3, 4, 4, 4, 3]
"""Hit points as THB deals them (20 of its 42 characters at 3, 22 at 4: 3.5 a character on average),
so that a generated character lives no longer than THB's (it was 3, 3, 4, 4, 4, 5: 3.83, and the big
pack's games ran longer for it). Six of them, so the same seed draws the same everything else."""


def character(rng: random.Random, i: int) -> str:
    name = f"Gen{i:05d}"
    skills = [f"{name}S{j}" for j in range(rng.choice([1, 2, 2, 2, 3]))]
    head = (f"# ── {name} ──\n"
            f'character {name} "{title_of(rng, 3)}" {{ title = "{title_of(rng, 5)}" hp = {rng.choice(HP)} '
            f"skills {', '.join(skills)} }}\n\n")
    return head + "\n".join(skill(rng, s) for s in skills) + "\n"


# Equipment and cards: (kind, card fields, skill body) over THB's slots and modifiers.
EQUIPMENT = [
    ("weapon", "range = {k}", "modify max_danmaku when p == owner = value + 1", "出牌階段你可以額外使用一張【彈幕】。"),
    ("weapon", "range = {k}", "modify attack_range when p == owner = value + 1", "攻擊範圍+1。"),
    ("armor", "", "modify immune when target == owner and card.suit == {suit} and is_spell(card) = true", "{suit_name}符卡對你無效。"),
    ("accessory", "", "modify hand_limit when p == owner = value + {k}", "手牌上限+{k}。"),
    ("offensive_ufo", "", "modify distance when a == owner and b != owner = value - 1", "你計算與其他角色的距離-1。"),
    ("defensive_ufo", "", "modify distance when b == owner and a != owner = value + 1", "其他角色計算與你的距離+1。"),
]


def equipment(rng: random.Random, i: int) -> str:
    slot, field, mod, text = EQUIPMENT[i % len(EQUIPMENT)]
    suit = rng.choice(SUITS)
    fill = {"k": rng.randint(1, 3), "suit": suit, "suit_name": SUIT_NAMES[suit]}
    name, title = f"GenGear{i:03d}", title_of(rng, 3)
    fields = f"\n  {field.format(**fill)}" if field else ""
    return (f'card {name} "{title}" {{\n  text "{text.format(**fill)}"\n  category = equipment\n'
            f"  subtype = {slot}{fields}\n  target self\n  skills {name}Skill\n}}\n"
            f'skill {name}Skill "{title}" locked {{\n  {mod.format(**fill)}\n}}\n\n')


def card(rng: random.Random, i: int) -> str:
    name, title = f"GenCard{i:03d}", title_of(rng, 2)
    if i % 3 == 0:
        n = rng.randint(1, 2)
        return (f'card {name} "{title}" {{\n  text "出牌階段，對自己使用，摸{n}張牌。"\n  category = basic\n'
                f"  target self\n  effect {{ draw(target, {n}) }}\n}}\n\n")
    if i % 3 == 1:
        return (f'card {name} "{title}" {{\n  text "出牌階段，若你已受傷，對自己使用，回復1點體力。"\n'
                f"  category = basic\n  target self\n  when wounded(user)\n  effect {{ recover(target, 1, user) }}\n}}\n\n")
    k = rng.randint(1, 2)
    return (f'card {name} "{title}" {{\n  text "出牌階段，對距離{k}以內的一名其他角色使用，對其造成1點傷害。"\n'
            f"  category = spell\n  target 1 from others(user) where distance(user, it) <= {k}\n"
            f"  effect {{ damage(target, 1, source: user, card: card) }}\n}}\n\n")


def write_pack(out: Path, characters: int = 2000, seed: int = 1, per_file: int = 100,
               gear: int = 24, cards: int = 18) -> list[Path]:
    """Write the pack into `out` (made if missing; its .spell files replaced) and return its files."""
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.spell"):
        old.unlink()
    files = {"pack.spell": (f'pack big_{characters} "大型合集" extends thb >= "1.0" {{\n  version "1.0.0"\n'
                            f'  description "{characters} generated characters (seed {seed})"\n  license "MIT"\n}}\n')}
    for start in range(0, characters, per_file):
        files[f"characters_{start // per_file:03d}.spell"] = "".join(
            character(rng, i) for i in range(start, min(start + per_file, characters)))
    body = "".join(equipment(rng, i) for i in range(gear)) + "".join(card(rng, i) for i in range(cards))
    copies = [f"GenGear{i:03d}" for i in range(gear)] + [f"GenCard{i:03d}" for i in range(cards)]
    lines = [f'  {name} "{SUIT_MARKS[rng.choice(SUITS)]}{rng.choice(RANKS)}"' for name in copies]
    files["cards.spell"] = body + "extend deck standard {\n" + "\n".join(lines) + "\n}\n"
    written = []
    for name, text in files.items():
        path = out / name
        part = path.with_name(name + ".part")
        part.write_text(text, encoding="utf-8")
        part.replace(path)
        written.append(path)
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path, help="the folder to write (its .spell files are replaced)")
    ap.add_argument("--characters", type=int, default=2000, help="characters to write (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="the seed: the same seed writes the same pack")
    ap.add_argument("--per-file", type=int, default=100, help="characters per file (default 100)")
    args = ap.parse_args()
    if args.characters < 1 or args.per_file < 1:
        ap.error("--characters and --per-file must be at least 1")
    files = write_pack(args.out, args.characters, args.seed, args.per_file)
    size = sum(p.stat().st_size for p in files)
    print(f"{args.out}: {len(files)} files, {size / 1024:.0f} KB, {args.characters} characters")


if __name__ == "__main__":
    main()
