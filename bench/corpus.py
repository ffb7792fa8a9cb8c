"""A tournament-like corpus for bench/run.py, generated from the reference data.

Competitive-shaped 60-card lists in the PTCG Live export form (sections with
counts, ``Basic {R} Energy SVE 2`` lines, ``Total Cards: 60``), for Standard,
Expanded or Gym Leader Challenge: two or three evolution lines, the format's
staple Trainers at 2-4 copies, basic Energy of the Pokémon's types. Lines are
shuffled within their sections, about 30 % of the lists carry one mistake
(a fifth copy, 59 cards, a banned or rotated card, a misspelt card, a second
ACE SPEC, a second copy in GLC) and 2 % are YAML or JSON deck files.

Written at bench time into a temporary folder, never committed. Deterministic
for a given seed, so two runs measure the same files.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path

ENERGY_SYMBOL = {
    "Grass": "G",
    "Fire": "R",
    "Water": "W",
    "Lightning": "L",
    "Psychic": "P",
    "Fighting": "F",
    "Darkness": "D",
    "Metal": "M",
}
# Sections of the Scarlet & Violet Energy set: "Basic Fire Energy SVE 2".
SVE_NUMBER = {"Grass": 1, "Fire": 2, "Water": 3, "Lightning": 4, "Psychic": 5, "Fighting": 6, "Darkness": 7, "Metal": 8}
RULE_BOX = {
    "EX",
    "GX",
    "V",
    "VMAX",
    "VSTAR",
    "V-UNION",
    "ex",
    "TAG TEAM",
    "BREAK",
    "MEGA",
    "Mega",
    "Radiant",
    "Prism Star",
    "ACE SPEC",
    "LEGEND",
    "Level-Up",
}
STAPLES = {
    "standard": [
        "Iono",
        "Boss's Orders",
        "Arven",
        "Professor's Research",
        "Ultra Ball",
        "Nest Ball",
        "Buddy-Buddy Poffin",
        "Rare Candy",
        "Night Stretcher",
        "Super Rod",
        "Switch",
        "Earthen Vessel",
        "Counter Catcher",
        "Pokégear 3.0",
        "Energy Retrieval",
        "Lillie's Determination",
        "Crispin",
        "Poké Pad",
        "Jacq",
        "Judge",
    ],
    "expanded": [
        "N",
        "Professor Sycamore",
        "Guzma",
        "Ultra Ball",
        "VS Seeker",
        "Battle Compressor",
        "Level Ball",
        "Trainers' Mail",
        "Float Stone",
        "Nest Ball",
        "Rare Candy",
        "Acro Bike",
        "Field Blower",
        "Colress",
        "Max Potion",
        "Tapu Lele-GX",
        "Evosoda",
        "Teammates",
    ],
}
GLC_LEFT_OUT = {
    "Professor Juniper",
    "Professor's Research",
    "Boss's Orders",
    "Hiker",
    "Dimension Valley",
    "Chip-Chip Ice Axe",
    "Forest of Giant Plants",
    "Pokémon Research Lab",
    "Lysandre's Trump Card",
}
STAPLES["glc"] = STAPLES["expanded"]
# A card out of the format (the mistake "a banned or rotated card").
OUT_OF_FORMAT = {
    "standard": ("Trainer", "Battle VIP Pass", "FST", "225"),  # F mark: rotated in 2024
    "expanded": ("Trainer", "Lysandre's Trump Card", "PHF", "99"),  # Expanded ban list
    "glc": ("Pokémon", "Mewtwo-EX", "NXD", "54"),  # a Rule Box
}


def _load(reference: Path):
    sets = {s["id"]: s for s in json.loads((reference / "sets" / "en.json").read_text(encoding="utf-8"))}
    cards = []
    for card_file in sorted((reference / "cards" / "en").glob("*.json")):
        set_id = card_file.stem
        code = sets.get(set_id, {}).get("ptcgoCode")
        if not code or set_id in ("cel25c", "sve") or set_id.endswith("tg") or set_id.endswith("gg"):
            continue
        released = sets[set_id]["releaseDate"].replace("/", "-")
        for card in json.loads(card_file.read_text(encoding="utf-8")):
            if not card["number"].isdigit():
                continue
            cards.append(
                {
                    "name": card["name"],
                    "supertype": card["supertype"],
                    "subtypes": card.get("subtypes") or [],
                    "types": card.get("types") or [],
                    "evolves_from": card.get("evolvesFrom"),
                    "mark": card.get("regulationMark"),
                    "released": released,
                    "code": code,
                    "number": card["number"],
                    "expanded": card.get("legalities", {}).get("expanded") == "Legal",
                    "text": "Cannot be used at official tournaments" in json.dumps(card),
                }
            )
    return cards


def _pool(cards, fmt: str):
    if fmt == "standard":
        chosen = [c for c in cards if c["mark"] in ("H", "I", "J")]
    else:
        chosen = [c for c in cards if c["released"] >= "2011-03-01" and c["expanded"]]
    chosen = [c for c in chosen if not c["text"] and c["supertype"] != "Energy"]
    if fmt == "glc":
        # Rule Boxes are banned; one of each exclusive group is kept (Sycamore, Lysandre).
        chosen = [
            c
            for c in chosen
            if not RULE_BOX.intersection(c["subtypes"])
            and c["name"].split(" (")[0] not in GLC_LEFT_OUT
            and (c["supertype"] != "Pokémon" or len(c["types"]) == 1)
        ]
    return chosen


class Generator:
    def __init__(self, reference: Path, fmt: str, seed: int = 16):
        self.fmt = fmt
        self.random = random.Random(seed)
        pool = _pool(_load(reference), fmt)
        self.by_name = defaultdict(list)
        for card in pool:
            self.by_name[card["name"]].append(card)
        self.basics = [c for c in pool if c["supertype"] == "Pokémon" and "Basic" in c["subtypes"] and c["types"]]
        self.evolutions = defaultdict(list)
        for card in pool:
            if card["supertype"] == "Pokémon" and card["evolves_from"]:
                self.evolutions[card["evolves_from"]].append(card)
        self.trainers = [c for c in pool if c["supertype"] == "Trainer" and "ACE SPEC" not in c["subtypes"]]
        self.ace_specs = [c for c in pool if "ACE SPEC" in c["subtypes"]]
        self.staples = [
            n
            for n in STAPLES[fmt]
            if n in self.by_name and not (fmt == "glc" and RULE_BOX.intersection(self.by_name[n][0]["subtypes"]))
        ]

    # -- one list ------------------------------------------------------------
    def _line(self, count: int, card) -> tuple[int, str, str, str]:
        return count, card["name"], card["code"], card["number"]

    @staticmethod
    def _of_type(cards, wanted_type):
        return [c for c in cards or () if not wanted_type or wanted_type in c["types"]]

    def _pokemon(self, single: bool, wanted_type: str | None):
        rng = self.random
        lines, names = [], set()
        wanted = rng.randint(12, 18) if not single else rng.randint(12, 16)
        starts = [
            c
            for c in self._of_type(self.basics, wanted_type)
            if self._of_type(self.evolutions.get(c["name"]), wanted_type)
        ]
        for _ in range(40):
            if sum(line[0] for line in lines) >= wanted - 3:
                break
            basic = rng.choice(starts)
            if basic["name"] in names:
                continue
            chain = [basic]
            stage1 = self._of_type(self.evolutions.get(basic["name"]), wanted_type)
            if stage1:
                chain.append(rng.choice(stage1))
                stage2 = self._of_type(self.evolutions.get(chain[-1]["name"]), wanted_type)
                if stage2 and rng.random() < 0.6:
                    chain.append(rng.choice(stage2))
            counts = [1] * len(chain) if single else ([4, 3, 3] if len(chain) == 3 else [4, 3])
            for count, card in zip(counts, chain):
                if card["name"] not in names:
                    names.add(card["name"])
                    lines.append(self._line(count, card))
        singles = [c for c in self.basics if c["name"] not in names and (not wanted_type or wanted_type in c["types"])]
        for card in rng.sample(singles, min(len(singles), 8)):
            if sum(line[0] for line in lines) >= wanted:
                break
            if card["name"] not in names:
                names.add(card["name"])
                lines.append(self._line(1 if single else rng.choice((1, 1, 2)), card))
        return lines

    def _trainers(self, single: bool, room: int):
        rng = self.random
        lines, names, total = [], set(), 0
        staples = list(self.staples)
        rng.shuffle(staples)
        picks = [rng.choice(self.by_name[name]) for name in staples]
        picks += rng.sample(self.trainers, 60)
        if not single and self.ace_specs:
            lines.append(self._line(1, rng.choice(self.ace_specs)))
            total = 1
        for card in picks:
            if card["supertype"] != "Trainer" or card["name"] in names or "ACE SPEC" in card["subtypes"]:
                continue
            count = 1 if single else rng.choice((4, 4, 4, 3, 2, 1))
            count = min(count, room - total)
            if count <= 0:
                break
            names.add(card["name"])
            lines.append(self._line(count, card))
            total += count
        return lines

    def deck(self) -> dict:
        """One list as sections of (count, name, set code, number)."""
        rng = self.random
        single = self.fmt == "glc"
        wanted_type = rng.choice(list(ENERGY_SYMBOL)) if single else None
        pokemon = self._pokemon(single, wanted_type)
        pokemon_total = sum(line[0] for line in pokemon)
        energy_total = rng.randint(8, 14) if not single else rng.randint(14, 18)
        trainers = self._trainers(single, 60 - pokemon_total - energy_total)
        energy_total = 60 - pokemon_total - sum(line[0] for line in trainers)
        types = [
            t for line in pokemon for card in self.by_name[line[1]][:1] for t in card["types"] if t in ENERGY_SYMBOL
        ]
        kinds = list(dict.fromkeys(types))[:2] or ["Psychic"]
        if wanted_type in ENERGY_SYMBOL:
            kinds = [wanted_type]
        energy, left = [], energy_total
        for i, kind in enumerate(kinds):
            count = left if i == len(kinds) - 1 else max(1, energy_total * 2 // 3)
            energy.append((count, f"Basic {{{ENERGY_SYMBOL[kind]}}} Energy", "SVE", str(SVE_NUMBER[kind])))
            left -= count
        return {"Pokémon": pokemon, "Trainer": trainers, "Energy": energy}

    def mistake(self, sections: dict) -> None:
        """One mistake a player makes (about 30 % of the lists)."""
        rng = self.random
        kind = rng.choice(
            ("copies", "size", "out", "typo", "ace") if self.fmt != "glc" else ("copies", "size", "out", "typo")
        )
        trainers, energy = sections["Trainer"], sections["Energy"]
        if kind == "copies":
            i = max(range(len(trainers)), key=lambda k: trainers[k][0])
            count, *rest = trainers[i]
            trainers[i] = (count + 1, *rest)
            energy[0] = (energy[0][0] - 1, *energy[0][1:])
        elif kind == "size":
            energy[0] = (energy[0][0] - 1, *energy[0][1:])
        elif kind == "out":
            section, name, code, number = OUT_OF_FORMAT[self.fmt]
            sections[section].append((1, name, code, number))
            energy[0] = (energy[0][0] - 1, *energy[0][1:])
        elif kind == "typo":
            i = rng.randrange(len(trainers))
            count, name, code, number = trainers[i]
            trainers[i] = (count, name[:-1] + "x" + name[-1], "", "")
        elif kind == "ace" and len(self.ace_specs) > 1:
            trainers.append(self._line(1, rng.choice(self.ace_specs)))
            energy[0] = (energy[0][0] - 1, *energy[0][1:])

    def text(self, sections: dict) -> str:
        out = []
        for title, lines in sections.items():
            lines = list(lines)
            self.random.shuffle(lines)
            out.append(f"{title}: {sum(line[0] for line in lines)}")
            out += [" ".join(str(part) for part in line if part) for line in lines]
            out.append("")
        out.append(f"Total Cards: {sum(line[0] for lines in sections.values() for line in lines)}")
        return "\n".join(out) + "\n"

    def structured(self, sections: dict, as_json: bool) -> str:
        cards = [
            {"count": c, "name": n, **({"set": s, "number": num} if s else {})}
            for lines in sections.values()
            for c, n, s, num in lines
        ]
        if as_json:
            return json.dumps({"name": "bench deck", "cards": cards}, ensure_ascii=False, indent=2) + "\n"
        rows = []
        for card in cards:
            fields = ", ".join(f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in card.items())
            rows.append(f"  - {{{fields}}}")
        return "name: bench deck\ncards:\n" + "\n".join(rows) + "\n"


def write_corpus(
    reference: Path, folder: Path, count: int, fmt: str, *, seed: int = 16, distinct: int = 400
) -> dict[str, int]:
    """``count`` deck files in ``folder``: ``distinct`` generated lists, each file
    one of them with its lines shuffled again and, for 30 %, one mistake.
    Returns how many files of each kind were written."""
    generator = Generator(reference, fmt, seed)
    lists = [generator.deck() for _ in range(distinct)]
    rng = generator.random
    written = {"text": 0, "yaml": 0, "json": 0, "with mistake": 0}
    for i in range(count):
        sections = {title: list(lines) for title, lines in rng.choice(lists).items()}
        if rng.random() < 0.30:
            generator.mistake(sections)
            written["with mistake"] += 1
        roll = rng.random()
        if roll < 0.01:
            (folder / f"deck-{i:06d}.yaml").write_text(generator.structured(sections, False), encoding="utf-8")
            written["yaml"] += 1
        elif roll < 0.02:
            (folder / f"deck-{i:06d}.json").write_text(generator.structured(sections, True), encoding="utf-8")
            written["json"] += 1
        else:
            (folder / f"deck-{i:06d}.txt").write_text(generator.text(sections), encoding="utf-8")
            written["text"] += 1
    return written


if __name__ == "__main__":  # a look at the lists: python bench/corpus.py standard FOLDER [COUNT]
    import sys

    root = Path(__file__).resolve().parents[1]
    target = Path(sys.argv[2])
    target.mkdir(parents=True, exist_ok=True)
    print(
        write_corpus(
            root.parent / "shared" / "carddata" / "pokemon-tcg-data",
            target,
            int(sys.argv[3]) if len(sys.argv) > 3 else 20,
            sys.argv[1],
        )
    )
