#!/usr/bin/env python3
"""Counts the public declarations under each folder given: every line of a Swift source that
declares a symbol with `public` or `open` access (a type, property, initialiser, method,
subscript or type alias; `public extension` and `public import` lines are not counted).
With --cases, the cases of public enums are counted too, one per case name.

Usage: count-public-declarations.py [--cases] FOLDER...
"""

import os
import re
import sys

DECLARATION = re.compile(
    r'^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*'
    r'(?:(?:static|class|final|override|mutating|nonmutating|indirect|convenience|required)\s+)*'
    r'(?:public|open)\s+(?!extension\b|import\b)'
)
PUBLIC_ENUM = re.compile(r'^\s*(?:@\w+\s+)*(?:public|open)\s+(?:indirect\s+)?enum\b')
CASE = re.compile(r'^\s*(?:indirect\s+)?case\s')


def code_of(line):
    """The line without string literals and comments, so braces in them are not counted."""
    return re.sub(r'//.*', '', re.sub(r'"(?:[^"\\]|\\.)*"', '""', line))


def count_file(path, cases):
    total = 0
    depth = 0
    enums = []  # brace depth at which each open public enum's body starts
    for line in open(path, encoding='utf-8'):
        code = code_of(line)
        if DECLARATION.match(code):
            total += 1
        if cases and enums and depth == enums[-1] and CASE.match(code):
            names = re.split(r',(?![^(]*\))', CASE.sub('', code, count=1))
            total += len([name for name in names if name.strip()])
        opened = PUBLIC_ENUM.match(code) and '{' in code
        depth += code.count('{') - code.count('}')
        if opened:
            enums.append(depth)
        while enums and depth < enums[-1]:
            enums.pop()
    return total


def main(arguments):
    cases = '--cases' in arguments
    folders = [a for a in arguments if a != '--cases']
    if not folders:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    for folder in folders:
        total = 0
        for root, _, files in os.walk(folder):
            total += sum(count_file(os.path.join(root, f), cases) for f in files if f.endswith('.swift'))
        print(f'{folder}: {total}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
