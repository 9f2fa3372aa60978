#!/usr/bin/env python3
"""Fails when a public declaration of the given modules has no `///` comment of its own.

Reads the symbol graphs swift-docc-plugin extracted under SCRATCH (scripts/build-docs.sh runs
this after it). A symbol declared in the module's sources has a source location; it must carry a
doc comment written in that module. Symbols the compiler makes (a raw-value enum's
init(rawValue:), Equatable's !=) have no location and are left out, as are doc comments
inherited from a protocol of another module: they document the protocol, not this declaration.

usage: check-doc-comments.py SCRATCH MODULE...
"""
import glob
import json
import os
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    scratch, modules = sys.argv[1], sys.argv[2:]
    missing = []
    for module in modules:
        pattern = os.path.join(scratch, "*", "extracted-symbols", "*", module, "*.symbols.json")
        graphs = glob.glob(pattern)
        if not graphs:
            print(f"check-doc-comments: error: no symbol graph for {module} under {scratch}",
                  file=sys.stderr)
            return 1
        for graph in graphs:
            with open(graph, encoding="utf-8") as file:
                symbols = json.load(file)["symbols"]
            for symbol in symbols:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                location = symbol.get("location")
                if location is None:
                    continue
                comment = symbol.get("docComment")
                if comment and comment.get("module", module) == module and comment.get("lines"):
                    continue
                path = location["uri"].removeprefix("file://")
                line = location["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                missing.append(f"{os.path.relpath(path)}:{line}: error: public {name} has no "
                               "/// documentation comment")
    for message in sorted(set(missing)):
        print(message, file=sys.stderr)
    if missing:
        print(f"check-doc-comments: {len(set(missing))} public declarations undocumented",
              file=sys.stderr)
        return 1
    print(f"check-doc-comments: every public declaration of {', '.join(modules)} is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
