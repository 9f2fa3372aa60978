#!/usr/bin/env python3
"""Checks that the C core's includes point down its layers (include/sampler_core.h says what each
layer owns). Each folder of Sources/CSamplerCore is a layer; a file may include headers of its own
folder and of the folders below it, and the two at the root that every layer shares (config.h,
sampler_core.h). Every include names its folder.

Run by `make lint` and CI; exits 1, naming each file and include, when an include points up.

Usage: scripts/check-layers.py [CORE_FOLDER]
"""
import re
import sys
from pathlib import Path

# bottom to top; folders on one line are one level and may not include each other
LAYERS = [
    ("dsp",),
    ("threads",),
    ("state",),
    ("instrument",),
    ("voice",),
    ("buses",),
    ("performance",),
    ("engine",),
    ("ensemble",),
]
SHARED = {"config.h", "sampler_core.h"}
LEVEL = {folder: level for level, folders in enumerate(LAYERS) for folder in folders}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def violations(core):
    """(file, header, reason) for every include that breaks the rule."""
    found = []
    for path in sorted(core.rglob("*.[ch]")):
        relative = path.relative_to(core)
        folder = relative.parts[0] if len(relative.parts) > 1 else None
        if folder == "include" or folder is None:
            continue
        if folder not in LEVEL:
            found.append((str(relative), "", f"folder '{folder}' is in no layer"))
            continue
        for header in INCLUDE.findall(path.read_text()):
            if header in SHARED:
                continue
            parts = header.split("/")
            if len(parts) != 2 or parts[0] not in LEVEL:
                found.append((str(relative), header, "an include names its layer's folder"))
                continue
            target = parts[0]
            if target == folder:
                continue
            if LEVEL[target] >= LEVEL[folder]:
                found.append((str(relative), header, f"'{folder}' may not include '{target}'"))
    return found


def main():
    core = Path(sys.argv[1] if len(sys.argv) > 1 else "Sources/CSamplerCore")
    found = violations(core)
    for file, header, reason in found:
        print(f"{core}/{file}: includes \"{header}\": {reason}")
    if found:
        return 1
    print("check-layers: every include points down a layer or stays in its folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
