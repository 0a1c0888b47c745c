#!/usr/bin/env python3
"""A second, independent reading of Apple `passwordrules` (SPEC §10 and §10b), the oracle the
PasswordPolicy and password-check tests compare the Swift implementation with. It shares no
code with it: the grammar is read after Apple's reference parser (tools/PasswordRulesParser.js
in apple/password-manager-resources, quirks included), with what Apple added to the
language in September 2026 (`max-repeating`, `max-sequential`, `max-consecutive` an alias of
both); passwords are judged by the properties' definitions; whether any password
can meet a rule is decided by exhaustive search rather than by reasoning.

Standard library only. Reads JSON on standard input, writes JSON on standard output:

  effective   ["RULE", …]  ->  [{"applied", "required", "allowed", "maxConsecutive",
                                 "maxRepeating", "maxSequential", "minLength", "maxLength",
                                 "deprecations"}, …]
              classes as their characters in code-point order, or "unicode"; "deprecations"
              counts the max-consecutive properties Safari keeps.
  check       [{"rule": RULE, "passwords": [PW, …]}, …]  ->  [{"refused": bool,
                 "lines": ["ok" | "weak: PROPERTY: WHY" | "weak: allowed:" |
                 "weak: required:", …]}, …]   (allowed and required name the property only)
  meetable    [{"rule": RULE, "typeable": CHARS or null}, …]  ->  [bool, …]  whether some
              password (of the typeable characters, when given) meets the rule, not counting
              maxlength against the required classes (see `meetable`).
  generate    {"seed": N, "rules": R, "passwords": P}  ->  {"rules": [...], "passwords": [...]}
              deterministic rules and passwords for the password-check agreement test.
"""

import itertools
import json
import random
import sys

PRINTABLE = [chr(c) for c in range(0x20, 0x7F)]
NAMED = {
    "upper": set("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    "lower": set("abcdefghijklmnopqrstuvwxyz"),
    "digit": set("0123456789"),
    "special": set(c for c in PRINTABLE if not c.isalnum()),
}
NUMBER_PROPERTIES = ("minlength", "maxlength", "max-consecutive", "max-repeating", "max-sequential")
PROPERTIES = ("required", "allowed") + NUMBER_PROPERTIES
WHITESPACE = " \f\n\r\t"
UNICODE = "unicode"


class Discard(Exception):
    """The whole rule is ignored."""


# MARK: Reading a rule, as the reference does


def is_name_char(c):
    return "a" <= c <= "z" or "A" <= c <= "Z" or c == "-"


def skip_space(text, i):
    while i < len(text) and text[i] in WHITESPACE:
        i += 1
    return i


def read_name(text, i):
    start = i
    while i < len(text) and is_name_char(text[i]):
        i += 1
    return text[start:i], i


def read_bracket(text, i):
    """`[…]` from its `[`: (characters or None when never closed, next index)."""
    i += 1
    if i >= len(text):
        return None, i
    first = i
    members = []
    while True:
        c = text[i]
        if not (" " <= c <= "~"):
            i += 1
        elif c == "-" and i > first:
            i += 1
        else:
            members.append(c)
            i += 1
            if c == "]":
                break
        if i >= len(text):
            break
    if (i < len(text) and text[i] != "]") or (i == len(text) and text[i - 1] == "]"):
        return members[:-1], i
    if i < len(text) and text[i] == "]":
        return members, i + 1
    return None, i


def read_classes(text, i):
    """A required/allowed value: (list of "unicode" | "ascii-printable" | set, next index),
    the list None when the value is broken."""
    values = []
    while True:
        if is_name_char(text[i]):
            name, j = read_name(text, i)
            lowered = name.lower()
            if lowered in NAMED:
                values.append(set(NAMED[lowered]))
            elif lowered in (UNICODE, "ascii-printable"):
                values.append(lowered)
            else:
                return None, i
            i = j
        elif text[i] == "[":
            members, i = read_bracket(text, i)
            if members:
                values.append(set(members))
        else:
            return None, i
        i = skip_space(text, i)
        if i >= len(text) or text[i] == ";":
            return values, i
        if text[i] != ",":
            return None, i
        i = skip_space(text, i + 1)
        if i >= len(text):
            return None, i


def read_number(text, i):
    """Digits ending at `;` or the end: (value or None, next index); accumulated as the
    reference's double, the largest Int beyond 2^63."""
    if not text[i].isascii() or not text[i].isdigit():
        return None, i
    value = 0.0
    while True:
        value = 10 * value + (ord(text[i]) - 48)
        i += 1
        if i >= len(text) or text[i] == ";" or not ("0" <= text[i] <= "9"):
            break
    if i < len(text) and text[i] != ";":
        return None, i
    return (int(value) if value < 9.2e18 else 2**63 - 1), i


def read_property(text, i):
    """(name, value or None, next index); raises Discard for an unknown name."""
    name, i = read_name(text, i)
    if name not in PROPERTIES:
        raise Discard
    if i >= len(text) or text[i] != ":":
        return name, None, i
    i = skip_space(text, i + 1)
    if i >= len(text) or text[i] == ";":
        return name, None, i
    if name in ("required", "allowed"):
        value, i = read_classes(text, i)
    else:
        value, i = read_number(text, i)
        if value == 0:
            value = None
    return name, value, i


def read_properties(text):
    """The properties Safari keeps, in order; raises Discard."""
    kept = []
    i = skip_space(text, 0)
    while i < len(text):
        if not is_name_char(text[i]):
            return kept
        name, value, i = read_property(text, i)
        if value is not None:
            kept.append((name, value))
        i = skip_space(text, i)
        if i >= len(text):
            break
        if text[i] != ";":
            raise Discard
        i = skip_space(text, i + 1)
    return kept


def canonical(values):
    """One list of classes: the first unicode or ascii-printable wins, else their union."""
    union = set()
    for value in values:
        if value == UNICODE:
            return UNICODE
        if value == "ascii-printable":
            return set(PRINTABLE)
        union |= value
    return union


def effective(text):
    """The rule Safari applies, with the §10b additions."""
    result = {"applied": True, "required": [], "allowed": set(PRINTABLE), "maxConsecutive": None,
              "maxRepeating": None, "maxSequential": None, "minLength": None, "maxLength": None,
              "deprecations": 0}
    try:
        kept = read_properties(text)
    except Discard:
        result["applied"] = False
        return result
    numbers = {name: [v for n, v in kept if n == name] for name in NUMBER_PROPERTIES}
    # Each required list counts on its own, and whole: `required: unicode` allows anything.
    allowed_values = []
    for name, value in kept:
        if name == "required":
            requirement = canonical(value)
            result["required"].append(requirement)
            allowed_values.append(requirement if requirement != set(PRINTABLE) else "ascii-printable")
        elif name == "allowed":
            allowed_values.extend(value)
    allowed = canonical(allowed_values)
    result["allowed"] = allowed if allowed else set(PRINTABLE)
    if numbers["minlength"]:
        result["minLength"] = max(numbers["minlength"])
    if numbers["maxlength"]:
        result["maxLength"] = min(numbers["maxlength"])
    alias = numbers["max-consecutive"]
    if alias:
        result["maxConsecutive"] = min(alias)
    repeating = numbers["max-repeating"] + alias
    sequential = numbers["max-sequential"] + alias
    result["maxRepeating"] = min(repeating) if repeating else None
    result["maxSequential"] = min(sequential) if sequential else None
    result["deprecations"] = len(alias)
    return result


def class_text(value):
    return UNICODE if value == UNICODE else "".join(sorted(value))


def effective_json(text):
    rule = effective(text)
    rule["required"] = [class_text(r) for r in rule["required"]]
    rule["allowed"] = class_text(rule["allowed"])
    return rule


# MARK: Judging a password


def contains(value, c):
    return value == UNICODE or c in value


def sequence_step(a, b):
    """+1 or -1 when b follows a by one within a-z, A-Z or 0-9, else 0."""
    for low, high in (("a", "z"), ("A", "Z"), ("0", "9")):
        if low <= a <= high and low <= b <= high and abs(ord(a) - ord(b)) == 1:
            return ord(b) - ord(a)
    return 0


def longest_repeat(password):
    return max((len(list(group)) for _, group in itertools.groupby(password)), default=0)


def longest_sequence(password):
    """Runs of equal non-zero steps: k equal steps make a run of k + 1 characters."""
    steps = [sequence_step(a, b) for a, b in zip(password, password[1:])]
    longest = 1 if password else 0
    for step, group in itertools.groupby(steps):
        if step:
            longest = max(longest, len(list(group)) + 1)
    return longest


def plural(n):
    return "character" if n == 1 else "characters"


def verdict(rule, password):
    n = len(password)
    if rule["minLength"] and n < rule["minLength"]:
        return "weak: minlength: fewer than %d %s" % (rule["minLength"], plural(rule["minLength"]))
    if rule["maxLength"] and n > rule["maxLength"]:
        return "weak: maxlength: more than %d %s" % (rule["maxLength"], plural(rule["maxLength"]))
    if any(not contains(rule["allowed"], c) for c in password):
        return "weak: allowed:"
    for requirement in rule["required"]:
        if not any(contains(requirement, c) for c in password):
            return "weak: required:"
    if rule["maxRepeating"] and longest_repeat(password) > rule["maxRepeating"]:
        return "weak: max-repeating: more than %d of one character in a row" % rule["maxRepeating"]
    if rule["maxSequential"] and longest_sequence(password) > rule["maxSequential"]:
        return "weak: max-sequential: more than %d %s in sequence" % (rule["maxSequential"], plural(rule["maxSequential"]))
    return "ok"


# MARK: Whether any password meets a rule: exhaustive search


def alphabet(rule, typeable):
    """The characters worth trying: the allowed ones (a few stand-ins for the rest of Unicode),
    of which a character outside a-z, A-Z, 0-9 only matters by the classes it is in, so at
    most three of each kind are kept."""
    if rule["allowed"] != UNICODE:
        candidates = sorted(rule["allowed"])
    elif typeable is None:
        candidates = PRINTABLE + ["é", "ß", "€", "中"]
    else:
        candidates = sorted(typeable)
    if typeable is not None:
        candidates = [c for c in candidates if c in typeable]
    kept, seen = [], {}
    for c in candidates:
        if c.isascii() and c.isalnum():
            kept.append(c)
            continue
        kind = tuple(contains(r, c) for r in rule["required"])
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] <= 3:
            kept.append(c)
    return kept


def meetable(rule, typeable=None):
    """Whether some password of allowed (and typeable) characters meets every property but
    maxlength's bound on the required classes: a depth-first search over (last character,
    what its run is and how long, which required classes are met, length up to minlength)."""
    if not rule["applied"]:
        return True
    low = rule["minLength"] or 0
    if rule["maxLength"] is not None and low > rule["maxLength"]:
        return False
    letters = alphabet(rule, typeable)
    full = (1 << len(rule["required"])) - 1
    masks = {c: sum(1 << k for k, r in enumerate(rule["required"]) if contains(r, c)) for c in letters}
    limit = {"same": rule["maxRepeating"], "up": rule["maxSequential"], "down": rule["maxSequential"]}
    start = (None, None, 0, 0, 0)
    stack, seen = [start], {start}
    while stack:
        last, kind, run, mask, length = stack.pop()
        if mask == full and length >= low:
            return True
        # Characters meeting more required classes are tried first (pushed last).
        for c in sorted(letters, key=lambda c: bin(masks[c] & ~mask).count("1")):
            if last is None:
                step, count = None, 1
            elif c == last:
                step = "same"
            else:
                step = {1: "up", -1: "down"}.get(sequence_step(last, c))
            if last is not None:
                count = run + 1 if step == kind else 2
            if step and limit[step] and count > limit[step]:
                continue
            # A run without a limit is not counted, so the states stay finitely many.
            state = (c, step, count if step and limit[step] else 1, mask | masks[c], min(length + 1, low))
            if state not in seen:
                seen.add(state)
                stack.append(state)
    return False


# MARK: Generated rules and passwords


def generate(seed, rule_count, password_count):
    rng = random.Random(seed)
    small = ["[01]", "[0-1]", "[012]", "[ab]", "[abc]", "[xyz]", "[aA]", "[9a]", "[!]", "[!@]", "[a!]", "[789]", "[-a]", "[zZ]"]
    named = ["upper", "lower", "digit", "special", "ascii-printable", "unicode"]
    rules = []
    while len(rules) < rule_count:
        parts = []
        narrow = rng.random() < 0.35
        if narrow:
            parts.append("allowed: " + rng.choice(small))
        elif rng.random() < 0.7:
            parts.append("allowed: " + ", ".join(rng.sample(named[:4] + small, rng.randint(1, 3))))
        required = rng.randint(0, 2)
        for _ in range(required):
            parts.append("required: " + rng.choice(named[:4] + small))
        low = rng.choice([None, 1, 2, 3, 4, 6, 8, 12])
        if low:
            parts.append("minlength: %d" % low)
        if rng.random() < 0.3:
            parts.append("maxlength: %d" % max(low or 1, 3 * required + 3, rng.randint(4, 20)))
        for name in ("max-repeating", "max-sequential", "max-consecutive"):
            for _ in range(rng.choice([0, 0, 1, 1, 2])):
                # Narrow rules get tight limits, so that some of them no password can meet.
                parts.append("%s: %d" % (name, rng.randint(1, 2) if narrow else rng.randint(1, 5)))
        rng.shuffle(parts)
        rules.append("; ".join(parts) + rng.choice(["", ";"]))
    alphabets = ["0123456789", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "01", "abc", "xyz",
                 "aA09zZ", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!@#-_ ", "!@", "a!b@é€"]
    passwords = []
    while len(passwords) < password_count:
        letters = rng.choice(alphabets)
        password = ""
        for _ in range(rng.randint(0, 6)):
            c = rng.choice(letters)
            kind = rng.random()
            if kind < 0.3:
                password += c * rng.randint(1, 5)
            elif kind < 0.65 and c.isascii() and c.isalnum():
                step = rng.choice([1, -1])
                run = c
                for _ in range(rng.randint(1, 6)):
                    following = chr(ord(run[-1]) + step)
                    if sequence_step(run[-1], following) == 0:
                        break
                    run += following
                password += run
            else:
                password += c
        passwords.append(password)
    return {"rules": rules, "passwords": passwords}


def main():
    mode = sys.argv[1] if len(sys.argv) == 2 else ""
    request = json.load(sys.stdin)
    if mode == "effective":
        answer = [effective_json(text) for text in request]
    elif mode == "check":
        answer = []
        for case in request:
            rule = effective(case["rule"])
            refused = not rule["applied"] or not meetable(rule)
            answer.append({"refused": refused, "lines": [] if refused else [verdict(rule, pw) for pw in case["passwords"]]})
    elif mode == "meetable":
        answer = [meetable(effective(case["rule"]), None if case["typeable"] is None else set(case["typeable"])) for case in request]
    elif mode == "generate":
        answer = generate(request["seed"], request["rules"], request["passwords"])
    else:
        sys.exit("usage: password-rules-oracle.py effective|check|meetable|generate < REQUEST.json")
    json.dump(answer, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
