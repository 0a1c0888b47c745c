#!/usr/bin/env python3
"""Lists the public symbols of a module that have no doc comment; fails when there is one.

Usage: doc-coverage.py SYMBOLS_DIR...

Each SYMBOLS_DIR holds the symbol graphs of one module, as `swift package dump-symbol-graph
--minimum-access-level public` writes them: `MODULE.symbols.json` and, for extensions of other
modules' types, `MODULE@OTHER.symbols.json`. Every symbol in those files that MODULE declares
is checked. For each one that needs a doc comment and has none, the check prints
`FILE:LINE: symbol` (the file relative to the current folder, the line 1-based) and exits
with status 1; with none missing it prints a count and exits 0.

The rule. A symbol needs a doc comment (`///` or `/** */` written on it, in its module)
unless one of these holds:

1. The compiler wrote it, not a person: its identifier contains `::SYNTHESIZED::` (members a
   type gets from a protocol extension, such as `!=` or `hashValue`), or the graph gives it
   no source location (implicit declarations: the raw-value initialiser of an enum, a
   synthesised `init(from:)`, the `$name` projection of a property wrapper).
2. It implements a protocol requirement, or stands in for a default implementation: the
   graph's `memberOf` relationship for it carries a `sourceOrigin` naming the requirement
   (`Equatable.==(_:_:)`, `Hashable.hash(into:)`, `Decodable.init(from:)`,
   `Encodable.encode(to:)`, `CustomStringConvertible.description`,
   `LocalizedError.errorDescription`, `RawRepresentable.rawValue`,
   `OptionSet.init(rawValue:)`, `Identifiable.id`, ...). DocC shows the requirement's
   documentation for it, so a comment of its own is optional. A member that merely has
   such a name without implementing a requirement is not exempt.
3. It is a case or member of a type named `CodingKeys`: the case names are the keys of
   the encoded form and say all there is to say.

Everything else needs its own comment: types, properties, initialisers, methods, operators
that implement no requirement, and enum cases (other than `CodingKeys` cases).
"""

import glob
import json
import os
import sys
from urllib.parse import unquote, urlparse

SYNTHESIZED = "::SYNTHESIZED::"


def path_of(uri):
    """The file of a `file://` URI, relative to the current folder when inside it."""
    path = unquote(urlparse(uri).path)
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def own_comment(symbol, module):
    """Whether the symbol has a doc comment written in `module` with some text in it.

    Symbol graphs copy a requirement's comment onto an implementation that has none; such a
    copied comment names the requirement's module (`Swift`, `Foundation`), not this one.
    """
    comment = symbol.get("docComment")
    if not comment:
        return False
    if comment.get("module", module) != module:
        return False
    return any(line.get("text", "").strip() for line in comment.get("lines", []))


def missing_in(directory):
    """(file, line, symbol) for each undocumented symbol of the module in `directory`."""
    graphs = sorted(glob.glob(os.path.join(directory, "*.symbols.json")))
    if not graphs:
        sys.exit(f"doc-coverage: no symbol graphs in {directory}")
    missing = []
    for graph_path in graphs:
        with open(graph_path, encoding="utf-8") as handle:
            graph = json.load(handle)
        module = graph["module"]["name"]
        implements_requirement = {
            relation["source"]
            for relation in graph.get("relationships", [])
            if "sourceOrigin" in relation
        }
        for symbol in graph.get("symbols", []):
            identifier = symbol["identifier"]["precise"]
            location = symbol.get("location")
            path = symbol.get("pathComponents", [])
            if SYNTHESIZED in identifier or location is None:
                continue
            if identifier in implements_requirement:
                continue
            if "CodingKeys" in path[:-1]:
                continue
            if own_comment(symbol, module):
                continue
            line = location["position"]["line"] + 1
            missing.append((path_of(location["uri"]), line, ".".join(path)))
    return missing


def main(directories):
    if not directories:
        sys.exit(__doc__.split("\n\n")[1])
    missing = sorted(set(entry for directory in directories for entry in missing_in(directory)))
    for file, line, symbol in missing:
        print(f"{file}:{line}: {symbol}")
    if missing:
        print(f"doc-coverage: {len(missing)} public symbol(s) without a doc comment "
              "(rule: scripts/doc-coverage.py)", file=sys.stderr)
        return 1
    print(f"doc-coverage: every public symbol of {len(directories)} module(s) is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
